import { z } from "zod";
import type { BookingView } from "../../shared/booking.ts";
import { renderBookingCancellationMail } from "./templates/booking-cancellation.ts";
import { renderAccountDeletedMail } from "./templates/account-deleted.ts";
import { renderAccountingDocumentMail, type DocumentForMail } from "./templates/accounting-document.ts";
import { renderBookingConfirmationMail } from "./templates/booking-confirmation.ts";
import { renderBookingDecisionMail } from "./templates/booking-decision.ts";
import { bookingChangeSteps, renderBookingChangeMail } from "./templates/booking-change.ts";
import { settlementSentence } from "../../shared/payments.ts";
import { renderIdReviewMail } from "./templates/id-review.ts";
import { renderBookingReminderMail } from "./templates/booking-reminder.ts";
import { renderBookingReplyAlertMail } from "./templates/booking-reply-alert.ts";
import { renderPaymentNeededMail } from "./templates/payment-needed.ts";
import { renderLicenceExpiryAlertMail } from "./templates/licence-expiry-alert.ts";
import { renderAssignmentReleasedMail, renderIncidentAlertMail, renderOperativeInvitationMail } from "./templates/operative-mails.ts";
import type { MailLanguage } from "./templates/layout.ts";
import { renderPasswordResetMail } from "./templates/password-reset.ts";
import { renderVerificationCodeMail } from "./templates/verification-code.ts";
import { renderThreadMessagesMail } from "./templates/thread-messages.ts";
import { renderSeriesUpdateMail, type SeriesUpdateMail } from "./templates/series-update.ts";
import { renderNotificationMail } from "./templates/notification.ts";
import { renderCompanyApprovalMail, renderCompanyDeclinedMail, renderCompanyInvitationMail } from "./templates/company-mails.ts";
import { languages } from "../../shared/languages.ts";
import { PermanentJobError } from "../jobs/errors.ts";
import { centsFromEuros, priceAdjustmentCents, vatOfInclusive } from "../../shared/money.ts";
import { bookingStatuses } from "../../shared/booking-lifecycle.ts";
import { bookingReference } from "../../shared/booking-reference.ts";
import type { RenderedMail } from "./templates/render-mail.ts";

// ADR 037: every mail is one entry here, keyed by its kind. A mail job (ADR 095) stores the kind and a
// JSON payload; the worker parses the payload with the entry's schema and renders the mail when it
// sends it. A new mail is one component (a template on MailLayout, rendered to HTML and text by
// React Email, ADR 258) and one entry.

/** Records a template reads beyond its payload, handed in by the composition root (server.ts). */
export type MailSources = {
  booking: (bookingId: string) => Promise<BookingForMail | undefined>;
  /** An accounting document with its PDF (docs/invoices.md); absent where no document is mailed. */
  document?: (documentId: string) => Promise<DocumentForMail | undefined>;
  /** A recurring series as its one mail shows it (docs/series.md); absent where no series is mailed. */
  series?: (seriesId: string) => Promise<SeriesForMail | undefined>;
};

/** A stored series as its mail renders it (ADR 283). */
export type SeriesForMail = Pick<SeriesUpdateMail, "language" | "rule" | "meetingPoint" | "codename" | "confirmed"> & {
  view: SeriesUpdateMail["series"];
};

/** A stored booking as its confirmation shows it; bookedAt fixes the refund line (docs/product.md §9). */
export type BookingForMail = { language: MailLanguage; booking: BookingView; bookedAt: Date; calendarSequence?: number };

export type MailContext = { supportEmail: string; appUrl: string; sources: MailSources };

/** ADR 036: priority 0 is claimed before 1; one-time secrets expire within the hour. */
export const mailPriority = { urgent: 0, normal: 1 } as const;

export type MailTemplate<Payload extends z.ZodType, Essential extends boolean = boolean> = {
  payload: Payload;
  priority: (typeof mailPriority)[keyof typeof mailPriority];
  /** ADR 031/032: the payload and the body hold a one-time secret, removed once delivered. */
  oneTimeSecret: boolean;
  /**
   * docs/product.md §2 notification preferences: an essential mail (a code, a reset link, a booking's
   * confirmation or cancellation) is sent whatever the recipient chose; any other kind is skipped
   * for a customer who turned e-mail notifications off (GDPR Art. 21(2), ePrivacy Art. 13).
   */
  essential: Essential;
  /**
   * ADR 097: the payload names records only (no personal data, no secret), so it stays on the job
   * once the mail is delivered; any other payload is removed then.
   */
  keptAfterDelivery?: boolean;
  /**
   * ADR 252: the recipient is an address of a deleted account. Once the mail is delivered or given
   * up, its job keeps no recipient and the database files are rewritten (SQLite: checkpoint and
   * empty the log), so no earlier version of the row stays on disk.
   */
  erasedFromDisk?: boolean;
  render(payload: z.output<Payload>, context: MailContext): RenderedMail | Promise<RenderedMail>;
};

