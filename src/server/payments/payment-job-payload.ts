import { z } from "zod";

// ADR 132: the payload of a `payment` job: what to ask the provider, with the idempotency key the
// provider and the ledger both know it by, and who asked.

export const paymentActions = ["capture", "void", "refund", "charge"] as const;
export type PaymentAction = (typeof paymentActions)[number];

export const paymentJobPayload = z.object({
  action: z.enum(paymentActions),
  paymentId: z.string().min(1),
  bookingId: z.string().min(1),
  amountCents: z.number().int().positive().optional(),
  reason: z.string().max(500).optional(),
  idempotencyKey: z.string().min(1).max(200),
  actorUserId: z.string().nullable(),
  actorRole: z.string().min(1),
});

export type PaymentJobPayload = z.output<typeof paymentJobPayload>;
