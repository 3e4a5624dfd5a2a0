import path from "node:path";
import { DatabaseSync } from "node:sqlite";
import { operatorToday } from "../../src/shared/time.ts";
import { e2eSettings } from "./settings.ts";

// Duty steps follow the booking's times (ADR 218): a journey that must be on duty today moves the
// booking's times in the journeys' own SQLite database, as if the days up to it had passed.

/** The journeys' server's database, waiting up to 5 s for the server's own writes. */
export function journeyDatabase(): DatabaseSync {
  const handle = new DatabaseSync(path.join(e2eSettings.dataDirectory, "app.db"));
  handle.exec("PRAGMA busy_timeout = 5000");
  return handle;
}

/** The booking starts in an hour and lasts twelve, as if the days up to it had passed. */
export function startBookingSoon(bookingId: string) {
  const startMs = Date.now() + 3_600_000;
  const handle = journeyDatabase();
  try {
    handle
      .prepare("update bookings set start_time = ?, end_time = ?, start_date = ?, end_date = ? where id = ?")
      .run(
        new Date(startMs).toISOString(),
        new Date(startMs + 12 * 3_600_000).toISOString(),
        operatorToday(new Date(startMs)),
        operatorToday(new Date(startMs + 12 * 3_600_000)),
        bookingId,
      );
  } finally {
    handle.close();
  }
}
