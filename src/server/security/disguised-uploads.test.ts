import { readFileSync } from "node:fs";
import path from "node:path";
import sharp from "sharp";
import { afterAll, beforeAll, expect, it } from "vitest";
import { createSignedInUser } from "../test-support/accounts.ts";
import { createTestApp, describeEachEngine, type TestApp } from "../test-support/test-app.ts";
import { storedFiles, testPhoto } from "./customer-rows.ts";

// OWASP File Upload Cheat Sheet: what a file claims to be is not trusted. The avatar and ID
// document tests refuse plain HTML and SVG; these are polyglots, files that are two things at
// once: a real image carrying markup, or markup behind an image's first bytes. Each is refused
// with 400 and nothing is written, or is re-encoded so that the stored file, the one anyone can
// later fetch, carries no markup at all.

const script = "<script>alert(document.domain)</script>";
const markupPattern = /<script|<svg|<html|onload=/i;

async function polyglots() {
  const jpeg = await testPhoto();
  const pngWithText = await sharp({ create: { width: 64, height: 64, channels: 3, background: "#336699" } })
    .png()
    .withMetadata({ exif: { IFD0: { ImageDescription: script } } })
    .toBuffer();
  return {
    refused: {
      "GIF header + HTML": Buffer.from(`GIF89a/*${script}*/`),
      "PNG signature + SVG": Buffer.concat([
        Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
        Buffer.from(`<svg onload=alert(1)>`),
      ]),
      "WebP header + HTML": Buffer.concat([Buffer.from("RIFF\u0010\u0000\u0000\u0000WEBPVP8 "), Buffer.from(script)]),
      "PDF with JavaScript": Buffer.from("%PDF-1.4\n1 0 obj << /OpenAction << /S /JavaScript /JS (app.alert(1)) >> >> endobj"),
      "byte-order mark + SVG": Buffer.from(`\uFEFF<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>`),
      "UTF-16 HTML": Buffer.from(`<html>${script}</html>`, "utf16le"),
      empty: Buffer.alloc(0),
    },
    reencoded: {
      "JPEG + appended HTML": Buffer.concat([jpeg, Buffer.from(`<html>${script}</html>`)]),
      "JPEG with a script in its comment": Buffer.concat([jpeg.subarray(0, 2), commentSegment(script), jpeg.subarray(2)]),
      "PNG with a script in its metadata": pngWithText,
    },
  };
}

/** A JPEG COM segment (ITU T.81 B.2.4.5) holding `text`. */
function commentSegment(text: string): Buffer {
  const body = Buffer.from(text);
  const length = Buffer.alloc(2);
  length.writeUInt16BE(body.length + 2);
  return Buffer.concat([Buffer.from([0xff, 0xfe]), length, body]);
}

describeEachEngine("uploads disguised as images", (engine) => {
  let test: TestApp;
  beforeAll(async () => {
    test = await createTestApp(engine);
  });
  afterAll(() => test.close());

  const targets = ["/api/account/id-verifications?type=passport", "/api/profile/avatar"];
  const upload = (cookie: string, url: string, body: Buffer, contentType = "image/jpeg") =>
    test.app.request(url, { method: "POST", body: new Uint8Array(body), headers: { cookie, "Content-Type": contentType } });

  it("refuses markup behind an image's first bytes, and files of other kinds, with 400 and writes nothing", async () => {
    const { refused } = await polyglots();
    const before = { files: storedFiles(test), documents: await test.countRows("id_verifications") };
    for (const [name, body] of Object.entries(refused)) {
      // One customer per file: each upload attempt, refused or not, counts against the hourly limit.
      const { cookie } = await createSignedInUser(test);
      for (const url of targets) {
        for (const contentType of ["image/jpeg", "image/svg+xml"]) {
          const response = await upload(cookie, url, body, contentType);
          expect(response.status, `${url} ${name} as ${contentType}`).toBe(400);
          expect(((await response.json()) as { error: { code: string } }).error.code).toMatch(/^(unsupported_file|invalid_input)$/);
        }
      }
    }
    expect({ files: storedFiles(test), documents: await test.countRows("id_verifications") }).toEqual(before);
  });

  it("re-encodes a real image that carries markup: neither the stored file nor the served one holds it", async () => {
    const { reencoded } = await polyglots();
    const customer = await createSignedInUser(test);
    for (const [name, body] of Object.entries(reencoded)) {
      expect(body.toString("latin1")).toMatch(markupPattern);
      for (const url of targets) {
        const response = await upload(customer.cookie, url, body);
        expect(response.status, `${url} ${name}`).toBeLessThan(300);
      }
      for (const file of storedFiles(test).filter((entry) => entry.includes("."))) {
        const bytes = readFileSync(path.join(test.deps.env.uploadsDirectory, file)).toString("latin1");
        expect(bytes, `${name} stored as ${file}`).not.toMatch(markupPattern);
      }
      const document = await test.db
        .selectFrom("id_verifications")
        .select("id")
        .where("user_id", "=", customer.user.id)
        .executeTakeFirstOrThrow();
      for (const url of [`/api/account/id-verifications/${document.id}/file`, "/api/profile/avatar"]) {
        const served = await test.app.request(url, { headers: { cookie: customer.cookie } });
        expect(served.headers.get("content-type"), url).toMatch(/^image\/(jpeg|png|webp)$/);
        expect(served.headers.get("x-content-type-options")).toBe("nosniff");
        expect(Buffer.from(await served.arrayBuffer()).toString("latin1"), url).not.toMatch(markupPattern);
      }
    }
  });
});
