import { afterAll, beforeAll, expect, it } from "vitest";
import { enqueueMail } from "../mail/outbox.ts";
import { createTestApp, describeEachEngine, type TestApp } from "../test-support/test-app.ts";
import { groupCommit } from "./group-commit.ts";

// ADR 053: writes that arrive together share a commit, yet each is answered with its own result
// and a failing write never takes the others with it.

describeEachEngine("group commit", (engine) => {
  let test: TestApp;
  beforeAll(async () => {
    test = await createTestApp(engine);
  });
  afterAll(() => test.close());

  // Each test tags its mails with a booking id of its own.
  const queueMail = (tag: string) =>
    groupCommit(test.db, async (transaction, to: string) => {
      await enqueueMail(transaction, { kind: "booking-confirmation", to, payload: { bookingId: tag } });
      if (to.startsWith("refused")) throw new Error("This write is refused");
      return `stored ${to}`;
    });
  const recipientsOf = async (tag: string) =>
    (
      await test.db
        .selectFrom("outbox")
        .select("recipient")
        .where("payload", "=", JSON.stringify({ bookingId: tag }))
        .execute()
    )
      .map((row) => row.recipient)
      .sort();

  it("stores every write of a burst and answers each with its own result", async () => {
    const write = queueMail("burst");
    const recipients = Array.from({ length: 40 }, (_, index) => `guest-${String(index).padStart(2, "0")}@example.test`);
    const results = await Promise.all(recipients.map(write));
    expect(results).toEqual(recipients.map((to) => `stored ${to}`));
    expect(await recipientsOf("burst")).toEqual(recipients);
  });

  it("fails only the write that fails; the others of its batch are stored", async () => {
    const write = queueMail("isolation");
    const outcomes = await Promise.allSettled(["first@example.test", "refused@example.test", "third@example.test"].map(write));
    expect(outcomes.map((outcome) => outcome.status)).toEqual(["fulfilled", "rejected", "fulfilled"]);
    expect(await recipientsOf("isolation")).toEqual(["first@example.test", "third@example.test"]);
  });
});
