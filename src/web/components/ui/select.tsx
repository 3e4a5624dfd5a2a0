import * as SelectPrimitive from "@radix-ui/react-select";
import { Check, ChevronDown } from "lucide-react";
import type { ReactNode } from "react";
import { useTranslation } from "../../lib/i18n.ts";
import { FieldFrame, type FieldTone } from "./field.tsx";

// ADR 028: a Radix select (listbox keyboard model, typeahead, screen-reader semantics) in a
// `FieldFrame`, so its label, hint and error are wired like every other field. `name` renders a
// hidden native select, so the value is submitted with a plain form too.

export type SelectOption = { value: string; label: string; disabled?: boolean };

export type SelectProps = {
  label: ReactNode;
  options: SelectOption[];
  value?: string;
  defaultValue?: string;
  onValueChange?: (value: string) => void;
  placeholder?: string;
  hint?: ReactNode;
  error?: string;
  optional?: boolean;
  required?: boolean;
  disabled?: boolean;
  name?: string;
  id?: string;
  tone?: FieldTone;
  className?: string;
};

export function Select({
  label,
  options,
  value,
  defaultValue,
  onValueChange,
  placeholder,
  hint,
  error,
  optional,
  required,
  disabled,
  name,
  id,
  tone,
  className,
}: SelectProps) {
  const { t } = useTranslation();
  return (
    <FieldFrame label={label} hint={hint} error={error} optional={optional} required={required} id={id} tone={tone} className={className}>
      {(control) => (
        <SelectPrimitive.Root
          value={value}
          defaultValue={defaultValue}
          onValueChange={onValueChange}
          name={name}
          required={required}
          disabled={disabled}
        >
          <SelectPrimitive.Trigger
            {...control}
            // A button always matches :read-only (HTML §4.16.3), so the inputs' read-only look is left out.
            className="field-input flex items-center justify-between gap-2 text-left"
          >
            <SelectPrimitive.Value placeholder={placeholder ?? t("ui.selectPlaceholder")} />
            <SelectPrimitive.Icon>
              <ChevronDown className="h-4 w-4 text-stone" aria-hidden="true" />
            </SelectPrimitive.Icon>
          </SelectPrimitive.Trigger>
          <SelectPrimitive.Portal>
            <SelectPrimitive.Content
              position="popper"
              sideOffset={4}
              className="z-50 max-h-(--radix-select-content-available-height) min-w-(--radix-select-trigger-width) overflow-hidden rounded-md border border-ink-line/20 bg-white text-ink shadow-lg"
            >
              <SelectPrimitive.Viewport className="p-1">
                {options.map((option) => (
                  <SelectPrimitive.Item
                    key={option.value}
                    value={option.value}
                    disabled={option.disabled}
                    className="relative flex min-h-10 cursor-pointer items-center rounded py-2 pr-3 pl-8 text-sm outline-none select-none data-disabled:cursor-not-allowed data-disabled:opacity-50 data-highlighted:bg-gold/20"
                  >
                    <SelectPrimitive.ItemIndicator className="absolute left-2 inline-flex">
                      <Check className="h-4 w-4 text-gold-deep" aria-hidden="true" />
                    </SelectPrimitive.ItemIndicator>
                    <SelectPrimitive.ItemText>{option.label}</SelectPrimitive.ItemText>
                  </SelectPrimitive.Item>
                ))}
              </SelectPrimitive.Viewport>
            </SelectPrimitive.Content>
          </SelectPrimitive.Portal>
        </SelectPrimitive.Root>
      )}
    </FieldFrame>
  );
}
