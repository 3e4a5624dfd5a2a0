import { randomBytes } from "node:crypto";
import { open, readdir, readFile, rename, stat, unlink } from "node:fs/promises";
import path from "node:path";
import { makePrivateDirectory, privateFileMode } from "./private-files.ts";
import {
  checkPut,
  isFileName,
  newStorageKey,
  StorageError,
  StorageFullError,
  type StorageArea,
  parseStorageKey,
  storageAreas,
  type FileStorage,
  type StoredFile,
  type StorageVisibility,
} from "./storage.ts";

// ADR 013: each file is one owner-only file under <root>/<area>/<uuid>. Its first line is a JSON
// header (content type, visibility, creation time), the bytes follow, so one rename publishes the
// bytes and what they are together. A crash mid-write leaves only a temporary file, never half a file.
// ADR 083: a write that would take the uploads past their quota, or that the file system refuses
// for want of space, is refused as StorageFullError and leaves no file, temporary or otherwise.

type Header = { contentType: string; visibility: StorageVisibility; createdAt: string };

const newline = 0x0a;

function hasCode(error: unknown, ...codes: string[]): boolean {
  return error instanceof Error && "code" in error && typeof error.code === "string" && codes.includes(error.code);
}

function isMissing(error: unknown): boolean {
  return hasCode(error, "ENOENT");
}

/** The size of a file, 0 when it is gone (another request may delete one while we count). */
async function sizeOf(file: string): Promise<number> {
  try {
    return (await stat(file)).size;
  } catch (error) {
    if (isMissing(error)) return 0;
    throw error;
  }
}

/** Files stat-ed at once when the quota is counted: enough to keep the disk busy, few enough file descriptors. */
const statBatch = 64;

/** A write takes milliseconds; a temporary file this old belongs to no live write (ADR 111). */
export const unfinishedWriteAgeMs = 60_000;

/**
 * ADR 111: removes the temporary files of writes that never finished (a process killed between
 * open and rename), which carry the name of the file they were to become, a user id for an avatar.
 * Younger ones are left: another process (admin:create, a second server on the same volume) may
 * be writing them now. Resolves with how many were removed.
 */
export async function removeUnfinishedWrites(root: string, now = Date.now()): Promise<number> {
  let removed = 0;
  for (const area of storageAreas) {
    const areaDirectory = path.join(path.resolve(root), area);
    let names: string[];
    try {
      names = await readdir(areaDirectory);
    } catch (error) {
      if (isMissing(error)) continue;
      throw error;
    }
    for (const name of names.filter((entry) => entry.endsWith(".tmp"))) {
      const file = path.join(areaDirectory, name);
      try {
        if (now - (await stat(file)).mtimeMs < unfinishedWriteAgeMs) continue;
        await unlink(file);
        removed++;
      } catch (error) {
        if (!isMissing(error)) throw error;
      }
    }
  }
  return removed;
}

export type LocalDiskStorageOptions = {
  /** Most bytes all stored files (headers included) and unfinished writes may take together; none when undefined. */
  maxBytes?: number;
};

