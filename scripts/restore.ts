// npm run restore -- --from DIR
// Puts a backup made by `npm run backup` back in place. Stop the server first. The database and
// uploads it replaces are moved aside (`*.before-restore-<time>`), never deleted.
import { parseArgs } from "node:util";
import path from "node:path";
import { restoreFrom } from "../src/server/backup/backup.ts";
import { loadEnvironment } from "../src/server/env.ts";

const { values } = parseArgs({ options: { from: { type: "string" } } });
if (!values.from) {
  console.error("Usage: npm run restore -- --from backups/nordic-shield-<time>   (stop the server first)");
  process.exit(2);
}
const env = loadEnvironment();
if (env.databaseUrl) {
  console.error("DATABASE_URL is set: restore PostgreSQL with pg_restore (docs/deploy.md).");
  process.exit(2);
}
try {
  const { manifest, movedAside } = restoreFrom(path.resolve(values.from), env);
  console.log(`Restored the backup of ${manifest.createdAt}; the replaced files were kept with the suffix .${movedAside}`);
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
}
