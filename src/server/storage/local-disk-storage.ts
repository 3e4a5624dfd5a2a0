import { randomBytes } from "node:crypto";
import { open, readFile, rename, stat, unlink } from "node:fs/promises";
import path from "node:path";
import { makePrivateDirectory, privateFileMode } from "./private-files.ts";
import {
  checkPut,
  isFileName,
  newStorageKey,
  StorageError,
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

type Header = { contentType: string; visibility: StorageVisibility; createdAt: string };

const newline = 0x0a;

function isMissing(error: unknown): boolean {
  return error instanceof Error && "code" in error && error.code === "ENOENT";
}

export function createLocalDiskStorage(root: string): FileStorage {
  const directory = path.resolve(root);
  makePrivateDirectory(directory);
  for (const area of storageAreas) makePrivateDirectory(path.join(directory, area));

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
    const temporary = `${file}.${randomBytes(6).toString("hex")}.tmp`;
    const handle = await open(temporary, "wx", privateFileMode);
    try {
      await handle.chmod(privateFileMode);
      await handle.writeFile(Buffer.concat([Buffer.from(`${JSON.stringify(header)}\n`), body]));
      await handle.sync();
      await handle.close();
      await rename(temporary, file);
    } catch (error) {
      await handle.close().catch(() => {});
      await unlink(temporary).catch(() => {});
      throw error;
    }
    return key;
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
