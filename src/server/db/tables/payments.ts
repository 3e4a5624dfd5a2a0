import type { ColumnType } from "kysely";
import type { PaymentEventType, PaymentPurpose } from "../../../shared/payments.ts";

// Row types of migration 0017 (docs/payments.md). Money in integer euro cents; times UTC ISO-8601 text.

/** One money movement agreed with the customer: a hold, a charge on confirmation or an approved difference. */
export type PaymentsTable = {
  id: string;
  booking_id: string;
  user_id: string | null;
  /** The gateway that holds it: "simulated" or "stripe". */
  provider: string;
  purpose: PaymentPurpose;
  /** What the customer agreed to pay by this payment. */
  amount_cents: number;
  currency: string;
  /** The provider's reference to the card (never a card number). */
  method_token: string;
  card_brand: string | null;
  card_last_four: string | null;
  /** The provider's payment (a PaymentIntent id); null until the first authorisation or charge. */
  provider_payment_id: string | null;
  hold_expires_at: string | null;
  created_at: string;
};

/** Append-only (ADR 131): never updated, never deleted. */
export type PaymentEventsTable = {
  id: string;
  payment_id: string;
  booking_id: string;
  type: PaymentEventType;
  amount_cents: number;
  /** A refund's reason, a failure's provider reason. */
  reason: string | null;
  provider_reference: string | null;
  idempotency_key: string;
  actor_user_id: string | null;
  actor_role: string;
  created_at: string;
};

/** Migration 0013 added payment_status (its values: PaymentStatus); 0017 the total awaiting approval. */
export type BookingPaymentColumns = {
  approval_total_cents: ColumnType<number | null, number | null | undefined, number | null>;
};

/** The simulated processor's own records (ADR 134). */
export type SimulatedCardsTable = { token: string; behaviour: string; created_at: string };
export type SimulatedIntentsTable = {
  id: string;
  card_token: string;
  status: string;
  amount_cents: number;
  captured_cents: number;
  refunded_cents: number;
  expires_at: string | null;
  created_at: string;
};
export type SimulatedAnswersTable = { idempotency_key: string; operation: string; answer: string; created_at: string };

/** Migration 0026 (ADR 217): an Idempotency-Key of a money request, bound to that request's fingerprint. */
export type IdempotencyKeysTable = {
  owner_id: string;
  key: string;
  request_hash: string;
  created_at: string;
  /** ADR 293: when the phone made a write it kept offline; null for other keys. */
  device_time: string | null;
  /** ADR 293: the first answer to a replayable write, null while it runs and for money requests. */
  response_status: number | null;
  response_body: string | null;
};

export type PaymentTables = {
  payments: PaymentsTable;
  payment_events: PaymentEventsTable;
  simulated_cards: SimulatedCardsTable;
  simulated_intents: SimulatedIntentsTable;
  simulated_answers: SimulatedAnswersTable;
  idempotency_keys: IdempotencyKeysTable;
};
