import type { CompiledQuery, QueryResult } from "kysely";
import { afterAll, beforeAll, expect, it } from "vitest";
import { createSignedInUser } from "../../test-support/accounts.ts";
import { bookingRequest } from "../../test-support/booking-request.ts";
import { createTestApp, describeEachEngine, type TestApp } from "../../test-support/test-app.ts";

// ADR 053 (docs/performance.md "Booking API"): booking creation is the hot path, so what it asks the database is pinned here,
// statement by statement, on both engines. A new booking's insights contribution is made from the
// row and lines it writes (not read back), and a booking made without a card or an invoice has no
// payment side to read back. A change that adds a statement to every booking fails here and says
// in docs/performance.md what it costs.

type QueryExecutor = { executeQuery: (query: CompiledQuery, ...rest: unknown[]) => Promise<QueryResult<unknown>> };

/** Every statement Kysely sends while `action` runs, the transactions' included. */
async function statementsDuring(test: TestApp, action: () => Promise<unknown>): Promise<string[]> {
  const prototype = Object.getPrototypeOf(Object.getPrototypeOf(test.db.getExecutor())) as QueryExecutor;
  const original = prototype.executeQuery;
  const statements: string[] = [];
  prototype.executeQuery = function (this: QueryExecutor, query: CompiledQuery, ...rest: unknown[]) {
    statements.push(query.sql);
    return original.call(this, query, ...rest);
  };
  try {
    await action();
  } finally {
    prototype.executeQuery = original;
  }
  return statements;
}

describeEachEngine("booking creation's statements", (engine) => {
  let test: TestApp;
  let customer: { cookie: string };
  beforeAll(async () => {
    test = await createTestApp(engine);
    customer = await createSignedInUser(test);
  });
  afterAll(() => test.close());

  const book = async () => {
    const request = bookingRequest();
    const response = await test.request("POST", "/api/bookings", { body: request, headers: { cookie: customer.cookie } });
    expect(response.status).toBe(201);
    return request.bookingId;
  };

  it("reads nothing back that it has just written", async () => {
    await book();
    const statements = await statementsDuring(test, book);
    const reads = (table: string) => statements.filter((statement) => new RegExp(`^select .* from "${table}"`, "s").test(statement));
    expect(reads("booking_lines")).toEqual([]);
    expect(reads("booking_assignments")).toEqual([]);
    expect(reads("payments")).toEqual([]);
    expect(reads("payment_events")).toEqual([]);
    expect(reads("invoice_bookings")).toEqual([]);
    expect(statements.filter((statement) => /^select .* from "bookings"/s.test(statement))).toEqual([]);
    // The session (2), the buyer's VAT rule (1), the rate limits (2), the booking and its lines (2),
    // the reply alerts and the mail (3 jobs), the event (1), the insights summary (2).
    // PostgreSQL adds the event's ordering lock and its notification (ADR 091, ADR 092).
    expect(statements).toHaveLength(engine === "postgres" ? 15 : 13);
  });
});
