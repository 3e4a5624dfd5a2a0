import { sql } from "kysely";
import { afterAll, beforeAll, expect, it } from "vitest";
import { createTestApp, describeEachEngine, type TestApp } from "../test-support/test-app.ts";
import { isDatabaseUnavailable } from "./database-unavailable.ts";

// ADR 011: only an outage is a 503; a query the database refuses (a bug, a conflict) stays a 500
// or whatever its handler makes of it, so a real fault is never hidden behind "try again".

describeEachEngine("telling an outage from a refused query", (engine) => {
  let test: TestApp;
  beforeAll(async () => {
    test = await createTestApp(engine);
  });
  afterAll(() => test.close());

  async function errorOf(query: () => Promise<unknown>): Promise<unknown> {
    try {
      await query();
    } catch (error) {
      return error;
    }
    throw new Error("the query did not fail");
  }

  it("does not take a syntax error, a missing table or a constraint violation for an outage", async () => {
    const errors = [
      await errorOf(() => sql`selec 1`.execute(test.db)),
      await errorOf(() => sql`select * from no_such_table`.execute(test.db)),
      await errorOf(() => sql`insert into services (slug) values (null)`.execute(test.db)),
    ];
    expect(errors.map(isDatabaseUnavailable)).toEqual([false, false, false]);
  });

  it("finds an outage given as the cause of another error, and nothing in a plain error", async () => {
    expect(isDatabaseUnavailable(new Error("Something else"))).toBe(false);
    expect(isDatabaseUnavailable(undefined)).toBe(false);
    expect(
      isDatabaseUnavailable(Object.assign(new Error("wrapped"), { cause: Object.assign(new Error("connect"), { code: "ECONNREFUSED" }) })),
    ).toBe(true);
  });
});
