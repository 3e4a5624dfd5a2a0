import { zipSync, strToU8 } from "fflate";
import type { BookingStatus } from "../../../shared/booking-lifecycle.ts";
import type { BookingLine } from "../../../shared/booking.ts";
import {
  dataExportFiles,
  dataExportFormatVersion,
  dataExportSchema,
  exportDocumentKinds,
  type DataExport,
  type DataExportBooking,
  type ExportMoney,
} from "../../../shared/data-export.ts";
import type { Language } from "../../../shared/languages.ts";
import { currency, decimalEuros, priceAdjustmentCents } from "../../../shared/money.ts";
import type { PaymentEventType, PaymentPurpose, PaymentStatus } from "../../../shared/payments.ts";
import { serviceTitleById } from "../../../shared/service-titles.ts";
import { translator, type Translator } from "../../../shared/translator.ts";
import { accountingRecordsOf } from "../../accounting-records.ts";
import { assignedLeadsFor } from "../../assigned-leads.ts";
import { messagesForExport } from "../../booking-thread/thread-store.ts";
import type { AppDependencies } from "../../context.ts";
import { notFound } from "../../http-error.ts";
import { bookingOptionCopy } from "../../mail/templates/booking-confirmation.ts";
import { bookingReference } from "../../../shared/booking-reference.ts";
import { dataExportCopy } from "./data-export-copy.ts";

// ADR 209: the catalogues this module words with, for the catalogue check.
export { bookingOptionCopy, dataExportCopy };
import { renderDataExportSummary } from "./data-export-summary.ts";
import { readAccountData } from "./repo.ts";
import { decryptPersonalNumber } from "../../security/personal-number.ts";

// GDPR Art. 15 and 20: the customer's copy of their data (docs/data-export.md, ADR 250). Read from the
// repo's queries (each filtered by the signed-in user's id), turned into the documented format of
// src/shared/data-export.ts and checked against it before it leaves, then zipped with the summary
// a person reads. Nothing secret is selected in the first place: no password hash, session token,
// TOTP secret, backup code, card token, gateway reference or file key.

type Words = Translator<(typeof dataExportCopy)["en"]>;

function money(cents: number | string): ExportMoney {
  return { amount: decimalEuros(Number(cents)), currency };
}

/** Better Auth's own times are Date on PostgreSQL and text on SQLite (ADR 030); ours are ISO text. */
function instant(value: Date | string): string {
  return new Date(value).toISOString();
}

function optionalInstant(value: Date | string | null | undefined): string | null {
  return value === null || value === undefined ? null : instant(value);
}

const flag = (value: unknown) => Boolean(Number(value));

/** The words of a code, or the code itself for a value the catalogue does not know (never a blank). */
function wordOf(t: Words, group: string, code: string): string {
  const key = `${group}.${code}`;
  return t.has(key) ? t(key) : code;
}

function serviceOf(line: BookingLine, language: Language, t: Words): DataExportBooking["services"][number] {
  const words = translator(bookingOptionCopy, language);
  const word = (value: string) => (words.has(value) ? words(value) : value);
  const options = line.options;
  const parts = [words("guardsValue", { count: options.guards }), words("daysValue", { count: options.days })];
  if (options.timeOfDay) parts.push(word(options.timeOfDay));
  if (options.duration) parts.push(t("duration", { hours: options.duration.replace(/h$/, "") }));
  if (options.style) parts.push(word(options.style));
  if (options.car)
    parts.push(options.carClass && options.car === "with_car" ? `${word(options.car)} (${word(options.carClass)})` : word(options.car));
  return {
    serviceId: line.serviceId,
    serviceType: line.serviceType,
    name: serviceTitleById(line.serviceId, language) ?? line.title,
    options: {
      guards: options.guards,
      days: options.days,
      timeOfDay: options.timeOfDay ?? null,
      duration: options.duration ?? null,
      style: options.style ?? null,
      car: options.car ?? null,
      carClass: options.carClass ?? null,
    },
    optionsText: parts.join(" · "),
    dailyPrice: money(line.dailyPriceCents),
    total: money(line.totalCents),
    vat: money(line.vatCents),
    vatRatePercent: line.vatRateBasisPoints / 100,
  };
}

function groupBy<Row, Key>(rows: readonly Row[], keyOf: (row: Row) => Key): Map<Key, Row[]> {
  const groups = new Map<Key, Row[]>();
  for (const row of rows) {
    const key = keyOf(row);
    groups.set(key, [...(groups.get(key) ?? []), row]);
  }
  return groups;
}