const template = <Payload extends z.ZodType, Essential extends boolean>(entry: MailTemplate<Payload, Essential>) => entry;

const language = z.enum(languages);
const replyAlertHours = z.union([z.literal(18), z.literal(24)]);
const versionSummary = z.object({
  startDate: z.string(),
  endDate: z.string(),
  // ADR 193: the version's clock times and services; a mail queued before they were carried has none.
  startTime: z.string().optional(),
  endTime: z.string().optional(),
  services: z.array(z.string()).optional(),
  totalCents: z.number().int().nonnegative(),
  // docs/money.md: the part of the total set by hand (total less the lines' sum); absent or 0, none.
  adjustmentCents: z.number().int().optional(),
  guards: z.number().int().nonnegative(),
});

export const mailTemplates = {
  // docs/product.md §4 verification, §9: a 4-digit code valid for 10 minutes.
  "verification-code": template({
    payload: z.object({ language, code: z.string().regex(/^\d{4}$/), validityMinutes: z.number().int().positive() }),
    priority: mailPriority.urgent,
    oneTimeSecret: true,
    essential: true,
    render: (payload, context) => renderVerificationCodeMail("sign-up", { ...payload, supportEmail: context.supportEmail }),
  }),
  // A single-use reset link, valid one hour (ADR 031).
  "password-reset": template({
    payload: z.object({ language, link: z.url() }),
    priority: mailPriority.urgent,
    oneTimeSecret: true,
    essential: true,
    render: (payload, context) => renderPasswordResetMail({ ...payload, supportEmail: context.supportEmail }),
  }),
  // docs/product.md §2 DELETE ACCOUNT: the notice that the account is gone, queued with the deletion.
  // docs/invoices.md: an invoice, receipt or credit note with its PDF attached; essential, as
  // the law requires the buyer to receive it, and its payload names the document alone (ADR 097).
  "accounting-document": template({
    payload: z.object({ language, documentId: z.string().min(1) }),
    priority: mailPriority.normal,
    oneTimeSecret: false,
    essential: true,
    keptAfterDelivery: true,
    async render(payload, context) {
      const document = await context.sources.document?.(payload.documentId);
      if (!document) throw new PermanentJobError(`Accounting document ${payload.documentId} cannot be read for its mail`);
      return renderAccountingDocumentMail({ language: payload.language, supportEmail: context.supportEmail, document });
    },
  }),
  "account-deleted": template({
    payload: z.object({ language }),
    priority: mailPriority.normal,
    oneTimeSecret: false,
    essential: true,
    keptAfterDelivery: true,
    erasedFromDisk: true,
    render: (payload, context) => renderAccountDeletedMail({ ...payload, supportEmail: context.supportEmail }),
  }),
  // ADR 053: rendered from the stored booking, with the refund line as of the moment of booking.
  "booking-confirmation": template({
    payload: z.object({ bookingId: z.string().min(1) }),
    priority: mailPriority.normal,
    oneTimeSecret: false,
    essential: true,
    keptAfterDelivery: true,
    async render({ bookingId }, context) {
      const found = await context.sources.booking(bookingId);
      if (!found) throw new Error(`Booking ${bookingId} does not exist`);
      return renderBookingConfirmationMail({
        language: found.language,
        booking: found.booking,
        supportEmail: context.supportEmail,
        appUrl: context.appUrl,
        now: found.bookedAt,
      });
    },
  }),
  // docs/product.md §4/§9: sent once per cancel, in the booking's language, with the refund rule as of cancelling.
  "booking-cancellation": template({
    payload: z.object({
      bookingId: z.string().min(1),
      refund: z.enum(["fully_refundable", "non_refundable"]),
      // ADR 182: the cancel's calendar sequence and time; rows queued before them use the booking's.
      calendarSequence: z.number().int().nonnegative().optional(),
      at: z.string().optional(),
    }),
    priority: mailPriority.normal,
    oneTimeSecret: false,
    essential: true,
    keptAfterDelivery: true,
    async render({ bookingId, refund, calendarSequence, at }, context) {
      const found = await context.sources.booking(bookingId);
      if (!found) throw new Error(`Booking ${bookingId} does not exist`);
      const payment = found.booking.payment;
      return renderBookingCancellationMail({
        language: found.language,
        booking: found.booking,
        refund,
        money:
          payment &&
          settlementSentence(refund === "fully_refundable" ? "refund" : "keep", payment, found.booking.totalCents, found.language),
        supportEmail: context.supportEmail,
        appUrl: context.appUrl,
        calendarSequence: calendarSequence ?? found.calendarSequence ?? 0,
        stampedAt: at ? new Date(at) : new Date(),
      });
    },
  }),
  // docs/product.md §2 additional e-mails: the 4-digit code that confirms an address added to a profile.
  "email-address-code": template({
    payload: z.object({ language, code: z.string().regex(/^\d{4}$/), validityMinutes: z.number().int().positive() }),
    priority: mailPriority.urgent,
    oneTimeSecret: true,
    essential: true,
    render: (payload, context) => renderVerificationCodeMail("additional-address", { ...payload, supportEmail: context.supportEmail }),
  }),
  // ADR 070: the operator's decision on a booking, rendered from its payload alone.
  "booking-decision": template({
    payload: z
      .object({
        language,
        decision: z.enum(["confirmed", "declined", "cancelled"]),
        reference: z.string().min(1),
        location: z.string(),
        startDate: z.string(),
        endDate: z.string(),
        // docs/money.md: cents; a row queued by an earlier version carries `total` in euros instead.
        totalCents: z.number().int().nonnegative().optional(),
        vatCents: z.number().int().nonnegative().optional(),
        total: z.number().nonnegative().optional(),
        note: z.string().optional(),
        reason: z.string().optional(),
        lead: z.object({ firstName: z.string(), phone: z.string() }).optional(),
        // ADR 182: the booking whose calendar entry the mail carries, with this decision's sequence and time;
        // ADR 139: and whose ledger the payment line is read from when the mail is sent.
        bookingId: z.string().min(1).optional(),
        calendarSequence: z.number().int().nonnegative().optional(),
        at: z.string().optional(),
      })
      .refine((payload) => payload.totalCents !== undefined || payload.total !== undefined, "A total is required")
      .transform(({ total, totalCents, vatCents, ...rest }) => {
        const cents = totalCents ?? centsFromEuros(total ?? 0);
        return { ...rest, totalCents: cents, vatCents: vatCents ?? vatOfInclusive(cents) };
      }),
    priority: mailPriority.normal,
    oneTimeSecret: false,
    essential: true,
    async render({ bookingId, calendarSequence, at, ...payload }, context) {
      const found = bookingId ? await context.sources.booking(bookingId) : undefined;
      const payment = found?.booking.payment;
      const settlement = payload.decision === "confirmed" ? "charge" : payload.decision === "declined" ? "release" : "refund";
      // ADR 246: the booking's buyer words the total; rows queued without a booking were a consumer's.
      const buyerVat = found?.booking.buyerVat ?? "consumer";
      const adjustmentCents = found
        ? priceAdjustmentCents(
            payload.totalCents,
            found.booking.services.map((line) => line.totalCents),
          )
        : 0;
      return renderBookingDecisionMail({
        ...payload,
        buyerVat,
        adjustmentCents,
        money: payment && settlementSentence(settlement, payment, payload.totalCents, payload.language),
        supportEmail: context.supportEmail,
        appUrl: context.appUrl,
        calendar:
          found && calendarSequence !== undefined
            ? { booking: found.booking, sequence: calendarSequence, stampedAt: at ? new Date(at) : new Date() }
            : undefined,
      });
    },
  }),
  // ADR 225: the charge at confirmation failed; the customer secures the money before the deadline.
  "payment-needed": template({
    payload: z.object({
      language,
      reference: z.string().min(1),
      bookingId: z.string().min(1),
      amountCents: z.number().int().nonnegative(),
      reason: z.enum(["authentication", "declined"]),
      dueAt: z.string().min(1),
      underWay: z.boolean().optional(),
    }),
    priority: mailPriority.normal,
    oneTimeSecret: false,
    essential: true,
    async render(payload, context) {
      // ADR 246: the amount carries the VAT words of the booking's buyer.
      const found = await context.sources.booking(payload.bookingId);
      const buyerVat = found?.booking.buyerVat ?? "consumer";
      return renderPaymentNeededMail({ ...payload, buyerVat, supportEmail: context.supportEmail, appUrl: context.appUrl });
    },
  }),
  // docs/product.md §12, ADR 187, 188: a step of a quote version or a change request, rendered from its payload.
  "booking-change": template({
    payload: z.object({
      language,
      step: z.enum(bookingChangeSteps),
      reference: z.string().min(1),
      bookingId: z.string().min(1),
      location: z.string(),
      current: versionSummary,
      proposed: versionSummary.optional(),
      previous: versionSummary.optional(),
      reason: z.string().optional(),
      // ADR 182: set when the step changed the booking: the entry's sequence, status and time.
      calendarSequence: z.number().int().nonnegative().optional(),
      calendarStatus: z.enum(bookingStatuses).optional(),
      at: z.string().optional(),
    }),
    priority: mailPriority.normal,
    oneTimeSecret: false,
    essential: true,
    async render({ calendarSequence, calendarStatus, at, ...payload }, context) {
      const booking = await context.sources.booking(payload.bookingId);
      const found = calendarSequence !== undefined && calendarStatus ? booking : undefined;
      return renderBookingChangeMail({
        ...payload,
        // ADR 246: each total carries the VAT words of the booking's buyer.
        buyerVat: booking?.booking.buyerVat ?? "consumer",
        supportEmail: context.supportEmail,
        appUrl: context.appUrl,
        calendar:
          found && calendarSequence !== undefined && calendarStatus
            ? { booking: found.booking, status: calendarStatus, sequence: calendarSequence, stampedAt: at ? new Date(at) : new Date() }
            : undefined,
      });
    },
  }),
  // ADR 070: the result of an identity document review.
  "id-review": template({
    payload: z.object({ language, decision: z.enum(["approved", "rejected"]), documentType: z.string(), reason: z.string().optional() }),
    priority: mailPriority.normal,
    oneTimeSecret: false,
    essential: true,
    render: (payload, context) => renderIdReviewMail({ ...payload, supportEmail: context.supportEmail, appUrl: context.appUrl }),
  }),
  // docs/product.md §10 (ADR 098): operators are told of a booking still unanswered after 18 and 24 hours.
  "booking-reply-alert": template({
    payload: z.union([
      // A row queued before ADR 258 carries the reference and the dates; it is sent as it was.
      z.object({
        language,
        hours: replyAlertHours,
        reference: z.string().min(1),
        bookingId: z.string().min(1),
        startDate: z.string(),
        endDate: z.string(),
      }),
      // ADR 258: the payload names the booking; its dates are read from the row when the alert is sent.
      z.object({ language, hours: replyAlertHours, bookingId: z.string().min(1) }),
    ]),
    priority: mailPriority.normal,
    oneTimeSecret: false,
    essential: true,
    async render(payload, context) {
      const period = "startDate" in payload ? payload : (await context.sources.booking(payload.bookingId))?.booking;
      if (!period) throw new PermanentJobError(`Booking ${payload.bookingId} cannot be read for its reply alert`);
      return renderBookingReplyAlertMail({
        language: payload.language,
        hours: payload.hours,
        bookingId: payload.bookingId,
        reference: "reference" in payload ? payload.reference : bookingReference(payload.bookingId),
        startDate: period.startDate,
        endDate: period.endDate,
        supportEmail: context.supportEmail,
        appUrl: context.appUrl,
      });
    },
  }),
  // docs/product.md §12 (ADR 098): the customer's reminder 24 hours before the start; a notification
  // the customer may turn off (not essential).
  "booking-reminder": template({
    payload: z.object({
      language,
      reference: z.string().min(1),
      location: z.string(),
      startDate: z.string(),
      endDate: z.string(),
      lead: z.object({ firstName: z.string(), phone: z.string() }).optional(),
    }),
    priority: mailPriority.normal,
    oneTimeSecret: false,
    essential: false,
    render: (payload, context) => renderBookingReminderMail({ ...payload, supportEmail: context.supportEmail, appUrl: context.appUrl }),
  }),
  // docs/product.md §13 (ADR 098): 30 days before an operative's licence runs out.
  // docs/series.md, ADR 283: one mail per change of a series, with the series' one calendar entry;
  // its payload names the series and the occurrences it changed (ADR 097).
  "series-update": template({
    payload: z.object({
      seriesId: z.string().min(1),
      change: z.enum(["booked", "confirmed", "cancelled", "moved"]),
      occurrenceDays: z.array(z.string()),
      calendarSequence: z.number().int().nonnegative(),
      at: z.string(),
      refund: z.enum(["fully_refundable", "non_refundable"]).optional(),
    }),
    priority: mailPriority.normal,
    oneTimeSecret: false,
    essential: true,
    keptAfterDelivery: true,
    async render(payload, context) {
      const found = await context.sources.series?.(payload.seriesId);
      if (!found) throw new PermanentJobError(`Series ${payload.seriesId} cannot be read for its mail`);
      return renderSeriesUpdateMail({
        ...payload,
        ...found,
        series: found.view,
        at: new Date(payload.at),
        supportEmail: context.supportEmail,
        appUrl: context.appUrl,
      });
    },
  }),
  "licence-expiry-alert": template({
    payload: z.object({ language, operativeName: z.string(), licenceNumber: z.string(), expiresOn: z.string() }),
    priority: mailPriority.normal,
    oneTimeSecret: false,
    essential: true,
    render: (payload, context) => renderLicenceExpiryAlertMail({ ...payload, supportEmail: context.supportEmail, appUrl: context.appUrl }),
  }),
  // ADR 160: the operative's invitation carries a one-time password link (Better Auth's reset token).
  "operative-invitation": template({
    payload: z.object({ language, operativeName: z.string(), link: z.url() }),
    priority: mailPriority.urgent,
    oneTimeSecret: true,
    essential: true,
    render: (payload, context) => renderOperativeInvitationMail({ ...payload, supportEmail: context.supportEmail }),
  }),
  // ADR 161: operators are told when an offer is released unanswered.
  "assignment-released": template({
    payload: z.union([
      // A row queued before ADR 258 carries the booking's place and dates; it is sent as it was.
      z.object({
        language,
        operativeName: z.string(),
        bookingId: z.string(),
        location: z.string(),
        startDate: z.string(),
        endDate: z.string(),
      }),
      // ADR 258: the released operative's name (the event's own fact) and the booking, read when sent.
      z.object({ language, operativeName: z.string(), bookingId: z.string().min(1) }),
    ]),
    priority: mailPriority.normal,
    oneTimeSecret: false,
    essential: true,
    async render(payload, context) {
      const booking = "location" in payload ? payload : (await context.sources.booking(payload.bookingId))?.booking;
      if (!booking) throw new PermanentJobError(`Booking ${payload.bookingId} cannot be read for its released assignment`);
      return renderAssignmentReleasedMail({
        language: payload.language,
        operativeName: payload.operativeName,
        bookingId: payload.bookingId,
        location: booking.location,
        startDate: booking.startDate,
        endDate: booking.endDate,
        supportEmail: context.supportEmail,
        appUrl: context.appUrl,
      });
    },
  }),
  // docs/product.md §12, ADR 184: one mail per burst of thread messages, with a link to the thread;
  // a notification the customer may turn off (the messages wait in the dashboard, with a badge).
  "thread-messages": template({
    payload: z.object({
      language,
      audience: z.enum(["customer", "staff"]),
      reference: z.string().min(1),
      bookingId: z.string().min(1),
      count: z.number().int().positive(),
    }),
    priority: mailPriority.normal,
    oneTimeSecret: false,
    essential: false,
    keptAfterDelivery: true,
    render: (payload, context) => renderThreadMessagesMail({ ...payload, supportEmail: context.supportEmail, appUrl: context.appUrl }),
  }),
  // ADR 265: the e-mail channel of a notification; the notification service chose the channel
  // by the recipient's preferences already, so the mail itself is sent whatever they are. An urgent
  // kind's mail (an alarm's ladder step, ADR 297) is queued on the urgent lane by the service.
  notification: template({
    payload: z.object({
      language,
      title: z.string().min(1),
      body: z.string(),
      url: z.string(),
      linkLabel: z.string(),
      discreet: z.boolean(),
    }),
    priority: mailPriority.normal,
    oneTimeSecret: false,
    essential: true,
    render: (payload, context) => renderNotificationMail({ ...payload, supportEmail: context.supportEmail }),
  }),
  // ADR 165: a red incident report alerts the operators at once.
  "incident-alert": template({
    payload: z.object({ language, bookingId: z.string(), operativeName: z.string(), occurredAt: z.string(), text: z.string() }),
    priority: mailPriority.urgent,
    oneTimeSecret: false,
    essential: true,
    render: (payload, context) => renderIncidentAlertMail({ ...payload, supportEmail: context.supportEmail, appUrl: context.appUrl }),
  }),
  // docs/companies.md, ADR 276: an approver of the company is asked to approve a booking held back by its rules.
  "company-approval-request": template({
    payload: z.object({
      language,
      bookingId: z.string().min(1),
      companyName: z.string(),
      bookerName: z.string(),
      location: z.string(),
      startDate: z.string(),
      endDate: z.string(),
      totalCents: z.number().int().nonnegative(),
    }),
    priority: mailPriority.normal,
    oneTimeSecret: false,
    essential: true,
    render: (payload, context) => renderCompanyApprovalMail({ ...payload, supportEmail: context.supportEmail, appUrl: context.appUrl }),
  }),
  // ADR 276: the booker learns that their company declined the booking, with its reason.
  "company-booking-declined": template({
    payload: z.object({
      language,
      companyName: z.string(),
      location: z.string(),
      startDate: z.string(),
      endDate: z.string(),
      reason: z.string().nullable(),
    }),
    priority: mailPriority.normal,
    oneTimeSecret: false,
    essential: true,
    render: (payload, context) => renderCompanyDeclinedMail({ ...payload, supportEmail: context.supportEmail, appUrl: context.appUrl }),
  }),
  // ADR 275: an invitation to a company's account, accepted by signing in with the invited address.
  "company-invitation": template({
    payload: z.object({ language, companyName: z.string(), role: z.enum(["owner", "administrator", "booker", "approver"]) }),
    priority: mailPriority.normal,
    oneTimeSecret: false,
    essential: true,
    render: (payload, context) => renderCompanyInvitationMail({ ...payload, supportEmail: context.supportEmail, appUrl: context.appUrl }),
  }),
};

