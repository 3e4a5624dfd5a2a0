import type { ReactNode, Ref, TextareaHTMLAttributes } from "react";
import { classNames } from "./class-names.ts";
import { FieldFrame, inputClassName, type FieldTone } from "./field.tsx";

export type TextareaProps = Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, "children"> & {
  label: ReactNode;
  hint?: ReactNode;
  error?: string;
  optional?: boolean;
  tone?: FieldTone;
  ref?: Ref<HTMLTextAreaElement>;
};

/** A labelled multi-line text field with the same hint and error wiring as `Field`. */
export function Textarea({ label, hint, error, optional, tone, id, className, rows = 4, ref, ...textarea }: TextareaProps) {
  return (
    <FieldFrame label={label} hint={hint} error={error} optional={optional} id={id} tone={tone} className={className}>
      {(control) => <textarea ref={ref} rows={rows} {...control} className={classNames(inputClassName, "resize-y")} {...textarea} />}
    </FieldFrame>
  );
}
