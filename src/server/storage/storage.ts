import { randomUUID } from "node:crypto";

// ADR 013: avatars and ID documents behind a small storage interface; local disk by
// default (local-disk-storage.ts), another backend later without touching the features (ADR 013).

/** Where a file belongs; a key always starts with its area. */
export const storageAreas = ["avatars", "id-documents"] as const;
export type StorageArea = (typeof storageAreas)[number];

/**
 * Private files are served only through a route that checks who asks; a public one (an avatar, if
 * the product decides so) may be served to anyone. There are no URLs to private files.
 */
export type StorageVisibility = "private" | "public";

export type StoredFile = {
  key: string;
  contentType: string;
  visibility: StorageVisibility;
  size: number;
  createdAt: string;
  body: Buffer;
};

export type FileStorage = {
  /** Stores the bytes under a new key chosen here (never a name from the user) and returns the key. */
  put: (area: StorageArea, body: Uint8Array, options: { contentType: string; visibility?: StorageVisibility }) => Promise<string>;
  /**
   * Stores the bytes under a fixed name the server builds (docs/product.md §3: an avatar is
   * `{userId}-avatar.webp`), replacing the file of that name atomically; the name must pass
   * `isFileName`. Returns the key.
   */
  putNamed: (
    area: StorageArea,
    name: string,
    body: Uint8Array,
    options: { contentType: string; visibility?: StorageVisibility },
  ) => Promise<string>;
  /** The file, or null when there is none (or the key is not one of ours). */
  get: (key: string) => Promise<StoredFile | null>;
  exists: (key: string) => Promise<boolean>;
  /** Removes the file; false when there was none. */
  delete: (key: string) => Promise<boolean>;
};

export class StorageError extends Error {}

/** What a visitor reads when an upload cannot be kept (HTTP 507, code storage_full; ADR 083). */
export const storageFullMessage = "We cannot store files right now because our storage is full. Please try again later.";

/**
 * The upload was not stored because the uploads' quota (UPLOADS_MAX_BYTES) or the file system
 * itself (ENOSPC, EDQUOT) is full; nothing of it was left behind (ADR 083).
 */
export class StorageFullError extends Error {
  constructor(reason: string, options?: ErrorOptions) {
    super(`The uploads storage is full: ${reason}`, options);
  }
}

const uuidName = "[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}";
// A fixed name is an owner id, a purpose and an extension: letters and digits only around one dash
// and one dot, so it can name no other directory, no temporary file and no random key.
const fixedName = "[A-Za-z0-9]{1,64}-[a-z]{1,32}\\.[a-z0-9]{1,8}";
const keyPattern = new RegExp(`^(${storageAreas.join("|")})/(${uuidName}|${fixedName})$`);
const fileNamePattern = new RegExp(`^${fixedName}$`);

/** Whether `name` may be given to putNamed (see fixedName). */
export function isFileName(name: string): boolean {
  return fileNamePattern.test(name);
}

/** A key is an area and a random UUID: nothing a caller writes can name another path. */
export function newStorageKey(area: StorageArea): string {
  return `${area}/${randomUUID()}`;
}

export function parseStorageKey(key: string): { area: StorageArea; name: string } | null {
  const match = keyPattern.exec(key);
  if (!match?.[1] || !match[2]) return null;
  const area = storageAreas.find((candidate) => candidate === match[1]);
  return area ? { area, name: match[2] } : null;
}

export function isStorageKey(value: unknown): value is string {
  return typeof value === "string" && parseStorageKey(value) !== null;
}

/** type/subtype as in RFC 9110 §8.3.1, without parameters. */
const contentTypePattern = /^[a-z0-9][a-z0-9!#$&^_.+-]{0,62}\/[a-z0-9][a-z0-9!#$&^_.+-]{0,126}$/;

/** Checks what put() was given; a wrong call is a programming error, not a user's. */
export function checkPut(area: StorageArea, options: { contentType: string; visibility?: StorageVisibility }): StorageVisibility {
  if (!storageAreas.includes(area)) throw new StorageError(`Unknown storage area: ${String(area)}`);
  if (!contentTypePattern.test(options.contentType)) throw new StorageError(`Not a content type: ${options.contentType}`);
  const visibility = options.visibility ?? "private";
  // ADR 062: ID documents are never public.
  if (area === "id-documents" && visibility !== "private") throw new StorageError("ID documents are always private.");
  return visibility;
}
