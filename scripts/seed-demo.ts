// npm run seed:demo [-- --bookings 100000 --customers 2000]
// Fills the configured database (DATABASE_URL, else SQLite under DATA_DIR) with demo customers,
// operatives and bookings for trying and measuring the operator console (ADR 072). Demo accounts
// share one password, printed at the end; never run against production data.
import { parseArgs } from "node:util";
import { openDatabase } from "../src/server/db/database.ts";
import { migrateToLatest } from "../src/server/db/migrate.ts";
import { loadEnvironment } from "../src/server/env.ts";
import { demoDefaults, seedDemo } from "./demo-data.ts";

const { values } = parseArgs({ options: { bookings: { type: "string" }, customers: { type: "string" }, operatives: { type: "string" } } });
const env = loadEnvironment();
if (env.isProduction) {
  console.error("seed:demo refuses to run with NODE_ENV=production.");
  process.exit(2);
}
const database = openDatabase({
  databaseUrl: env.databaseUrl,
  dataDirectory: env.dataDirectory,
  timeouts: { connectTimeoutMs: 5_000, statementTimeoutMs: 600_000 },
});
try {
  await migrateToLatest(database.db);
  const started = performance.now();
  const result = await seedDemo(database.db, {
    ...demoDefaults,
    ...(values.bookings && { bookings: Number(values.bookings) }),
    ...(values.customers && { customers: Number(values.customers) }),
    ...(values.operatives && { operatives: Number(values.operatives) }),
  });
  console.log(`Seeded ${database.location} in ${Math.round(performance.now() - started)} ms:`, JSON.stringify(result));
  console.log(`Demo accounts sign in with the password ${demoDefaults.password}.`);
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
} finally {
  await database.close();
}
