import * as CheckboxPrimitive from "@radix-ui/react-checkbox";
import { Check } from "lucide-react";
import { useId, type ReactNode } from "react";
import { classNames } from "./class-names.ts";

// ADR 028: a Radix checkbox (role="checkbox", Space toggles) with its label beside it; `name`
// renders a hidden native input so plain forms submit it too.

export type CheckboxProps = {
  label: ReactNode;
  checked?: boolean;
  defaultChecked?: boolean;
  onCheckedChange?: (checked: boolean) => void;
  hint?: ReactNode;
  error?: string;
  disabled?: boolean;
  required?: boolean;
  name?: string;
  value?: string;
  id?: string;
  tone?: "light" | "dark";
  className?: string;
};

export function Checkbox({
  label,
  checked,
  defaultChecked,
  onCheckedChange,
  hint,
  error,
  disabled,
  required,
  name,
  value,
  id,
  tone = "light",
  className,
}: CheckboxProps) {
  const generatedId = useId();
  const controlId = id ?? generatedId;
  const describedBy = [hint ? `${controlId}-hint` : null, error ? `${controlId}-error` : null].filter(Boolean).join(" ") || undefined;
  return (
    <div className={className}>
      <div className="flex items-start gap-3">
        <CheckboxPrimitive.Root
          id={controlId}
          checked={checked}
          defaultChecked={defaultChecked}
          onCheckedChange={(state) => onCheckedChange?.(state === true)}
          disabled={disabled}
          required={required}
          name={name}
          value={value}
          aria-describedby={describedBy}
          aria-invalid={error ? true : undefined}
          className={classNames(
            "mt-0.5 inline-flex h-5 w-5 shrink-0 items-center justify-center rounded border bg-white data-[state=checked]:border-gold data-[state=checked]:bg-gold disabled:opacity-60",
            error ? "border-red-700" : "border-ink-line/50",
          )}
        >
          <CheckboxPrimitive.Indicator>
            <Check className="h-4 w-4 text-ink" strokeWidth={3} aria-hidden="true" />
          </CheckboxPrimitive.Indicator>
        </CheckboxPrimitive.Root>
        <label htmlFor={controlId} className={classNames("text-sm leading-snug", tone === "dark" ? "text-paper" : "text-ink")}>
          {label}
        </label>
      </div>
      {hint && (
        <p id={`${controlId}-hint`} className={classNames("mt-1 ml-8 text-xs", tone === "dark" ? "text-mist" : "text-stone")}>
          {hint}
        </p>
      )}
      {error && (
        <p
          id={`${controlId}-error`}
          role="alert"
          className={classNames("mt-1 ml-8 text-sm font-medium", tone === "dark" ? "text-red-300" : "text-red-800")}
        >
          {error}
        </p>
      )}
    </div>
  );
}
