import { createHash, randomBytes, randomUUID } from "node:crypto";
import { isAPIError } from "better-auth/api";
import { bankIdMessageFor, bankIdMessageForError, type BankIdMessageId, type BankIdStartedBy } from "../../../shared/bankid.ts";
import type { AppServices } from "../../app-env.ts";
import { enforceRateLimits } from "../../auth/rate-limit.ts";
import type { AppDependencies } from "../../context.ts";
import { HttpError, notFound } from "../../http-error.ts";
import { rateLimitRules } from "../../rate-limit-rules.ts";
import { encryptPersonalNumber, maskPersonalNumber, personalNumberLookup, decryptPersonalNumber } from "../../security/personal-number.ts";
import { BankIdError, type BankIdClient, type BankIdCompletion } from "./client.ts";
import { bankIdAutostartLink, bankIdQrContent } from "./qr.ts";
import {
  claimCollect,
  endOrder,
  findIdentityByLookup,
  findIdentityOfUser,
  findOrder,
  forgetOrdersStartedBefore,
  holdUnlinkedPerson,
  insertOrder,
  releaseUnlinkedPerson,
  removeIdentity,
  saveIdentity,
  updateOrder,
} from "./repo.ts";

// ADR 272: BankID sign-in and linking. An order is started for the browser that asked (it gets a
// key in an HttpOnly cookie, only its hash is stored), polled by that browser every second for the
// next QR code (computed here: the secret never leaves the server), collected from BankID at most
// every 2 seconds whatever the polling, cancelled when the page is left, and on completion either
// signs in the person whose BankID is linked to an account (a Better Auth session, ADR 271 "bankid")
// or links the BankID to the signed-in account that asked. A person whose BankID is linked to no
// account is told to sign in once with their e-mail and link it (the account is proven first).

export const bankIdCollectGapMs = 2000;
/** How long a sign-in whose BankID is linked to no account may be linked by proving an account. */
export const unlinkedPersonHoldMs = 10 * 60 * 1000;
const orderRetentionMs = 60 * 60 * 1000;
export type BankIdPurpose = "sign-in" | "link";

/** What the browser learns about its order: never the order reference, token secret or number. */
export type BankIdOrderView = {
  status: "pending" | "complete" | "failed" | "cancelled";
  message: BankIdMessageId;
  /** The QR code's text for this second while pending, else null. */
  qr: string | null;
  /** On completion: what happened (signed in, linked, or why not). */
  outcome: "signedIn" | "linked" | "noAccount" | "linkedElsewhere" | null;
};

const hashKey = (browserKey: string) => createHash("sha256").update(browserKey).digest("hex");

function clientOf(services: AppServices): BankIdClient {
  if (!services.bankId) throw notFound();
  return services.bankId;
}

function keyOf(deps: AppDependencies): Buffer {
  if (!deps.env.bankId) throw notFound();
  return deps.env.bankId.personalNumberKey;
}

function refusal(error: unknown): unknown {
  if (!(error instanceof BankIdError)) return error;
  const message = bankIdMessageForError(error.errorCode);
  return new HttpError(message === "RFA4" ? 409 : 502, "bankid_refused", `BankID: ${error.errorCode}`, { message });
}

export async function startBankIdOrder(
  deps: AppDependencies,
  services: AppServices,
  input: { purpose: BankIdPurpose; startedBy: BankIdStartedBy; userId: string | null },
  request: { ip: string; address: string; now: Date },
): Promise<{ id: string; autoStartLink: string; browserKey: string }> {
  const client = clientOf(services);
  await enforceRateLimits(deps.database.db, [{ rule: rateLimitRules.bankIdOrdersPerIp, subject: request.ip }]);
  let order;
  try {
    order = await client.auth({ endUserIp: request.address });
  } catch (error) {
    throw refusal(error);
  }
  // Orders are short-lived (BankID ends them within minutes): older rows, and any unlinked person they held, go.
  await forgetOrdersStartedBefore(deps.database.db, new Date(request.now.getTime() - orderRetentionMs));
  const browserKey = randomBytes(32).toString("base64url");
  const id = randomUUID();
  await insertOrder(deps.database.db, {
    id,
    order_ref: order.orderRef,
    purpose: input.purpose,
    user_id: input.userId,
    browser_key_hash: hashKey(browserKey),
    qr_start_token: order.qrStartToken,
    qr_start_secret: order.qrStartSecret,
    started_by: input.startedBy,
    status: "pending",
    hint_code: "outstandingTransaction",
    started_at: request.now.toISOString(),
    last_collected_at: null,
    unlinked_personal_number: null,
    unlinked_name: null,
    unlinked_given_name: null,
    unlinked_surname: null,
  });
  return { id, autoStartLink: bankIdAutostartLink(order.autoStartToken, null), browserKey };
}

