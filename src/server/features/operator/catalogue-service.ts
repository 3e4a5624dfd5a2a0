import type { Kysely } from "kysely";
import type { z } from "zod";
import type { EditableService, serviceEditSchema } from "../../../shared/operator.ts";
import type { SignedInUser } from "../../auth/require-user.ts";
import { toCatalogueService } from "../../catalogue-store.ts";
import type { AppDependencies } from "../../context.ts";
import type { AppServices } from "../../app-env.ts";
import type { DatabaseSchema } from "../../db/schema.ts";
import { HttpError, notFound } from "../../http-error.ts";
import { writeAudit } from "../../audit/audit-log.ts";

// The catalogue editor of the operator console (ADR 070).

type Db = Kysely<DatabaseSchema>;

async function readService(db: Db, id: string): Promise<EditableService> {
  const row = await db.selectFrom("services").selectAll().where("id", "=", id).executeTakeFirst();
  if (!row) throw notFound("noSuchService");
  return { ...toCatalogueService(row), sortOrder: row.sort_order };
}

export async function listServices(db: Db): Promise<EditableService[]> {
  const rows = await db.selectFrom("services").selectAll().orderBy("sort_order").orderBy("id").execute();
  return rows.map((row) => ({ ...toCatalogueService(row), sortOrder: row.sort_order }));
}

export { readService as getService };

const cents = (euros: number) => Math.round(euros * 100);

/**
 * Saves every field of a service. New quotes price against it at once (the catalogue cache is
 * dropped); stored bookings keep the price they were booked at (bookings.price is never derived).
 */
export async function updateService(
  deps: AppDependencies,
  services: AppServices,
  actor: SignedInUser,
  id: string,
  input: z.output<typeof serviceEditSchema>,
): Promise<EditableService> {
  const db = deps.database.db;
  const now = new Date().toISOString();
  await db.transaction().execute(async (trx) => {
    const before = await readService(trx, id);
    const clash = await trx.selectFrom("services").select("id").where("slug", "=", input.slug).where("id", "!=", id).executeTakeFirst();
    if (clash) throw HttpError.because(409, "already_exists", "serviceSlugTaken", { fields: { slug: "Another service has this slug." } });
    const json = (value: unknown) => (value === null ? null : JSON.stringify(value));
    await trx
      .updateTable("services")
      .set({
        slug: input.slug,
        title: input.title,
        description: input.description,
        type: input.type,
        base_price_cents: cents(input.basePrice),
        original_price_cents: input.originalPrice === null ? null : cents(input.originalPrice),
        price_unit: input.priceUnit,
        guard_multiplier: input.guardMultiplier ? 1 : 0,
        min_guards: input.minGuards,
        max_guards: input.maxGuards,
        duration_options: JSON.stringify(input.durationOptions),
        style_options: JSON.stringify(input.styleOptions),
        car_options: json(input.carOptions),
        car_prices: json(input.carPrices),
        time_of_day_prices: json(input.timeOfDayPrices),
        sort_order: input.sortOrder,
      })
      .where("id", "=", id)
      .execute();
    await writeAudit(
      trx,
      { actorUserId: actor.id, action: "service.update", subjectType: "service", subjectId: id, before, after: input },
      now,
    );
  });
  services.catalogue.forget();
  return readService(db, id);
}
