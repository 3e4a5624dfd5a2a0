import { randomBytes } from "node:crypto";
import pg from "pg";
import { afterAll, describe, expect, it } from "vitest";
import { openDatabase } from "./database.ts";
import { migrateToLatest } from "./migrate.ts";
import { createPostgresSchema } from "../test-support/server-process.ts";
import { testPostgresUrl } from "../test-support/test-app.ts";

// Tests share one PostgreSQL database, each in its own schema, and drop their schema when done;
// several app processes may share one database the same way. Migrating must not fail because
// another client dropped its own schema meanwhile (migrate.ts: Kysely's catalogue read). The churn
// runs in a database of its own, so that it provokes only this test's migrations.
describe.skipIf(!testPostgresUrl)("migrating while other schemas are dropped [postgres]", () => {
  const databaseName = `schema_race_${randomBytes(6).toString("hex")}`;
  const databaseUrl = new URL(testPostgresUrl ?? "postgres://unused");
  databaseUrl.pathname = `/${databaseName}`;
  const adminQuery = async (text: string) => {
    const client = new pg.Client({ connectionString: testPostgresUrl });
    await client.connect();
    try {
      await client.query(text);
    } finally {
      await client.end();
    }
  };
  afterAll(async () => {
    await adminQuery(`drop database if exists ${databaseName} with (force)`);
  });

  it("migrates every fresh schema while other clients create and drop theirs", async () => {
    await adminQuery(`create database ${databaseName}`);
    const admin = new pg.Client({ connectionString: databaseUrl.toString() });
    await admin.connect();
    let churning = true;
    // Another client's schemas, each with a table of many columns, made and dropped in a loop.
    const churn = (async () => {
      const columns = Array.from({ length: 60 }, (_, index) => `c${index} integer`).join(", ");
      const tables = Array.from({ length: 20 }, (_, index) => `create table %s.t${index} (${columns});`).join(" ");
      for (let round = 0; churning && round < 2000; round += 1) {
        const name = `churn_${process.pid}_${round}`;
        await admin.query(`create schema ${name}; ${tables.replaceAll("%s", name)}`);
        await admin.query(`drop schema ${name} cascade`);
      }
    })();
    const failures: string[] = [];
    try {
      for (let run = 0; run < 12; run += 1) {
        const schema = await createPostgresSchema(databaseUrl.toString());
        const database = openDatabase({ databaseUrl: schema.url, dataDirectory: "unused" });
        try {
          await migrateToLatest(database.db);
        } catch (error) {
          failures.push(String(error));
        } finally {
          await database.close();
        }
      }
    } finally {
      churning = false;
      await churn;
      await admin.end();
    }
    expect(failures).toEqual([]);
  }, 120_000);
});
