import { timingSafeEqual } from "node:crypto";
import type { PushSubscriptionInput } from "../../../shared/notifications.ts";
import type { AppDependencies } from "../../context.ts";
import { HttpError, notFound } from "../../http-error.ts";
import { serviceStartOf } from "../../jobs/booking-jobs.ts";
import { arrivalVisibleFrom, revealArrival } from "../../notifications/arrival.ts";
import { deleteOwnPushSubscription, listOwnPushSubscriptions, ownBookingStart, recordSmsReport, saveOwnPushSubscription } from "./repo.ts";

// ADR 265–269: a person's devices for web push, the SMS provider's delivery reports, and the
// customer's view of the team before arrival.

export function pushKey(deps: AppDependencies): { publicKey: string | null } {
  return { publicKey: deps.env.webPush?.publicKey ?? null };
}

export async function subscribeDevice(deps: AppDependencies, userId: string, input: PushSubscriptionInput, now: Date) {
  if (!deps.env.webPush) throw new HttpError(404, "not_found", "Web push is not configured on this server.");
  return { id: await saveOwnPushSubscription(deps.database.db, userId, input, now) };
}

export async function unsubscribeDevice(deps: AppDependencies, userId: string, endpoint: string) {
  if (!(await deleteOwnPushSubscription(deps.database.db, userId, endpoint)))
    throw new HttpError(404, "not_found", "This device is not subscribed.");
}

export async function listDevices(deps: AppDependencies, userId: string) {
  return (await listOwnPushSubscriptions(deps.database.db, userId)).map((row) => ({
    id: row.id,
    endpoint: row.endpoint,
    device: row.device,
    createdAt: row.created_at,
  }));
}

/** The webhook's secret, compared in constant time (OWASP: timing attacks on secrets). */
function sameSecret(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return expected.length > 0 && a.length === b.length && timingSafeEqual(a, b);
}

/**
 * 46elks posts a delivery report to the `whendelivered` URL we gave it, which carries our secret;
 * a report without it is answered 404, as if there were no such endpoint.
 */
export async function acceptSmsReport(deps: AppDependencies, secret: string, form: Record<string, unknown>, now: Date) {
  const sms = deps.env.sms;
  if (sms.provider !== "46elks" || !sameSecret(secret, sms.webhookSecret))
    throw new HttpError(404, "not_found", "There is no such API endpoint.");
  const id = typeof form.id === "string" ? form.id : "";
  const status = typeof form.status === "string" ? form.status : "";
  if (!id || !status) throw new HttpError(400, "bad_request", "A delivery report has an id and a status.");
  const delivered =
    typeof form.delivered === "string" && !Number.isNaN(Date.parse(form.delivered)) ? new Date(form.delivered).toISOString() : undefined;
  return { matched: await recordSmsReport(deps.database.db, { id, status, delivered }, now) };
}

/**
 * ADR 269: the team's contact and the arrival phrase, from TEAM_BEFORE_ARRIVAL_MINUTES before the
 * start; before that the answer is 403, so nothing of it can be read early.
 */
export async function arrivalForCustomer(deps: AppDependencies, userId: string, bookingId: string, now: Date) {
  const booking = await ownBookingStart(deps.database.db, userId, bookingId);
  if (!booking) throw notFound("noSuchBooking");
  const visibleFrom = arrivalVisibleFrom(serviceStartOf(booking), deps.env);
  if (now < visibleFrom || (booking.status !== "confirmed" && booking.status !== "in_progress"))
    throw new HttpError(403, "forbidden", `The team's details are shown from ${visibleFrom.toISOString()}.`);
  const arrival = await revealArrival(deps.database.db, bookingId, deps.env);
  if (!arrival) throw new HttpError(404, "not_found", "No operative leads this booking yet.");
  return arrival;
}