async function ownOrder(deps: AppDependencies, id: string, browserKey: string | undefined) {
  const order = await findOrder(deps.database.db, id);
  // Another browser's order is as unknown as one that does not exist.
  if (!order || !browserKey || order.browser_key_hash !== hashKey(browserKey)) throw notFound();
  return order;
}

/** What a completed order does; the answer's Set-Cookie lines when it signed someone in. */
async function complete(
  deps: AppDependencies,
  services: AppServices,
  order: { id: string; purpose: string; user_id: string | null },
  completion: BankIdCompletion,
  now: Date,
): Promise<{ outcome: NonNullable<BankIdOrderView["outcome"]>; setCookies: string[] }> {
  const db = deps.database.db;
  const key = keyOf(deps);
  const person = completion.user;
  const lookup = personalNumberLookup(key, person.personalNumber);
  const existing = await findIdentityByLookup(db, lookup);
  if (order.purpose === "link" && order.user_id) {
    if (existing && existing.user_id !== order.user_id) return { outcome: "linkedElsewhere", setCookies: [] };
    await saveIdentity(db, {
      user_id: order.user_id,
      personal_number_encrypted: encryptPersonalNumber(key, person.personalNumber),
      personal_number_lookup: lookup,
      name: person.name,
      given_name: person.givenName,
      surname: person.surname,
      linked_at: now.toISOString(),
    });
    return { outcome: "linked", setCookies: [] };
  }
  if (!existing) {
    // Held, encrypted, for this browser to link once it proves an account (linkUnlinkedPerson).
    await holdUnlinkedPerson(db, order.id, {
      personalNumberEncrypted: encryptPersonalNumber(key, person.personalNumber),
      name: person.name,
      givenName: person.givenName,
      surname: person.surname,
    });
    return { outcome: "noAccount", setCookies: [] };
  }
  try {
    const result = await services.auth.auth.api.signInWithCompletedBankIdOrder({ body: { userId: existing.user_id }, returnHeaders: true });
    return { outcome: "signedIn", setCookies: result.headers.getSetCookie() };
  } catch (error) {
    // A banned account: Better Auth's admin plugin refuses the session as it refuses any sign-in.
    if (isAPIError(error) && error.statusCode === 403) throw new HttpError(403, "account_suspended", "This account is suspended.");
    throw error;
  }
}

