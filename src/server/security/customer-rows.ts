import { sql } from "kysely";
import { readdirSync } from "node:fs";
import path from "node:path";
import sharp from "sharp";
import { addDays, operatorToday } from "../../shared/time.ts";
import { createSignedInUser } from "../test-support/accounts.ts";
import { insertBooking } from "../test-support/operator.ts";
import { endpoints, fillPath } from "./endpoints.ts";
import type { TestApp } from "../test-support/test-app.ts";

// A customer who owns one row of every kind a customer can own (a card, an ID document with its
// file, a booking, an I.C.E. contact, an additional e-mail and a picture), made through the API as
// the dashboard makes them, and a snapshot of all of it: attack tests compare it before and after.

export type Customer = Awaited<ReturnType<typeof createSignedInUser>>;

export type OwnedIds = { card: string; document: string; booking: string; contact: string; email: string };

const ownedTables = ["payment_methods", "id_verifications", "bookings", "emergency_contacts", "profile_emails"] as const;

export function testPhoto(): Promise<Buffer<ArrayBuffer>> {
  return sharp({ create: { width: 400, height: 300, channels: 3, background: { r: 40, g: 90, b: 160 } } })
    .jpeg()
    .toBuffer() as Promise<Buffer<ArrayBuffer>>;
}

async function expectCreated(response: Promise<{ status: number; body: unknown }>) {
  const { status, body } = await response;
  if (status !== 201 && status !== 200) throw new Error(`fixture request failed: ${status} ${JSON.stringify(body)}`);
}

export async function createCustomerWithRows(test: TestApp, overrides: Parameters<typeof createSignedInUser>[1] = {}) {
  const customer = await createSignedInUser(test, overrides);
  const userId = customer.user.id;
  const headers = { cookie: customer.cookie };
  await expectCreated(
    test.request("POST", "/api/account/payment-methods", {
      body: { cardNumber: "4242 4242 4242 4242", expiry: "12/34", cvv: "123" },
      headers,
    }),
  );
  const photo = await testPhoto();
  for (const url of ["/api/account/id-verifications?type=passport", "/api/profile/avatar"]) {
    const upload = await test.app.request(url, { method: "POST", body: photo, headers: { ...headers, "Content-Type": "image/jpeg" } });
    if (upload.status !== 200 && upload.status !== 201) throw new Error(`upload fixture failed: ${upload.status} ${url}`);
  }
  const booking = await insertBooking(test, { userId, startDate: addDays(operatorToday(new Date()), 30) });
  await expectCreated(
    test.request("POST", "/api/emergency-contacts", { body: { name: "Karin Lindqvist", phone: "+46 70 765 43 21", email: "" }, headers }),
  );
  await expectCreated(test.request("POST", "/api/profile/emails", { body: { email: `work-${userId.slice(0, 8)}@example.test` }, headers }));
  const idOf = async (table: "payment_methods" | "id_verifications" | "emergency_contacts" | "profile_emails") =>
    (await test.db.selectFrom(table).select("id").where("user_id", "=", userId).executeTakeFirstOrThrow()).id;
  const ids: OwnedIds = {
    card: await idOf("payment_methods"),
    document: await idOf("id_verifications"),
    booking,
    contact: await idOf("emergency_contacts"),
    email: await idOf("profile_emails"),
  };
  return { ...customer, ids };
}

/** Every row and stored file of one user, to compare before and after an attack. */
export async function snapshotOf(test: TestApp, userId: string) {
  const rows: Record<string, unknown[]> = {};
  for (const table of ownedTables) {
    rows[table] = await test.db.selectFrom(table).selectAll().where("user_id", "=", userId).orderBy("id").execute();
  }
  rows.users = await test.db.selectFrom("users").selectAll().where("id", "=", userId).execute();
  rows.profiles = await test.db.selectFrom("profiles").selectAll().where("id", "=", userId).execute();
  rows.sessions = await test.db.selectFrom("sessions").select(["id", "expires_at"]).where("user_id", "=", userId).orderBy("id").execute();
  return { rows, files: storedFiles(test) };
}

/** Every file under the uploads directory, as paths relative to it. */
export function storedFiles(test: TestApp): string[] {
  const root = test.deps.env.uploadsDirectory;
  try {
    return readdirSync(root, { recursive: true, encoding: "utf8" })
      .map((entry) => path.normalize(entry))
      .sort();
  } catch {
    return [];
  }
}

/**
 * Every row of every table of the app's database, each table's rows sorted: "nothing changed"
 * after an attack means this is equal before and after.
 */
export async function databaseContents(test: TestApp): Promise<Record<string, string[]>> {
  // On PostgreSQL only this app's schema is read: listing every schema's tables (Kysely's introspector)
  // fails when another test file drops its schema meanwhile.
  const tables =
    test.deps.env.databaseUrl === undefined
      ? await test.db.introspection.getTables()
      : (
          await sql<{ name: string }>`select table_name as name from information_schema.tables
            where table_schema = current_schema() and table_type = 'BASE TABLE'`.execute(test.db)
        ).rows;
  const contents: Record<string, string[]> = {};
  for (const table of tables) {
    const rows = await sql<Record<string, unknown>>`select * from ${sql.table(table.name)}`.execute(test.db);
    contents[table.name] = rows.rows.map((row) => JSON.stringify(row)).sort();
  }
  return contents;
}

/**
 * A staff account that owns one row of every kind, an operative and a customer's pending booking:
 * with `ownPath` every endpoint's path names real rows the account may act on, so a request that is
 * refused is refused for what it carries, not for a missing row.
 */
export async function createAdminWithRows(test: TestApp) {
  const admin = await createCustomerWithRows(test, { role: "admin" });
  const operative = endpoints.find((endpoint) => endpoint.method === "POST" && endpoint.path === "/api/admin/operatives")?.example?.();
  await test.request("POST", "/api/admin/operatives", { body: operative, headers: { cookie: admin.cookie } });
  const operativeId = (await test.db.selectFrom("operatives").select("id").executeTakeFirstOrThrow()).id;
  const pending = await insertBooking(test, { startDate: addDays(operatorToday(new Date()), 12) });
  const ids = { ...admin.ids, operative: operativeId, pending, user: admin.user.id };
  /** The path with this account's own rows, the right kind for each endpoint. */
  const ownPath = (path: string) =>
    fillPath(path, (parameter) => {
      if (parameter === "operativeId" || path.startsWith("/api/admin/operatives")) return ids.operative;
      if (path.startsWith("/api/admin/bookings")) return ids.pending;
      if (path.includes("/id-verifications")) return ids.document;
      if (path.startsWith("/api/admin/users")) return ids.user;
      if (path.startsWith("/api/admin/services")) return "svc-residential";
      if (path.startsWith("/api/account/payment-methods")) return ids.card;
      if (path.startsWith("/api/bookings")) return ids.booking;
      if (path.startsWith("/api/emergency-contacts")) return ids.contact;
      return ids.email;
    });
  return { ...admin, ids, ownPath };
}
