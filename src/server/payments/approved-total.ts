import type { Transaction } from "kysely";
import type { DatabaseSchema } from "../db/schema.ts";
import { ledgerOf } from "./ledger.ts";
import { chargeDifference } from "./money-requests.ts";
import { refundsInFlight, type PaymentsService } from "./payments-service.ts";

// ADR 189: what the customer's approval of a quote version (docs/product.md §12) does to the money,
// through the approval-of-a-higher-total path of ADR 133. The approval is the customer's consent,
// so it never asks again; nothing is taken before it.
//
// - Not yet confirmed: nothing was taken. A higher total adds an open `difference` payment that the
//   confirmation charges with the rest; a lower one is what the confirmation captures.
// - Confirmed or under way: a higher total charges the difference now; a lower one gives back what
//   was taken beyond it.

export async function settleApprovedTotal(
  transaction: Transaction<DatabaseSchema>,
  payments: PaymentsService,
  booking: { id: string; status: string },
  totalCents: number,
  actor: { userId: string; role: string },
  reference: string,
): Promise<void> {
  const ledger = await ledgerOf(transaction, booking.id);
  if (ledger.payments.length === 0) return;
  // An approved version answers any higher confirmed total still waiting (ADR 133).
  await transaction.updateTable("bookings").set({ approval_total_cents: null }).where("id", "=", booking.id).execute();
  const live = ledger.payments.filter((payment) => payment.position.state !== "voided" && payment.position.state !== "failed");

  if (booking.status === "pending") {
    const agreed = live.reduce((sum, payment) => sum + payment.amount_cents, 0);
    await chargeDifference(transaction, payments, ledger, booking.id, totalCents - agreed, actor, false);
    return;
  }

  const inFlight = await refundsInFlight(
    transaction,
    live.map((payment) => payment.id),
  );
  const takenOf = (payment: (typeof live)[number]) => {
    const { state, capturedCents, refundedCents, authorisedCents } = payment.position;
    if (state === "captured") return capturedCents - refundedCents - (inFlight.get(payment.id) ?? 0);
    if (state === "authorised") return authorisedCents;
    return payment.amount_cents;
  };
  const taken = live.reduce((sum, payment) => sum + takenOf(payment), 0);
  if (totalCents > taken) {
    await chargeDifference(transaction, payments, ledger, booking.id, totalCents - taken, actor, true);
    return;
  }
  let excess = taken - totalCents;
  for (const payment of [...live].reverse()) {
    if (excess <= 0) break;
    if (payment.position.state !== "captured") continue;
    const amount = Math.min(excess, Math.max(0, takenOf(payment)));
    if (amount <= 0) continue;
    excess -= amount;
    await payments.enqueue(transaction, {
      action: "refund",
      paymentId: payment.id,
      bookingId: booking.id,
      amountCents: amount,
      reason: "Lower total approved",
      idempotencyKey: `refund:${payment.id}:${reference}`,
      actorUserId: actor.userId,
      actorRole: actor.role,
    });
  }
}
