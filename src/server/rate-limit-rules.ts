import type { RateLimitRule } from "./auth/rate-limit.ts";

// Every rate-limit rule of the API in one table (ADR 031 as amended by ADR 034): its stable name
// (part of the counter's key), its budget and its window. The counting itself is in
// auth/rate-limit.ts. The booking rules' budgets are configuration (env.ts bookingLimits): their
// names and windows are here, their limits come from the environment.

const minute = 60;
const hour = 60 * minute;
const day = 24 * hour;

export const rateLimitRules = {
  // OWASP ASVS 2.2.1: at most 100 failed attempts per hour on one account, whatever the address.
  signInFailuresPerAccount: { name: "sign-in-account", limit: 100, windowSeconds: hour },
  signInFailuresPerEmailAndIp: { name: "sign-in", limit: 10, windowSeconds: 15 * minute },
  signInFailuresPerIp: { name: "sign-in-ip", limit: 50, windowSeconds: 15 * minute },
  checkEmailPerIp: { name: "check-email-ip", limit: 30, windowSeconds: 10 * minute },
  // Code budgets per e-mail are kept per e-mail AND address, so one address cannot use them up for
  // the owner; the per-e-mail total bounds the guesses at a 4-digit code (ADR 031 residual risk).
  codeSendPerEmailAndIpHour: { name: "code-email-ip-hour", limit: 5, windowSeconds: hour },
  codeSendPerEmailAndIpDay: { name: "code-email-ip-day", limit: 10, windowSeconds: day },
  codeSendPerEmailDay: { name: "code-email-day", limit: 20, windowSeconds: day },
  codeSendPerIpHour: { name: "code-ip-hour", limit: 20, windowSeconds: hour },
  codeVerifyPerIpHour: { name: "code-verify-ip", limit: 60, windowSeconds: hour },
  resetRequestPerEmailAndIpHour: { name: "reset-email-ip-hour", limit: 5, windowSeconds: hour },
  resetRequestPerEmailHour: { name: "reset-email-hour", limit: 10, windowSeconds: hour },
  resetRequestPerIpHour: { name: "reset-ip-hour", limit: 20, windowSeconds: hour },
  resetPerIpHour: { name: "reset-ip", limit: 20, windowSeconds: hour },
  signUpPerIpHour: { name: "sign-up-ip", limit: 20, windowSeconds: hour },
  // The affiliate interest form writes a row for anyone: without a limit one script fills the table.
  affiliatePerIpHour: { name: "affiliate-ip", limit: 10, windowSeconds: hour },

  // Account security (OWASP ASVS 2.2.1): wrong passwords typed to confirm a change and wrong
  // second-factor codes are limited like sign-in failures (ADR 034).
  passwordChecksPerUser: { name: "password-check-user", limit: 10, windowSeconds: 15 * minute },
  secondFactorPerIp: { name: "second-factor-ip", limit: 30, windowSeconds: 15 * minute },
  twoFactorConfirmPerUser: { name: "two-factor-confirm-user", limit: 10, windowSeconds: 15 * minute },
  // ADR 270: passkey sign-in attempts per address; a successful one gives its slot back.
  passkeySignInPerIp: { name: "passkey-sign-in-ip", limit: 50, windowSeconds: 15 * minute },
  // ADR 272: each BankID order makes BankID ask a person's phone; a script must not make it ring.
  bankIdOrdersPerIp: { name: "bankid-order-ip", limit: 20, windowSeconds: 15 * minute },
  // ADR 112, NIST SP 800-63B §5.2.2: wrong authenticator codes per account; backup codes stay open.
  totpFailuresPerUser: { name: "totp-failures-user", limit: 10, windowSeconds: 15 * minute },

  // Profile e-mails: per account, whatever the address. The cooldown of docs/product.md §9 stops a
  // quick resend to one address; these stop a customer (or a stolen session) mailing strangers in bulk.
  profileEmailCodesPerAccountHour: { name: "profile-email-code-hour", limit: 10, windowSeconds: hour },
  profileEmailCodesPerAccountDay: { name: "profile-email-code-day", limit: 30, windowSeconds: day },
  profileEmailVerifyPerAccountHour: { name: "profile-email-verify-hour", limit: 60, windowSeconds: hour },

  // Decoding and re-encoding a picture costs real CPU (OWASP API Security Top 10, API4:2023).
  avatarUploadsPerAccountHour: { name: "avatar-upload-hour", limit: 20, windowSeconds: hour },
  idUploadsPerUserHour: { name: "id-upload-user", limit: 20, windowSeconds: hour },
  // Card testing (PCI DSS v4.0 req. 6.4.3 guidance) is slowed per account.
  cardAddsPerUserHour: { name: "card-add-user", limit: 30, windowSeconds: hour },
  // A red incident report mails every operator at once (ADR 165): one account cannot flood them.
  incidentReportsPerUserHour: { name: "incident-report-user", limit: 20, windowSeconds: hour },
  // docs/on-duty.md: an alarm puts a banner on every console page; a person (or a principal's
  // link) cannot raise more than a handful an hour. Generous: a real emergency is never refused.
  alarmsPerRaiserHour: { name: "alarm-raiser", limit: 30, windowSeconds: hour },
  // ADR 289: a phone sharing its position sends it about every 30 seconds.
  positionsPerUserHour: { name: "position-user", limit: 600, windowSeconds: hour },
  // docs/product.md §12: messages in booking threads, per author across all their threads. A
  // conversation rarely needs more than a few a minute; a script cannot fill the table or the
  // other side's screen (OWASP API Security Top 10, API4:2023).
  threadMessagesPerUser: { name: "thread-message-user", limit: 30, windowSeconds: 10 * minute },

  // docs/payments.md (ADR 139). Refunds and approvals each queue a provider call; a stolen session
  // or a stuck script must not queue hundreds. The exports read a whole period (CPU and memory).
  operatorRefundsPerUserHour: { name: "refund-user", limit: 60, windowSeconds: hour },
  paymentApprovalsPerUserHour: { name: "payment-approve-user", limit: 20, windowSeconds: hour },
  accountingExportsPerUserHour: { name: "accounting-export-user", limit: 60, windowSeconds: hour },
  // docs/data-export.md: a customer's export reads every row they own and zips it; a person needs a
  // few a day, a stolen session or a script must not make the server build it in a loop.
  dataExportsPerUserHour: { name: "data-export-user", limit: 10, windowSeconds: hour },
  // The simulated bank's check page answers anyone holding its link; the provider's notifications
  // arrive unauthenticated until their signature is checked. Stripe retries a 429 later, so the
  // budget is far above its sending rate and only stops a flood of forged requests.
  bankCheckAnswersPerIpHour: { name: "bank-check-ip", limit: 60, windowSeconds: hour },
  providerNotificationsPerIpMinute: { name: "provider-notification-ip", limit: 300, windowSeconds: minute },
} satisfies Record<string, RateLimitRule>;

/** Rules whose budget the environment sets (0 switches a rule off, ADR 034). */
export const configuredRateLimitRules = {
  quotesPerAddressHour: { name: "quote-ip", windowSeconds: hour },
  bookingsPerAccountHour: { name: "booking-account", windowSeconds: hour },
  bookingsPerAddressHour: { name: "booking-ip", windowSeconds: hour },
} satisfies Record<string, Omit<RateLimitRule, "limit">>;

export function withLimit(rule: Omit<RateLimitRule, "limit">, limit: number): RateLimitRule {
  return { ...rule, limit };
}
