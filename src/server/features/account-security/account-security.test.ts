import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { BookingStatus } from "../../../shared/booking.ts";
import type { DatabaseSchema } from "../../db/schema.ts";
import { cookieHeader, createSignedInUser, freshIp } from "../../test-support/accounts.ts";
import { downloadDataExport } from "../../test-support/data-export.ts";
import { latestQueuedMail } from "../../test-support/queued-mail.ts";
import { createTestApp, describeEachEngine, type TestApp } from "../../test-support/test-app.ts";
import { secretOfTotpUri, totpCode, wrongTotpCode } from "../../test-support/totp.ts";
import { deletedCustomerName } from "./repo.ts";

// docs/product.md §2 PASSWORD, Security Settings (two-factor authentication), DELETE ACCOUNT and the data
// export (GDPR Art. 15/20), on both engines, through the HTTP API a browser uses.

type Customer = Awaited<ReturnType<typeof createSignedInUser>>;

/** Every table of migrations 0002 and 0007 that holds rows of one user, with its owner column. */
const userTables: [keyof DatabaseSchema, string][] = [
  ["users", "id"],
  ["profiles", "id"],
  ["sessions", "user_id"],
  ["auth_accounts", "user_id"],
  ["profile_emails", "user_id"],
  ["payment_methods", "user_id"],
  ["id_verifications", "user_id"],
  ["emergency_contacts", "user_id"],
  ["two_factors", "user_id"],
  ["bookings", "user_id"],
];

