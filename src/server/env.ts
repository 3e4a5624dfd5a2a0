import { randomBytes } from "node:crypto";
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { z } from "zod";
import { bicPattern, normaliseOrganisationNumber, parseIban, parseVatNumber } from "../shared/accounting-identifiers.ts";
import { passesLuhn } from "../shared/luhn.ts";
import type { SiteConfig } from "../shared/site-config.ts";
import { isSocialNetwork, socialNetworks, type SocialLink } from "../shared/social-networks.ts";
import { parseTrustedProxies, TrustedProxiesError } from "./http/trusted-proxies.ts";
import { makePrivateDirectory, privateFileMode } from "./storage/private-files.ts";

// The configuration contract (ADR 120). This is the only module that reads process.env.

/** Bounds on every wait for the database (ADR 011); openDatabase uses them when given none. */
export const defaultDatabaseTimeouts = { connectTimeoutMs: 5000, statementTimeoutMs: 5000 };

const optionalString = z
  .string()
  .trim()
  .transform((value) => (value === "" ? undefined : value))
  .optional();

/** A variable this version no longer reads: set, it stops the start, so a configured value is not silently ignored. */
const retired = (replacement: string) =>
  z
    .unknown()
    .refine((value) => value === undefined, `is no longer read: ${replacement}`)
    .optional();
const socialUrl = z.url({ protocol: /^https$/, hostname: z.regexes.domain });

/**
 * SOCIAL_LINKS: comma-separated `network=https://address` entries, e.g.
 * `instagram=https://www.instagram.com/nordicshield, linkedin=https://www.linkedin.com/company/nordic-shield`.
 * docs/product.md §2 lists social links in the footer; unset means the footer shows none rather than dead links.
 */
const socialLinksSchema = z
  .string()
  .optional()
  .transform((value, context): SocialLink[] => {
    const links: SocialLink[] = [];
    for (const entry of (value ?? "").split(",").map((part) => part.trim())) {
      if (entry === "") continue;
      const separator = entry.indexOf("=");
      const network = entry.slice(0, separator).trim().toLowerCase();
      const url = entry.slice(separator + 1).trim();
      if (separator < 1 || !isSocialNetwork(network)) {
        const known = Object.keys(socialNetworks).join(", ");
        context.addIssue({ code: "custom", message: `"${entry}" must be network=https://address with a network of ${known}` });
      } else if (!socialUrl.safeParse(url).success) {
        context.addIssue({ code: "custom", message: `the ${network} address must be an https:// URL` });
      } else if (links.some((link) => link.network === network)) {
        context.addIssue({ code: "custom", message: `${network} is given twice` });
      } else {
        links.push({ network, url });
      }
    }
    return links;
  });

// Shown on public pages; baked into the prerendered HTML at build time (see vite.config.ts).
const siteSchema = z.object({
  SUPPORT_EMAIL: z.email().default("support@nordicshield.se"),
  SUPPORT_PHONE: z.string().trim().min(5).default("+46 8 520 277 00"),
  // docs/invoices.md: the seller on every invoice, receipt and credit note and, derived from it, the
  // site's footer line (src/shared/seller.ts): one identity of the firm (Mervärdesskattelag
  // (2023:200) ch. 17 §24: name, address and VAT number).
  SELLER_NAME: z.string().trim().min(2).default("Nordic Shield Security AB"),
  SELLER_ADDRESS: z.string().trim().min(5).default("Strandvägen 7A, 114 56 Stockholm, Sverige"),
  SELLER_ORGANISATION_NUMBER: z
    .string()
    .trim()
    .default("559123-4561")
    .refine(
      (value) => normaliseOrganisationNumber(value) !== null,
      "must be a Swedish organisation number (NNNNNN-NNNN, Luhn check digit)",
    ),
  SELLER_VAT_NUMBER: optionalString.pipe(
    z
      .string()
      .refine((value) => parseVatNumber(value)?.country === "SE", "must be a Swedish VAT number (SE + 12 digits)")
      .optional(),
  ),
  // The footer's line was once configured apart and named another organisation number than the documents.
  COMPANY_REGISTRATION: retired("the footer's registration line is derived from SELLER_NAME and SELLER_ORGANISATION_NUMBER"),
  COMPANY_REGISTRATION_SV: retired("the footer's registration line is derived from SELLER_NAME and SELLER_ORGANISATION_NUMBER"),
  SOCIAL_LINKS: socialLinksSchema,
});