/** The export as data.json holds it, in the given language (the words beside each code). */
export async function buildDataExport(deps: AppDependencies, userId: string, language: Language, now: Date): Promise<DataExport> {
  const db = deps.database.db;
  const data = await readAccountData(db, userId);
  if (!data.user) throw notFound();
  const t: Words = translator(dataExportCopy, language);
  const { profile, user } = data;
  const bookingIds = data.bookings.map((booking) => booking.id);
  const accounting = await accountingRecordsOf(db, userId);
  const messages = groupBy(await messagesForExport(db, userId), (message) => message.bookingId);
  // ADR 161: the lead as the booking page shows them (first name); never the full name, licence or phone book.
  const leads = await assignedLeadsFor(db, bookingIds);
  const documents = groupBy(accounting.documents, (document) => document.bookingId);
  const payments = groupBy(data.payments, (payment) => payment.booking_id);
  const events = groupBy(data.paymentEvents, (event) => event.payment_id);
  const incidents = groupBy(data.sharedIncidents, (incident) => incident.booking_id);
  const versions = groupBy(data.quoteVersions, (version) => version.booking_id);
  const requests = groupBy(data.changeRequests, (request) => request.booking_id);
  const ratings = new Map(data.ratings.map((rating) => [rating.booking_id, rating]));

  const bookings: DataExportBooking[] = data.bookings.map((booking) => {
    const lineTotals = booking.services.map((line) => line.totalCents);
    const adjustment = priceAdjustmentCents(Number(booking.price), lineTotals);
    const rating = ratings.get(booking.id);
    const lead = leads.get(booking.id);
    return {
      id: booking.id,
      reference: bookingReference(booking.id),
      status: booking.status,
      statusText: wordOf(t, "bookingStatus", booking.status satisfies BookingStatus),
      paymentStatus: booking.payment_status as PaymentStatus,
      paymentStatusText: wordOf(t, "paymentStatus", booking.payment_status),
      bookedAt: instant(booking.created_at),
      cancelledAt: optionalInstant(booking.cancelled_at),
      language: booking.language,
      customerName: booking.customer_name,
      location: booking.location,
      startDate: booking.start_date,
      endDate: booking.end_date,
      startsAt: instant(booking.start_time),
      endsAt: instant(booking.end_time),
      totalDays: Number(booking.total_days),
      total: money(booking.price),
      vat: money(booking.vat_cents),
      priceAdjustment: booking.services.length > 0 && adjustment !== 0 ? money(adjustment) : null,
      note: booking.customer_note,
      operatorNote: booking.operator_note,
      declineReason: booking.decline_reason,
      cancelReason: booking.cancel_reason,
      services: booking.services.map((line) => serviceOf(line, language, t)),
      engagement: {
        startTime: booking.start_clock,
        endTime: booking.end_clock,
        meetingPoint: booking.meeting_point,
        // ADR 181: the owner entered the protected person, so the owner's copy names them.
        principal:
          booking.principal_phone === null
            ? null
            : {
                name: booking.principal_name,
                codename: booking.principal_codename,
                phone: booking.principal_phone,
                directContact: flag(booking.principal_direct_contact),
              },
      },
      team: lead ? { leadFirstName: lead.firstName } : null,
      rating: rating ? { stars: Number(rating.stars), comment: rating.comment, ratedAt: instant(rating.created_at) } : null,
      payments: (payments.get(booking.id) ?? []).map((payment) => ({
        id: payment.id,
        purpose: payment.purpose,
        purposeText: wordOf(t, "paymentPurpose", payment.purpose satisfies PaymentPurpose),
        amount: money(payment.amount_cents),
        card: payment.card_brand || payment.card_last_four ? { brand: payment.card_brand, last4: payment.card_last_four } : null,
        createdAt: instant(payment.created_at),
        events: (events.get(payment.id) ?? []).map((event) => ({
          type: event.type,
          typeText: wordOf(t, "paymentEvent", event.type satisfies PaymentEventType),
          amount: money(event.amount_cents),
          reason: event.reason,
          by: event.actor_role,
          at: instant(event.created_at),
        })),
      })),
      documents: (documents.get(booking.id) ?? []).map((document) => {
        // docs/invoices.md knows three kinds; another would be a stored row this format cannot name, never a guess.
        const kind = exportDocumentKinds.find((known) => known === document.kind);
        if (!kind) throw new Error(`Document ${document.id} has an unknown kind`);
        return {
          id: document.id,
          number: document.number,
          kind,
          kindText: wordOf(t, "documentKind", kind),
          issueDate: document.issueDate,
          issuedAt: instant(document.issuedAt),
          dueDate: document.dueDate,
          total: money(document.totalCents),
          vat: money(document.vatCents),
          status: document.status,
          statusText: document.status === null ? null : wordOf(t, "invoiceStatus", document.status),
          paid: kind === "invoice" ? money(document.paidCents) : null,
          ocrReference: document.ocrReference,
          reason: document.reason,
          // docs/invoices.md: the customer's own PDF route, which checks the session's owner.
          pdfUrl: `${deps.env.appUrl}/api/invoices/documents/${encodeURIComponent(document.id)}/pdf`,
        };
      }),
      messages: (messages.get(booking.id) ?? []).map((message) => ({
        from: message.from === "you" ? ("you" as const) : ("nordic-shield" as const),
        authorName: message.authorName,
        text: message.text ?? "",
        sentAt: instant(message.sentAt),
      })),
      sharedIncidents: (incidents.get(booking.id) ?? []).map((incident) => ({
        occurredAt: instant(incident.occurred_at),
        severity: incident.severity,
        severityText: wordOf(t, "severity", incident.severity),
        text: incident.text,
      })),
      quoteVersions: (versions.get(booking.id) ?? []).map((version) => ({
        number: Number(version.number),
        status: version.status as DataExportBooking["quoteVersions"][number]["status"],
        statusText: wordOf(t, "versionStatus", version.status),
        total: money(version.total_cents),
        reason: version.reason,
        createdAt: instant(version.created_at),
        decidedAt: optionalInstant(version.decided_at),
        declineReason: version.decline_reason,
      })),
      changeRequests: (requests.get(booking.id) ?? []).map((request) => ({
        status: request.status as DataExportBooking["changeRequests"][number]["status"],
        statusText: wordOf(t, "requestStatus", request.status),
        request: (request.request ?? {}) as Record<string, unknown>,
        createdAt: instant(request.created_at),
        decidedAt: optionalInstant(request.decided_at),
        declineReason: request.decline_reason,
      })),
    };
  });

  const business = accounting.business;
  const exported: DataExport = {
    formatVersion: dataExportFormatVersion,
    generatedAt: now.toISOString(),
    language,
    controller: { name: deps.env.seller.name, organisationNumber: deps.env.seller.organisationNumber, address: deps.env.seller.address },
    notice: t("notice"),
    account: {
      id: user.id,
      email: user.email,
      emailVerified: flag(user.email_verified),
      role: user.role ?? "user",
      createdAt: instant(user.created_at),
      updatedAt: instant(user.updated_at),
      twoFactorEnabled: flag(user.two_factor_enabled),
      signInMethods: data.signInMethods.map((method) => ({ method: method.provider_id, addedAt: instant(method.created_at) })),
      bankId:
        data.bankIdIdentity && deps.env.bankId
          ? {
              name: data.bankIdIdentity.name,
              personalNumber: decryptPersonalNumber(deps.env.bankId.personalNumberKey, data.bankIdIdentity.personal_number_encrypted),
              linkedAt: instant(data.bankIdIdentity.linked_at),
            }
          : null,
    },
    profile: profile
      ? {
          fullName: profile.full_name,
          phoneNumber: profile.phone_number,
          email: profile.email,
          address: profile.address,
          city: profile.city,
          postalCode: profile.postal_code,
          country: profile.country,
          language: profile.language,
          hasProfilePicture: profile.avatar_key !== null,
          idVerified: flag(profile.id_verified),
          emailNotifications: flag(profile.email_notifications),
          pushNotifications: flag(profile.push_notifications),
          createdAt: instant(profile.created_at),
          updatedAt: instant(profile.updated_at),
        }
      : null,
    additionalEmails: data.additionalEmails.map((row) => ({
      email: row.email,
      verified: row.verified_at !== null,
      verifiedAt: optionalInstant(row.verified_at),
      addedAt: instant(row.created_at),
    })),
    company: business
      ? {
          companyName: business.companyName,
          organisationNumber: business.organisationNumber,
          vatNumber: business.vatNumber,
          billingAddress: business.billingAddress,
          invoicePayment: business.invoicePayment,
          invoicePaymentText: wordOf(t, "invoicePayment", business.invoicePayment),
        }
      : null,
    emergencyContacts: data.emergencyContacts.map((contact) => ({
      name: contact.name,
      phone: contact.phone,
      email: contact.email || null,
      addedAt: instant(contact.created_at),
      updatedAt: instant(contact.updated_at),
    })),
    savedCards: data.paymentMethods.map((card) => ({
      brand: card.card_brand,
      last4: card.card_last_four,
      expiryMonth: Number(card.expiry_month),
      expiryYear: Number(card.expiry_year),
      isDefault: flag(card.is_default),
      addedAt: instant(card.created_at),
    })),
    identityVerifications: data.idVerifications.map((record) => ({
      documentType: record.type,
      documentTypeText: wordOf(t, "idType", record.type),
      status: record.status,
      statusText: wordOf(t, "idStatus", record.status),
      rejectionReason: record.rejection_reason,
      submittedAt: instant(record.created_at),
      reviewedAt: optionalInstant(record.reviewed_at),
      documentKept: record.file_key !== null,
    })),
    bookings,
    signIns: data.sessions.map((session) => ({
      startedAt: instant(session.created_at),
      lastActiveAt: instant(session.updated_at),
      expiresAt: instant(session.expires_at),
      ipAddress: session.ip_address,
      userAgent: session.user_agent,
    })),
  };
  // The documented format is a promise: a field that does not fit it is a fault here, never a file.
  return dataExportSchema.parse(exported);
}

/** The download: a zip of data.json and summary.html (ADR 250). */
export async function exportAccountArchive(deps: AppDependencies, userId: string, language: Language, now: Date): Promise<Uint8Array> {
  const data = await buildDataExport(deps, userId, language, now);
  const modified = now;
  return zipSync(
    {
      [dataExportFiles.data]: [strToU8(JSON.stringify(data, null, 2)), { mtime: modified }],
      [dataExportFiles.summary]: [strToU8(renderDataExportSummary(data)), { mtime: modified }],
    },
    { level: 6 },
  );
}
