import * as MenuPrimitive from "@radix-ui/react-dropdown-menu";
import { Ellipsis, type LucideIcon } from "lucide-react";
import type { ReactNode } from "react";
import { useTranslation } from "../../lib/i18n.ts";
import { buttonClassName } from "./button.tsx";
import { classNames } from "./class-names.ts";

// ADR 028: a Radix menu button (WAI-ARIA menu pattern: arrow keys, typeahead, Escape returns focus
// to the trigger) for row actions and similar short lists of commands.

export type DropdownMenuItem = { label: string; onSelect: () => void; icon?: LucideIcon; tone?: "default" | "danger"; disabled?: boolean };

export type DropdownMenuProps = {
  items: DropdownMenuItem[];
  /** The trigger's content; an "…" icon button named `label` when omitted. */
  trigger?: ReactNode;
  /** Accessible name of the trigger. */
  label?: string;
  align?: "start" | "center" | "end";
};

export function DropdownMenu({ items, trigger, label, align = "end" }: DropdownMenuProps) {
  const { t } = useTranslation();
  return (
    <MenuPrimitive.Root>
      <MenuPrimitive.Trigger
        aria-label={trigger ? label : (label ?? t("ui.moreActions"))}
        className={buttonClassName({ variant: "ghost", size: trigger ? "sm" : "icon" })}
      >
        {trigger ?? <Ellipsis className="h-5 w-5" aria-hidden="true" />}
      </MenuPrimitive.Trigger>
      <MenuPrimitive.Portal>
        <MenuPrimitive.Content
          align={align}
          sideOffset={4}
          className="z-50 min-w-44 rounded-md border border-ink-line/20 bg-white p-1 text-ink shadow-lg"
        >
          {items.map(({ label: itemLabel, onSelect, icon: Icon, tone, disabled }) => (
            <MenuPrimitive.Item
              key={itemLabel}
              disabled={disabled}
              onSelect={onSelect}
              className={classNames(
                "flex min-h-10 cursor-pointer items-center gap-2 rounded px-3 py-2 text-sm outline-none select-none data-disabled:cursor-not-allowed data-disabled:opacity-50 data-highlighted:bg-gold/20",
                tone === "danger" && "text-red-800",
              )}
            >
              {Icon && <Icon className="h-4 w-4" aria-hidden="true" />}
              {itemLabel}
            </MenuPrimitive.Item>
          ))}
        </MenuPrimitive.Content>
      </MenuPrimitive.Portal>
    </MenuPrimitive.Root>
  );
}
