import { z } from "zod";
import { bookingStatuses } from "./booking-lifecycle.ts";
import { requestStatuses, versionStatuses } from "./booking-changes.ts";
import { languages } from "./languages.ts";
import { paymentEventTypes, paymentPurposes, paymentStatuses } from "./payments.ts";
import { serviceTypes } from "./service-types.ts";

// GDPR Art. 15 and 20: the customer's copy of their data (docs/data-export.md, ADR 250). One zip with
// `data.json` (this schema, the machine-readable copy) and `summary.html` (the same facts for a
// person). The server builds the file from this schema and its tests parse what it downloads with
// it, so the documented shape and the file cannot drift apart. Every key is camelCase; each coded
// value (a status, a service, a kind) comes with its words in the export's language beside it
// (`status` and `statusText`); amounts are money objects, never cents.

/** The version of the format below; raised when a field changes meaning or goes (docs/data-export.md "Versions"). */
export const dataExportFormatVersion = 1;

/** The files inside the zip. */
export const dataExportFiles = { data: "data.json", summary: "summary.html" } as const;

/** The name of the download (GDPR Art. 15/20), dated by UTC day. */
export function dataExportFileName(now: Date): string {
  return `nordic-shield-data-${now.toISOString().slice(0, 10)}.zip`;
}

/** An amount of money: euros as a decimal string with two decimals ('796.00'), VAT included where it applies. */
export const exportMoneySchema = z.strictObject({
  amount: z.string().regex(/^-?\d+\.\d{2}$/),
  currency: z.literal("EUR"),
});
export type ExportMoney = z.infer<typeof exportMoneySchema>;

/** A moment: ISO 8601 in UTC with its zone ('2026-11-29T10:04:47.000Z'). */
const instant = z.iso.datetime({ offset: true });
/** A calendar day in Europe/Stockholm, ISO 8601 ('2026-12-24'). */
const day = z.iso.date();
/** A time of day in Europe/Stockholm, 24-hour 'HH:MM'. */
const clock = z.string().regex(/^\d{2}:\d{2}$/);
const text = z.string();

const signInSchema = z.strictObject({
  startedAt: instant,
  lastActiveAt: instant,
  expiresAt: instant,
  ipAddress: text.nullable(),
  userAgent: text.nullable(),
});

const serviceSchema = z.strictObject({
  serviceId: text,
  serviceType: z.enum(serviceTypes),
  name: text,
  options: z.strictObject({
    guards: z.number().int(),
    days: z.number().int(),
    timeOfDay: text.nullable(),
    duration: text.nullable(),
    style: text.nullable(),
    car: text.nullable(),
    carClass: text.nullable(),
  }),
  optionsText: text,
  dailyPrice: exportMoneySchema,
  total: exportMoneySchema,
  vat: exportMoneySchema,
  vatRatePercent: z.number(),
});

const paymentEventSchema = z.strictObject({
  type: z.enum(paymentEventTypes),
  typeText: text,
  amount: exportMoneySchema,
  reason: text.nullable(),
  /** Who made it happen: customer, operator, admin or system (never which staff member). */
  by: text,
  at: instant,
});

const paymentSchema = z.strictObject({
  id: text,
  purpose: z.enum(paymentPurposes),
  purposeText: text,
  amount: exportMoneySchema,
  card: z.strictObject({ brand: text.nullable(), last4: text.nullable() }).nullable(),
  createdAt: instant,
  events: z.array(paymentEventSchema),
});

export const exportDocumentKinds = ["invoice", "receipt", "credit-note"] as const;

const documentSchema = z.strictObject({
  id: text,
  number: z.number().int(),
  kind: z.enum(exportDocumentKinds),
  kindText: text,
  issueDate: day,
  issuedAt: instant,
  dueDate: day.nullable(),
  total: exportMoneySchema,
  vat: exportMoneySchema,
  /** Invoices only: unpaid, paid, partly-paid, overpaid or credited. */
  status: text.nullable(),
  statusText: text.nullable(),
  paid: exportMoneySchema.nullable(),
  ocrReference: text.nullable(),
  reason: text.nullable(),
  /** The PDF, downloadable while signed in to this account. */
  pdfUrl: z.url(),
});

const messageSchema = z.strictObject({
  from: z.enum(["you", "nordic-shield"]),
  /** Staff sign with their first name, as the conversation showed it; null for your own messages. */
  authorName: text.nullable(),
  text,
  sentAt: instant,
});

const incidentSchema = z.strictObject({
  occurredAt: instant,
  severity: z.enum(["green", "amber", "red"]),
  severityText: text,
  text,
});

const quoteVersionSchema = z.strictObject({
  number: z.number().int(),
  status: z.enum(versionStatuses),
  statusText: text,
  total: exportMoneySchema,
  reason: text.nullable(),
  createdAt: instant,
  decidedAt: instant.nullable(),
  declineReason: text.nullable(),
});

