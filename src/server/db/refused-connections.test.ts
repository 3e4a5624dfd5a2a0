import { randomBytes } from "node:crypto";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, testPostgresUrl, type TestApp } from "../test-support/test-app.ts";
import { waitFor } from "../test-support/wait-for.ts";
import { databaseUnavailableMessage } from "./database-unavailable.ts";

// ADR 110: a PostgreSQL that refuses new connections (a database closed to connections, too many
// clients, a database dropped in a failover) is an outage like a lost network: 503
// database_unavailable, never 500 internal_error. The test makes its own database and closes it.

const postgresUrl = testPostgresUrl;
const application = { fullName: "Anna Berg", email: "anna@example.se", audience: "concierge", message: "Hotel concierge in Stockholm." };

describe.skipIf(!postgresUrl)("a PostgreSQL that refuses new connections [postgres]", () => {
  const name = `refusing_${randomBytes(5).toString("hex")}`;
  let admin: pg.Client;
  let test: TestApp;

  async function closeToConnections() {
    await admin.query(`alter database ${name} allow_connections false`);
    // The app's pooled connections would keep working; a restart or failover drops them too.
    await admin.query("select pg_terminate_backend(pid) from pg_stat_activity where datname = $1", [name]);
    await waitFor(async () => {
      const sessions = await admin.query("select 1 from pg_stat_activity where datname = $1", [name]);
      return sessions.rowCount === 0 ? true : undefined;
    });
    // The pool notices its terminated idle connections when the server's notice arrives.
    await waitFor(async () => (await test.request("GET", "/api/ready")).status !== 200 || undefined);
  }

  beforeAll(async () => {
    admin = new pg.Client({ connectionString: postgresUrl });
    await admin.connect();
    await admin.query(`create database ${name}`);
    const url = new URL(postgresUrl ?? "");
    url.pathname = `/${name}`;
    test = await createTestApp("postgres", { DATABASE_URL: url.toString(), DATABASE_CONNECT_TIMEOUT_MS: "1000" });
  });
  afterAll(async () => {
    await admin.query(`alter database ${name} allow_connections true`).catch(() => {});
    await test.close();
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
  });

  it("answers 503 database_unavailable while the database does not allow connections, and recovers when it does", async () => {
    expect((await test.request("POST", "/api/affiliate/applications", { body: application })).status).toBe(201);
    await closeToConnections();
    for (const [method, url] of [
      ["GET", "/api/ready"],
      ["POST", "/api/affiliate/applications"],
    ] as const) {
      const answer = await test.request(method, url, { body: method === "POST" ? application : undefined });
      expect(answer.status, `${method} ${url}`).toBe(503);
      expect(answer.body.error).toEqual({ code: "database_unavailable", message: databaseUnavailableMessage });
    }
    await admin.query(`alter database ${name} allow_connections true`);
    expect((await test.request("POST", "/api/affiliate/applications", { body: application })).status).toBe(201);
  });

  // DROP DATABASE waits for a checkpoint, which took over 20 s on a host with two CPU-bound neighbours.
  it("answers 503 database_unavailable once the database is gone (dropped in a failover or a restore)", async () => {
    await admin.query(`drop database ${name} with (force)`);
    const answer = await test.request("POST", "/api/affiliate/applications", { body: application });
    expect(answer.status).toBe(503);
    expect(answer.body.error?.code).toBe("database_unavailable");
  }, 90_000);
});
