import { useId, type InputHTMLAttributes, type ReactNode } from "react";
import { classNames } from "./class-names.ts";
import { FieldMessage } from "./field.tsx";

// ADR 028: a group of native radios in a fieldset whose legend names the group (WCAG 2.2 1.3.1);
// native radios keep the browser's arrow-key model and form submission. Drawn as cards (one choice
// per row, e.g. the affiliate form) or as segmented buttons (short options, e.g. a service card).
// Works controlled (`value` + `onValueChange`) or registered with react-hook-form (`inputProps`).

export type RadioOption<Value extends string> = { value: Value; label: ReactNode };

export type RadioGroupProps<Value extends string> = {
  legend: ReactNode;
  options: readonly RadioOption<Value>[];
  name: string;
  value?: Value;
  onValueChange?: (value: Value) => void;
  /** Extra props for every radio, e.g. what react-hook-form's `register(name)` returns. */
  inputProps?: Omit<InputHTMLAttributes<HTMLInputElement>, "type" | "value"> & { ref?: (element: HTMLInputElement | null) => void };
  error?: string;
  variant?: "cards" | "segmented";
  className?: string;
};

const looks = {
  cards: {
    legend: "mb-1.5 block text-sm font-medium text-ink",
    list: "mt-1 grid gap-3 sm:grid-cols-2",
    option:
      "flex min-h-11 cursor-pointer items-center gap-3 rounded-md border border-ink/20 bg-white px-4 py-2.5 text-ink has-checked:border-gold-deep has-checked:bg-gold/10 has-focus-visible:outline-3 has-focus-visible:outline-gold",
    input: "h-4 w-4 accent-gold-deep focus-visible:outline-none",
  },
  segmented: {
    legend: "mb-1.5 text-xs font-semibold tracking-[0.15em] text-stone uppercase",
    list: "flex flex-wrap gap-1.5",
    option:
      "relative inline-flex min-h-10 cursor-pointer items-center rounded-md border border-ink-line/25 bg-white px-3 text-sm text-ink transition-colors select-none hover:border-gold has-checked:border-ink has-checked:bg-ink has-checked:text-paper has-focus-visible:outline-3 has-focus-visible:outline-offset-2 has-focus-visible:outline-gold",
    input: "sr-only",
  },
} as const;

export function RadioGroup<Value extends string>({
  legend,
  options,
  name,
  value,
  onValueChange,
  inputProps,
  error,
  variant = "cards",
  className,
}: RadioGroupProps<Value>) {
  const errorId = `${name}-${useId().replace(/:/g, "")}-error`;
  const look = looks[variant];
  return (
    <fieldset
      className={classNames("min-w-0", className)}
      aria-describedby={error ? errorId : undefined}
      aria-invalid={error ? true : undefined}
    >
      <legend className={look.legend}>{legend}</legend>
      <div className={look.list}>
        {options.map((option) => (
          <label key={option.value} className={look.option}>
            <input
              type="radio"
              name={name}
              value={option.value}
              className={look.input}
              {...(onValueChange ? { checked: value === option.value, onChange: () => onValueChange(option.value) } : {})}
              {...inputProps}
            />
            <span>{option.label}</span>
          </label>
        ))}
      </div>
      <FieldMessage id={errorId} message={error} />
    </fieldset>
  );
}
