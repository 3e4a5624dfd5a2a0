import { Hono } from "hono";
import { z } from "zod";
import { clientIp } from "../../auth/client-ip.ts";
import { enforceRateLimits } from "../../auth/rate-limit.ts";
import { rateLimitRules } from "../../rate-limit-rules.ts";
import type { AppEnv } from "../../app-env.ts";
import { HttpError } from "../../http-error.ts";
import { GatewayRefusal, type GatewayWebhookEvent } from "../../payments/gateway.ts";
import { applyProviderNotification } from "../../payments/provider-notifications.ts";
import { defaultLanguage, isLanguage, languageFromAcceptLanguage, type Language } from "../../../shared/languages.ts";

// docs/payments.md. The provider's signed notifications (/api/payments/webhook), and the simulated
// bank's check page (/payments/challenge/:id) that the test card 4000 0025 0000 3155 sends the
// customer to, as a real card's 3-D Secure step would: the customer completes or abandons it and
// comes back to the booking page, whose repeated request then finds the hold done or refused.

const intentId = z.string().regex(/^sim_pi_[0-9a-f]{32}$/);

/** Only a path of this site: a return address elsewhere would make this page an open redirect (OWASP). */
function safeReturn(value: string | undefined): string {
  return value && value.startsWith("/") && !value.startsWith("//") && !value.includes("\\") ? value : "/secure-booking";
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`);

/** The page's words; the visitor's language leads and the other follows in small print (docs/payments.md). */
const challengeTexts: Record<Language, { title: string; heading: string; body: string; note: string; complete: string; cancel: string }> = {
  en: {
    title: "Simulated bank check",
    heading: "Confirm this payment with your bank",
    body: "This is the simulated bank's extra check (3-D Secure) of the test card ending 3155. Nothing leaves this computer.",
    note: "Confirm this payment with your bank: the simulated bank's extra check of the test card ending 3155.",
    complete: "Complete",
    cancel: "Cancel",
  },
  sv: {
    title: "Simulerad bankkontroll",
    heading: "Bekräfta betalningen hos din bank",
    body: "Detta är den simulerade bankens extra kontroll (3-D Secure) av testkortet som slutar på 3155. Inget lämnar den här datorn.",
    note: "Bekräfta betalningen hos din bank: den simulerade bankens extra kontroll av testkortet som slutar på 3155.",
    complete: "Slutför",
    cancel: "Avbryt",
  },
};

function challengePage(id: string, returnTo: string, language: Language): string {
  const words = challengeTexts[language];
  const other = language === "sv" ? "en" : "sv";
  // WCAG 2.2 3.1.1 and 3.1.2: the page's language, and the other language's part marked as such.
  return `<!doctype html>
<html lang="${language}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${words.title}</title>
<style>body{font-family:system-ui,sans-serif;max-width:32rem;margin:2rem auto;padding:0 1rem;color:#111}
h1{font-size:1.4rem}p{line-height:1.5}.actions{display:flex;gap:.75rem;flex-wrap:wrap;margin-top:1.5rem}
button{font:inherit;padding:.75rem 1.25rem;border-radius:.5rem;border:1px solid #111;min-height:44px;cursor:pointer}
.primary{background:#111;color:#fff}.note{font-size:.9rem;color:#555;margin-top:2rem}</style></head>
<body><main>
<h1>${words.heading}</h1>
<p>${words.body}</p>
<form method="post" action="/payments/challenge/${escapeHtml(id)}">
<input type="hidden" name="return" value="${escapeHtml(returnTo)}">
<div class="actions">
<button class="primary" type="submit" name="decision" value="complete">${words.complete}</button>
<button type="submit" name="decision" value="abandon">${words.cancel}</button>
</div></form>
<p class="note" lang="${other}">${challengeTexts[other].note}</p>
</main></body></html>`;
}

/** The visitor's language: the app's choice in `?lang=`, else the browser's, else English (ADR 003). */
function challengeLanguage(named: string | undefined, acceptLanguage: string | undefined): Language {
  return isLanguage(named) ? named : (languageFromAcceptLanguage(acceptLanguage) ?? defaultLanguage);
}

export const challengeRoutes = new Hono<AppEnv>()
  .get("/challenge/:id", (c) => {
    const id = intentId.safeParse(c.req.param("id"));
    if (!id.success || c.var.services.payments.gateway.name !== "simulated") throw new HttpError(404, "not_found", "Not found");
    c.header("Cache-Control", "no-store");
    const language = challengeLanguage(c.req.query("lang"), c.req.header("accept-language"));
    c.header("Content-Language", language);
    return c.html(challengePage(id.data, safeReturn(c.req.query("return")), language));
  })
  .post("/challenge/:id", async (c) => {
    const id = intentId.safeParse(c.req.param("id"));
    if (!id.success || c.var.services.payments.gateway.name !== "simulated") throw new HttpError(404, "not_found", "Not found");
    await enforceRateLimits(c.var.deps.database.db, [{ rule: rateLimitRules.bankCheckAnswersPerIpHour, subject: clientIp(c) }]);
    const form = await c.req.parseBody();
    const completed = form.decision === "complete";
    try {
      await c.var.services.payments.gateway.confirmAuthentication({
        providerPaymentId: id.data,
        completed,
        idempotencyKey: `authenticate:${id.data}`,
      });
    } catch (error) {
      if (!(error instanceof GatewayRefusal)) throw error;
      // Answered before (a second click): the first answer stands.
    }
    const back = safeReturn(typeof form.return === "string" ? form.return : undefined);
    return c.redirect(`${back}${back.includes("?") ? "&" : "?"}bank=${completed ? "done" : "abandoned"}`, 303);
  });

export const paymentWebhookRoutes = new Hono<AppEnv>()
  // ADR 192: which card field the payment step shows — our typed form (the simulated processor) or
  // Stripe's Element, with the publishable key Stripe.js needs (public by design).
  .get("/config", (c) => {
    const payments = c.var.deps.env.payments;
    c.header("Cache-Control", "no-store");
    // ADR 221: the invoice choice of the payment step names the days to pay.
    const invoiceDueDays = c.var.deps.env.invoiceDueDays;
    return c.json(
      payments.provider === "stripe"
        ? { provider: "stripe" as const, publishableKey: payments.publishableKey, invoiceDueDays }
        : { provider: "simulated" as const, publishableKey: null, invoiceDueDays },
    );
  })
  .post("/webhook", async (c) => {
    await enforceRateLimits(c.var.deps.database.db, [{ rule: rateLimitRules.providerNotificationsPerIpMinute, subject: clientIp(c) }]);
    const signature = c.req.header("Stripe-Signature") ?? c.req.header("Simulated-Signature") ?? "";
    const payload = await c.req.text();
    let event: GatewayWebhookEvent;
    try {
      event = c.var.services.payments.gateway.verifyWebhook(payload, signature);
    } catch (error) {
      if (error instanceof GatewayRefusal) throw new HttpError(400, "bad_request", "The notification's signature does not verify.");
      throw error;
    }
    // ADR 137: the ledger is brought level with the provider's totals, idempotently.
    const result = await applyProviderNotification(c.var.deps.database.db, event, c.var.services.clock.now());
    if (result.recorded.length > 0) c.var.services.events.wake();
    c.var.logger.info(
      { eventId: event.id, type: event.type, providerPaymentId: event.providerPaymentId, ...result },
      "payment provider notification",
    );
    if (result.outcome === "deferred") {
      // One of our own calls for this payment is still on its way: the provider sends the event again
      // later (Stripe retries for three days), when that call's answer is in the ledger.
      c.header("Retry-After", "60");
      throw new HttpError(503, "try_again_later", "A payment call is in progress; send the notification again later.");
    }
    return c.json({ received: true, outcome: result.outcome });
  });
