import { existsSync, readdirSync } from "node:fs";
import path from "node:path";
import sharp from "sharp";
import { afterAll, beforeAll, expect, it } from "vitest";
import { avatarMaximumBytes } from "../../../shared/profile.ts";
import { createSignedInUser } from "../../test-support/accounts.ts";
import { createTestApp, describeEachEngine, type TestApp } from "../../test-support/test-app.ts";

// docs/product.md §2 avatar, §3 'Avatar file'. What a file claims to be is not trusted: its bytes must be a
// JPEG, PNG or WebP, it is re-encoded to a 256×256 WebP without metadata, and a refused upload
// writes nothing (OWASP File Upload Cheat Sheet).

const photoWithExif = () =>
  sharp({ create: { width: 640, height: 480, channels: 3, background: { r: 180, g: 40, b: 40 } } })
    .png()
    .withExif({ IFD0: { Copyright: "Astrid Lindqvist", ImageDescription: "Strandvägen 7, at home" } })
    .toBuffer();

describeEachEngine("avatar upload", (engine) => {
  let test: TestApp;
  let customer: Awaited<ReturnType<typeof createSignedInUser>>;
  let other: Awaited<ReturnType<typeof createSignedInUser>>;
  const avatarsDirectory = () => path.join(test.deps.env.uploadsDirectory, "avatars");
  const storedFiles = () => readdirSync(avatarsDirectory());
  beforeAll(async () => {
    test = await createTestApp(engine);
    customer = await createSignedInUser(test);
    other = await createSignedInUser(test);
  });
  afterAll(() => test.close());

  const upload = (body: Buffer<ArrayBuffer>, cookie = customer.cookie, contentType = "image/jpeg") =>
    test.app.request("/api/profile/avatar", { method: "POST", body, headers: { cookie, "Content-Type": contentType } });
  const profileRow = (id = customer.user.id) => test.db.selectFrom("profiles").selectAll().where("id", "=", id).executeTakeFirstOrThrow();

  it("refuses HTML or SVG renamed as a picture with 400 and stores nothing", async () => {
    const html = Buffer.from("<!doctype html><script>alert(document.cookie)</script>");
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"><rect width="10" height="10"/></svg>');
    const fakePng = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), html]);
    for (const body of [html, svg, fakePng]) {
      const response = await upload(body);
      expect(response.status).toBe(400);
      const payload = (await response.json()) as { error: { code: string; message: string } };
      expect(payload.error).toMatchObject({ code: "invalid_input", message: "Please choose a JPEG, PNG or WebP picture." });
    }
    expect(storedFiles()).toEqual([]);
    expect(await profileRow()).toMatchObject({ avatar_url: null, avatar_key: null });
  });

  it("refuses a body over 5 MB with 413 before anything is written", async () => {
    const huge = Buffer.alloc(avatarMaximumBytes + 200 * 1024, 0xff);
    huge.set([0xff, 0xd8, 0xff], 0);
    const response = await upload(huge);
    expect(response.status).toBe(413);
    expect(storedFiles()).toEqual([]);
    expect((await profileRow()).avatar_key).toBeNull();
  });

  it("stores a photo as a 256×256 WebP without its EXIF, serves it to its owner only, and replaces it on the next upload", async () => {
    const photo = await photoWithExif();
    expect((await sharp(photo).metadata()).exif).toBeDefined();
    const response = await upload(photo, customer.cookie, "image/png");
    expect(response.status).toBe(201);
    const { avatarUrl } = (await response.json()) as { avatarUrl: string };
    expect(avatarUrl).toMatch(/^\/api\/profile\/avatar\?v=[0-9a-z-]+$/);
    const row = await profileRow();
    expect(row).toMatchObject({ avatar_url: avatarUrl, avatar_key: `avatars/${customer.user.id}-avatar.webp` });
    expect(storedFiles()).toEqual([`${customer.user.id}-avatar.webp`]);

    const served = await test.app.request(avatarUrl, { headers: { cookie: customer.cookie } });
    expect(served.status).toBe(200);
    expect(served.headers.get("Content-Type")).toBe("image/webp");
    expect(served.headers.get("Cache-Control")).toContain("max-age=31536000");
    const bytes = Buffer.from(await served.arrayBuffer());
    const metadata = await sharp(bytes).metadata();
    expect(metadata).toMatchObject({ format: "webp", width: 256, height: 256 });
    expect(metadata.exif).toBeUndefined();
    expect(bytes.includes(Buffer.from("Astrid"))).toBe(false);

    // Another customer has no picture of their own and never gets this one.
    expect((await test.app.request(avatarUrl, { headers: { cookie: other.cookie } })).status).toBe(404);

    const again = await upload(await sharp(photo).jpeg().toBuffer());
    expect(again.status).toBe(201);
    const second = (await again.json()) as { avatarUrl: string };
    expect(second.avatarUrl).not.toBe(avatarUrl);
    expect(storedFiles()).toEqual([`${customer.user.id}-avatar.webp`]);
  });

  it("removes the picture: the file is deleted and the profile has none", async () => {
    const response = await test.app.request("/api/profile/avatar", { method: "DELETE", headers: { cookie: customer.cookie } });
    expect(response.status).toBe(200);
    expect(await profileRow()).toMatchObject({ avatar_url: null, avatar_key: null });
    expect(existsSync(path.join(avatarsDirectory(), `${customer.user.id}-avatar.webp`))).toBe(false);
    expect((await test.app.request("/api/profile/avatar", { headers: { cookie: customer.cookie } })).status).toBe(404);
  });
});
