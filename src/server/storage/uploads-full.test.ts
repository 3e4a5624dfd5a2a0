import { createHash } from "node:crypto";
import { readdirSync, readFileSync, rmSync, statfsSync, writeFileSync } from "node:fs";
import path from "node:path";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { IdVerificationView } from "../../shared/wallet.ts";
import { createSignedInUser } from "../test-support/accounts.ts";
import { fullDiskTestsRun, mountSmallFileSystem, type SmallFileSystem } from "../test-support/small-file-system.ts";
import { createTestApp, describeEachEngine, type TestApp } from "../test-support/test-app.ts";
import { storageFullMessage } from "./storage.ts";

// ADR 083: an upload the uploads' quota (UPLOADS_MAX_BYTES) or the disk itself cannot hold answers
// 507 storage_full in plain words, leaves no temporary or partial file, writes no row, and keeps
// the files already stored; uploads work again once there is room. The disk-full case uses a real
// file system that fills up: a small tmpfs mounted for the test (test-support/small-file-system.ts).

type Customer = { cookie: string; user: { id: string } };

/** A flat picture compresses to almost nothing; noise does not, so its size is predictable. */
const flatPicture = () =>
  sharp({ create: { width: 256, height: 256, channels: 3, background: "#2a5aa0" } })
    .jpeg()
    .toBuffer();
const noisyPicture = () =>
  sharp({ create: { width: 600, height: 600, channels: 3, background: "#000000", noise: { type: "gaussian", mean: 128, sigma: 60 } } })
    .jpeg({ quality: 95 })
    .toBuffer();

/** Every file under the uploads directory with a digest of its content: what a failed upload must not change. */
function snapshot(directory: string): Record<string, string> {
  const files: Record<string, string> = {};
  for (const entry of readdirSync(directory, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    const file = path.join(entry.parentPath, entry.name);
    files[path.relative(directory, file)] = createHash("sha256").update(readFileSync(file)).digest("hex");
  }
  return files;
}

function bytesUnder(directory: string): number {
  return readdirSync(directory, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .reduce((total, entry) => total + readFileSync(path.join(entry.parentPath, entry.name)).length, 0);
}

function uploads(test: TestApp) {
  return {
    avatar: (who: Customer, body: Buffer) =>
      test.app.request("/api/profile/avatar", {
        method: "POST",
        body: new Uint8Array(body),
        headers: { cookie: who.cookie, "Content-Type": "image/jpeg" },
      }),
    document: (who: Customer, body: Buffer) =>
      test.app.request("/api/account/id-verifications?type=passport", {
        method: "POST",
        body: new Uint8Array(body),
        headers: { cookie: who.cookie, "Content-Type": "image/jpeg" },
      }),
    /** What the customer has stored: the documents' rows and the avatar's address. */
    records: async (who: Customer) => ({
      documents: await test.db.selectFrom("id_verifications").select(["id", "file_key"]).where("user_id", "=", who.user.id).execute(),
      avatar: await test.db.selectFrom("profiles").select(["avatar_key", "avatar_url"]).where("id", "=", who.user.id).executeTakeFirst(),
    }),
  };
}

async function expectStorageFull(response: Response) {
  expect(response.status).toBe(507);
  expect(await response.json()).toEqual({ error: { code: "storage_full", message: storageFullMessage } });
}

const quota = 1_500_000;

describeEachEngine("uploads over the quota", (engine) => {
  let test: TestApp;
  let customer: Customer;
  let flat: Buffer;
  let noisy: Buffer;

  beforeAll(async () => {
    test = await createTestApp(engine, { UPLOADS_MAX_BYTES: String(quota) });
    customer = await createSignedInUser(test);
    [flat, noisy] = await Promise.all([flatPicture(), noisyPicture()]);
  });
  afterAll(() => test.close());

  it("are refused with 507 in plain words, leaving no file or row behind and the stored files intact, until room is made", async () => {
    const directory = test.deps.env.uploadsDirectory;
    const upload = uploads(test);
    expect((await upload.avatar(customer, flat)).status).toBe(201);
    expect((await upload.document(customer, noisy)).status).toBe(201);

    // Something else fills the uploads to a few kilobytes under the quota.
    const filler = await test.deps.storage.put("id-documents", Buffer.alloc(quota - bytesUnder(directory) - 2000), {
      contentType: "application/octet-stream",
    });
    const room = quota - bytesUnder(directory);
    expect(room).toBeGreaterThan(0);
    expect(room).toBeLessThan(noisy.length / 4);
    // A replaced avatar frees its own bytes, so the same small picture still fits.
    expect((await upload.avatar(customer, flat)).status).toBe(201);

    const filesBefore = snapshot(directory);
    const recordsBefore = await upload.records(customer);
    await expectStorageFull(await upload.document(customer, noisy));
    await expectStorageFull(await upload.avatar(customer, noisy));
    expect(snapshot(directory)).toEqual(filesBefore);
    expect(await upload.records(customer)).toEqual(recordsBefore);
    const avatar = await test.app.request("/api/profile/avatar", { headers: { cookie: customer.cookie } });
    expect(avatar.status).toBe(200);
    const [document] = recordsBefore.documents;
    const documentFile = await test.app.request(`/api/account/id-verifications/${document?.id}/file`, {
      headers: { cookie: customer.cookie },
    });
    expect(documentFile.status).toBe(200);

    expect(await test.deps.storage.delete(filler)).toBe(true);
    const replaced = await upload.document(customer, noisy);
    expect(replaced.status).toBe(201);
    const { verification } = (await replaced.json()) as { verification: IdVerificationView };
    expect((await upload.records(customer)).documents.map((row) => row.id)).toEqual([verification.id]);
  });
});

describe.skipIf(!fullDiskTestsRun())("uploads to a full disk", () => {
  describeEachEngine("through the API", (engine) => {
    let mounted: SmallFileSystem;
    let test: TestApp;

    beforeAll(async () => {
      mounted = mountSmallFileSystem(1024 * 1024);
      test = await createTestApp(engine, { UPLOADS_DIR: mounted.directory });
    });
    afterAll(async () => {
      await test?.close();
      mounted?.unmount();
    });

    it("are refused with 507 when the file system runs out of space, leaving no partial file and no row", async () => {
      const upload = uploads(test);
      const customer = await createSignedInUser(test);
      const [flat, noisy] = await Promise.all([flatPicture(), noisyPicture()]);
      expect((await upload.avatar(customer, flat)).status).toBe(201);

      // Something else on the same disk (logs, another program) leaves it almost full.
      const { bavail, bsize } = statfsSync(mounted.directory);
      const other = path.join(mounted.directory, "other-program.log");
      writeFileSync(other, Buffer.alloc(bavail * bsize - 8 * 1024));
      const filesBefore = snapshot(path.join(mounted.directory, "avatars"));
      const recordsBefore = await upload.records(customer);

      await expectStorageFull(await upload.document(customer, noisy));
      await expectStorageFull(await upload.avatar(customer, noisy));
      expect(readdirSync(path.join(mounted.directory, "id-documents"))).toEqual([]);
      expect(snapshot(path.join(mounted.directory, "avatars"))).toEqual(filesBefore);
      expect(await upload.records(customer)).toEqual(recordsBefore);
      expect((await test.app.request("/api/profile/avatar", { headers: { cookie: customer.cookie } })).status).toBe(200);

      rmSync(other);
      expect((await upload.document(customer, noisy)).status).toBe(201);
    });
  });
});