const environmentSchema = siteSchema
  .extend({
    NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
    PORT: z.coerce.number().int().min(0).max(65535).default(3000),
    HOST: optionalString,
    APP_URL: optionalString.pipe(z.url({ protocol: /^https?$/ }).optional()),
    DATA_DIR: z.string().trim().min(1).default("./data"),
    BUILD_DIR: z.string().trim().min(1).default("build"),
    DATABASE_URL: optionalString.pipe(
      z
        .string()
        .regex(/^postgres(ql)?:\/\//, "must start with postgres:// (leave it unset for SQLite)")
        .optional(),
    ),
    // ADR 011: every wait on the database is bounded, so an outage answers 503 instead of hanging.
    DATABASE_CONNECT_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(defaultDatabaseTimeouts.connectTimeoutMs),
    DATABASE_STATEMENT_TIMEOUT_MS: z.coerce.number().int().min(100).max(3_600_000).default(defaultDatabaseTimeouts.statementTimeoutMs),
    DATABASE_START_RETRIES: z.coerce.number().int().min(0).max(1000).default(10),
    DATABASE_START_RETRY_INTERVAL_MS: z.coerce.number().int().min(0).max(600_000).default(3000),
    UPLOADS_DIR: optionalString,
    // ADR 083: the most bytes the uploads may take; unset means no quota of our own.
    UPLOADS_MAX_BYTES: optionalString.pipe(z.coerce.number<string | undefined>().int().min(1).optional()),
    SMTP_URL: optionalString.pipe(
      z
        .string()
        .regex(/^smtps?:\/\//, "must start with smtp:// or smtps://")
        .optional(),
    ),
    MAIL_FROM: z.string().trim().min(3).default("Nordic Shield <no-reply@localhost>"),
    AUTH_SECRET: optionalString.pipe(z.string().min(32, "must be at least 32 characters").optional()),
    LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).optional(),
    // ADR 034: reverse proxies whose X-Forwarded-For is believed (IPs and CIDR ranges, comma-separated).
    TRUSTED_PROXIES: z
      .string()
      .optional()
      .transform((value, context) => {
        try {
          return parseTrustedProxies(value);
        } catch (error) {
          if (!(error instanceof TrustedProxiesError)) throw error;
          context.addIssue({ code: "custom", message: error.message });
          return z.NEVER;
        }
      }),
    // ADR 034: booking limits; a benchmark raises them, 0 turns one off.
    BOOKINGS_PER_ACCOUNT_HOUR: z.coerce.number().int().min(0).default(30),
    BOOKINGS_PER_ADDRESS_HOUR: z.coerce.number().int().min(0).default(60),
    QUOTES_PER_ADDRESS_HOUR: z.coerce.number().int().min(0).default(600),
    // ADR 070: approved identity documents' files are deleted this many days after review.
    ID_DOCUMENT_RETENTION_DAYS: z.coerce.number().int().min(0).max(3650).default(30),
    // ADR 092: how often (seconds, about) an open event stream re-checks its session; 0 checks after every wake-up.
    LIVE_SESSION_CHECK_SECONDS: z.coerce.number().min(0).max(3600).default(15),
    // ADR 235, 253: the most live-update streams one account, and one session of it, keep open in one
    // process; a new one replaces the oldest. Six per session is one browser's connections to a host
    // over HTTP/1.1; twelve per account leaves room for a second device when one session is full.
    // bench/sse.ts lifts both for its fan-out round (a thousand streams of two sessions).
    LIVE_STREAMS_PER_ACCOUNT: z.coerce.number().int().min(1).max(10_000).default(12),
    LIVE_STREAMS_PER_SESSION: z.coerce.number().int().min(1).max(10_000).default(6),
    // ADR 096: how long a worker's lease on a job lasts; a crashed worker's jobs wait this long.
    // It must cover one run of a job (an SMTP send is bounded by 50 s of timeouts).
    JOB_LEASE_SECONDS: z.coerce.number().int().min(1).max(3600).default(120),
    // ADR 232: the wait before a failed job's first retry, doubled after each failure.
    JOB_RETRY_BASE_MS: z.coerce.number().int().min(10).max(3_600_000).default(5000),
    // ADR 254: how often an idle job worker looks for due jobs; the browser journeys' server polls
    // more often, so a journey waits on the mail or the capture it caused, not on the poll.
    JOB_POLL_INTERVAL_MS: z.coerce.number().int().min(10).max(60_000).default(1000),
    // ADR 254: the browser journeys' server (e2e/support/global-setup.ts) makes signed-in accounts
    // through POST /api/test-support/accounts. Never in production; unset, the route does not exist.
    JOURNEY_TEST_SUPPORT: z.enum(["0", "1"]).default("0"),
    // docs/operatives.md: an offered assignment must be answered this many hours before the start, or it is released.
    ASSIGNMENT_RESPONSE_HOURS: z.coerce.number().int().min(0).max(720).default(24),
    // ADR 162: the shortest rest between two assignments of one operative (11 h, the daily rest of
    // the Swedish Working Hours Act, arbetstidslagen 13 §).
    OPERATIVE_REST_HOURS: z.coerce.number().min(0).max(72).default(11),
    // ADR 218: how long before the booking's start the lead may mark "on the way" and "on duty"
    // ("completed" waits for the start). On duty is never earlier than on the way.
    DUTY_ON_THE_WAY_MINUTES: z.coerce.number().int().min(0).max(1440).default(180),
    DUTY_ON_DUTY_MINUTES: z.coerce.number().int().min(0).max(1440).default(30),
    // ADR 286: an alarm not acknowledged this long climbs the escalation ladder, one step each
    // ALARM_ESCALATION_STEP_SECONDS after that.
    ALARM_ACKNOWLEDGE_SECONDS: z.coerce.number().int().min(5).max(3600).default(60),
    ALARM_ESCALATION_STEP_SECONDS: z.coerce.number().int().min(5).max(3600).default(60),
    // ADR 289, GDPR art. 5(1)(c),(e): positions are deleted this long after the booking ends.
    POSITION_RETENTION_HOURS: z.coerce.number().int().min(0).max(720).default(24),
    // docs/on-duty.md: the live board's map tiles, e.g. https://tile.openstreetmap.org/{z}/{x}/{y}.png;
    // unset, the board lists positions as text.
    MAP_TILES_URL: z
      .string()
      .trim()
      .refine((value) => /^https:\/\/[^\s]+\{z\}[^\s]*\{x\}[^\s]*\{y\}/.test(value), "must be an https address with {z}, {x} and {y}")
      .optional(),
    // Bankgirot: 7 or 8 digits whose last is a Luhn check digit, written NNN-NNNN or NNNN-NNNN.
    BANKGIRO_NUMBER: z
      .string()
      .trim()
      .default("5050-1055")
      .refine(
        (value) => /^\d{3,4}-?\d{4}$/.test(value) && passesLuhn(value.replace("-", "")),
        "must be a Bankgiro number (NNNN-NNNN with its check digit)",
      ),
    INVOICE_DUE_DAYS: z.coerce.number().int().min(1).max(120).default(30),
    // docs/invoices.md "Paying an invoice in euro": the firm's account for SEPA credit transfers,
    // and whether its Bankgiro account takes euro (only then does a euro invoice name the Bankgiro).
    SELLER_IBAN: z
      .string()
      .trim()
      .default("SE45 5000 0000 0583 9825 7466")
      .refine((value) => parseIban(value) !== null, "must be an IBAN with its check digits, e.g. SE45 5000 0000 0583 9825 7466"),
    SELLER_BIC: z
      .string()
      .trim()
      .toUpperCase()
      .default("ESSESESS")
      .refine((value) => bicPattern.test(value), "must be a BIC of 8 or 11 characters, e.g. ESSESESS"),
    BANKGIRO_CURRENCY: z.enum(["EUR", "SEK"]).default("EUR"),
    // ADR 225: how long a customer whose charge at confirmation failed has to secure the money.
    PAYMENT_DEADLINE_HOURS: z.coerce.number().int().min(1).max(720).default(48),
    // ADR 080: the bearer token Prometheus presents at /api/metrics; unset, the endpoint does not exist.
    METRICS_TOKEN: optionalString.pipe(
      z
        .string()
        .min(32, "must be at least 32 characters (openssl rand -hex 32)")
        .regex(/^[\x21-\x7e]+$/, "must be printable ASCII without spaces (it is sent in an HTTP header)")
        .optional(),
    ),
    // ADR 130, 134, 136: the card provider. The simulated one needs no network and is the default.
    PAYMENT_PROVIDER: z.enum(["simulated", "stripe"]).default("simulated"),
    STRIPE_SECRET_KEY: optionalString.pipe(
      z
        .string()
        .regex(/^(sk|rk)_(test|live)_[0-9A-Za-z]{10,}$/, "must be a Stripe secret or restricted key (sk_test_…, sk_live_…, rk_…)")
        .optional(),
    ),
    STRIPE_PUBLISHABLE_KEY: optionalString.pipe(
      z
        .string()
        .regex(/^pk_(test|live)_[0-9A-Za-z]{10,}$/, "must be a Stripe publishable key (pk_test_… or pk_live_…)")
        .optional(),
    ),
    STRIPE_WEBHOOK_SECRET: optionalString.pipe(
      z
        .string()
        .regex(/^whsec_[0-9A-Za-z]{10,}$/, "must be a Stripe webhook signing secret (whsec_…)")
        .optional(),
    ),
    // ADR 272: BankID (Relying Party API v6, JSON over mutual TLS). Off unless BANKID_API_URL is set;
    // the client certificate as a PFX/P12 file or PEM certificate and key files, the CA that signed
    // BankID's server certificate, and the AES-256-GCM key personal identity numbers are stored under.
    BANKID_API_URL: optionalString.pipe(z.url({ protocol: /^https$/, error: "must be an https URL ending in /rp/v6.0" }).optional()),
    BANKID_CLIENT_PFX: optionalString,
    BANKID_CLIENT_CERT: optionalString,
    BANKID_CLIENT_KEY: optionalString,
    BANKID_CLIENT_PASSPHRASE: optionalString,
    BANKID_CA: optionalString,
    // ADR 272: development only: start the project's own BankID server beside the app and use it.
    BANKID_LOCAL_SERVER: z.enum(["0", "1"]).default("0"),
    BANKID_PERSONAL_NUMBER_KEY: optionalString.pipe(
      z
        .string()
        .regex(/^[0-9a-f]{64}$/i, "must be 64 hex characters (openssl rand -hex 32)")
        .optional(),
    ),
    // ADR 134: the simulated processor's pause between recording an answer and returning it (a slow network).
    SIMULATED_PROVIDER_ANSWER_DELAY_MS: z.coerce.number().int().min(0).max(600_000).default(0),
    // ADR 232: the share (0–1) of the simulated processor's new answers that are recorded and then
    // lost on the way back, as a timed-out request is; the call is retried with the same key. Tests only.
    SIMULATED_PROVIDER_LOST_ANSWER_RATE: z.coerce.number().min(0).max(1).default(0),
  })
  .superRefine((value, context) => {
    if (value.DUTY_ON_DUTY_MINUTES > value.DUTY_ON_THE_WAY_MINUTES) {
      context.addIssue({ code: "custom", path: ["DUTY_ON_DUTY_MINUTES"], message: "must not be more than DUTY_ON_THE_WAY_MINUTES" });
    }
    if (value.NODE_ENV === "production" && value.JOURNEY_TEST_SUPPORT === "1") {
      context.addIssue({
        code: "custom",
        path: ["JOURNEY_TEST_SUPPORT"],
        message: "is for the browser journeys only and refused when NODE_ENV=production",
      });
    }
    if (value.NODE_ENV === "production" && value.BANKID_LOCAL_SERVER === "1") {
      context.addIssue({
        code: "custom",
        path: ["BANKID_LOCAL_SERVER"],
        message: "is for development and tests only and refused when NODE_ENV=production",
      });
    }
    if (value.BANKID_API_URL) {
      const hasPfx = value.BANKID_CLIENT_PFX !== undefined;
      const hasPem = value.BANKID_CLIENT_CERT !== undefined && value.BANKID_CLIENT_KEY !== undefined;
      if (!hasPfx && !hasPem) {
        context.addIssue({
          code: "custom",
          path: ["BANKID_CLIENT_PFX"],
          message: "or BANKID_CLIENT_CERT and BANKID_CLIENT_KEY are required with BANKID_API_URL",
        });
      }
      for (const key of ["BANKID_CA", "BANKID_PERSONAL_NUMBER_KEY"] as const) {
        if (!value[key]) context.addIssue({ code: "custom", path: [key], message: "is required with BANKID_API_URL" });
      }
    }
    if (value.NODE_ENV === "production" && !value.AUTH_SECRET) {
      context.addIssue({ code: "custom", path: ["AUTH_SECRET"], message: "is required when NODE_ENV=production" });
    }
    if (value.PAYMENT_PROVIDER === "stripe") {
      for (const key of ["STRIPE_SECRET_KEY", "STRIPE_PUBLISHABLE_KEY", "STRIPE_WEBHOOK_SECRET"] as const) {
        if (!value[key]) context.addIssue({ code: "custom", path: [key], message: "is required when PAYMENT_PROVIDER=stripe" });
      }
      const secretMode = value.STRIPE_SECRET_KEY?.includes("_live_") ? "live" : "test";
      const publishableMode = value.STRIPE_PUBLISHABLE_KEY?.includes("_live_") ? "live" : "test";
      if (value.STRIPE_SECRET_KEY && value.STRIPE_PUBLISHABLE_KEY && secretMode !== publishableMode) {
        context.addIssue({
          code: "custom",
          path: ["STRIPE_PUBLISHABLE_KEY"],
          message: `is a ${publishableMode} key but STRIPE_SECRET_KEY is a ${secretMode} key`,
        });
      }
    }
  });

export type Environment = ReturnType<typeof loadEnvironment>;

export class EnvironmentError extends Error {}

/** Validates the environment; a bad value stops the start with a message naming the variable. */
export function loadEnvironment(source: Record<string, string | undefined> = process.env) {
  const parsed = environmentSchema.safeParse(source);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `  ${issue.path.join(".")}: ${issue.message}`);
    throw new EnvironmentError(`Invalid environment configuration:\n${lines.join("\n")}`);
  }
  const value = parsed.data;
  const isProduction = value.NODE_ENV === "production";
  const dataDirectory = path.resolve(value.DATA_DIR);
  makePrivateDirectory(dataDirectory);
  return {
    nodeEnv: value.NODE_ENV,
    isProduction,
    port: value.PORT,
    host: value.HOST ?? (isProduction ? "0.0.0.0" : "127.0.0.1"),
    appUrl: (value.APP_URL ?? `http://localhost:${value.PORT}`).replace(/\/$/, ""),
    /** False when appUrl is only assumed from PORT; a command run beside the server then says so (ADR 071). */
    appUrlConfigured: value.APP_URL !== undefined,
    dataDirectory,
    clientDirectory: path.resolve(value.BUILD_DIR, "client"),
    databaseUrl: value.DATABASE_URL,
    databaseTimeouts: { connectTimeoutMs: value.DATABASE_CONNECT_TIMEOUT_MS, statementTimeoutMs: value.DATABASE_STATEMENT_TIMEOUT_MS },
    databaseStart: { attempts: value.DATABASE_START_RETRIES + 1, intervalMs: value.DATABASE_START_RETRY_INTERVAL_MS },
    /** ADR 013: uploads on local disk, under DATA_DIR unless placed elsewhere. */
    uploadsDirectory: path.resolve(value.UPLOADS_DIR ?? path.join(dataDirectory, "uploads")),
    /** ADR 083: an upload that would take the uploads past this many bytes is refused with 507. */
    uploadsMaxBytes: value.UPLOADS_MAX_BYTES,
    smtpUrl: value.SMTP_URL,
    mailFrom: value.MAIL_FROM,
    authSecret: value.AUTH_SECRET ?? developmentSecret(dataDirectory),
    /** The dev mailbox exists only outside production (ADR 120). */
    devMailbox: !isProduction,
    site: toSiteConfig(value),
    logLevel: value.LOG_LEVEL ?? (value.NODE_ENV === "test" ? "silent" : "info"),
    trustedProxies: value.TRUSTED_PROXIES,
    bookingLimits: {
      perAccountHour: value.BOOKINGS_PER_ACCOUNT_HOUR,
      perAddressHour: value.BOOKINGS_PER_ADDRESS_HOUR,
      quotesPerAddressHour: value.QUOTES_PER_ADDRESS_HOUR,
    },
    idDocumentRetentionDays: value.ID_DOCUMENT_RETENTION_DAYS,
    liveSessionCheckMs: value.LIVE_SESSION_CHECK_SECONDS * 1000,
    liveStreamsPerAccount: value.LIVE_STREAMS_PER_ACCOUNT,
    liveStreamsPerSession: value.LIVE_STREAMS_PER_SESSION,
    jobLeaseMs: value.JOB_LEASE_SECONDS * 1000,
    jobRetryBaseMs: value.JOB_RETRY_BASE_MS,
    jobPollIntervalMs: value.JOB_POLL_INTERVAL_MS,
    /** ADR 254: POST /api/test-support/accounts exists only for the browser journeys' server. */
    journeyTestSupport: value.JOURNEY_TEST_SUPPORT === "1",
    /** docs/operatives.md: how long before the start an offered assignment must be answered. */
    assignmentResponseMs: value.ASSIGNMENT_RESPONSE_HOURS * 3_600_000,
    /** ADR 162: the shortest rest between two assignments of one operative. */
    operativeRestMs: value.OPERATIVE_REST_HOURS * 3_600_000,
    /** ADR 218: how long before the start the lead may mark on the way and on duty. */
    dutyWindows: { onTheWayMs: value.DUTY_ON_THE_WAY_MINUTES * 60_000, onDutyMs: value.DUTY_ON_DUTY_MINUTES * 60_000 },
    /** ADR 286: the escalation ladder's first wait and the wait between its steps. */
    alarmLadder: { acknowledgeMs: value.ALARM_ACKNOWLEDGE_SECONDS * 1000, stepMs: value.ALARM_ESCALATION_STEP_SECONDS * 1000 },
    /** ADR 289: how long after a booking's end its positions are kept. */
    positionRetentionMs: value.POSITION_RETENTION_HOURS * 3_600_000,
    /** docs/on-duty.md: the live board's map tiles; unset, a text list. */
    mapTilesUrl: value.MAP_TILES_URL,
    metricsToken: value.METRICS_TOKEN,
    seller: sellerOf(value),
    invoiceDueDays: value.INVOICE_DUE_DAYS,
    /** ADR 225: the time a `payment_needed` booking waits for its money before the operator decides. */
    paymentDeadlineMs: value.PAYMENT_DEADLINE_HOURS * 3_600_000,
    /** ADR 272: start the project's own BankID server and use it (development only, refused in production). */
    bankIdLocalServer: value.BANKID_LOCAL_SERVER === "1",
    /** ADR 272: BankID, or null when not configured (the sign-in page then offers no BankID). */
    bankId: value.BANKID_API_URL
      ? {
          apiUrl: value.BANKID_API_URL.replace(/\/$/, ""),
          clientPfxPath: value.BANKID_CLIENT_PFX,
          clientCertPath: value.BANKID_CLIENT_CERT,
          clientKeyPath: value.BANKID_CLIENT_KEY,
          passphrase: value.BANKID_CLIENT_PASSPHRASE,
          caPath: value.BANKID_CA ?? "",
          personalNumberKey: Buffer.from(value.BANKID_PERSONAL_NUMBER_KEY ?? "", "hex"),
        }
      : null,
    payments:
      value.PAYMENT_PROVIDER === "stripe"
        ? {
            provider: "stripe" as const,
            secretKey: value.STRIPE_SECRET_KEY ?? "",
            publishableKey: value.STRIPE_PUBLISHABLE_KEY ?? "",
            webhookSecret: value.STRIPE_WEBHOOK_SECRET ?? "",
          }
        : {
            provider: "simulated" as const,
            answerDelayMs: value.SIMULATED_PROVIDER_ANSWER_DELAY_MS,
            lostAnswerRate: value.SIMULATED_PROVIDER_LOST_ANSWER_RATE,
          },
  };
}