export function createLocalDiskStorage(root: string, options: LocalDiskStorageOptions = {}): FileStorage {
  const directory = path.resolve(root);
  makePrivateDirectory(directory);
  for (const area of storageAreas) makePrivateDirectory(path.join(directory, area));
  const { maxBytes } = options;
  /** Quota checks and the writes they allow run one at a time, so two uploads cannot share the last free bytes. */
  let quotaTurn: Promise<unknown> = Promise.resolve();

  /**
   * Bytes the uploads take now: every file of every area, temporary files of writes in progress
   * too. Counted afresh for each upload (ADR 083), a batch of stats at a time.
   */
  async function bytesUsed(): Promise<number> {
    let total = 0;
    for (const area of storageAreas) {
      const files = (await readdir(path.join(directory, area))).map((name) => path.join(directory, area, name));
      for (let start = 0; start < files.length; start += statBatch) {
        const sizes = await Promise.all(files.slice(start, start + statBatch).map(sizeOf));
        total += sizes.reduce((sum, size) => sum + size, 0);
      }
    }
    return total;
  }

  /** Refuses a write of `size` bytes over `file` that would take the uploads past `limit`. */
  async function checkQuota(file: string, size: number, limit: number): Promise<void> {
    // A file replaced in place (an avatar) frees its own bytes.
    const after = (await bytesUsed()) - (await sizeOf(file)) + size;
    if (after > limit) throw new StorageFullError(`${after} bytes would exceed UPLOADS_MAX_BYTES=${limit}`);
  }

  /** The file of a key, or null for anything that is not a key we made (no path from outside). */
  function fileOf(key: string): string | null {
    const parsed = parseStorageKey(key);
    return parsed ? path.join(directory, parsed.area, parsed.name) : null;
  }

  /** Writes header and bytes to a temporary file, then renames it over the key's file (atomic). */
  async function writeFile(
    key: string,
    area: StorageArea,
    body: Uint8Array,
    options: { contentType: string; visibility?: StorageVisibility },
  ): Promise<string> {
    const visibility = checkPut(area, options);
    const file = fileOf(key);
    if (!file) throw new StorageError(`Not a storage key: ${key}`);
    const header: Header = { contentType: options.contentType, visibility, createdAt: new Date().toISOString() };
    const content = Buffer.concat([Buffer.from(`${JSON.stringify(header)}\n`), body]);
    if (maxBytes === undefined) {
      await writeAtomically(file, content);
      return key;
    }
    const turn = quotaTurn.then(async () => {
      await checkQuota(file, content.length, maxBytes);
      await writeAtomically(file, content);
    });
    quotaTurn = turn.catch(() => {});
    await turn;
    return key;
  }

  /** Writes a temporary file, syncs it and renames it over `file`; on any failure the temporary file goes. */
  async function writeAtomically(file: string, content: Buffer): Promise<void> {
    const temporary = `${file}.${randomBytes(6).toString("hex")}.tmp`;
    try {
      const handle = await open(temporary, "wx", privateFileMode);
      try {
        await handle.chmod(privateFileMode);
        await handle.writeFile(content);
        await handle.sync();
      } catch (error) {
        await handle.close().catch(() => {});
        throw error;
      }
      await handle.close();
      await rename(temporary, file);
    } catch (error) {
      await unlink(temporary).catch(() => {});
      // The file system's own "no space left" (a full disk) and "disk quota exceeded" (a user quota).
      if (hasCode(error, "ENOSPC", "EDQUOT")) throw new StorageFullError("the file system has no space left", { cause: error });
      throw error;
    }
  }

  return {
    async put(area, body, options) {
      return writeFile(newStorageKey(area), area, body, options);
    },
    async putNamed(area, name, body, options) {
      if (!isFileName(name)) throw new StorageError(`Not a file name: ${name}`);
      return writeFile(`${area}/${name}`, area, body, options);
    },

    async get(key) {
      const file = fileOf(key);
      if (!file) return null;
      let content: Buffer;
      try {
        content = await readFile(file);
      } catch (error) {
        if (isMissing(error)) return null;
        throw error;
      }
      const end = content.indexOf(newline);
      const header = JSON.parse(content.subarray(0, end).toString("utf8")) as Header;
      const body = content.subarray(end + 1);
      const stored: StoredFile = { key, ...header, size: body.length, body };
      return stored;
    },

    async exists(key) {
      const file = fileOf(key);
      if (!file) return false;
      try {
        return (await stat(file)).isFile();
      } catch (error) {
        if (isMissing(error)) return false;
        throw error;
      }
    },

    async delete(key) {
      const file = fileOf(key);
      if (!file) return false;
      try {
        await unlink(file);
        return true;
      } catch (error) {
        if (isMissing(error)) return false;
        throw error;
      }
    },
  };
}
