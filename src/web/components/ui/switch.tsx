import * as SwitchPrimitive from "@radix-ui/react-switch";
import { useId, type ReactNode } from "react";

// ADR 028: a Radix switch (role="switch", aria-checked) for settings that take effect at once.

export type SwitchProps = {
  label: ReactNode;
  checked?: boolean;
  defaultChecked?: boolean;
  onCheckedChange?: (checked: boolean) => void;
  hint?: ReactNode;
  disabled?: boolean;
  name?: string;
  id?: string;
  className?: string;
};

export function Switch({ label, checked, defaultChecked, onCheckedChange, hint, disabled, name, id, className }: SwitchProps) {
  const generatedId = useId();
  const controlId = id ?? generatedId;
  return (
    <div className={className}>
      <div className="flex items-center justify-between gap-4">
        <label htmlFor={controlId} className="text-sm font-medium text-ink">
          {label}
        </label>
        <SwitchPrimitive.Root
          id={controlId}
          checked={checked}
          defaultChecked={defaultChecked}
          onCheckedChange={onCheckedChange}
          disabled={disabled}
          name={name}
          aria-describedby={hint ? `${controlId}-hint` : undefined}
          className="relative inline-flex h-7 w-12 shrink-0 items-center rounded-full bg-stone/60 transition-colors data-[state=checked]:bg-gold-deep disabled:opacity-60"
        >
          <SwitchPrimitive.Thumb className="block h-5 w-5 translate-x-1 rounded-full bg-white shadow transition-transform data-[state=checked]:translate-x-6" />
        </SwitchPrimitive.Root>
      </div>
      {hint && (
        <p id={`${controlId}-hint`} className="mt-1 text-xs text-stone">
          {hint}
        </p>
      )}
    </div>
  );
}
