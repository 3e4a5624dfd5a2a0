import { randomUUID } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { EnvironmentError, loadEnvironment } from "../../env.ts";
import type { IdReviewItem } from "../../../shared/operator.ts";
import { createSignedInUser } from "../../test-support/accounts.ts";
import { auditActions, createStaff } from "../../test-support/operator.ts";
import { latestQueuedMail } from "../../test-support/queued-mail.ts";
import { createTestApp, describeEachEngine, type TestApp } from "../../test-support/test-app.ts";
import { sweepApprovedIdFiles } from "./id-retention.ts";

// Identity document review (ADR 070): pending documents listed, the file streamed to staff only,
// approve or reject with the profile's verified flag, the customer's mail and the audit; approved
// documents' files deleted after the retention period, the verification result kept.

const jpeg = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 0x01, 0xff, 0xd9]);

describeEachEngine("operator ID review", (engine) => {
  let test: TestApp;
  let operator: { cookie: string; user: { id: string } };
  const request = (method: string, url: string, body?: unknown) =>
    test.request(method, url, { body, headers: { cookie: operator.cookie } });

  /** A customer's uploaded document, stored as the ID upload stores it. */
  async function uploadedDocument(userId: string, type = "passport", createdAt = new Date().toISOString()) {
    const key = await test.deps.storage.put("id-documents", jpeg, { contentType: "image/jpeg" });
    const id = randomUUID();
    await test.db
      .insertInto("id_verifications")
      .values({
        id,
        user_id: userId,
        type,
        status: "pending",
        file_key: key,
        content_type: "image/jpeg",
        file_size: jpeg.length,
        rejection_reason: null,
        reviewed_by: null,
        reviewed_at: null,
        created_at: createdAt,
      })
      .execute();
    return { id, key };
  }

  beforeAll(async () => {
    test = await createTestApp(engine, { ID_DOCUMENT_RETENTION_DAYS: "30" });
    operator = await createStaff(test, "operator");
  });
  afterAll(() => test.close());

  it("lists pending documents oldest first and streams the file to staff only, audited", async () => {
    const customer = await createSignedInUser(test, { fullName: "Maja Sund" });
    const older = await uploadedDocument(customer.user.id, "id_card", new Date(Date.now() - 60_000).toISOString());
    const newer = await uploadedDocument(customer.user.id, "passport");
    const list = await request("GET", "/api/admin/id-verifications?status=pending");
    expect(list.status).toBe(200);
    const documents = (list.body.documents as IdReviewItem[]).filter((document) => document.userId === customer.user.id);
    expect(documents.map((document) => document.id)).toEqual([older.id, newer.id]);
    expect(documents[0]).toMatchObject({ customerName: "Maja Sund", customerEmail: customer.user.email, type: "id_card", hasFile: true });

    const response = await test.app.request(`/api/admin/id-verifications/${older.id}/file`, { headers: { cookie: operator.cookie } });
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("image/jpeg");
    expect(response.headers.get("cache-control")).toBe("private, no-store");
    expect(response.headers.get("x-content-type-options")).toBe("nosniff");
    expect(response.headers.get("x-frame-options")).toBe("DENY");
    expect(response.headers.get("content-security-policy")).toContain("sandbox");
    expect(Buffer.from(await response.arrayBuffer())).toEqual(jpeg);
    const asOwner = await test.app.request(`/api/admin/id-verifications/${older.id}/file`, { headers: { cookie: customer.cookie } });
    expect(asOwner.status).toBe(403);
    expect(await auditActions(test, older.id)).toEqual(["id.view"]);
    expect((await request("GET", `/api/admin/id-verifications/${randomUUID()}/file`)).status).toBe(404);
  });

  it("approves: the profile is verified, the customer mailed, the audit written; a second decision is refused", async () => {
    const customer = await createSignedInUser(test, { language: "sv" });
    const document = await uploadedDocument(customer.user.id);
    const approved = await request("POST", `/api/admin/id-verifications/${document.id}/approve`);
    expect(approved.status).toBe(200);
    expect(approved.body).toMatchObject({ status: "approved", hasFile: true });
    const row = await test.db.selectFrom("id_verifications").selectAll().where("id", "=", document.id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ status: "approved", reviewed_by: operator.user.id });
    expect(row.reviewed_at).not.toBeNull();
    const profile = await test.db.selectFrom("profiles").select("id_verified").where("id", "=", customer.user.id).executeTakeFirstOrThrow();
    expect(Number(profile.id_verified)).toBe(1);
    const mail = await latestQueuedMail(test, customer.user.email, "id-review");
    expect(mail.subject).toBe("Din identitet är verifierad");
    const session = await test.request("GET", "/api/account/profile", { headers: { cookie: customer.cookie } });
    expect(session.body).toMatchObject({ idVerified: true });

    const again = await request("POST", `/api/admin/id-verifications/${document.id}/reject`, { reason: "Blurry" });
    expect(again.status).toBe(409);
    expect(await auditActions(test, document.id)).toEqual(["id.approve"]);
  });

  it("rejects with a reason: the profile stays unverified and the customer is told why", async () => {
    const customer = await createSignedInUser(test);
    const document = await uploadedDocument(customer.user.id, "drivers_license");
    expect((await request("POST", `/api/admin/id-verifications/${document.id}/reject`, {})).status).toBe(400);
    const rejected = await request("POST", `/api/admin/id-verifications/${document.id}/reject`, {
      reason: "The photo is too blurry to read.",
    });
    expect(rejected.status).toBe(200);
    expect(rejected.body).toMatchObject({ status: "rejected", rejectionReason: "The photo is too blurry to read." });
    const profile = await test.db.selectFrom("profiles").select("id_verified").where("id", "=", customer.user.id).executeTakeFirstOrThrow();
    expect(Number(profile.id_verified)).toBe(0);
    const mail = await latestQueuedMail(test, customer.user.email, "id-review");
    expect(mail.text).toContain("The photo is too blurry to read.");
    expect(mail.text).toContain("driver's licence");
    const detail = await request("GET", `/api/admin/id-verifications/${document.id}`);
    expect((detail.body.audit as { action: string }[]).map((entry) => entry.action)).toEqual(["id.reject"]);
  });

  it("deletes approved documents' files after the retention period and keeps the result", async () => {
    const customer = await createSignedInUser(test);
    const old = await uploadedDocument(customer.user.id);
    const recent = await uploadedDocument(customer.user.id);
    const pending = await uploadedDocument(customer.user.id);
    await request("POST", `/api/admin/id-verifications/${old.id}/approve`);
    await request("POST", `/api/admin/id-verifications/${recent.id}/approve`);
    const longAgo = new Date(Date.now() - 31 * 86_400_000).toISOString();
    await test.db.updateTable("id_verifications").set({ reviewed_at: longAgo }).where("id", "=", old.id).execute();

    expect(await sweepApprovedIdFiles(test.deps)).toBe(1);
    expect(await test.deps.storage.exists(old.key)).toBe(false);
    expect(await test.deps.storage.exists(recent.key)).toBe(true);
    expect(await test.deps.storage.exists(pending.key)).toBe(true);
    const kept = await test.db.selectFrom("id_verifications").selectAll().where("id", "=", old.id).executeTakeFirstOrThrow();
    expect(kept).toMatchObject({ status: "approved", file_key: null, reviewed_by: operator.user.id });
    expect(await auditActions(test, old.id)).toEqual(["id.approve", "id.file_deleted"]);
    expect((await request("GET", `/api/admin/id-verifications/${old.id}/file`)).status).toBe(404);
    expect(await sweepApprovedIdFiles(test.deps)).toBe(0);
    // A shorter retention (ID_DOCUMENT_RETENTION_DAYS=0) takes the documents approved just now too
    // (this one and the earlier tests' approvals).
    expect(await sweepApprovedIdFiles({ ...test.deps, env: { ...test.deps.env, idDocumentRetentionDays: 0 } })).toBeGreaterThanOrEqual(1);
    expect(await test.deps.storage.exists(recent.key)).toBe(false);
    expect(await test.deps.storage.exists(pending.key)).toBe(true);
  });
});

describe("ID_DOCUMENT_RETENTION_DAYS", () => {
  it("defaults to 30 days, takes a whole number of days and refuses anything else", () => {
    const dataDirectory = mkdtempSync(path.join(tmpdir(), "retention-env-"));
    try {
      const base = { NODE_ENV: "test", DATA_DIR: dataDirectory };
      expect(loadEnvironment(base).idDocumentRetentionDays).toBe(30);
      expect(loadEnvironment({ ...base, ID_DOCUMENT_RETENTION_DAYS: "7" }).idDocumentRetentionDays).toBe(7);
      expect(() => loadEnvironment({ ...base, ID_DOCUMENT_RETENTION_DAYS: "-1" })).toThrow(EnvironmentError);
      expect(() => loadEnvironment({ ...base, ID_DOCUMENT_RETENTION_DAYS: "1.5" })).toThrow(/ID_DOCUMENT_RETENTION_DAYS/);
    } finally {
      rmSync(dataDirectory, { recursive: true, force: true });
    }
  });
});
