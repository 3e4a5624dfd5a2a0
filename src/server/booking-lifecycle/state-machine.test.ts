import { afterAll, beforeAll, expect, it } from "vitest";
import { addDays } from "../../shared/time.ts";
import {
  bookingStatuses,
  bookingTransitionNames,
  bookingTransitions,
  transitionAllowed,
  type BookingStatus,
  type BookingTransition,
} from "../../shared/booking-lifecycle.ts";
import { operatorToday } from "../../shared/time.ts";
import { systemActor, userActor, type BookingActor } from "../access/booking-access.ts";
import { createSignedInUser } from "../test-support/accounts.ts";
import { createStaff, insertBooking } from "../test-support/operator.ts";
import { createTestApp, describeEachEngine, type TestApp } from "../test-support/test-app.ts";
import { enqueueMail } from "../mail/outbox.ts";
import { TransitionRefused } from "./state-machine.ts";

// ADR 090: every transition of the table, from every status, by every kind of actor: the allowed
// ones change the status with one audit row and one event; the refused ones change nothing. A
// failing effect rolls back the whole transition.

const inDays = (days: number) => addDays(operatorToday(new Date()), days);

describeEachEngine("the booking state machine", (engine) => {
  let test: TestApp;
  let actors: Record<"owner" | "stranger" | "operator" | "admin" | "system", BookingActor>;
  let ownerId: string;

  beforeAll(async () => {
    test = await createTestApp(engine);
    const owner = await createSignedInUser(test);
    const stranger = await createSignedInUser(test);
    const operator = await createStaff(test, "operator");
    const admin = await createStaff(test, "admin");
    ownerId = owner.user.id;
    actors = {
      owner: userActor({ id: owner.user.id, role: "customer" }),
      stranger: userActor({ id: stranger.user.id, role: "customer" }),
      operator: userActor({ id: operator.user.id, role: "operator" }),
      admin: userActor({ id: admin.user.id, role: "admin" }),
      system: systemActor,
    };
  });
  afterAll(() => test.close());

  const tableActor = { owner: "owner", stranger: null, operator: "staff", admin: "staff", system: "system" } as const;

  async function recordsOf(bookingId: string) {
    const row = await test.db.selectFrom("bookings").select("status").where("id", "=", bookingId).executeTakeFirstOrThrow();
    const audit = await test.db.selectFrom("audit_log").select("action").where("subject_id", "=", bookingId).execute();
    const events = await test.db
      .selectFrom("events")
      .select(["type", "payload", "actor_role"])
      .where("booking_id", "=", bookingId)
      .execute();
    return { status: row.status, audit, events };
  }

  it("takes exactly the transitions the table allows, for exactly the actors it names", async () => {
    const outcomes: string[] = [];
    for (const transition of bookingTransitionNames) {
      for (const from of bookingStatuses) {
        for (const [name, actor] of Object.entries(actors) as [keyof typeof actors, BookingActor][]) {
          const bookingId = await insertBooking(test, { userId: ownerId, startDate: inDays(10), status: from });
          const relation = tableActor[name];
          const allowed = relation !== null && transitionAllowed(transition, from, relation);
          let refusal: TransitionRefused["reason"] | null = null;
          try {
            await test.services.bookingLifecycle.transition({ bookingId, transition, actor });
          } catch (error) {
            if (!(error instanceof TransitionRefused)) throw error;
            refusal = error.reason;
          }
          const after = await recordsOf(bookingId);
          const to: BookingStatus = bookingTransitions[transition].to;
          if (allowed) {
            expect(refusal, `${name} ${transition} from ${from}`).toBeNull();
            expect(after.status).toBe(to);
            expect(after.audit).toHaveLength(1);
            expect(after.events).toEqual([
              {
                type: `booking.${to}`,
                payload: JSON.stringify({ from, to, transition }),
                actor_role: name === "system" ? "system" : name === "owner" ? "customer" : name,
              },
            ]);
          } else {
            // Someone who may not see the booking is told it does not exist.
            expect(refusal, `${name} ${transition} from ${from}`).toBe(name === "stranger" ? "not_found" : refusal);
            expect(refusal).not.toBeNull();
            expect(after).toEqual({ status: from, audit: [], events: [] });
          }
          outcomes.push(`${transition}:${from}:${name}:${allowed ? "yes" : "no"}`);
        }
      }
    }
    // The table's shape as a reader expects it: a few transitions spelt out.
    expect(outcomes).toContain("confirm:pending:operator:yes");
    expect(outcomes).toContain("confirm:pending:owner:no");
    expect(outcomes).toContain("cancelByCustomer:confirmed:owner:yes");
    expect(outcomes).toContain("cancelByCustomer:confirmed:admin:no");
    expect(outcomes).toContain("cancelByOperator:declined:admin:no");
    expect(outcomes).toContain("start:confirmed:system:yes");
    expect(outcomes).toContain("complete:in_progress:owner:no");
  });

  it("lets a staff member cancel their own booking as its customer, and not someone else's that way", async () => {
    const admin = actors.admin;
    if (admin.kind !== "user") throw new Error("admin is a user");
    const own = await insertBooking(test, { userId: admin.id, startDate: inDays(10) });
    await test.services.bookingLifecycle.transition({ bookingId: own, transition: "cancelByCustomer", actor: admin });
    expect((await recordsOf(own)).status).toBe("cancelled_by_customer");
    const customers = await insertBooking(test, { userId: ownerId, startDate: inDays(10) });
    await expect(
      test.services.bookingLifecycle.transition({ bookingId: customers, transition: "cancelByCustomer", actor: admin }),
    ).rejects.toThrow(TransitionRefused);
    expect((await recordsOf(customers)).status).toBe("pending");
  });

  it("keeps nothing of a transition whose effect fails: no status change, no audit row, no event, no mail", async () => {
    const bookingId = await insertBooking(test, { userId: ownerId, startDate: inDays(12) });
    const mailsBefore = await test.countRows("outbox");
    const eventsBefore = await test.countRows("events");
    const failing = async () => {
      throw new Error("the payment provider is down");
    };
    const transition = (name: BookingTransition) =>
      test.services.bookingLifecycle.transition({
        bookingId,
        transition: name,
        actor: actors.operator,
        changes: { confirmed_at: new Date().toISOString(), operator_note: "See you there" },
        effects: [
          // A mail queued by an earlier effect of the same transition.
          async (transaction, context) => {
            await enqueueMail(transaction, {
              kind: "booking-cancellation",
              to: "someone@example.test",
              payload: { bookingId: context.after.id, refund: "fully_refundable" },
            });
          },
          failing,
        ],
      });
    await expect(transition("confirm")).rejects.toThrow("the payment provider is down");
    const row = await test.db.selectFrom("bookings").selectAll().where("id", "=", bookingId).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ status: "pending", confirmed_at: null, operator_note: null });
    expect(await recordsOf(bookingId)).toEqual({ status: "pending", audit: [], events: [] });
    expect(await test.countRows("outbox")).toBe(mailsBefore);
    expect(await test.countRows("events")).toBe(eventsBefore);

    // A lifecycle-wide effect (where jobs and payments plug in) fails the same way.
    test.services.bookingLifecycle.effects.push(failing);
    try {
      await expect(test.services.bookingLifecycle.transition({ bookingId, transition: "decline", actor: actors.admin })).rejects.toThrow();
      expect(await recordsOf(bookingId)).toEqual({ status: "pending", audit: [], events: [] });
    } finally {
      test.services.bookingLifecycle.effects.pop();
    }
    // And without the failure the same transition goes through.
    await test.services.bookingLifecycle.transition({ bookingId, transition: "decline", actor: actors.admin });
    expect((await recordsOf(bookingId)).status).toBe("declined");
  });
});
