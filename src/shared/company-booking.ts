import { z } from "zod";
import { printablePattern } from "./text.ts";

// docs/companies.md: the company part of a booking request, apart from the rest of the companies'
// schemas (src/shared/companies.ts) because the booking page's first chunk carries the booking
// request's fields and their budget is tight (ADR 247).

export const costCentreName = z
  .string()
  .trim()
  .min(1, "validation.costCentre")
  .max(40, "validation.costCentre")
  .regex(printablePattern, "validation.unsupportedCharacters");

/** The company part of a booking request (POST /api/bookings `company`). */
export const companyBookingSchema = z
  .object({
    companyId: z.uuid(),
    costCentre: costCentreName.optional(),
    reference: z.string().trim().max(60, "validation.tooLong").regex(printablePattern, "validation.unsupportedCharacters").optional(),
  })
  .strict();
export type CompanyBookingRequest = z.output<typeof companyBookingSchema>;
