import { randomInt } from "node:crypto";
import type { Environment } from "../env.ts";
import type { Executor } from "../jobs/queue.ts";

// ADR 269: before arrival (TEAM_BEFORE_ARRIVAL_MINUTES before the start) the customer learns the
// lead operative's first name, a phone to call (the lead's or the operations line) and a one-time
// phrase the lead says at the door, so the customer can tell the real team from someone posing as
// it. The phrase is made once per booking when first revealed; neither the customer's page nor the
// operative's brief shows it before that instant.

// Two everyday words and a number: easy to say at a door, about 20 bits, used once.
const words = {
  en: [
    "amber",
    "birch",
    "cedar",
    "delta",
    "ember",
    "fjord",
    "granite",
    "harbour",
    "island",
    "juniper",
    "lantern",
    "meadow",
    "north",
    "orchard",
    "pine",
    "quartz",
    "river",
    "spruce",
    "tide",
    "willow",
  ],
  sv: [
    "bärnsten",
    "björk",
    "ceder",
    "dal",
    "glöd",
    "fjord",
    "granit",
    "hamn",
    "ö",
    "en",
    "lykta",
    "äng",
    "norr",
    "fruktträd",
    "tall",
    "kvarts",
    "älv",
    "gran",
    "tidvatten",
    "vide",
  ],
};

function newPhrase(language: string): string {
  const list = language === "sv" ? words.sv : words.en;
  return `${list[randomInt(list.length)]} ${list[randomInt(list.length)]} ${randomInt(10, 100)}`;
}

/** The instant before which nothing of the arrival may be seen. */
export function arrivalVisibleFrom(start: Date, env: Pick<Environment, "teamBeforeArrivalMs">): Date {
  return new Date(start.getTime() - env.teamBeforeArrivalMs);
}

/** The booking's phrase, made now if it has none; two callers at once end with the same one. */
export async function arrivalPhraseOf(executor: Executor, bookingId: string): Promise<string | null> {
  const booking = await executor
    .selectFrom("bookings")
    .select(["arrival_phrase", "language"])
    .where("id", "=", bookingId)
    .executeTakeFirst();
  if (!booking) return null;
  if (booking.arrival_phrase) return booking.arrival_phrase;
  await executor
    .updateTable("bookings")
    .set({ arrival_phrase: newPhrase(booking.language) })
    .where("id", "=", bookingId)
    .where("arrival_phrase", "is", null)
    .execute();
  const row = await executor.selectFrom("bookings").select("arrival_phrase").where("id", "=", bookingId).executeTakeFirst();
  return row?.arrival_phrase ?? null;
}

/**
 * What the customer is told before arrival: the lead's first name (never the full name, docs/product.md
 * §12), the phone by TEAM_CONTACT_PHONE, and the phrase. Undefined while no operative leads the booking.
 */
export async function revealArrival(
  executor: Executor,
  bookingId: string,
  env: Pick<Environment, "teamContactPhone" | "site">,
): Promise<{ contactName: string; phone: string; phrase: string } | undefined> {
  const lead = await executor
    .selectFrom("booking_assignments")
    .innerJoin("operatives", "operatives.id", "booking_assignments.operative_id")
    .select(["operatives.name", "operatives.phone"])
    .where("booking_assignments.booking_id", "=", bookingId)
    .where("booking_assignments.is_lead", "=", 1)
    .where("booking_assignments.state", "=", "accepted")
    .executeTakeFirst();
  if (!lead) return undefined;
  const phrase = await arrivalPhraseOf(executor, bookingId);
  if (!phrase) return undefined;
  return {
    contactName: lead.name.split(/\s+/)[0] ?? lead.name,
    phone: env.teamContactPhone === "operations" ? env.site.supportPhone : lead.phone,
    phrase,
  };
}
