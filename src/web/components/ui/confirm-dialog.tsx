import * as AlertDialogPrimitive from "@radix-ui/react-alert-dialog";
import type { ReactNode } from "react";
import { useTranslation } from "../../lib/i18n.ts";
import { buttonClassName } from "./button.tsx";

// ADR 028: a confirmation is a Radix alert dialog (role="alertdialog"): it cannot be dismissed by a
// click outside, Escape means Cancel, and focus starts on Cancel so Enter never destroys by
// accident (WAI-ARIA alert dialog pattern).

export type ConfirmDialogProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: ReactNode;
  description: ReactNode;
  onConfirm: () => void;
  confirmLabel?: string;
  cancelLabel?: string;
  /** "danger" for a confirm that deletes or discards. */
  tone?: "default" | "danger";
  testId?: string;
};

export function ConfirmDialog({
  open,
  onOpenChange,
  title,
  description,
  onConfirm,
  confirmLabel,
  cancelLabel,
  tone = "default",
  testId,
}: ConfirmDialogProps) {
  const { t } = useTranslation();
  return (
    <AlertDialogPrimitive.Root open={open} onOpenChange={onOpenChange}>
      <AlertDialogPrimitive.Portal>
        <AlertDialogPrimitive.Overlay className="fixed inset-0 z-50 bg-black/75" />
        <AlertDialogPrimitive.Content
          data-testid={testId}
          className="fixed top-1/2 left-1/2 z-50 w-[calc(100vw-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 rounded-xl border border-gold/30 bg-paper p-6 text-ink shadow-2xl focus:outline-none sm:p-8"
        >
          <AlertDialogPrimitive.Title className="text-2xl text-ink">{title}</AlertDialogPrimitive.Title>
          <AlertDialogPrimitive.Description className="mt-2 text-sm text-stone">{description}</AlertDialogPrimitive.Description>
          <div className="mt-6 flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
            <AlertDialogPrimitive.Cancel className={buttonClassName({ variant: "outline", className: "text-ink" })}>
              {cancelLabel ?? t("ui.cancel")}
            </AlertDialogPrimitive.Cancel>
            <AlertDialogPrimitive.Action
              className={buttonClassName({ variant: tone === "danger" ? "danger" : "secondary" })}
              onClick={onConfirm}
            >
              {confirmLabel ?? t("ui.confirm")}
            </AlertDialogPrimitive.Action>
          </div>
        </AlertDialogPrimitive.Content>
      </AlertDialogPrimitive.Portal>
    </AlertDialogPrimitive.Root>
  );
}
