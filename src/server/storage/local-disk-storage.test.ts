import { existsSync, mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, afterEach, beforeEach, describe, expect, it } from "vitest";
import { createTestApp } from "../test-support/test-app.ts";
import { createLocalDiskStorage } from "./local-disk-storage.ts";
import { isStorageKey, StorageError } from "./storage.ts";

// ADR 012 and ADR 013: private by default, keys made by us, owner-only files,
// atomic writes, nothing outside the uploads directory reachable through a key.

const roots: string[] = [];
const newRoot = () => {
  const root = mkdtempSync(path.join(tmpdir(), "storage-test-"));
  roots.push(root);
  return root;
};
const modeOf = (file: string) => statSync(file).mode & 0o777;
const passport = Buffer.from([0x25, 0x50, 0x44, 0x46, 0x2d, 0x0a, 0x00, 0xff, 0x0a, 0x0a]);

afterAll(() => {
  for (const root of roots) rmSync(root, { recursive: true, force: true });
});

describe("local-disk file storage", () => {
  let previousUmask = 0;
  beforeEach(() => {
    previousUmask = process.umask(0);
  });
  afterEach(() => {
    process.umask(previousUmask);
  });

  it("stores bytes with their content type under a new key, private unless asked, and gives them back unchanged", async () => {
    const storage = createLocalDiskStorage(path.join(newRoot(), "uploads"));
    const key = await storage.put("id-documents", passport, { contentType: "application/pdf" });
    expect(isStorageKey(key)).toBe(true);
    expect(key).toMatch(/^id-documents\/[0-9a-f-]{36}$/);
    expect(await storage.exists(key)).toBe(true);
    const stored = await storage.get(key);
    expect(stored).toMatchObject({ key, contentType: "application/pdf", visibility: "private", size: passport.length });
    expect(Buffer.compare(stored?.body ?? Buffer.alloc(0), passport)).toBe(0);

    const avatar = await storage.put("avatars", Buffer.from("png bytes"), { contentType: "image/png", visibility: "public" });
    expect(avatar).not.toBe(key);
    expect((await storage.get(avatar))?.visibility).toBe("public");
  });

  it("deletes a file once and reports a missing one as absent", async () => {
    const storage = createLocalDiskStorage(path.join(newRoot(), "uploads"));
    const key = await storage.put("avatars", Buffer.from("picture"), { contentType: "image/jpeg" });
    expect(await storage.delete(key)).toBe(true);
    expect(await storage.delete(key)).toBe(false);
    expect(await storage.exists(key)).toBe(false);
    expect(await storage.get(key)).toBeNull();
  });

  it("keeps the uploads directory, its areas and every file readable by the owner only, whatever the umask", async () => {
    const directory = path.join(newRoot(), "data", "uploads");
    const storage = createLocalDiskStorage(directory);
    const key = await storage.put("id-documents", passport, { contentType: "application/pdf" });
    expect(modeOf(directory)).toBe(0o700);
    expect(modeOf(path.join(directory, "id-documents"))).toBe(0o700);
    expect(modeOf(path.join(directory, "avatars"))).toBe(0o700);
    expect(modeOf(path.join(directory, key))).toBe(0o600);
  });

  it("reaches nothing outside its directory through a key, whatever the key says", async () => {
    const root = newRoot();
    const storage = createLocalDiskStorage(path.join(root, "uploads"));
    writeFileSync(path.join(root, "secret.txt"), "not an upload");
    const stored = await storage.put("avatars", Buffer.from("picture"), { contentType: "image/png" });
    const name = stored.split("/")[1] ?? "";
    for (const key of [
      "../secret.txt",
      "avatars/../../secret.txt",
      `avatars/../id-documents/${name}`,
      "/etc/passwd",
      `avatars/${name}/`,
      `avatars/${name.toUpperCase()}`,
      `avatars\\${name}`,
      `other/${name}`,
      `avatars/${name}.tmp`,
      "",
    ]) {
      expect(await storage.get(key)).toBeNull();
      expect(await storage.exists(key)).toBe(false);
      expect(await storage.delete(key)).toBe(false);
    }
    expect(existsSync(path.join(root, "secret.txt"))).toBe(true);
    expect(await storage.exists(stored)).toBe(true);
  });

  it("refuses a public ID document and a malformed content type, and writes nothing", async () => {
    const directory = path.join(newRoot(), "uploads");
    const storage = createLocalDiskStorage(directory);
    await expect(storage.put("id-documents", passport, { contentType: "application/pdf", visibility: "public" })).rejects.toThrow(
      StorageError,
    );
    await expect(storage.put("avatars", passport, { contentType: "image/png\r\nX-Evil: 1" })).rejects.toThrow(StorageError);
    expect(readdirSync(path.join(directory, "id-documents"))).toEqual([]);
    expect(readdirSync(path.join(directory, "avatars"))).toEqual([]);
  });

  it("stores a file under a fixed name the server builds, replaces it in place, and refuses any other name", async () => {
    const directory = path.join(newRoot(), "uploads");
    const storage = createLocalDiskStorage(directory);
    const key = await storage.putNamed("avatars", "a1b2c3-avatar.webp", Buffer.from("first"), { contentType: "image/webp" });
    expect(key).toBe("avatars/a1b2c3-avatar.webp");
    await storage.putNamed("avatars", "a1b2c3-avatar.webp", Buffer.from("second"), { contentType: "image/webp" });
    expect((await storage.get(key))?.body.toString()).toBe("second");
    expect(readdirSync(path.join(directory, "avatars"))).toEqual(["a1b2c3-avatar.webp"]);
    for (const name of ["../secret.txt", "a/b-avatar.webp", "x-avatar.webp.tmp", "-avatar.webp", "a1b2c3-avatar", ".webp", ""]) {
      await expect(storage.putNamed("avatars", name, Buffer.from("x"), { contentType: "image/webp" })).rejects.toThrow(StorageError);
    }
    expect(readdirSync(path.join(directory, "avatars"))).toEqual(["a1b2c3-avatar.webp"]);
  });

  it("is built once with the app, under DATA_DIR/uploads", async () => {
    const test = await createTestApp("sqlite");
    try {
      expect(test.deps.env.uploadsDirectory).toBe(path.join(test.deps.env.dataDirectory, "uploads"));
      const key = await test.deps.storage.put("avatars", Buffer.from("picture"), { contentType: "image/webp" });
      expect(existsSync(path.join(test.deps.env.dataDirectory, "uploads", key))).toBe(true);
    } finally {
      await test.close();
    }
  });
});