describeEachEngine("account security", (engine) => {
  let test: TestApp;
  beforeAll(async () => {
    test = await createTestApp(engine);
  });
  afterAll(() => test.close());

  const call = (method: string, url: string, cookie: string | null, body?: unknown, ip = freshIp()) =>
    test.request(method, url, { body, headers: { "x-test-client-ip": ip, ...(cookie && { cookie }) } });
  const signIn = (email: string, password: string, ip = freshIp()) =>
    test.request("POST", "/api/account/sign-in", { body: { email, password }, headers: { "x-test-client-ip": ip } });
  const sessionUserId = async (cookie: string) => {
    const response = await call("GET", "/api/account/session", cookie);
    return (response.body.user as { id?: string } | null)?.id ?? null;
  };
  const passwordHash = async (userId: string) =>
    (await test.db.selectFrom("auth_accounts").select("password").where("user_id", "=", userId).executeTakeFirstOrThrow()).password;

  async function rowsOf(userId: string) {
    const counts: Record<string, number> = {};
    for (const [table, column] of userTables) {
      // Each table with its own owner column; typed as one table so Kysely accepts the pair.
      const row = await test.db
        .selectFrom(table as "users")
        .select((eb) => eb.fn.countAll().as("n"))
        .where(column as "id", "=", userId)
        .executeTakeFirstOrThrow();
      counts[table] = Number(row.n);
    }
    return counts;
  }

  async function insertBooking(userId: string, options: { daysFromNow: number; status: BookingStatus; name?: string }) {
    const start = new Date(Date.now() + options.daysFromNow * 86_400_000);
    const end = new Date(start.getTime() + 86_400_000);
    const id = randomUUID();
    await test.db
      .insertInto("bookings")
      .values({
        id,
        user_id: userId,
        customer_name: options.name ?? "Astrid Lindqvist",
        location: "Stockholm, Sweden",
        start_time: start.toISOString(),
        end_time: end.toISOString(),
        start_date: start.toISOString().slice(0, 10),
        end_date: end.toISOString().slice(0, 10),
        price: 99_800,
        service_type: "vip_residential",
        status: options.status,
        time_of_day: "day",
        guard_count: 2,
        style: null,
        car_option: null,
        duration: null,
        total_days: 1,
        vat_cents: 19_960,
        customer_note: "Gate code 1234",
        language: "en",
        idempotency_key: randomUUID(),
        request_hash: "hash",
        created_at: new Date().toISOString(),
        cancelled_at: options.status === "cancelled_by_customer" ? new Date().toISOString() : null,
      })
      .execute();
    return id;
  }

  /** A row in every dashboard table and two stored files (avatar, ID document), as the other features write them. */
  async function seedAccountData(userId: string, label: string) {
    const now = new Date().toISOString();
    const avatarKey = await test.deps.storage.put("avatars", Buffer.from(`avatar of ${label}`), { contentType: "image/png" });
    const documentKey = await test.deps.storage.put("id-documents", Buffer.from(`passport of ${label}`), {
      contentType: "application/pdf",
    });
    await test.db
      .updateTable("profiles")
      .set({ avatar_key: avatarKey, avatar_url: `/api/files/${avatarKey}` })
      .where("id", "=", userId)
      .execute();
    await test.db
      .insertInto("profile_emails")
      .values({
        id: randomUUID(),
        user_id: userId,
        email: `${label}-work@example.test`,
        verified_at: now,
        created_at: now,
        updated_at: now,
      })
      .execute();
    await test.db
      .insertInto("payment_methods")
      .values({
        id: randomUUID(),
        user_id: userId,
        card_brand: "visa",
        card_last_four: label === "owner" ? "4242" : "1881",
        expiry_month: 12,
        expiry_year: 2030,
        provider_payment_id: `pm_secret_${label}_${randomUUID()}`,
        is_default: 1,
        created_at: now,
      })
      .execute();
    await test.db
      .insertInto("id_verifications")
      .values({
        id: randomUUID(),
        user_id: userId,
        type: "passport",
        status: "pending",
        file_key: documentKey,
        content_type: "application/pdf",
        file_size: 20,
        rejection_reason: null,
        reviewed_by: null,
        reviewed_at: null,
        created_at: now,
      })
      .execute();
    await test.db
      .insertInto("emergency_contacts")
      .values({
        id: randomUUID(),
        user_id: userId,
        name: `Contact of ${label}`,
        phone: "+46 70 000 00 00",
        email: `${label}-ice@example.test`,
        created_at: now,
        updated_at: now,
      })
      .execute();
    return { avatarKey, documentKey };
  }

  async function enableTwoFactor(customer: Customer) {
    const started = await call("POST", "/api/account/security/two-factor/enable", customer.cookie, { password: customer.password });
    expect(started.status).toBe(200);
    const secret = secretOfTotpUri(String(started.body.totpUri));
    // The previous step's code (still valid): the current one is then free for the test, as one code counts once (ADR 112).
    const confirmed = await call("POST", "/api/account/security/two-factor/confirm", customer.cookie, {
      code: totpCode(secret, Date.now() - 30_000),
    });
    expect(confirmed.status).toBe(200);
    // Better Auth renews the session when the factor turns on; the new cookie replaces the old one.
    const cookie = cookieHeader(confirmed.headers.getSetCookie()) || customer.cookie;
    return { secret, backupCodes: started.body.backupCodes as string[], cookie };
  }

  it("answers 401 to every signed-in endpoint without a session, and changes nothing", async () => {
    const endpoints: [string, string, unknown?][] = [
      ["GET", "/api/account/security"],
      ["POST", "/api/account/security/password", { currentPassword: "Harbour-Lantern-42", newPassword: "Quiet-Meadow-77" }],
      ["POST", "/api/account/security/two-factor/enable", { password: "Harbour-Lantern-42" }],
      ["POST", "/api/account/security/two-factor/confirm", { code: "123456" }],
      ["POST", "/api/account/security/two-factor/disable", { password: "Harbour-Lantern-42", code: "123456" }],
      ["GET", "/api/account/security/deletion-check"],
      ["POST", "/api/account/security/delete-account", { password: "Harbour-Lantern-42" }],
      ["GET", "/api/account/security/export"],
    ];
    const usersBefore = await test.countRows("users");
    for (const [method, url, body] of endpoints) {
      const response = await call(method, url, null, body);
      expect(response.status, url).toBe(401);
      expect(response.body.error?.code).toBe("unauthorized");
    }
    expect(await test.countRows("users")).toBe(usersBefore);
  });

  describe("password change", () => {
    it("refuses a wrong current password with 'Current password is incorrect' and changes nothing", async () => {
      const customer = await createSignedInUser(test);
      const hashBefore = await passwordHash(customer.user.id);
      const response = await call("POST", "/api/account/security/password", customer.cookie, {
        currentPassword: "not-my-password",
        newPassword: "Quiet-Meadow-77",
      });
      expect(response.status).toBe(400);
      expect(response.body.error).toMatchObject({ code: "incorrect_password", message: "Current password is incorrect" });
      expect(await passwordHash(customer.user.id)).toBe(hashBefore);
      expect(await sessionUserId(customer.cookie)).toBe(customer.user.id);
      expect((await signIn(customer.user.email, customer.password)).status).toBe(200);
    });

    it("asks for both fields and applies the sign-up rules to the new password", async () => {
      const customer = await createSignedInUser(test);
      const empty = await call("POST", "/api/account/security/password", customer.cookie, { currentPassword: "", newPassword: "" });
      expect(empty.status).toBe(400);
      expect(empty.body.error?.message).toBe("Please fill in both password fields");
      const short = await call("POST", "/api/account/security/password", customer.cookie, {
        currentPassword: customer.password,
        newPassword: "abc",
      });
      expect(short.body.error?.fields?.newPassword).toBe("Password must be at least 6 characters");
      const common = await call("POST", "/api/account/security/password", customer.cookie, {
        currentPassword: customer.password,
        newPassword: "password123",
      });
      expect(common.status).toBe(400);
      expect(common.body.error?.code).toBe("weak_password");
      expect((await signIn(customer.user.email, customer.password)).status).toBe(200);
    });

    it("changes the password, keeps this session, ends every other one and kills outstanding reset links", async () => {
      const customer = await createSignedInUser(test);
      const otherDevice = await signIn(customer.user.email, customer.password);
      const otherCookie = cookieHeader(otherDevice.headers.getSetCookie());
      expect(await sessionUserId(otherCookie)).toBe(customer.user.id);
      await test.services.auth.issueResetToken(customer.user.email, "http://localhost:3000/reset-password");
      const resetLinks = () =>
        test.db
          .selectFrom("auth_verifications")
          .select("id")
          .where("identifier", "like", "reset-password:%")
          .where("value", "=", customer.user.id)
          .execute();
      expect(await resetLinks()).toHaveLength(1);

      const response = await call("POST", "/api/account/security/password", customer.cookie, {
        currentPassword: customer.password,
        newPassword: "Quiet-Meadow-77",
      });
      expect(response.status).toBe(200);
      const newCookie = cookieHeader(response.headers.getSetCookie());
      expect(await sessionUserId(newCookie)).toBe(customer.user.id);
      expect(await sessionUserId(otherCookie)).toBeNull();
      expect(await sessionUserId(customer.cookie)).toBeNull();
      expect(await resetLinks()).toHaveLength(0);
      expect((await signIn(customer.user.email, customer.password)).status).toBe(401);
      expect((await signIn(customer.user.email, "Quiet-Meadow-77")).status).toBe(200);
    });

    it("another customer's session cannot change this account's password", async () => {
      const owner = await createSignedInUser(test);
      const intruder = await createSignedInUser(test);
      const hashBefore = await passwordHash(owner.user.id);
      const response = await call("POST", "/api/account/security/password", intruder.cookie, {
        currentPassword: owner.password === intruder.password ? "not-it" : owner.password,
        newPassword: "Quiet-Meadow-77",
      });
      expect(response.status).toBe(400);
      expect(await passwordHash(owner.user.id)).toBe(hashBefore);
    });

    it("limits wrong current passwords: after 10 in 15 minutes even the right one waits (429)", async () => {
      const customer = await createSignedInUser(test);
      for (let attempt = 0; attempt < 10; attempt += 1) {
        const wrong = await call("POST", "/api/account/security/password", customer.cookie, {
          currentPassword: "wrong-one",
          newPassword: "Quiet-Meadow-77",
        });
        expect(wrong.status).toBe(400);
      }
      const blocked = await call("POST", "/api/account/security/password", customer.cookie, {
        currentPassword: customer.password,
        newPassword: "Quiet-Meadow-77",
      });
      expect(blocked.status).toBe(429);
      expect(Number(blocked.headers.get("retry-after"))).toBeGreaterThan(0);
    });
  });

  describe("two-factor authentication", () => {
    it("turns on with the password and a first code, then sign-in asks for a code from the app", async () => {
      const customer = await createSignedInUser(test);
      expect((await call("GET", "/api/account/security", customer.cookie)).body).toEqual({ twoFactorEnabled: false });
      const wrongPassword = await call("POST", "/api/account/security/two-factor/enable", customer.cookie, { password: "nope-nope" });
      expect(wrongPassword.body.error?.code).toBe("incorrect_password");

      const started = await call("POST", "/api/account/security/two-factor/enable", customer.cookie, { password: customer.password });
      expect(started.status).toBe(200);
      expect(String(started.body.totpUri)).toMatch(/^otpauth:\/\/totp\/Nordic%20Shield:/);
      expect(started.body.secret).toBe(secretOfTotpUri(String(started.body.totpUri)));
      expect(String(started.body.qrSvg)).toMatch(/^<svg/);
      expect(started.body.backupCodes).toHaveLength(10);
      const secret = String(started.body.secret);
      // Not in force before the first code.
      expect((await call("GET", "/api/account/security", customer.cookie)).body).toEqual({ twoFactorEnabled: false });
      const wrongCode = await call("POST", "/api/account/security/two-factor/confirm", customer.cookie, { code: wrongTotpCode(secret) });
      expect(wrongCode.status).toBe(400);
      expect(wrongCode.body.error?.code).toBe("invalid_two_factor_code");

      const confirmed = await call("POST", "/api/account/security/two-factor/confirm", customer.cookie, { code: totpCode(secret) });
      expect(confirmed.status).toBe(200);
      const cookie = cookieHeader(confirmed.headers.getSetCookie());
      expect((await call("GET", "/api/account/security", cookie)).body).toEqual({ twoFactorEnabled: true });
      // Stored encrypted: neither the secret nor a backup code is readable in the row.
      const row = await test.db.selectFrom("two_factors").selectAll().where("user_id", "=", customer.user.id).executeTakeFirstOrThrow();
      expect(row.secret).not.toContain(secret);
      expect(row.backup_codes).not.toContain(String((started.body.backupCodes as string[])[0]));

      const password = await signIn(customer.user.email, customer.password);
      expect(password.status).toBe(200);
      expect(password.body).toEqual({ twoFactorRequired: true });
      const challenge = cookieHeader(password.headers.getSetCookie());
      expect(await sessionUserId(challenge)).toBeNull();

      const ip = freshIp();
      const wrong = await call(
        "POST",
        "/api/account/security/sign-in/second-factor",
        challenge,
        { method: "totp", code: wrongTotpCode(secret) },
        ip,
      );
      expect(wrong.status).toBe(400);
      expect(wrong.body.error?.code).toBe("invalid_two_factor_code");
      const right = await call(
        "POST",
        "/api/account/security/sign-in/second-factor",
        challenge,
        { method: "totp", code: totpCode(secret, Date.now() + 30_000) },
        ip,
      );
      expect(right.status).toBe(200);
      expect(right.body.user).toMatchObject({ id: customer.user.id, email: customer.user.email, language: "en" });
      expect(await sessionUserId(cookieHeader(right.headers.getSetCookie()))).toBe(customer.user.id);
      // The challenge is used up.
      const replay = await call("POST", "/api/account/security/sign-in/second-factor", challenge, {
        method: "totp",
        code: totpCode(secret),
      });
      expect(replay.status).toBe(401);
      expect(replay.body.error?.code).toBe("two_factor_expired");
    });

    it("signs in with a backup code once; without the password step there is nothing to finish", async () => {
      const customer = await createSignedInUser(test);
      const { backupCodes } = await enableTwoFactor(customer);
      const code = backupCodes[0] ?? "";
      const first = await signIn(customer.user.email, customer.password);
      const used = await call("POST", "/api/account/security/sign-in/second-factor", cookieHeader(first.headers.getSetCookie()), {
        method: "backup",
        code,
      });
      expect(used.status).toBe(200);
      expect(await sessionUserId(cookieHeader(used.headers.getSetCookie()))).toBe(customer.user.id);
      const second = await signIn(customer.user.email, customer.password);
      const again = await call("POST", "/api/account/security/sign-in/second-factor", cookieHeader(second.headers.getSetCookie()), {
        method: "backup",
        code,
      });
      expect(again.status).toBe(400);
      const noChallenge = await call("POST", "/api/account/security/sign-in/second-factor", null, { method: "totp", code: "123456" });
      expect(noChallenge.status).toBe(401);
    });

    it("ends a challenge after 5 wrong codes (Better Auth), so guessing needs the password again", async () => {
      const customer = await createSignedInUser(test);
      const { secret } = await enableTwoFactor(customer);
      const challenge = cookieHeader((await signIn(customer.user.email, customer.password)).headers.getSetCookie());
      const ip = freshIp();
      for (let attempt = 0; attempt < 5; attempt += 1) {
        const wrong = await call(
          "POST",
          "/api/account/security/sign-in/second-factor",
          challenge,
          { method: "totp", code: wrongTotpCode(secret) },
          ip,
        );
        expect(wrong.status).toBe(400);
      }
      const blocked = await call(
        "POST",
        "/api/account/security/sign-in/second-factor",
        challenge,
        { method: "totp", code: totpCode(secret) },
        ip,
      );
      expect(blocked.status).toBe(429);
    });

    it("gives no session to an account suspended between the password and the code", async () => {
      const customer = await createSignedInUser(test);
      const { secret } = await enableTwoFactor(customer);
      const challenge = cookieHeader((await signIn(customer.user.email, customer.password)).headers.getSetCookie());
      await test.db.updateTable("users").set({ banned: true }).where("id", "=", customer.user.id).execute();
      const refused = await call("POST", "/api/account/security/sign-in/second-factor", challenge, {
        method: "totp",
        code: totpCode(secret),
      });
      expect(refused.status).toBe(403);
      expect(refused.body.error?.code).toBe("account_suspended");
      expect(refused.headers.getSetCookie().some((line) => /session_token=[^;]/.test(line))).toBe(false);
    });

    it("turns off with the password and a current code; sign-in needs only the password again", async () => {
      const customer = await createSignedInUser(test);
      const { cookie, secret } = await enableTwoFactor(customer);
      const stillOn = async () => expect((await call("GET", "/api/account/security", cookie)).body).toEqual({ twoFactorEnabled: true });
      const wrongPassword = await call("POST", "/api/account/security/two-factor/disable", cookie, {
        password: "wrong-password",
        code: totpCode(secret),
      });
      expect(wrongPassword.body.error?.code).toBe("incorrect_password");
      await stillOn();
      const wrongCode = await call("POST", "/api/account/security/two-factor/disable", cookie, {
        password: customer.password,
        code: wrongTotpCode(secret),
      });
      expect(wrongCode.status).toBe(400);
      expect(wrongCode.body.error?.code).toBe("invalid_two_factor_code");
      await stillOn();
      const noCode = await call("POST", "/api/account/security/two-factor/disable", cookie, { password: customer.password });
      expect(noCode.status).toBe(400);
      await stillOn();
      const disabled = await call("POST", "/api/account/security/two-factor/disable", cookie, {
        password: customer.password,
        code: totpCode(secret, Date.now() + 30_000),
      });
      expect(disabled.status).toBe(200);
      const renewed = cookieHeader(disabled.headers.getSetCookie());
      expect((await call("GET", "/api/account/security", renewed)).body).toEqual({ twoFactorEnabled: false });
      expect(await test.db.selectFrom("two_factors").select("id").where("user_id", "=", customer.user.id).execute()).toHaveLength(0);
      const signedIn = await signIn(customer.user.email, customer.password);
      expect(signedIn.body.user).toMatchObject({ id: customer.user.id });
    });
  });

  describe("account deletion", () => {
    it("is refused while an upcoming booking exists, and nothing is deleted", async () => {
      const customer = await createSignedInUser(test);
      await seedAccountData(customer.user.id, "owner");
      await insertBooking(customer.user.id, { daysFromNow: 5, status: "pending" });
      const check = await call("GET", "/api/account/security/deletion-check", customer.cookie);
      expect(check.body).toEqual({ upcomingBookings: 1 });
      const before = await rowsOf(customer.user.id);
      const refused = await call("POST", "/api/account/security/delete-account", customer.cookie, { password: customer.password });
      expect(refused.status).toBe(409);
      expect(refused.body.error).toMatchObject({
        code: "upcoming_bookings",
        message: "You have upcoming bookings. Please cancel them before deleting your account.",
      });
      expect(await rowsOf(customer.user.id)).toEqual(before);
      expect(await sessionUserId(customer.cookie)).toBe(customer.user.id);
    });

    it("needs the owner's password: another customer's session or a wrong password deletes nothing", async () => {
      const owner = await createSignedInUser(test);
      const intruder = await createSignedInUser(test, { password: "Other-Harbour-88" });
      const before = await rowsOf(owner.user.id);
      const byIntruder = await call("POST", "/api/account/security/delete-account", intruder.cookie, { password: owner.password });
      expect(byIntruder.status).toBe(400);
      expect(byIntruder.body.error?.code).toBe("incorrect_password");
      const wrong = await call("POST", "/api/account/security/delete-account", owner.cookie, { password: "not-my-password" });
      expect(wrong.status).toBe(400);
      expect(await rowsOf(owner.user.id)).toEqual(before);
      expect(await rowsOf(intruder.user.id)).toMatchObject({ users: 1, profiles: 1 });
    });

    it("deletes every row and file of the account, keeps past and cancelled bookings anonymised, signs out and sends a notice", async () => {
      const customer = await createSignedInUser(test);
      const bystander = await createSignedInUser(test);
      const files = await seedAccountData(customer.user.id, "owner");
      const bystanderFiles = await seedAccountData(bystander.user.id, "bystander");
      await enableTwoFactor(customer).then(async ({ cookie }) => {
        customer.cookie = cookie;
      });
      const past = await insertBooking(customer.user.id, { daysFromNow: -30, status: "confirmed" });
      const cancelled = await insertBooking(customer.user.id, { daysFromNow: 20, status: "cancelled_by_customer" });
      await insertBooking(bystander.user.id, { daysFromNow: 10, status: "pending", name: "Bystander" });
      const otherDevice = cookieHeader((await signIn(customer.user.email, customer.password)).headers.getSetCookie());
      const bystanderBefore = await rowsOf(bystander.user.id);
      expect(Object.values(await rowsOf(customer.user.id)).every((count) => count > 0)).toBe(true);

      const deleted = await call("POST", "/api/account/security/delete-account", customer.cookie, { password: customer.password });
      expect(deleted.status).toBe(200);
      expect(deleted.headers.getSetCookie().some((line) => /session_token=;/.test(line))).toBe(true);

      expect(await rowsOf(customer.user.id)).toEqual(Object.fromEntries(userTables.map(([table]) => [table, 0])));
      expect(await test.deps.storage.exists(files.avatarKey)).toBe(false);
      expect(await test.deps.storage.exists(files.documentKey)).toBe(false);
      const kept = await test.db.selectFrom("bookings").selectAll().where("id", "in", [past, cancelled]).orderBy("start_time").execute();
      expect(kept).toHaveLength(2);
      for (const booking of kept) {
        expect(booking.user_id).toBeNull();
        expect(booking.customer_name).toBe(deletedCustomerName);
        expect(booking.customer_note).toBeNull();
      }
      expect(await sessionUserId(customer.cookie)).toBeNull();
      expect(await sessionUserId(otherDevice)).toBeNull();
      expect((await signIn(customer.user.email, customer.password)).status).toBe(401);
      const mail = await latestQueuedMail(test, customer.user.email, "account-deleted");
      expect(mail.subject).toBe("Your Nordic Shield account has been deleted");

      // The other customer keeps everything.
      expect(await rowsOf(bystander.user.id)).toEqual(bystanderBefore);
      expect(await test.deps.storage.exists(bystanderFiles.avatarKey)).toBe(true);
      expect(await test.deps.storage.exists(bystanderFiles.documentKey)).toBe(true);
    });
  });

  describe("data export", () => {
    it("downloads every row held about the customer as a zip of data.json and summary.html, with no secrets and nothing of anyone else", async () => {
      const customer = await createSignedInUser(test);
      const other = await createSignedInUser(test, { fullName: "Other Person" });
      await seedAccountData(customer.user.id, "owner");
      await seedAccountData(other.user.id, "stranger");
      const { secret, backupCodes, cookie } = await enableTwoFactor(customer);
      await enableTwoFactor(other);
      const booking = await insertBooking(customer.user.id, { daysFromNow: 3, status: "pending" });
      await insertBooking(other.user.id, { daysFromNow: 3, status: "pending", name: "Other Person" });

      const exported = await downloadDataExport(test, cookie, { headers: { "x-test-client-ip": freshIp() } });
      expect(exported.headers.get("content-type")).toBe("application/zip");
      const today = new Date().toISOString().slice(0, 10);
      expect(exported.headers.get("content-disposition")).toBe(`attachment; filename="nordic-shield-data-${today}.zip"`);
      expect(exported.files.sort()).toEqual(["data.json", "summary.html"]);
      const { data } = exported;
      const text = exported.json + exported.summary;
      expect(data.account).toMatchObject({ id: customer.user.id, email: customer.user.email, twoFactorEnabled: true });
      expect(data.profile).toMatchObject({ fullName: "Astrid Lindqvist", emailNotifications: true, pushNotifications: false });
      expect(data.additionalEmails.map((row) => row.email)).toEqual(["owner-work@example.test"]);
      expect(data.savedCards).toEqual([expect.objectContaining({ brand: "visa", last4: "4242", expiryMonth: 12, expiryYear: 2030 })]);
      expect(data.identityVerifications).toEqual([
        expect.objectContaining({ documentType: "passport", documentTypeText: "Passport", status: "pending", documentKept: true }),
      ]);
      expect(data.emergencyContacts.map((row) => row.name)).toEqual(["Contact of owner"]);
      expect(data.bookings.map((row) => row.id)).toEqual([booking]);
      expect(data.signIns.length).toBeGreaterThan(0);

      // Nothing of the other customer.
      for (const fragment of [other.user.id, other.user.email, "Other Person", "stranger", "1881"]) expect(text).not.toContain(fragment);
      // No secrets: password hash, session tokens, TOTP secret, backup codes, card token, file keys.
      const hash = await passwordHash(customer.user.id);
      const tokens = await test.db.selectFrom("sessions").select("token").where("user_id", "=", customer.user.id).execute();
      const cardToken = await test.db
        .selectFrom("payment_methods")
        .select("provider_payment_id")
        .where("user_id", "=", customer.user.id)
        .executeTakeFirstOrThrow();
      for (const secretValue of [
        hash ?? "",
        secret,
        ...backupCodes,
        ...tokens.map((row) => row.token),
        cardToken.provider_payment_id,
        "id-documents/",
      ]) {
        expect(text).not.toContain(secretValue);
      }
    });
  });
});
