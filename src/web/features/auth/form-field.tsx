import { useId, useState, type InputHTMLAttributes, type Ref } from "react";
import { useTranslation } from "../../lib/i18n.ts";

// One labelled input with its error below it, wired for screen readers (aria-invalid and
// aria-describedby), used by every accounts form.

type FormFieldProps = InputHTMLAttributes<HTMLInputElement> & {
  label: string;
  error?: string;
  hint?: string;
  optional?: boolean;
  ref?: Ref<HTMLInputElement>;
  /** Dark variant for fields on the ink background. */
  tone?: "light" | "dark";
};

export function FormField({ label, error, hint, optional, id, type = "text", tone = "light", className, ref, ...input }: FormFieldProps) {
  const { t } = useTranslation("auth");
  const generatedId = useId();
  const inputId = id ?? generatedId;
  const hintId = `${inputId}-hint`;
  const errorId = `${inputId}-error`;
  const [revealed, setRevealed] = useState(false);
  const isPassword = type === "password";
  const describedBy = [hint ? hintId : null, error ? errorId : null].filter(Boolean).join(" ") || undefined;

  return (
    <div className={className}>
      <label htmlFor={inputId} className={`mb-1.5 block text-sm font-medium ${tone === "dark" ? "text-paper" : "text-ink"}`}>
        {label}
        {optional && <span className="ml-1 font-normal text-stone">({t("common.optional")})</span>}
      </label>
      <div className="relative">
        <input
          ref={ref}
          id={inputId}
          type={isPassword && revealed ? "text" : type}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy}
          className={`field-input ${isPassword ? "pr-20" : ""} ${error ? "border-red-700" : ""} read-only:bg-mist/20 read-only:text-stone`}
          {...input}
        />
        {isPassword && (
          <button
            type="button"
            className="absolute inset-y-0 right-1 my-1 rounded px-3 text-xs font-semibold tracking-wide text-stone uppercase hover:text-ink"
            aria-pressed={revealed}
            onClick={() => setRevealed((value) => !value)}
          >
            {revealed ? t("common.hidePassword") : t("common.showPassword")}
          </button>
        )}
      </div>
      {hint && (
        <p id={hintId} className="mt-1 text-xs text-stone">
          {hint}
        </p>
      )}
      {error && (
        <p id={errorId} className="mt-1 text-sm font-medium text-red-800" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}
