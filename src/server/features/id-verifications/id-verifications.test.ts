import { randomUUID } from "node:crypto";
import { readdirSync } from "node:fs";
import path from "node:path";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { maximumIdDocumentBytes, type IdVerificationState, type IdVerificationView } from "../../../shared/wallet.ts";
import { createSignedInUser } from "../../test-support/accounts.ts";
import { createTestApp, describeEachEngine, type TestApp } from "../../test-support/test-app.ts";
import { uploadIdDocument } from "./service.ts";

// docs/product.md §2 ID VERIFICATION through the real API, database and disk storage: content checked by
// magic bytes, the size limit before anything is written, metadata stripped, the file served to
// its owner only and deleted with its record.

type User = { cookie: string; user: { id: string } };

const exifMarker = "Photographer-Secret-Marker";

/** A real JPEG photo carrying EXIF (an artist name and a GPS latitude reference). */
async function jpegWithExif(): Promise<Buffer> {
  return sharp({ create: { width: 1200, height: 800, channels: 3, background: { r: 40, g: 90, b: 160 } } })
    .jpeg()
    .withExif({ IFD0: { Artist: exifMarker, Copyright: exifMarker }, IFD3: { GPSLatitudeRef: "N", GPSLongitudeRef: "E" } })
    .toBuffer();
}

