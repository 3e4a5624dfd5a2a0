import { execFile } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { BookingView } from "../../shared/booking.ts";
import { cookieHeader, createSignedInUser } from "../test-support/accounts.ts";
import { bookingRequest } from "../test-support/booking-request.ts";
import { startServerProcess } from "../test-support/server-process.ts";
import { createTestApp, testPostgresUrl, type TestApp } from "../test-support/test-app.ts";
import { createLocalDiskStorage } from "../storage/local-disk-storage.ts";

// docs/deploy.md → Backups, PostgreSQL: the commands written there, run as written against the
// machine's PostgreSQL. The dump selects the test's own schema (-n) because the test database is
// shared; a production dump is the whole database. The restored copy must open in the production
// server and show the customer their booking, and the uploads copy must bring the files back.

const run = promisify(execFile);
const postgresUrl = testPostgresUrl;

/** The client tools must be the server's major version: pg_dump refuses a newer server. */
async function majorVersions(url: string) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const { rows } = await client.query<{ server_version_num: string }>("show server_version_num");
  await client.end();
  const { stdout } = await run("pg_dump", ["--version"]);
  return { server: Math.floor(Number(rows[0]!.server_version_num) / 10_000), pgDump: Number(/\s(\d+)\.\d+/.exec(stdout)?.[1]) };
}

async function adminQuery(sql: string) {
  const client = new pg.Client({ connectionString: postgresUrl });
  await client.connect();
  await client.query(sql);
  await client.end();
}

describe.skipIf(!postgresUrl)("PostgreSQL backup with pg_dump and pg_restore [postgres]", () => {
  const root = mkdtempSync(path.join(tmpdir(), "postgres-backup-"));
  const restoredDatabase = `restore_${randomBytes(6).toString("hex")}`;
  let test: TestApp;

  beforeAll(async () => {
    test = await createTestApp("postgres");
  });
  afterAll(async () => {
    await test.close();
    await adminQuery(`drop database if exists ${restoredDatabase}`);
    rmSync(root, { recursive: true, force: true });
  });

  it("restores a customer and their booking into a fresh database that the server opens and serves", async () => {
    const versions = await majorVersions(postgresUrl!);
    expect(versions.pgDump, "pg_dump must match the server's major version").toBe(versions.server);

    // Data made through the app: a customer, a booking created over the API, an uploaded file.
    const customer = await createSignedInUser(test, { fullName: "Ingrid Backup" });
    const created = await test.request("POST", "/api/bookings", {
      headers: { cookie: customer.cookie },
      body: { ...bookingRequest(), location: "Uppsala, Sweden" },
    });
    expect(created.status).toBe(201);
    const booking = created.body as unknown as BookingView;
    const upload = await test.deps.storage.put("id-documents", Buffer.from("scanned passport"), { contentType: "image/jpeg" });

    // docs/deploy.md: pg_dump --format=custom, the uploads as a tar archive beside it.
    const schema = new URL(test.deps.env.databaseUrl!).searchParams.get("options")!.replace("-c search_path=", "");
    const dumpFile = path.join(root, "nordic-shield.dump");
    await run("pg_dump", ["--format=custom", `--schema=${schema}`, `--file=${dumpFile}`, postgresUrl!]);
    const uploadsArchive = path.join(root, "nordic-shield-uploads.tar.gz");
    await run("tar", ["-C", test.deps.env.uploadsDirectory, "-czf", uploadsArchive, "."]);

    // Restore into a fresh, empty database (docs/deploy.md: createdb, then pg_restore --no-owner).
    await run("createdb", [`--maintenance-db=${postgresUrl!}`, restoredDatabase]);
    const restoredUrl = new URL(postgresUrl!);
    restoredUrl.pathname = `/${restoredDatabase}`;
    // ADR 114: the queue's trigram indexes need pg_trgm, which a whole-database dump carries and
    // this dump of one schema does not; the fresh database gets it as the original has it.
    const restoredAdmin = new pg.Client({ connectionString: restoredUrl.toString() });
    await restoredAdmin.connect();
    await restoredAdmin.query("create extension if not exists pg_trgm with schema public");
    await restoredAdmin.end();
    await run("pg_restore", ["--no-owner", `--dbname=${restoredUrl.toString()}`, dumpFile]);
    const restoredUploads = path.join(root, "restored", "uploads");
    mkdirSync(restoredUploads, { recursive: true });
    await run("tar", ["-C", restoredUploads, "-xzf", uploadsArchive]);

    const client = new pg.Client({ connectionString: restoredUrl.toString() });
    await client.connect();
    const rows = await client.query<{ price: number; status: string; email: string }>(
      `select b.price, b.status, u.email from ${schema}.bookings b join ${schema}.users u on u.id = b.user_id where b.id = $1`,
      [booking.id],
    );
    await client.end();
    expect(rows.rows).toEqual([{ price: booking.totalCents, status: "pending", email: customer.user.email }]);
    expect((await createLocalDiskStorage(restoredUploads).get(upload))?.body.toString()).toBe("scanned passport");

    // The production server on the restored copy: the customer signs in and sees the booking.
    restoredUrl.searchParams.set("options", `-c search_path=${schema}`);
    const dataDirectory = path.join(root, "restored");
    const server = await startServerProcess({
      env: {
        DATA_DIR: dataDirectory,
        UPLOADS_DIR: restoredUploads,
        AUTH_SECRET: randomBytes(32).toString("hex"),
        DATABASE_URL: restoredUrl.toString(),
      },
    });
    try {
      const signIn = await fetch(`${server.url}/api/account/sign-in`, {
        method: "POST",
        headers: { "Content-Type": "application/json", Origin: server.url },
        body: JSON.stringify({ email: customer.user.email, password: customer.password }),
      });
      expect(signIn.status).toBe(200);
      const listed = await fetch(`${server.url}/api/bookings/${booking.id}`, {
        headers: { cookie: cookieHeader(signIn.headers.getSetCookie()) },
      });
      expect(listed.status).toBe(200);
      expect(await listed.json()).toMatchObject({ id: booking.id, location: "Uppsala, Sweden", totalCents: booking.totalCents });
    } finally {
      await server.stop();
    }
  }, 60_000);
});
