import { existsSync, mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { openDatabase } from "../db/database.ts";
import { migrateToLatest } from "../db/migrate.ts";
import { createLocalDiskStorage } from "../storage/local-disk-storage.ts";
import { backupTo, databaseFileName, restoreFrom } from "./backup.ts";

// npm run backup / npm run restore (docs/deploy.md): a consistent copy of a running SQLite database
// and its uploads comes back whole, a damaged copy is refused before anything changes, and what a
// restore replaces is moved aside, never deleted.

const roots: string[] = [];
afterAll(() => {
  for (const root of roots) rmSync(root, { recursive: true, force: true });
});

function newSetup() {
  const root = mkdtempSync(path.join(tmpdir(), "backup-test-"));
  roots.push(root);
  const dataDirectory = path.join(root, "data");
  return { root, dataDirectory, uploadsDirectory: path.join(dataDirectory, "uploads") };
}

async function openApp(dataDirectory: string) {
  const database = openDatabase({ dataDirectory });
  await migrateToLatest(database.db);
  return database;
}

const affiliate = (id: string) => ({
  id,
  full_name: "Ebba Strand",
  email: `${id}@example.test`,
  audience: "Event planners in Stockholm",
  message: "",
  language: "en",
  created_at: new Date().toISOString(),
});

describe("backup and restore", () => {
  it("round-trips the database and the uploads taken while the database is open, and moves the replaced state aside", async () => {
    const setup = newSetup();
    const database = await openApp(setup.dataDirectory);
    const storage = createLocalDiskStorage(setup.uploadsDirectory);
    await database.db.insertInto("affiliate_applications").values(affiliate("kept")).execute();
    const passport = await storage.put("id-documents", Buffer.from("passport scan"), { contentType: "image/jpeg" });

    // Taken while the app's connection is open, as `npm run backup` is against a running server.
    const target = path.join(setup.root, "backup-1");
    const manifest = backupTo(setup, target);
    expect(manifest.uploads.files).toBe(1);
    expect(statSync(target).mode & 0o777).toBe(0o700);
    expect(statSync(path.join(target, databaseFileName)).mode & 0o777).toBe(0o600);

    // Life goes on after the backup: a row is added, one removed, the file deleted.
    await database.db.insertInto("affiliate_applications").values(affiliate("later")).execute();
    await database.db.deleteFrom("affiliate_applications").where("id", "=", "kept").execute();
    await storage.delete(passport);
    await database.close();

    const restored = restoreFrom(target, setup);
    const reopened = await openApp(setup.dataDirectory);
    const ids = (await reopened.db.selectFrom("affiliate_applications").select("id").execute()).map((row) => row.id);
    expect(ids).toEqual(["kept"]);
    expect((await createLocalDiskStorage(setup.uploadsDirectory).get(passport))?.body.toString()).toBe("passport scan");
    await reopened.close();
    // The state the restore replaced is still there, beside it.
    const aside = readdirSync(setup.dataDirectory).filter((name) => name.includes(restored.movedAside));
    expect(aside).toEqual(expect.arrayContaining([`${databaseFileName}.${restored.movedAside}`, `uploads.${restored.movedAside}`]));
  });

  it("refuses a damaged backup before changing anything, and never writes into a used directory", async () => {
    const setup = newSetup();
    const database = await openApp(setup.dataDirectory);
    await database.db.insertInto("affiliate_applications").values(affiliate("current")).execute();
    const target = path.join(setup.root, "backup-2");
    backupTo(setup, target);
    expect(() => backupTo(setup, target)).toThrow(/not empty/);

    writeFileSync(path.join(target, databaseFileName), "not a database");
    expect(() => restoreFrom(target, setup)).toThrow(/damaged/);
    const ids = (await database.db.selectFrom("affiliate_applications").select("id").execute()).map((row) => row.id);
    expect(ids).toEqual(["current"]);
    expect(readdirSync(setup.dataDirectory).some((name) => name.includes("before-restore"))).toBe(false);
    await database.close();
  });

  it("says there is nothing to back up when there is no database, and leaves no partial backup", () => {
    const setup = newSetup();
    const target = path.join(setup.root, "backup-3");
    expect(() => backupTo(setup, target)).toThrow(/No database/);
    expect(existsSync(target)).toBe(false);
  });
});
