import type { BookingStatus, ServiceType, TimeOfDay } from "../../../shared/booking.ts";
import type { Language } from "../../../shared/languages.ts";

// Row types of migration 0003 (SPEC §3 bookings). Money in integer euro cents; times UTC ISO-8601
// text; calendar days 'YYYY-MM-DD' (ADR 050: operator days in Europe/Stockholm).

/** SPEC §3 bookings, plus the calendar days and the idempotency fields of ADR 051. */
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
  /** Total in integer euro cents, computed by the server from the catalogue. */
  price: number;
  /** The first service's type (SPEC §3 single column; all lines are in notes). */
  service_type: ServiceType;
  status: BookingStatus;
  time_of_day: TimeOfDay | null;
  /** Guards across all services. */
  guard_count: number;
  style: string | null;
  car_option: string | null;
  duration: string | null;
  total_days: number;
  /** JSON: the selected services with their computed prices (BookingView["services"]). */
  notes: string;
  /** The customer's own note, if any. */
  customer_note: string | null;
  language: Language;
  /** The Idempotency-Key header, unique per user when sent. */
  idempotency_key: string | null;
  /** SHA-256 of the validated request: a replay with other content is refused (409). */
  request_hash: string;
  created_at: string;
  /** When the booking was cancelled (migration 0007). */
  cancelled_at: string | null;
};

/** ADR 113 (migration 0016): the place's ISO country code, so it reads in every reader's language; null when the text names no country. */
export type BookingPlaceColumns = { country_code: string | null };

export type BookingTables = { bookings: BookingsTable };
