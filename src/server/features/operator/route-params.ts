import { z } from "zod";
import { notFound } from "../../http-error.ts";

// Ids are checked for shape first: an id that cannot exist answers 404 without a query.

const uuid = z.uuid();
export function idParam(value: string, what: string): string {
  if (!uuid.safeParse(value).success) throw notFound(`There is no such ${what}.`);
  return value;
}
export const serviceIdPattern = /^[A-Za-z0-9_-]{1,64}$/;
