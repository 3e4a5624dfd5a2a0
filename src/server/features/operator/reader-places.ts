import type { Kysely } from "kysely";
import type { z } from "zod";
import { isLanguage, type Language } from "../../../shared/languages.ts";
import type { bookingQueueQuerySchema, BookingQueuePage } from "../../../shared/operator.ts";
import { placeLabel } from "../../../shared/place-names.ts";
import { userActor } from "../../access/booking-access.ts";
import type { SignedInUser } from "../../auth/require-user.ts";
import type { DatabaseSchema } from "../../db/schema.ts";
import { bookingDetail } from "./bookings-service.ts";
import { listQueue } from "./repo.ts";

// ADR 113: staff read a booking's place in their own language (their profile's), whatever the
// language the customer booked in: "Stockholm, Sverige" reads "Stockholm, Sweden" in English.

type Db = Kysely<DatabaseSchema>;

async function readerLanguage(db: Db, userId: string): Promise<Language> {
  const row = await db.selectFrom("profiles").select("language").where("id", "=", userId).executeTakeFirst();
  return row && isLanguage(row.language) ? row.language : "en";
}

function inLanguage<Item extends { location: string; countryCode: string | null }>(item: Item, language: Language): Item {
  return { ...item, location: placeLabel(item.location, item.countryCode, language) };
}

/** The bookings queue with every place in the reader's language. */
export async function queueForReader(
  db: Db,
  reader: SignedInUser,
  query: z.output<typeof bookingQueueQuerySchema>,
): Promise<BookingQueuePage> {
  const [language, page] = await Promise.all([readerLanguage(db, reader.id), listQueue(db, userActor(reader), query)]);
  return { ...page, bookings: page.bookings.map((booking) => inLanguage(booking, language)) };
}

/** One booking with its place in the reader's language. */
export async function bookingDetailForReader(db: Db, reader: SignedInUser, id: string) {
  const [language, detail] = await Promise.all([readerLanguage(db, reader.id), bookingDetail(db, reader, id)]);
  return inLanguage(detail, language);
}