function toSiteConfig(value: z.infer<typeof siteSchema>): SiteConfig {
  const organisationNumber = normaliseOrganisationNumber(value.SELLER_ORGANISATION_NUMBER) ?? value.SELLER_ORGANISATION_NUMBER;
  return {
    supportEmail: value.SUPPORT_EMAIL,
    supportPhone: value.SUPPORT_PHONE,
    seller: {
      name: value.SELLER_NAME,
      address: value.SELLER_ADDRESS,
      organisationNumber,
      // A Swedish VAT number is SE, the organisation number and 01 (Skatteverket).
      vatNumber: parseVatNumber(value.SELLER_VAT_NUMBER ?? "")?.value ?? `SE${organisationNumber.replace("-", "")}01`,
    },
    socialLinks: value.SOCIAL_LINKS,
  };
}

/** The seller of the documents: the site's seller (one identity of the firm) and where invoices are paid. */
function sellerOf(value: z.infer<typeof environmentSchema>) {
  const bankgiroDigits = value.BANKGIRO_NUMBER.replace("-", "");
  return {
    ...toSiteConfig(value).seller,
    bankgiro: `${bankgiroDigits.slice(0, -4)}-${bankgiroDigits.slice(-4)}`,
    bankgiroTakesEuro: value.BANKGIRO_CURRENCY === "EUR",
    iban: parseIban(value.SELLER_IBAN) ?? value.SELLER_IBAN,
    bic: value.SELLER_BIC,
  };
}

/** The public site settings alone, for the client build. */
export function loadSiteConfig(source: Record<string, string | undefined> = process.env): SiteConfig {
  const parsed = siteSchema.safeParse(source);
  if (!parsed.success) throw new EnvironmentError(`Invalid site configuration: ${z.prettifyError(parsed.error)}`);
  return toSiteConfig(parsed.data);
}

/** Port of the API process, for the development proxy. */
export function developmentApiPort(source: Record<string, string | undefined> = process.env): number {
  return Number(source.PORT ?? 3000);
}

/** Outside production the signing secret is generated once and kept in DATA_DIR. */
function developmentSecret(dataDirectory: string): string {
  const file = path.join(dataDirectory, "auth-secret");
  if (existsSync(file)) return readFileSync(file, "utf8").trim();
  const secret = randomBytes(32).toString("hex");
  writeFileSync(file, secret, { mode: privateFileMode });
  return secret;
}
