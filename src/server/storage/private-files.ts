import { chmodSync, closeSync, existsSync, fchmodSync, mkdirSync, openSync, statSync } from "node:fs";
import path from "node:path";

// Everything the app keeps on disk (the SQLite database with password hashes and sessions, the
// development secret, uploaded ID documents) is readable by its owner alone, whatever the umask
// (OWASP ASVS 5.0 V14.2, sensitive data at rest; ADR 012). A umask can only take permission bits
// away, so creating with the private mode and then chmod-ing gives exactly that mode.

export const privateFileMode = 0o600;
export const privateDirectoryMode = 0o700;

/** Creates the directory (and missing parents) as owner-only; an existing directory is left as it is. */
export function makePrivateDirectory(directory: string): void {
  const firstCreated = mkdirSync(directory, { recursive: true, mode: privateDirectoryMode });
  if (firstCreated === undefined) return;
  for (let current = path.resolve(directory); ; current = path.dirname(current)) {
    chmodSync(current, privateDirectoryMode);
    if (current === path.resolve(firstCreated) || path.dirname(current) === current) break;
  }
}

/**
 * Makes an existing file of ours owner-only if it is looser, e.g. a database created by an older
 * version. A file owned by another user (a mounted volume) is left to its owner.
 */
export function restrictToOwner(file: string): void {
  if (!existsSync(file)) return;
  const stats = statSync(file);
  if ((stats.mode & 0o777 & ~privateFileMode) === 0) return;
  if (process.getuid && stats.uid !== process.getuid()) return;
  chmodSync(file, privateFileMode);
}

/** Creates an empty owner-only file if there is none yet; an existing one is restricted (restrictToOwner). */
export function ensurePrivateFile(file: string): void {
  let descriptor: number;
  try {
    descriptor = openSync(file, "wx", privateFileMode);
  } catch (error) {
    if (error instanceof Error && "code" in error && error.code === "EEXIST") return restrictToOwner(file);
    throw error;
  }
  try {
    fchmodSync(descriptor, privateFileMode);
  } finally {
    closeSync(descriptor);
  }
}
