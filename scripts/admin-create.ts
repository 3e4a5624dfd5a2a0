// npm run admin:create -- --email you@example.com [--name "Full Name"]
// Creates an admin account (or promotes an existing one) in the database the server uses
// (DATABASE_URL, else SQLite under DATA_DIR) and prints a one-time link to choose its password.
// The link is valid for one hour (ADR 031); run the command again for a new one.
import { parseArgs } from "node:util";
import pino from "pino";
import { createAuthService } from "../src/server/auth/auth.ts";
import type { AppDependencies } from "../src/server/context.ts";
import { openDatabase } from "../src/server/db/database.ts";
import { migrateToLatest } from "../src/server/db/migrate.ts";
import { loadEnvironment } from "../src/server/env.ts";
import { createOrPromoteAdmin } from "../src/server/admin-bootstrap.ts";
import { createLocalDiskStorage } from "../src/server/storage/local-disk-storage.ts";

const { values } = parseArgs({ options: { email: { type: "string" }, name: { type: "string" } } });
if (!values.email || !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(values.email)) {
  console.error('Usage: npm run admin:create -- --email you@example.com [--name "Full Name"]');
  process.exit(2);
}

const env = loadEnvironment();
const database = openDatabase({ databaseUrl: env.databaseUrl, dataDirectory: env.dataDirectory, timeouts: env.databaseTimeouts });
try {
  await migrateToLatest(database.db);
  const deps: AppDependencies = { env, database, logger: pino({ level: "silent" }), storage: createLocalDiskStorage(env.uploadsDirectory) };
  const result = await createOrPromoteAdmin(deps, createAuthService(deps), {
    email: values.email,
    ...(values.name && { name: values.name }),
  });
  console.log(result.created ? `Created admin ${values.email}.` : `${values.email} is now an admin.`);
  console.log("Open this link within 1 hour to choose the password (it works once):");
  console.log(result.link);
  // ADR 271: the console takes a passkey (or BankID) sign-in only; say so before the admin meets it.
  console.log(
    "Then sign in at /login: the console asks you to add a passkey (your device's fingerprint, face or PIN) and to sign in again with it. Staff cannot use the console with a password alone.",
  );
  // ADR 071: this command runs in its own shell, which may not carry the server's PORT or APP_URL.
  if (!env.appUrlConfigured) {
    console.error(
      `APP_URL is not set, so the link assumes the app is at ${env.appUrl}. If it is opened elsewhere, run the command again with APP_URL set to that origin (or PORT to the server's port).`,
    );
  }
} finally {
  await database.close();
}
