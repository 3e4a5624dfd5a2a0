import { zValidator } from "@hono/zod-validator";
import type { ValidationTargets } from "hono";
import type { ZodType } from "zod";
import { validationMessageInEnglish } from "../shared/validation-messages.ts";
import { HttpError } from "./http-error.ts";

/**
 * zod validator for a route contract. A failure answers 400 with one message per field, in the
 * wording of the shared schema (its translation keys answered in English, ADR 027), and the
 * handler never runs (nothing is written).
 */
export function validate<Target extends keyof ValidationTargets, Schema extends ZodType>(target: Target, schema: Schema) {
  return zValidator(target, schema, (result) => {
    if (result.success) return;
    const fields: Record<string, string> = {};
    for (const issue of result.error.issues) {
      const key = issue.path.join(".") || "_";
      fields[key] ??= validationMessageInEnglish(issue.message);
    }
    const first = Object.values(fields)[0] ?? "The request is not valid.";
    throw new HttpError(400, "invalid_input", first, fields);
  });
}
