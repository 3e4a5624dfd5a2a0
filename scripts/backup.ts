// npm run backup [-- --to DIR]
// A consistent copy of the SQLite database and the uploads, safe while the server runs
// (src/server/backup/backup.ts). On PostgreSQL, back up with pg_dump instead (docs/deploy.md).
import path from "node:path";
import { parseArgs } from "node:util";
import { backupTo } from "../src/server/backup/backup.ts";
import { loadEnvironment } from "../src/server/env.ts";

const { values } = parseArgs({ options: { to: { type: "string" } } });
const env = loadEnvironment();
if (env.databaseUrl) {
  console.error("DATABASE_URL is set: back up PostgreSQL with pg_dump and the uploads directory with your file backups (docs/deploy.md).");
  process.exit(2);
}
const stamp = new Date().toISOString().replace(/[:.]/g, "-");
const target = path.resolve(values.to ?? path.join("backups", `nordic-shield-${stamp}`));
try {
  const manifest = backupTo(env, target);
  console.log(`Backed up the database (${manifest.database.bytes} bytes) and ${manifest.uploads.files} uploaded files to ${target}`);
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
}
