import type { FormEventHandler, ReactNode } from "react";
import { Button, type ButtonVariant } from "./button.tsx";
import { Dialog, type DialogProps } from "./dialog.tsx";

// The dialog that holds one form (ADR 201): the title, the fields, an optional message about the
// whole form, and the submit button — full width alone, or after a Cancel button that closes the
// dialog, stacked with the submit on top on a phone (the primary action within reach of the thumb).
// Built on the UI kit's Dialog (ADR 028), so focus, Escape and the close button behave as in every
// other dialog; the caller passes react-hook-form's handleSubmit (one way to build a form).

export type FormDialogProps = Omit<DialogProps, "children"> & {
  onSubmit: FormEventHandler<HTMLFormElement>;
  submitLabel: ReactNode;
  submitVariant?: ButtonVariant;
  pending?: boolean;
  submitDisabled?: boolean;
  /** A Cancel button beside the submit button, which asks to close like Escape does. */
  cancelLabel?: ReactNode;
  /** A message about the whole form (a refusal from the server), above the buttons. */
  formMessage?: ReactNode;
  formTestId?: string;
  submitTestId?: string;
  children: ReactNode;
};

export function FormDialog({
  onSubmit,
  submitLabel,
  submitVariant,
  pending = false,
  submitDisabled = false,
  cancelLabel,
  formMessage,
  formTestId,
  submitTestId,
  children,
  ...dialog
}: FormDialogProps) {
  const submit = (
    <Button
      type="submit"
      variant={submitVariant}
      loading={pending}
      disabled={submitDisabled}
      className={cancelLabel ? undefined : "w-full"}
      data-testid={submitTestId}
    >
      {submitLabel}
    </Button>
  );
  return (
    <Dialog {...dialog}>
      <form onSubmit={onSubmit} className="space-y-4" noValidate data-testid={formTestId}>
        {children}
        {formMessage}
        {cancelLabel ? (
          <div className="flex flex-col-reverse gap-3 pt-2 sm:flex-row sm:justify-end">
            <Button type="button" variant="outline" className="text-ink" onClick={dialog.onRequestClose} disabled={pending}>
              {cancelLabel}
            </Button>
            {submit}
          </div>
        ) : (
          submit
        )}
      </form>
    </Dialog>
  );
}
