import * as DialogPrimitive from "@radix-ui/react-dialog";
import { X } from "lucide-react";
import type { ReactNode } from "react";
import { classNames } from "./class-names.ts";

// ADR 028 (supersedes ADR 040): modals are Radix dialogs. Radix traps focus, makes the rest of the
// page inert to assistive technology (aria-hidden on the siblings of the portal), locks scrolling,
// stacks nested layers (a confirmation above a dialog: Escape closes only the top one) and gives
// focus back to the opener (WAI-ARIA dialog pattern). Escape, a click outside and the X button all
// go through one `onRequestClose`, so a caller can ask "Are you sure?" first.
//
// Focus goes to the first form field on open, not to the X button: the person opened the dialog
// to fill it in, and a screen reader still reads the title and description first.

const firstFieldSelector = "[data-autofocus], input:not([type=hidden]):not([disabled]), select:not([disabled]), textarea:not([disabled])";

export type DialogProps = {
  open: boolean;
  /** Called on Escape, on a click outside and by the close button; the caller decides. */
  onRequestClose: () => void;
  title: ReactNode;
  description?: ReactNode;
  children: ReactNode;
  /** Accessible name of the close (X) button; no button when omitted. */
  closeLabel?: string;
  className?: string;
  testId?: string;
};

export function Dialog({ open, onRequestClose, title, description, children, closeLabel, className, testId }: DialogProps) {
  return (
    <DialogPrimitive.Root
      open={open}
      onOpenChange={(next) => {
        if (!next) onRequestClose();
      }}
    >
      <DialogPrimitive.Portal>
        <DialogPrimitive.Overlay className="fixed inset-0 z-50 bg-black/75" />
        <DialogPrimitive.Content
          data-testid={testId}
          // Radix names the dialog by the title; without a description it must not point at one.
          {...(description ? {} : { "aria-describedby": undefined })}
          onOpenAutoFocus={(event) => {
            const field =
              event.currentTarget instanceof HTMLElement ? event.currentTarget.querySelector<HTMLElement>(firstFieldSelector) : null;
            if (field) {
              event.preventDefault();
              field.focus();
            }
          }}
          className={classNames(
            "fixed top-1/2 left-1/2 z-50 max-h-[calc(100dvh-2rem)] w-[calc(100vw-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-xl border border-gold/30 bg-paper text-ink shadow-2xl focus:outline-none",
            className,
          )}
        >
          <div className="relative p-6 sm:p-8">
            <DialogPrimitive.Title className="pr-10 text-2xl text-ink">{title}</DialogPrimitive.Title>
            {description && <DialogPrimitive.Description className="mt-2 text-sm text-stone">{description}</DialogPrimitive.Description>}
            <div className="mt-6">{children}</div>
            {/* Last in the DOM so Tab reaches the form first; placed top-right by CSS. */}
            {closeLabel && (
              <DialogPrimitive.Close
                aria-label={closeLabel}
                className="absolute top-3 right-3 inline-flex h-11 w-11 items-center justify-center rounded-md text-stone hover:bg-ink/5 hover:text-ink"
              >
                <X className="h-5 w-5" aria-hidden="true" />
              </DialogPrimitive.Close>
            )}
          </div>
        </DialogPrimitive.Content>
      </DialogPrimitive.Portal>
    </DialogPrimitive.Root>
  );
}
