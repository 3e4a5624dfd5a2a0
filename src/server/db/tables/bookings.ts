// Filled by the bookings feature (migration 0003).
export type BookingTables = Record<never, never>;
