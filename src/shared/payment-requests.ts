import { z } from "zod";
import { calendarDaySchema } from "./calendar-day-schema.ts";
import { paymentStatuses } from "./payments.ts";

// docs/payments.md: the operator's requests about money, one schema each (ADR 027).

/** POST /api/admin/bookings/:id/refunds: an operator's refund of part or all, with a reason (docs/payments.md). */
export const operatorRefundSchema = z.object({
  amountCents: z.number().int().positive().max(100_000_000),
  reason: z.string().trim().min(3).max(500),
});

/** GET /api/admin/payments: the payments list's filters. */
export const paymentsListQuerySchema = z.object({
  status: z.enum(paymentStatuses).optional(),
  from: calendarDaySchema().optional(),
  to: calendarDaySchema().optional(),
  holdsExpiringBeforeReply: z
    .enum(["true", "false"])
    .optional()
    .transform((value) => value === "true"),
});

/**
 * The console's refund form: the amount as typed in euros ("25", "25.50", "25,50"), made cents for
 * operatorRefundSchema. Messages are translation keys of the payments screens (ADR 027).
 */
export const operatorRefundFormSchema = z
  .object({
    amount: z
      .string()
      .trim()
      .regex(/^\d{1,7}([.,]\d{1,2})?$/, "refund.amountInvalid"),
    reason: z.string().trim().min(3, "refund.reasonShort").max(500, "refund.reasonLong"),
  })
  .transform(({ amount, reason }) => ({ amountCents: Math.round(Number(amount.replace(",", ".")) * 100), reason }))
  .pipe(operatorRefundSchema.extend({ amountCents: z.number().int().positive("refund.amountInvalid") }));
export type OperatorRefundForm = z.input<typeof operatorRefundFormSchema>;
