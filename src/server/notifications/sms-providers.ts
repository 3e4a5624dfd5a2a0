import { parsePhoneNumberFromString } from "libphonenumber-js";
import { PermanentJobError } from "../jobs/errors.ts";
import type { Environment } from "../env.ts";

// ADR 267: the SMS channel through a provider adapter chosen by configuration, as the card
// provider is (SMS_PROVIDER). 46elks' documented HTTP API: POST {api}/sms with HTTP basic
// authentication and the form fields from, to, message and whendelivered (the URL its delivery
// report is posted to); it answers with the message's id. Numbers are E.164 (ITU-T E.164),
// checked with libphonenumber-js; a Swedish number may be written nationally (070…).

export type SmsMessage = { from: string; to: string; text: string; reportUrl: string };

export type SmsProvider = { name: string; send: (message: SmsMessage) => Promise<{ id: string; status: string }> };

/** A phone number as E.164 (+46701234567), or null when it is not a valid number; national numbers are Swedish. */
export function toE164(phone: string | null | undefined): string | null {
  if (!phone) return null;
  const parsed = parsePhoneNumberFromString(phone, "SE");
  return parsed?.isValid() ? parsed.number : null;
}

/** A failure the provider will answer the same way again (a refused number, bad credentials): not retried. */
export class SmsRefusedError extends PermanentJobError {}

export function createSmsProvider(env: Pick<Environment, "sms">): SmsProvider | null {
  const settings = env.sms;
  if (settings.provider !== "46elks") return null;
  const authorization = `Basic ${Buffer.from(`${settings.username}:${settings.password}`).toString("base64")}`;
  return {
    name: "46elks",
    async send(message) {
      const response = await fetch(`${settings.apiUrl}/sms`, {
        method: "POST",
        headers: { authorization, "content-type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams({ from: message.from, to: message.to, message: message.text, whendelivered: message.reportUrl }),
        signal: AbortSignal.timeout(15_000),
      });
      const text = await response.text();
      // 429 and 5xx are worth another try later; any other refusal is the request's own fault.
      if (!response.ok) {
        const failure = `46elks answered ${response.status}: ${text.slice(0, 200)}`;
        if (response.status === 429 || response.status >= 500) throw new Error(failure);
        throw new SmsRefusedError(failure);
      }
      const answer = JSON.parse(text) as { id?: unknown; status?: unknown };
      if (typeof answer.id !== "string") throw new Error(`46elks answered without a message id: ${text.slice(0, 200)}`);
      return { id: answer.id, status: typeof answer.status === "string" ? answer.status : "created" };
    },
  };
}
