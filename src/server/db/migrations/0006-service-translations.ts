import type { Kysely } from "kysely";
import { serviceTranslationSeed } from "../seed/service-catalogue.ts";

// docs/product.md §3 services, in every language of the site (ADR 003): `services` keeps the English texts,
// `service_translations` the others, so a catalogue editor can change a Swedish name without a
// release. Seeded from the one definition (src/shared/service-titles.ts, catalogue-texts.ts) for the services that
// exist (an operator may have removed some).

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("service_translations")
    .addColumn("service_id", "text", (column) => column.notNull().references("services.id").onDelete("cascade"))
    .addColumn("language", "text", (column) => column.notNull())
    .addColumn("title", "text", (column) => column.notNull())
    .addColumn("description", "text", (column) => column.notNull())
    .addPrimaryKeyConstraint("service_translations_primary_key", ["service_id", "language"])
    .execute();

  const typed = db as Kysely<{ services: { id: string }; service_translations: (typeof serviceTranslationSeed)[number] }>;
  const existing = new Set((await typed.selectFrom("services").select("id").execute()).map((row) => row.id));
  const rows = serviceTranslationSeed.filter((row) => existing.has(row.service_id));
  if (rows.length > 0) await typed.insertInto("service_translations").values(rows).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("service_translations").execute();
}
