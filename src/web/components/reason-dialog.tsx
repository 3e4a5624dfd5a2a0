import { zodResolver } from "@hookform/resolvers/zod";
import type { ReactNode } from "react";
import { useForm } from "react-hook-form";
import { z } from "zod";
import { Textarea } from "./ui/textarea.tsx";
import { FormDialog, type FormDialogProps } from "./ui/form-dialog.tsx";

// A decision that says why (ADR 201, ADR 208): an operator's decline or cancellation of a booking, a
// rejected identity document, a declined change request, a customer's declined proposal. One
// FormDialog with one text field, checked by the API's own schema for the reason before it is sent.

type ReasonSchema = z.ZodType<{ reason?: string | undefined }, { reason?: string | undefined }>;

export type ReasonDialogProps = Omit<FormDialogProps, "onSubmit" | "children" | "formMessage"> & {
  /** The API's schema for the body ({ reason }); a blank reason is sent as none. */
  schema: ReasonSchema;
  label: ReactNode;
  hint?: ReactNode;
  /** Whether the field is marked optional (the schema decides whether it may stay empty). */
  optional?: boolean;
  maxLength: number;
  /** Shown when a required reason is missing, in the reader's language. */
  requiredMessage: string;
  onReason: (reason: string | undefined) => void;
  testIdField?: string;
};

export function ReasonDialog({
  schema,
  label,
  hint,
  optional = false,
  maxLength,
  requiredMessage,
  onReason,
  testIdField,
  ...dialog
}: ReasonDialogProps) {
  const form = useForm({
    resolver: zodResolver(
      z
        .object({ reason: z.string() })
        .transform(({ reason }) => (reason.trim() === "" ? {} : { reason }))
        .pipe(schema),
    ),
    defaultValues: { reason: "" },
  });
  const error = form.formState.errors.reason;
  const submit = form.handleSubmit(({ reason }) => onReason(reason));
  return (
    <FormDialog {...dialog} onSubmit={(event) => void submit(event)}>
      <Textarea
        label={label}
        hint={hint}
        required={!optional}
        optional={optional}
        maxLength={maxLength}
        error={error && (error.type === "too_small" || error.type === "invalid_type" ? requiredMessage : error.message)}
        data-testid={testIdField}
        {...form.register("reason")}
      />
    </FormDialog>
  );
}
