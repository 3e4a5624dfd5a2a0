import { randomBytes } from "node:crypto";
import pg from "pg";

/**
 * Runs `run` against a schema of its own in `baseUrl`'s database (named `<prefix>_<random>`), so a
 * benchmark's seeded rows meet no other rows; the schema is dropped afterwards, whatever happens.
 */
export async function withPostgresSchema<T>(prefix: string, baseUrl: string, run: (url: string) => Promise<T>): Promise<T> {
  const schema = `${prefix}_${randomBytes(4).toString("hex")}`;
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  try {
    await admin.query(`create schema ${schema}`);
    const url = new URL(baseUrl);
    url.searchParams.set("options", `-c search_path=${schema}`);
    return await run(url.toString());
  } finally {
    await admin.query(`drop schema if exists ${schema} cascade`);
    await admin.end();
  }
}
