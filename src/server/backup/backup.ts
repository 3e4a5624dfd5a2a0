import { createHash } from "node:crypto";
import { chmodSync, cpSync, existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";
import { DatabaseSync } from "node:sqlite";

// Backups of the embedded setup (SQLite file + uploads directory). The database copy is taken with
// SQLite's VACUUM INTO, a consistent snapshot made through a read transaction while the server keeps
// running (https://www.sqlite.org/lang_vacuum.html#vacuuminto); uploads are written once and never
// changed in place (ADR 013), so copying the directory after the snapshot misses nothing the
// snapshot refers to. PostgreSQL is backed up with pg_dump (docs/deploy.md).

export const databaseFileName = "app.db";
const manifestName = "manifest.json";
const uploadsName = "uploads";

export type BackupManifest = {
  createdAt: string;
  database: { file: string; sha256: string; bytes: number };
  uploads: { files: number };
};

function sha256Of(file: string): string {
  return createHash("sha256").update(readFileSync(file)).digest("hex");
}

function filesBelow(directory: string): string[] {
  if (!existsSync(directory)) return [];
  return readdirSync(directory).flatMap((name) => {
    const full = path.join(directory, name);
    return statSync(full).isDirectory() ? filesBelow(full) : [full];
  });
}

/** Copies the database and the uploads into `target` (a new, owner-only directory) and returns the manifest. */
export function backupTo(source: { dataDirectory: string; uploadsDirectory: string }, target: string, now = new Date()): BackupManifest {
  const databaseFile = path.join(source.dataDirectory, databaseFileName);
  if (!existsSync(databaseFile)) throw new Error(`No database at ${databaseFile}: nothing to back up.`);
  if (existsSync(target) && readdirSync(target).length > 0) throw new Error(`${target} is not empty; choose a new directory.`);
  mkdirSync(target, { recursive: true, mode: 0o700 });
  // Personal data (passports): the copy stays readable by its owner only, like the original (ADR 012).
  chmodSync(target, 0o700);
  try {
    const copy = path.join(target, databaseFileName);
    const database = new DatabaseSync(databaseFile);
    try {
      // ADR 111: every connection to the database file zeroes what it deletes.
      database.exec("PRAGMA busy_timeout = 5000; PRAGMA secure_delete = ON");
      database.prepare("VACUUM INTO ?").run(copy);
    } finally {
      database.close();
    }
    chmodSync(copy, 0o600);
    if (existsSync(source.uploadsDirectory)) {
      cpSync(source.uploadsDirectory, path.join(target, uploadsName), { recursive: true, preserveTimestamps: true, errorOnExist: true });
    }
    const manifest: BackupManifest = {
      createdAt: now.toISOString(),
      database: { file: databaseFileName, sha256: sha256Of(copy), bytes: statSync(copy).size },
      uploads: { files: filesBelow(path.join(target, uploadsName)).length },
    };
    writeFileSync(path.join(target, manifestName), `${JSON.stringify(manifest, null, 2)}\n`, { mode: 0o600 });
    return manifest;
  } catch (error) {
    // A half-written backup must not pass for a whole one.
    rmSync(target, { recursive: true, force: true });
    throw error;
  }
}

/**
 * Puts a backup back in place of the current database and uploads. The server must be stopped: a
 * running process would keep writing to the file it has open. The copy is checked against its
 * manifest first; what it replaces is moved aside (`*.before-restore-<time>`), never deleted.
 */
export function restoreFrom(backup: string, target: { dataDirectory: string; uploadsDirectory: string }, now = new Date()) {
  const manifest = JSON.parse(readFileSync(path.join(backup, manifestName), "utf8")) as BackupManifest;
  const copy = path.join(backup, manifest.database.file);
  if (sha256Of(copy) !== manifest.database.sha256) throw new Error(`${copy} does not match its manifest: the backup is damaged.`);
  const check = new DatabaseSync(copy, { readOnly: true });
  try {
    const result = check.prepare("PRAGMA integrity_check").get() as { integrity_check: string };
    if (result.integrity_check !== "ok") throw new Error(`${copy} fails SQLite's integrity check: ${result.integrity_check}`);
  } finally {
    check.close();
  }

  const suffix = `before-restore-${now.toISOString().replace(/[:.]/g, "-")}`;
  const databaseFile = path.join(target.dataDirectory, databaseFileName);
  mkdirSync(target.dataDirectory, { recursive: true, mode: 0o700 });
  for (const file of [databaseFile, `${databaseFile}-wal`, `${databaseFile}-shm`]) {
    if (existsSync(file)) renameSync(file, `${file}.${suffix}`);
  }
  cpSync(copy, databaseFile);
  chmodSync(databaseFile, 0o600);
  if (existsSync(target.uploadsDirectory)) renameSync(target.uploadsDirectory, `${target.uploadsDirectory}.${suffix}`);
  const uploads = path.join(backup, uploadsName);
  if (existsSync(uploads)) cpSync(uploads, target.uploadsDirectory, { recursive: true, preserveTimestamps: true });
  else mkdirSync(target.uploadsDirectory, { recursive: true, mode: 0o700 });
  return { manifest, movedAside: suffix };
}