const changeRequestSchema = z.strictObject({
  status: z.enum(requestStatuses),
  statusText: text,
  /** What you asked for, as sent: new dates or times, a meeting point, services to add, a message. */
  request: z.record(z.string(), z.unknown()),
  createdAt: instant,
  decidedAt: instant.nullable(),
  declineReason: text.nullable(),
});

const bookingSchema = z.strictObject({
  id: text,
  /** The reference mails and pages quote: the id's first 8 characters in capitals. */
  reference: text,
  status: z.enum(bookingStatuses),
  statusText: text,
  paymentStatus: z.enum(paymentStatuses),
  paymentStatusText: text,
  bookedAt: instant,
  cancelledAt: instant.nullable(),
  language: z.enum(languages),
  customerName: text,
  location: text,
  startDate: day,
  endDate: day,
  startsAt: instant,
  endsAt: instant,
  totalDays: z.number().int(),
  total: exportMoneySchema,
  vat: exportMoneySchema,
  /** The part of the total an operator set by hand, when the services do not add up to it. */
  priceAdjustment: exportMoneySchema.nullable(),
  note: text.nullable(),
  operatorNote: text.nullable(),
  declineReason: text.nullable(),
  cancelReason: text.nullable(),
  services: z.array(serviceSchema),
  engagement: z.strictObject({
    startTime: clock.nullable(),
    endTime: clock.nullable(),
    meetingPoint: text.nullable(),
    principal: z.strictObject({ name: text.nullable(), codename: text.nullable(), phone: text, directContact: z.boolean() }).nullable(),
  }),
  /** The lead guard as the booking page showed them: first name only. */
  team: z.strictObject({ leadFirstName: text }).nullable(),
  rating: z.strictObject({ stars: z.number().int(), comment: text.nullable(), ratedAt: instant }).nullable(),
  payments: z.array(paymentSchema),
  documents: z.array(documentSchema),
  messages: z.array(messageSchema),
  sharedIncidents: z.array(incidentSchema),
  quoteVersions: z.array(quoteVersionSchema),
  changeRequests: z.array(changeRequestSchema),
});

export const dataExportSchema = z.strictObject({
  formatVersion: z.literal(dataExportFormatVersion),
  generatedAt: instant,
  language: z.enum(languages),
  /** Who holds the data (the controller, GDPR Art. 4(7)) and how to reach them. */
  controller: z.strictObject({ name: text, organisationNumber: text, address: text }),
  notice: text,
  account: z.strictObject({
    id: text,
    email: z.string(),
    emailVerified: z.boolean(),
    role: text,
    createdAt: instant,
    updatedAt: instant,
    twoFactorEnabled: z.boolean(),
    signInMethods: z.array(z.strictObject({ method: text, addedAt: instant })),
    // ADR 272: the BankID linked to the account, the personal identity number in full (its owner's data).
    bankId: z.strictObject({ name: text, personalNumber: text, linkedAt: instant }).nullable(),
  }),
  profile: z
    .strictObject({
      fullName: text.nullable(),
      phoneNumber: text.nullable(),
      email: text.nullable(),
      address: text.nullable(),
      city: text.nullable(),
      postalCode: text.nullable(),
      country: text.nullable(),
      language: z.enum(languages),
      hasProfilePicture: z.boolean(),
      idVerified: z.boolean(),
      emailNotifications: z.boolean(),
      pushNotifications: z.boolean(),
      createdAt: instant,
      updatedAt: instant,
    })
    .nullable(),
  additionalEmails: z.array(z.strictObject({ email: text, verified: z.boolean(), verifiedAt: instant.nullable(), addedAt: instant })),
  company: z
    .strictObject({
      companyName: text,
      organisationNumber: text,
      vatNumber: text,
      billingAddress: text,
      invoicePayment: text,
      invoicePaymentText: text,
    })
    .nullable(),
  emergencyContacts: z.array(z.strictObject({ name: text, phone: text, email: text.nullable(), addedAt: instant, updatedAt: instant })),
  savedCards: z.array(
    z.strictObject({
      brand: text,
      last4: text,
      expiryMonth: z.number().int(),
      expiryYear: z.number().int(),
      isDefault: z.boolean(),
      addedAt: instant,
    }),
  ),
  identityVerifications: z.array(
    z.strictObject({
      documentType: text,
      documentTypeText: text,
      status: z.enum(["pending", "approved", "rejected"]),
      statusText: text,
      rejectionReason: text.nullable(),
      submittedAt: instant,
      reviewedAt: instant.nullable(),
      /** Whether the uploaded picture is still kept; the picture itself is not in the export (ADR 250). */
      documentKept: z.boolean(),
    }),
  ),
  bookings: z.array(bookingSchema),
  signIns: z.array(signInSchema),
});

export type DataExport = z.infer<typeof dataExportSchema>;
export type DataExportBooking = DataExport["bookings"][number];