export async function pollBankIdOrder(
  deps: AppDependencies,
  services: AppServices,
  id: string,
  browserKey: string | undefined,
  now: Date,
): Promise<{ view: BankIdOrderView; setCookies: string[] }> {
  const db = deps.database.db;
  let order = await ownOrder(deps, id, browserKey);
  let outcome: BankIdOrderView["outcome"] = null;
  let setCookies: string[] = [];
  let errorMessage: BankIdMessageId | null = null;
  if (order.status === "pending" && (await claimCollect(db, id, now, bankIdCollectGapMs))) {
    try {
      const collected = await clientOf(services).collect(order.order_ref);
      if (collected.status === "pending") await updateOrder(db, id, { hint_code: collected.hintCode });
      else if (collected.status === "failed") await endOrder(db, id, "failed", collected.hintCode);
      else {
        const done = await complete(deps, services, order, collected.completionData, now);
        outcome = done.outcome;
        setCookies = done.setCookies;
        await endOrder(db, id, "complete", done.outcome);
      }
    } catch (error) {
      if (!(error instanceof BankIdError)) throw error;
      errorMessage = bankIdMessageForError(error.errorCode);
      await endOrder(db, id, "failed", error.errorCode);
    }
    order = (await findOrder(db, id)) ?? order;
  }
  const startedBy = order.started_by;
  const status = order.status;
  const message: BankIdMessageId =
    errorMessage ??
    (status === "pending"
      ? bankIdMessageFor({ status: "pending", hintCode: order.hint_code ?? "outstandingTransaction" }, startedBy)
      : status === "failed"
        ? bankIdMessageFor({ status: "failed", hintCode: order.hint_code ?? "" }, startedBy)
        : status === "cancelled"
          ? "RFA3"
          : "RFA21");
  const seconds = (now.getTime() - new Date(order.started_at).getTime()) / 1000;
  return {
    view: {
      status,
      message,
      qr: status === "pending" && startedBy === "qr" ? bankIdQrContent(order.qr_start_token, order.qr_start_secret, seconds) : null,
      outcome: outcome ?? (status === "complete" ? ((order.hint_code as BankIdOrderView["outcome"]) ?? null) : null),
    },
    setCookies,
  };
}

/** The person left the page or pressed Cancel: BankID stops asking them (RP guidelines: cancel what is not wanted). */
export async function cancelBankIdOrder(deps: AppDependencies, services: AppServices, id: string, browserKey: string | undefined) {
  const order = await ownOrder(deps, id, browserKey);
  if (order.status !== "pending") return;
  await endOrder(deps.database.db, id, "cancelled", "cancelled");
  await clientOf(services)
    .cancel(order.order_ref)
    .catch((error: unknown) => {
      // An order BankID already ended cannot be cancelled: nothing is left to stop.
      if (!(error instanceof BankIdError)) throw error;
    });
}

/**
 * The first BankID sign-in of a person whose BankID is linked to no account: once the same browser
 * has proven an account (signed in with its password or e-mailed code), the person BankID named is
 * linked to it. Within ten minutes of that BankID order, once; a number linked elsewhere is refused.
 */
export async function linkUnlinkedPerson(deps: AppDependencies, id: string, browserKey: string | undefined, userId: string, now: Date) {
  const db = deps.database.db;
  const key = keyOf(deps);
  const order = await ownOrder(deps, id, browserKey);
  const held = order.unlinked_personal_number;
  if (!held || now.getTime() - new Date(order.started_at).getTime() > unlinkedPersonHoldMs) throw notFound();
  const personalNumber = decryptPersonalNumber(key, held);
  const lookup = personalNumberLookup(key, personalNumber);
  const existing = await findIdentityByLookup(db, lookup);
  await releaseUnlinkedPerson(db, id);
  if (existing && existing.user_id !== userId) return { outcome: "linkedElsewhere" as const };
  await saveIdentity(db, {
    user_id: userId,
    personal_number_encrypted: encryptPersonalNumber(key, personalNumber),
    personal_number_lookup: lookup,
    name: order.unlinked_name ?? "",
    given_name: order.unlinked_given_name ?? "",
    surname: order.unlinked_surname ?? "",
    linked_at: now.toISOString(),
  });
  return { outcome: "linked" as const };
}

export async function readBankIdIdentity(deps: AppDependencies, userId: string) {
  if (!deps.env.bankId) return { available: false as const, linked: null };
  const identity = await findIdentityOfUser(deps.database.db, userId);
  if (!identity) return { available: true as const, linked: null };
  return {
    available: true as const,
    linked: {
      name: identity.name,
      personalNumber: maskPersonalNumber(decryptPersonalNumber(deps.env.bankId.personalNumberKey, identity.personal_number_encrypted)),
      linkedAt: identity.linked_at,
    },
  };
}

export async function unlinkBankId(deps: AppDependencies, userId: string) {
  await removeIdentity(deps.database.db, userId);
}
