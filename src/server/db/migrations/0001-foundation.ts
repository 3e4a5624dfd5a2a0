import type { Kysely } from "kysely";
import { serviceCatalogueSeed } from "../seed/service-catalogue.ts";

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("services")
    .addColumn("id", "text", (column) => column.primaryKey())
    .addColumn("slug", "text", (column) => column.notNull().unique())
    .addColumn("title", "text", (column) => column.notNull())
    .addColumn("description", "text", (column) => column.notNull())
    .addColumn("type", "text", (column) => column.notNull())
    .addColumn("base_price_cents", "integer", (column) => column.notNull())
    .addColumn("original_price_cents", "integer")
    .addColumn("price_unit", "text", (column) => column.notNull())
    .addColumn("guard_multiplier", "integer", (column) => column.notNull().defaultTo(1))
    .addColumn("min_guards", "integer", (column) => column.notNull().defaultTo(1))
    .addColumn("max_guards", "integer", (column) => column.notNull().defaultTo(10))
    .addColumn("duration_options", "text", (column) => column.notNull())
    .addColumn("style_options", "text", (column) => column.notNull())
    .addColumn("car_options", "text")
    .addColumn("car_prices", "text")
    .addColumn("time_of_day_prices", "text")
    .addColumn("sort_order", "integer", (column) => column.notNull().defaultTo(0))
    .execute();

  await db.schema
    .createTable("app_config")
    .addColumn("key", "text", (column) => column.primaryKey())
    .addColumn("value", "text", (column) => column.notNull())
    .execute();

  await db.schema
    .createTable("affiliate_applications")
    .addColumn("id", "text", (column) => column.primaryKey())
    .addColumn("full_name", "text", (column) => column.notNull())
    .addColumn("email", "text", (column) => column.notNull())
    .addColumn("audience", "text", (column) => column.notNull())
    .addColumn("message", "text", (column) => column.notNull())
    .addColumn("language", "text", (column) => column.notNull())
    .addColumn("created_at", "text", (column) => column.notNull())
    .execute();

  // docs/product.md §3: the catalogue is seeded when the database is created.
  await (db as Kysely<Record<string, Record<string, unknown>>>).insertInto("services").values(serviceCatalogueSeed).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("affiliate_applications").execute();
  await db.schema.dropTable("app_config").execute();
  await db.schema.dropTable("services").execute();
}
