import { writeFileSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, expect, it } from "vitest";
import { createTestApp, describeEachEngine, type TestApp } from "../test-support/test-app.ts";
import { createAdminWithRows, storedFiles, testPhoto } from "./customer-rows.ts";

// OWASP WSTG-ATHZ-01 (directory traversal): files are reached only by server-made keys stored on
// the owner's row (ADR 013), so an id that spells a path, raw or encoded, finds nothing, and an
// upload's claimed name or extra parameters never decide where it is written.

const secretText = "NOT-FOR-DOWNLOAD-secret-of-the-data-directory";

describeEachEngine("path traversal in file ids and names", (engine) => {
  let test: TestApp;
  let admin: Awaited<ReturnType<typeof createAdminWithRows>>;
  let documentFile: string;
  beforeAll(async () => {
    test = await createTestApp(engine);
    admin = await createAdminWithRows(test);
    writeFileSync(path.join(test.deps.env.dataDirectory, "secret.txt"), secretText);
    documentFile = storedFiles(test).find((file) => file.startsWith("id-documents")) ?? "";
  });
  afterAll(() => test.close());

  const traversals = () => {
    const name = path.basename(documentFile);
    return [
      "../secret.txt",
      "../../secret.txt",
      `../id-documents/${name}`,
      `id-documents/${name}`,
      name,
      "..%2Fsecret.txt",
      "%2e%2e%2fsecret.txt",
      "%252e%252e%252fsecret.txt",
      "..\\..\\secret.txt",
      "....//....//secret.txt",
      `${admin.ids.document}/../../secret.txt`,
      `${admin.ids.document}%00.jpg`,
    ];
  };

  it("a file id that spells a path answers 404 (or 400) and never a file, for the owner and for staff", async () => {
    for (const base of ["/api/account/id-verifications/", "/api/admin/id-verifications/"]) {
      for (const traversal of traversals()) {
        for (const id of [encodeURIComponent(traversal), traversal]) {
          const response = await test.app.request(`${base}${id}/file`, { headers: { cookie: admin.cookie } });
          const text = await response.text();
          expect([400, 404], `${base}${id}/file`).toContain(response.status);
          expect(text).not.toContain(secretText);
          expect(response.headers.get("content-type")).toMatch(/^application\/json/);
        }
      }
    }
    for (const traversal of traversals()) {
      const response = await test.app.request(`/dev/mailbox/${encodeURIComponent(traversal)}/html`);
      expect(await response.text()).not.toContain(secretText);
      expect(response.status).toBe(404);
    }
    // The real id still gives the owner the file: the refusals above are about the id.
    expect(
      (await test.app.request(`/api/account/id-verifications/${admin.ids.document}/file`, { headers: { cookie: admin.cookie } })).status,
    ).toBe(200);
  });

  it("an upload's claimed file name and extra parameters never choose where it is written", async () => {
    const photo = await testPhoto();
    const before = storedFiles(test);
    const hostileName = "../../../secret.txt";
    for (const url of [
      `/api/account/id-verifications?type=passport&name=${encodeURIComponent(hostileName)}&key=${encodeURIComponent(hostileName)}`,
      `/api/profile/avatar?name=${encodeURIComponent(hostileName)}`,
    ]) {
      const response = await test.app.request(url, {
        method: "POST",
        body: photo,
        headers: {
          cookie: admin.cookie,
          "Content-Type": "image/jpeg",
          "Content-Disposition": `attachment; filename="${hostileName}"`,
          "X-File-Name": hostileName,
        },
      });
      expect(response.status, url).toBeLessThan(300);
    }
    const after = storedFiles(test);
    for (const file of after) expect(file).toMatch(/^(avatars|id-documents)(\/[\w.-]+)?$/);
    expect(after.filter((file) => !before.includes(file)).every((file) => !file.includes(".."))).toBe(true);
    const keys = await test.db.selectFrom("id_verifications").select("file_key").execute();
    for (const { file_key } of keys) expect(file_key ?? "").not.toMatch(/\.\.|secret/);
    const profile = await test.db.selectFrom("profiles").select("avatar_key").where("id", "=", admin.user.id).executeTakeFirstOrThrow();
    expect(profile.avatar_key).toBe(`avatars/${admin.user.id}-avatar.webp`);
  });
});
