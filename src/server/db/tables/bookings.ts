import type { Generated } from "kysely";
import type { BookingStatus, ServiceType, TimeOfDay } from "../../../shared/booking.ts";
import type { Language } from "../../../shared/languages.ts";

// Row types of migration 0003 (docs/product.md §3 bookings). Money in integer euro cents; times UTC ISO-8601
// text; calendar days 'YYYY-MM-DD' (ADR 050: operator days in Europe/Stockholm).

/** docs/product.md §3 bookings, plus the calendar days and the idempotency fields of ADR 051. */
export type BookingsTable = {
  /** The client-generated bookingId (UUID): a replay of the same request finds this row. */
  id: string;
  /** Null once the customer's account is deleted: the anonymised booking stays for accounting (migration 0007). */
  user_id: string | null;
  customer_name: string;
  location: string;
  /** Start of the first day in Europe/Stockholm, as a UTC instant. */
  start_time: string;
  /** End of the last day (start of the day after) in Europe/Stockholm, as a UTC instant. */
  end_time: string;
  start_date: string;
  end_date: string;
  /** Total in integer euro cents, VAT included: the sum of the lines unless an operator adjusted it. */
  price: number;
  /** The first service's type (docs/product.md §3 single column; every service is a row of booking_lines). */
  service_type: ServiceType;
  status: BookingStatus;
  time_of_day: TimeOfDay | null;
  /** Guards across all services. */
  guard_count: number;
  style: string | null;
  car_option: string | null;
  duration: string | null;
  total_days: number;
  /** The VAT part of `price` in cents: the sum of the lines' (docs/money.md; migration 0015). */
  vat_cents: number;
  /** ADR 222: the buyer's kind the booking was priced for (src/shared/buyer-vat.ts; migration 0028). */
  buyer_vat?: string;
  /** The customer's own note, if any: its one home (ADR 102; cleared when the account is deleted). */
  customer_note: string | null;
  language: Language;
  /** The Idempotency-Key header, unique per user when sent. */
  idempotency_key: string | null;
  /** SHA-256 of the validated request: a replay with other content is refused (409). */
  request_hash: string;
  created_at: string;
  /** When the booking was cancelled (migration 0007). */
  cancelled_at: string | null;
  /** docs/product.md §12, ADR 180 (migration 0021): Stockholm 'HH:MM' of the first day's start and the last day's end. */
  start_clock: string | null;
  end_clock: string | null;
  meeting_point: string | null;
  /** ADR 181: the protected person when not the customer (principal_phone is set exactly then). */
  principal_name: string | null;
  principal_codename: string | null;
  principal_phone: string | null;
  principal_direct_contact: number | null;
};

/** ADR 182 (migration 0021): the calendar entry's SEQUENCE, raised with every transition that mails an updated entry. */
export type BookingCalendarColumns = { calendar_sequence: Generated<number> };

/**
 * One booked service (migration 0015, docs/money.md): its options (JSON of the shared
 * serviceOptionsSchema, parsed with it when read) and its prices in cents, VAT included.
 */
export type BookingLinesTable = {
  booking_id: string;
  /** 0-based order within the booking (catalogue order: the first is the main service). */
  position: number;
  service_id: string;
  service_type: ServiceType;
  /** The service's English name and description when booked. */
  title: string;
  description: string;
  /** JSON: ServiceOptions. */
  options: string;
  /** Per day, all the line's guards (and its car fee) included. */
  daily_price_cents: number;
  /** The line's guard count (inside the daily price, ADR 050), kept as a column for reports. */
  guards: number;
  days: number;
  /** daily_price_cents × days. */
  line_total_cents: number;
  /** The VAT part of line_total_cents, round-half-up per line. */
  vat_cents: number;
  vat_rate_basis_points: number;
};

/** ADR 113 (migration 0016): the place's ISO country code, so it reads in every reader's language; null when the text names no country. */
export type BookingPlaceColumns = { country_code: string | null };

export type BookingTables = { bookings: BookingsTable; booking_lines: BookingLinesTable };
