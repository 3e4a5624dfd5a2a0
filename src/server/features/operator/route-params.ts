import { z } from "zod";
import { notFound } from "../../http-error.ts";
import type { ReasonWithoutValues } from "../../../shared/api-error-reasons.ts";

// Ids are checked for shape first: an id that cannot exist answers 404 without a query.

const uuid = z.uuid();
export function idParam(value: string, reason: ReasonWithoutValues): string {
  if (!uuid.safeParse(value).success) throw notFound(reason);
  return value;
}
export const serviceIdPattern = /^[A-Za-z0-9_-]{1,64}$/;
