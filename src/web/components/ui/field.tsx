import { Eye, EyeOff } from "lucide-react";
import { useId, useState, type InputHTMLAttributes, type ReactNode, type Ref } from "react";
import { useTranslation } from "../../lib/i18n.ts";
import { classNames } from "./class-names.ts";

// ADR 028: every form control of the product is labelled, and its hint and error are tied to it
// with aria-describedby and aria-invalid (WCAG 2.2 1.3.1, 3.3.1, 3.3.2). `FieldFrame` does that
// wiring once for any control (input, textarea, Radix select, file input); `Field` is the common
// case of a text input.

export type FieldTone = "light" | "dark";

/** What a control inside a `FieldFrame` spreads onto itself. */
export type FieldControlProps = {
  id: string;
  "aria-describedby"?: string;
  "aria-invalid"?: true;
  "aria-required"?: true;
};

export type FieldFrameProps = {
  label: ReactNode;
  hint?: ReactNode;
  /** A translated message; its presence marks the control invalid. */
  error?: string;
  optional?: boolean;
  required?: boolean;
  id?: string;
  tone?: FieldTone;
  /** Hides the label visually (it stays the control's accessible name). */
  hideLabel?: boolean;
  className?: string;
  children: (control: FieldControlProps) => ReactNode;
};

export const inputClassName = "field-input read-only:bg-mist/20 read-only:text-stone";

/**
 * A date input is at least wide enough for a whole date and the browser's calendar button in every
 * locale ("dd/mm/yyyy" on an en-GB browser, "åååå-mm-dd" on a Swedish one), never cut to "mm/dd/y".
 */
export const dateInputClassName = "min-w-[11rem]";

export function FieldFrame({
  label,
  hint,
  error,
  optional,
  required,
  id,
  tone = "light",
  hideLabel,
  className,
  children,
}: FieldFrameProps) {
  const { t } = useTranslation();
  const generatedId = useId();
  const controlId = id ?? generatedId;
  const hintId = `${controlId}-hint`;
  const errorId = `${controlId}-error`;
  const describedBy = [hint ? hintId : null, error ? errorId : null].filter(Boolean).join(" ") || undefined;

  return (
    <div className={className}>
      <label
        htmlFor={controlId}
        className={classNames("mb-1.5 block text-sm font-medium", tone === "dark" ? "text-paper" : "text-ink", hideLabel && "sr-only")}
      >
        {label}
        {optional && (
          <span className={classNames("ml-1 font-normal", tone === "dark" ? "text-mist" : "text-stone")}>({t("ui.optional")})</span>
        )}
      </label>
      {children({
        id: controlId,
        "aria-describedby": describedBy,
        "aria-invalid": error ? true : undefined,
        "aria-required": required ? true : undefined,
      })}
      {hint && (
        <p id={hintId} className={classNames("mt-1 text-xs", tone === "dark" ? "text-mist" : "text-stone")}>
          {hint}
        </p>
      )}
      <FieldMessage id={errorId} message={error} tone={tone} />
    </div>
  );
}

/** A field's error line; also for groups (a fieldset of radios) that point at it themselves. */
export function FieldMessage({ id, message, tone = "light" }: { id: string; message: string | undefined; tone?: FieldTone }) {
  if (!message) return null;
  return (
    <p id={id} className={classNames("mt-1 text-sm font-medium", tone === "dark" ? "text-red-300" : "text-red-800")} role="alert">
      {message}
    </p>
  );
}

export type FieldProps = Omit<InputHTMLAttributes<HTMLInputElement>, "children"> & {
  label: ReactNode;
  hint?: ReactNode;
  error?: string;
  optional?: boolean;
  tone?: FieldTone;
  hideLabel?: boolean;
  /** Classes of the input itself; `className` goes to the wrapper. */
  inputClassName?: string;
  ref?: Ref<HTMLInputElement>;
};

/** A labelled text input (any `type`); a password input gets a show/hide toggle. */
export function Field({
  label,
  hint,
  error,
  optional,
  tone,
  hideLabel,
  id,
  type = "text",
  className,
  inputClassName: extraInputClasses,
  ref,
  ...input
}: FieldProps) {
  const { t } = useTranslation();
  const [revealed, setRevealed] = useState(false);
  const isPassword = type === "password";

  return (
    <FieldFrame label={label} hint={hint} error={error} optional={optional} id={id} tone={tone} hideLabel={hideLabel} className={className}>
      {(control) => (
        <div className="relative">
          <input
            ref={ref}
            type={isPassword && revealed ? "text" : type}
            {...control}
            className={classNames(inputClassName, isPassword && "pr-12", type === "date" && dateInputClassName, extraInputClasses)}
            {...input}
          />
          {isPassword && (
            <button
              type="button"
              className="absolute inset-y-0 right-0 my-0.5 mr-0.5 inline-flex w-11 items-center justify-center rounded-md text-stone hover:text-ink"
              // One fixed name and a pressed state (WAI-ARIA toggle button), not a changing label.
              aria-label={t("ui.showPassword")}
              aria-pressed={revealed}
              aria-controls={control.id}
              onClick={() => setRevealed((value) => !value)}
            >
              {revealed ? <EyeOff className="h-5 w-5" aria-hidden="true" /> : <Eye className="h-5 w-5" aria-hidden="true" />}
            </button>
          )}
        </div>
      )}
    </FieldFrame>
  );
}