describeEachEngine("ID verification", (engine) => {
  let test: TestApp;
  let customer: User;
  let other: User;
  let photo: Buffer;

  const documentsDirectory = () => path.join(test.deps.env.uploadsDirectory, "id-documents");
  const storedFiles = () => readdirSync(documentsDirectory());
  const upload = (who: User | null, body: Buffer, type = "passport") =>
    test.app.request(`/api/account/id-verifications?type=${type}`, {
      method: "POST",
      headers: { "Content-Type": "image/jpeg", ...(who && { cookie: who.cookie }) },
      body: new Uint8Array(body),
    });
  const state = async (who: User) =>
    (await test.request("GET", "/api/account/id-verifications", { headers: { cookie: who.cookie } }))
      .body as unknown as IdVerificationState;
  const fetchFile = (id: string, who: User | null) =>
    test.app.request(`/api/account/id-verifications/${id}/file`, { headers: who ? { cookie: who.cookie } : {} });

  beforeAll(async () => {
    test = await createTestApp(engine);
    customer = await createSignedInUser(test);
    other = await createSignedInUser(test);
    photo = await jpegWithExif();
  });
  afterAll(() => test.close());

  it("has no document at first", async () => {
    expect(await state(customer)).toEqual({ latest: null, idVerified: false });
  });

  it("stores an uploaded JPEG pending, re-encoded without its EXIF, and serves it to its owner only", async () => {
    expect(photo.includes(Buffer.from(exifMarker))).toBe(true);
    expect((await sharp(photo).metadata()).exif).toBeDefined();

    const response = await upload(customer, photo, "id_card");
    expect(response.status).toBe(201);
    const { verification } = (await response.json()) as { verification: IdVerificationView };
    expect(verification).toMatchObject({ type: "id_card", status: "pending", hasFile: true, rejectionReason: null });
    expect(await state(customer)).toEqual({ latest: verification, idVerified: false });
    expect(storedFiles()).toHaveLength(1);

    const file = await fetchFile(verification.id, customer);
    expect(file.status).toBe(200);
    expect(file.headers.get("content-type")).toBe("image/jpeg");
    expect(file.headers.get("cache-control")).toBe("private, no-store");
    expect(file.headers.get("content-disposition")).toBe("inline");
    expect(file.headers.get("x-content-type-options")).toBe("nosniff");
    const served = Buffer.from(await file.arrayBuffer());
    const metadata = await sharp(served).metadata();
    expect(metadata.format).toBe("jpeg");
    expect(metadata.exif).toBeUndefined();
    expect(metadata.xmp).toBeUndefined();
    // Still the document at its own resolution (only images over 3000 px are shrunk).
    expect([metadata.width, metadata.height]).toEqual([1200, 800]);
    expect(served.includes(Buffer.from(exifMarker))).toBe(false);

    // Another user, a signed-out visitor: as if it did not exist.
    expect((await fetchFile(verification.id, other)).status).toBe(404);
    expect((await fetchFile(verification.id, null)).status).toBe(401);
    // The private storage key is never part of an answer: there is no other address for the file.
    expect(JSON.stringify(await state(customer))).not.toContain("id-documents/");
  });

  it("a new upload replaces the previous document and its file", async () => {
    const before = await state(customer);
    const png = await sharp({ create: { width: 600, height: 400, channels: 4, background: "#ffffff80" } })
      .png()
      .toBuffer();
    const response = await upload(customer, png, "drivers_license");
    expect(response.status).toBe(201);
    const after = await state(customer);
    expect(after.latest).toMatchObject({ type: "drivers_license", status: "pending" });
    expect(storedFiles()).toHaveLength(1);
    expect(await test.db.selectFrom("id_verifications").select("id").where("user_id", "=", customer.user.id).execute()).toHaveLength(1);
    expect((await fetchFile(before.latest?.id ?? "", customer)).status).toBe(404);
  });

  it("refuses HTML and SVG renamed as images, and unreadable images, with 400 and no file or row", async () => {
    const rows = await test.countRows("id_verifications");
    const files = storedFiles();
    const disguised = [
      Buffer.from("<!doctype html><html><body><script>alert(document.cookie)</script></body></html>"),
      Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"><rect width="10" height="10"/></svg>'),
      Buffer.from('<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg"/>'),
      // A JPEG signature followed by garbage: passes the first look, fails the decoder.
      Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.from("not really an image at all")]),
    ];
    for (const body of disguised) {
      const response = await upload(customer, body);
      expect(response.status).toBe(400);
      expect(((await response.json()) as { error: { code: string } }).error.code).toBe("unsupported_file");
    }
    const badType = await upload(customer, photo, "library_card");
    expect(badType.status).toBe(400);
    expect(await test.countRows("id_verifications")).toBe(rows);
    expect(storedFiles()).toEqual(files);
  });

  it("removes the stored file again when its row cannot be written", async () => {
    const files = storedFiles();
    // A user id that no users row has: the insert fails on the foreign key after the file was put.
    const ghost = { id: randomUUID(), email: "ghost@example.test", name: "Ghost", role: null };
    await expect(uploadIdDocument(test.deps, ghost, "passport", photo)).rejects.toThrow();
    expect(storedFiles()).toEqual(files);
  });

  it("refuses a document over 10 MB with 413 before writing anything", async () => {
    const rows = await test.countRows("id_verifications");
    const files = storedFiles();
    const oversized = Buffer.concat([photo, Buffer.alloc(maximumIdDocumentBytes + 1 - photo.length)]);
    const response = await upload(customer, oversized);
    expect(response.status).toBe(413);
    expect(((await response.json()) as { error: { code: string } }).error.code).toBe("payload_too_large");
    expect(await test.countRows("id_verifications")).toBe(rows);
    expect(storedFiles()).toEqual(files);
  });

  describe("owner only", () => {
    it("answers 401 to a signed-out visitor on every endpoint and writes nothing", async () => {
      const { latest } = await state(customer);
      const rows = await test.countRows("id_verifications");
      const files = storedFiles();
      expect((await upload(null, photo)).status).toBe(401);
      for (const [method, url] of [
        ["GET", "/api/account/id-verifications"],
        ["DELETE", `/api/account/id-verifications/${latest?.id}`],
        ["GET", `/api/account/id-verifications/${latest?.id}/file`],
      ] as const) {
        const response = await test.request(method, url);
        expect(response.status, `${method} ${url}`).toBe(401);
      }
      expect(await test.countRows("id_verifications")).toBe(rows);
      expect(storedFiles()).toEqual(files);
    });

    it("answers 404 to another user's document ids and changes nothing", async () => {
      const before = await state(customer);
      const files = storedFiles();
      const deleted = await test.request("DELETE", `/api/account/id-verifications/${before.latest?.id}`, {
        headers: { cookie: other.cookie },
      });
      expect(deleted.status).toBe(404);
      expect((await fetchFile("not-a-uuid", other)).status).toBe(404);
      expect(await state(customer)).toEqual(before);
      expect(await state(other)).toEqual({ latest: null, idVerified: false });
      expect(storedFiles()).toEqual(files);
    });
  });

  it("deleting the document removes its row and its file", async () => {
    const { latest } = await state(customer);
    expect(storedFiles()).toHaveLength(1);
    const response = await test.request("DELETE", `/api/account/id-verifications/${latest?.id}`, { headers: { cookie: customer.cookie } });
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ latest: null, idVerified: false });
    expect(await test.db.selectFrom("id_verifications").select("id").where("user_id", "=", customer.user.id).execute()).toEqual([]);
    expect(storedFiles()).toEqual([]);
    expect((await fetchFile(latest?.id ?? "", customer)).status).toBe(404);
  });
});
