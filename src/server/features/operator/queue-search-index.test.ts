import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, testPostgresUrl, type TestApp } from "../../test-support/test-app.ts";

// ADR 114: on PostgreSQL the queue's text search ("contains", LIKE '%…%') is answered from
// trigram indexes (pg_trgm) instead of reading every booking; bench/admin-queue.ts measures it.
// SQLite keeps its narrow search index (ADR 072).

describe.skipIf(!testPostgresUrl)("the operator queue's text search on PostgreSQL [postgres]", () => {
  let test: TestApp;
  beforeAll(async () => {
    test = await createTestApp("postgres");
  });
  afterAll(() => test.close());

  async function plan(query: ReturnType<typeof sql>): Promise<string> {
    return test.db.transaction().execute(async (trx) => {
      // The test tables are tiny, where reading them whole is cheapest; this asks whether the index can answer.
      await sql`set local enable_seqscan = off`.execute(trx);
      const rows = await sql<{ "QUERY PLAN": string }>`explain ${query}`.execute(trx);
      return rows.rows.map((row) => row["QUERY PLAN"]).join("\n");
    });
  }

  it("finds bookings by name or place and customers by e-mail through trigram indexes", async () => {
    const byText = await plan(sql`select id from bookings where lower(customer_name || ' ' || location) like ${"%sweden%"} escape '!'`);
    expect(byText).toContain("bookings_search_trigram");
    const byEmail = await plan(sql`select id from users where lower(email) like ${"%anna@%"} escape '!'`);
    expect(byEmail).toContain("users_email_trigram");
  });
});
