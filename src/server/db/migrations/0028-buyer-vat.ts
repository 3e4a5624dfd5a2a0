import type { Kysely } from "kysely";

// ADR 222: the buyer's kind a booking was priced for (src/shared/buyer-vat.ts): "consumer",
// "swedish_company", "eu_reverse_charge" or "outside_eu". Bookings made before it were all priced
// with Swedish VAT, as a consumer's.

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable("bookings")
    .addColumn("buyer_vat", "text", (column) => column.notNull().defaultTo("consumer"))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("bookings").dropColumn("buyer_vat").execute();
}
