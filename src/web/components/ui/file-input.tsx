import { Upload } from "lucide-react";
import { useRef, useState, type ChangeEvent, type ReactNode } from "react";
import { formatFileSize } from "../../../shared/numbers.ts";
import { useTranslation } from "../../lib/i18n.ts";
import { classNames } from "./class-names.ts";
import { FieldFrame } from "./field.tsx";

// ADR 028: the native file input stays the focusable control (keyboard, screen readers and the
// platform's file chooser all work as usual) but is visually hidden; what sighted users see is a
// button-like face and the chosen file's name. The hint states the accepted types and the size
// limit (WCAG 2.2 3.3.2), and a file over the limit is refused here, before any upload.

export type FileInputProps = {
  label: ReactNode;
  /** The `accept` attribute, e.g. "image/jpeg,image/png,application/pdf". */
  accept?: string;
  /** How the accepted types read in the hint, e.g. "JPEG, PNG or PDF". */
  typesLabel?: string;
  maxBytes?: number;
  onFileChange?: (file: File | null) => void;
  error?: string;
  hint?: ReactNode;
  optional?: boolean;
  required?: boolean;
  disabled?: boolean;
  name?: string;
  id?: string;
  className?: string;
};

export function FileInput({
  label,
  accept,
  typesLabel,
  maxBytes,
  onFileChange,
  error,
  hint,
  optional,
  required,
  disabled,
  name,
  id,
  className,
}: FileInputProps) {
  const { t, i18n } = useTranslation();
  const inputRef = useRef<HTMLInputElement>(null);
  const [fileName, setFileName] = useState<string | null>(null);
  const [sizeError, setSizeError] = useState<string | null>(null);
  const limit = maxBytes ? formatFileSize(maxBytes, i18n.language) : null;
  const generatedHint = typesLabel && limit ? t("ui.fileHint", { types: typesLabel, size: limit }) : (typesLabel ?? limit);

  function handleChange(event: ChangeEvent<HTMLInputElement>) {
    const file = event.currentTarget.files?.[0] ?? null;
    if (file && maxBytes && file.size > maxBytes) {
      event.currentTarget.value = "";
      setFileName(null);
      setSizeError(t("ui.fileTooLarge", { size: limit }));
      onFileChange?.(null);
      return;
    }
    setSizeError(null);
    setFileName(file?.name ?? null);
    onFileChange?.(file);
  }

  const shownError = sizeError ?? error;
  return (
    <FieldFrame
      label={label}
      hint={hint ?? generatedHint}
      error={shownError}
      optional={optional}
      required={required}
      id={id}
      className={className}
    >
      {(control) => (
        <div className="flex items-center gap-3">
          <input
            ref={inputRef}
            type="file"
            accept={accept}
            name={name}
            disabled={disabled}
            required={required}
            {...control}
            className="peer sr-only"
            onChange={handleChange}
          />
          {/* A pointer target only: the input above is what the keyboard and screen readers use. */}
          <span
            aria-hidden="true"
            onClick={() => inputRef.current?.click()}
            className={classNames(
              "inline-flex min-h-11 cursor-pointer items-center gap-2 rounded-md border px-4 text-sm font-semibold text-ink peer-focus-visible:outline-3 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-gold hover:bg-ink/5 peer-disabled:cursor-not-allowed peer-disabled:opacity-60",
              shownError ? "border-red-700" : "border-ink-line/40",
            )}
          >
            <Upload className="h-4 w-4" aria-hidden="true" />
            {fileName ? t("ui.changeFile") : t("ui.chooseFile")}
          </span>
          <span className={classNames("min-w-0 truncate text-sm", fileName ? "text-ink" : "text-stone")} aria-hidden="true">
            {fileName ?? t("ui.noFileChosen")}
          </span>
        </div>
      )}
    </FieldFrame>
  );
}