export type MailKind = keyof typeof mailTemplates;

/** What enqueueMail takes for a kind: its payload schema's input. */
export type MailPayload<Kind extends MailKind> = z.input<(typeof mailTemplates)[Kind]["payload"]>;

/** Whether enqueueMail always queues this kind (its entry's `essential` is true). */
export type EssentialMailKind = { [Kind in MailKind]: (typeof mailTemplates)[Kind]["essential"] extends true ? Kind : never }[MailKind];

const templatesByKind: Record<string, MailTemplate<z.ZodType> | undefined> = mailTemplates;

/** The entry of a stored row's kind; undefined for a kind this version does not know. */
export function templateOf(kind: string): MailTemplate<z.ZodType> | undefined {
  return Object.hasOwn(templatesByKind, kind) ? templatesByKind[kind] : undefined;
}

/** A row that can never be rendered (unknown kind, payload that does not parse): retrying cannot help. */
export class UnrenderableMailError extends PermanentJobError {}

/** Renders a queued row from its payload (ADR 037). */
export async function renderQueuedMail(kind: string, payloadJson: string, context: MailContext): Promise<RenderedMail> {
  const entry = templateOf(kind);
  if (!entry) throw new UnrenderableMailError(`There is no mail template of kind ${kind}`);
  let data: unknown;
  try {
    data = JSON.parse(payloadJson);
  } catch {
    throw new UnrenderableMailError(`The payload of this ${kind} mail is not JSON`);
  }
  return renderMailData(kind, data, context);
}

/** Renders a mail of `kind` from its template payload, already parsed from JSON (ADR 037). */
export async function renderMailData(kind: string, data: unknown, context: MailContext): Promise<RenderedMail> {
  const entry = templateOf(kind);
  if (!entry) throw new UnrenderableMailError(`There is no mail template of kind ${kind}`);
  const parsed = entry.payload.safeParse(data);
  if (!parsed.success) throw new UnrenderableMailError(`The payload of this ${kind} mail is not valid: ${z.prettifyError(parsed.error)}`);
  return entry.render(parsed.data, context);
}
