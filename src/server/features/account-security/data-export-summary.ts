import type { DataExport, DataExportBooking, ExportMoney } from "../../../shared/data-export.ts";
import { formatDay, formatDayRange, formatInstant } from "../../../shared/time.ts";
import { formatMoney } from "../../../shared/money.ts";
import { translator } from "../../../shared/translator.ts";
import { escapeHtml } from "../../http/escape-html.ts";
import { dataExportCopy } from "./data-export-copy.ts";

// ADR 209: the catalogue this module words with, for the catalogue check.
export { dataExportCopy };

// summary.html of the data export (docs/data-export.md, ADR 250): the facts of data.json for a person,
// in the export's language. One self-contained page (no scripts, no outside files: it opens offline
// from the zip) with a heading per part and tables with captions and header cells
// (WCAG 2.2 SC 1.3.1 Info and Relationships), amounts and times as the site writes them.

type Cell = string | null | undefined;

function textCell(value: Cell): string {
  return value === null || value === undefined || value === "" ? "—" : escapeHtml(value);
}

export function renderDataExportSummary(data: DataExport): string {
  const language = data.language;
  const t = translator(dataExportCopy, language);
  const s = (key: Parameters<typeof t>[0], values?: Parameters<typeof t>[1]) => t(key, values);
  const amount = (value: ExportMoney | null) => (value === null ? "—" : formatMoney(Number(value.amount.replace(".", "")), language));
  const when = (value: string | null) => (value === null ? "—" : formatInstant(value, language));
  const yesNo = (value: boolean) => s(value ? "summary.yes" : "summary.no");
  const wordOf = (group: string, code: string) => (t.has(`${group}.${code}`) ? t(`${group}.${code}` as Parameters<typeof t>[0]) : code);

  /** A table of label/value rows: the label is the row's header cell. */
  function facts(caption: string, rows: [string, string][]): string {
    const body = rows.map(([label, value]) => `<tr><th scope="row">${escapeHtml(label)}</th><td>${value}</td></tr>`).join("");
    return `<table class="facts"><caption>${escapeHtml(caption)}</caption><tbody>${body}</tbody></table>`;
  }

  /** A list as a table with column headers; `empty` when there are no rows. Cells are HTML already. */
  function list(caption: string, headers: string[], rows: string[][]): string {
    if (rows.length === 0) return `<p>${escapeHtml(caption)}: ${escapeHtml(s("summary.none"))}</p>`;
    const head = headers.map((header) => `<th scope="col">${escapeHtml(header)}</th>`).join("");
    const body = rows.map((cells) => `<tr>${cells.map((cell) => `<td>${cell}</td>`).join("")}</tr>`).join("");
    // A wide list scrolls inside its own box on a phone; the box can be focused to scroll it by keyboard
    // (WCAG 2.2 SC 2.1.1) and is named by the table's caption.
    const table = `<table><caption>${escapeHtml(caption)}</caption><thead><tr>${head}</tr></thead><tbody>${body}</tbody></table>`;
    return `<div class="scroll" role="region" tabindex="0" aria-label="${escapeHtml(caption)}">${table}</div>`;
  }

  const parts: string[] = [];
  const account = data.account;
  const profile = data.profile;
  parts.push(
    `<section aria-labelledby="account"><h2 id="account">${escapeHtml(s("summary.account"))}</h2>`,
    facts(s("summary.account"), [
      [s("summary.email"), textCell(account.email)],
      [s("summary.emailVerified"), yesNo(account.emailVerified)],
      [s("summary.memberSince"), when(account.createdAt)],
      [s("summary.twoFactor"), yesNo(account.twoFactorEnabled)],
    ]),
    "</section>",
  );
  if (profile) {
    const address = [profile.address, [profile.postalCode, profile.city].filter(Boolean).join(" "), profile.country]
      .filter(Boolean)
      .join(", ");
    parts.push(
      `<section aria-labelledby="profile"><h2 id="profile">${escapeHtml(s("summary.profile"))}</h2>`,
      facts(s("summary.profile"), [
        [s("summary.fullName"), textCell(profile.fullName)],
        [s("summary.phone"), textCell(profile.phoneNumber)],
        [s("summary.email"), textCell(profile.email)],
        [s("summary.address"), textCell(address)],
        [s("summary.language"), textCell(wordOf("languageName", profile.language))],
        [s("summary.idVerified"), yesNo(profile.idVerified)],
        [s("summary.notifications"), yesNo(profile.emailNotifications)],
      ]),
      list(
        s("summary.additionalEmails"),
        [s("summary.email"), s("summary.verified")],
        data.additionalEmails.map((row) => [textCell(row.email), yesNo(row.verified)]),
      ),
      "</section>",
    );
  }
  if (data.company) {
    const company = data.company;
    parts.push(
      `<section aria-labelledby="company"><h2 id="company">${escapeHtml(s("summary.company"))}</h2>`,
      facts(s("summary.company"), [
        [s("summary.companyName"), textCell(company.companyName)],
        [s("summary.organisationNumber"), textCell(company.organisationNumber)],
        [s("summary.vatNumber"), textCell(company.vatNumber)],
        [s("summary.billingAddress"), textCell(company.billingAddress)],
        [s("summary.invoicePayment"), textCell(company.invoicePaymentText)],
      ]),
      "</section>",
    );
  }
  parts.push(
    `<section aria-labelledby="contacts"><h2 id="contacts">${escapeHtml(s("summary.emergencyContacts"))}</h2>`,
    list(
      s("summary.emergencyContacts"),
      [s("summary.name"), s("summary.phone"), s("summary.email")],
      data.emergencyContacts.map((contact) => [textCell(contact.name), textCell(contact.phone), textCell(contact.email)]),
    ),
    "</section>",
    `<section aria-labelledby="cards"><h2 id="cards">${escapeHtml(s("summary.savedCards"))}</h2>`,
    list(
      s("summary.savedCards"),
      [s("summary.card"), s("summary.expiry"), s("summary.defaultCard")],
      data.savedCards.map((card) => [
        textCell(`${card.brand.charAt(0).toUpperCase()}${card.brand.slice(1)} •••• ${card.last4}`),
        textCell(`${String(card.expiryMonth).padStart(2, "0")}/${card.expiryYear}`),
        yesNo(card.isDefault),
      ]),
    ),
    "</section>",
    `<section aria-labelledby="identity"><h2 id="identity">${escapeHtml(s("summary.identity"))}</h2>`,
    list(
      s("summary.identity"),
      [s("summary.documentType"), s("summary.status"), s("summary.submitted"), s("summary.reviewed"), s("summary.reason")],
      data.identityVerifications.map((record) => [
        textCell(record.documentTypeText),
        textCell(record.statusText),
        when(record.submittedAt),
        when(record.reviewedAt),
        textCell(record.rejectionReason),
      ]),
    ),
    "</section>",
  );

  parts.push(`<section aria-labelledby="bookings"><h2 id="bookings">${escapeHtml(s("summary.bookings"))}</h2>`);
  if (data.bookings.length === 0) parts.push(`<p>${escapeHtml(s("summary.noBookings"))}</p>`);
  for (const booking of data.bookings) parts.push(bookingSection(booking));
  parts.push("</section>");

  function bookingSection(booking: DataExportBooking): string {
    const reference = booking.reference;
    const id = `booking-${booking.id}`;
    const engagement = booking.engagement;
    const principal = engagement.principal;
    const rows: [string, string][] = [
      [s("summary.status"), textCell(booking.statusText)],
      [s("summary.dates"), textCell(formatDayRange(booking.startDate, booking.endDate, language))],
      [s("summary.location"), textCell(booking.location)],
      [s("summary.bookedAt"), when(booking.bookedAt)],
      [s("summary.payment"), textCell(booking.paymentStatusText)],
      [s("summary.total"), `${amount(booking.total)} (${escapeHtml(s("summary.vat"))} ${amount(booking.vat)})`],
    ];
    if (booking.priceAdjustment) rows.push([s("summary.priceAdjustment"), amount(booking.priceAdjustment)]);
    if (engagement.startTime || engagement.endTime)
      rows.push([s("summary.times"), textCell(`${engagement.startTime ?? ""}–${engagement.endTime ?? ""}`)]);
    if (engagement.meetingPoint) rows.push([s("summary.meetingPoint"), textCell(engagement.meetingPoint)]);
    if (principal)
      rows.push([s("summary.protectedPerson"), textCell([principal.name, principal.codename, principal.phone].filter(Boolean).join(", "))]);
    if (booking.team) rows.push([s("summary.leadGuard"), textCell(booking.team.leadFirstName)]);
    if (booking.note) rows.push([s("summary.note"), textCell(booking.note)]);
    if (booking.operatorNote) rows.push([s("summary.operatorNote"), textCell(booking.operatorNote)]);
    const reason = booking.declineReason ?? booking.cancelReason;
    if (reason) rows.push([s("summary.reason"), textCell(reason)]);
    if (booking.rating) rows.push([s("summary.rating"), textCell(`${booking.rating.stars}/5 ${booking.rating.comment ?? ""}`.trim())]);

    const ledger = booking.payments.flatMap((payment) =>
      payment.events.map((event) => [
        when(event.at),
        textCell(`${event.typeText} (${payment.purposeText})`),
        amount(event.amount),
        textCell(event.reason),
      ]),
    );
    return [
      `<section aria-labelledby="${id}"><h3 id="${id}">${escapeHtml(s("summary.booking", { reference }))}</h3>`,
      facts(s("summary.bookingFacts", { reference }), rows),
      list(
        s("summary.services"),
        [s("summary.service"), s("summary.options"), s("summary.perDay"), s("summary.lineTotal")],
        booking.services.map((line) => [textCell(line.name), textCell(line.optionsText), amount(line.dailyPrice), amount(line.total)]),
      ),
      list(s("summary.ledger"), [s("summary.date"), s("summary.event"), s("summary.amount"), s("summary.reason")], ledger),
      list(
        s("summary.documents"),
        [s("summary.kind"), s("summary.number"), s("summary.date"), s("summary.amount"), s("summary.status"), s("summary.pdf")],
        booking.documents.map((document) => [
          textCell(document.kindText),
          textCell(String(document.number)),
          textCell(formatDay(document.issueDate, language)),
          amount(document.total),
          textCell(document.statusText),
          `<a href="${escapeHtml(document.pdfUrl)}">${escapeHtml(s("summary.download", { kind: document.kindText.toLowerCase(), number: document.number }))}</a>`,
        ]),
      ),
      list(
        s("summary.messages"),
        [s("summary.date"), s("summary.from"), s("summary.message")],
        booking.messages.map((message) => [
          when(message.sentAt),
          textCell(message.from === "you" ? s("summary.you") : `Nordic Shield${message.authorName ? ` (${message.authorName})` : ""}`),
          textCell(message.text),
        ]),
      ),
      list(
        s("summary.incidents"),
        [s("summary.date"), s("summary.severity"), s("summary.report")],
        booking.sharedIncidents.map((incident) => [when(incident.occurredAt), textCell(incident.severityText), textCell(incident.text)]),
      ),
      booking.quoteVersions.length === 0
        ? ""
        : list(
            s("summary.quoteVersions"),
            [s("summary.version"), s("summary.status"), s("summary.total"), s("summary.reason")],
            booking.quoteVersions.map((version) => [
              textCell(String(version.number)),
              textCell(version.statusText),
              amount(version.total),
              textCell(version.reason ?? version.declineReason),
            ]),
          ),
      booking.changeRequests.length === 0
        ? ""
        : list(
            s("summary.changeRequests"),
            [s("summary.date"), s("summary.status"), s("summary.request")],
            booking.changeRequests.map((request) => [
              when(request.createdAt),
              textCell(request.statusText),
              textCell(
                Object.entries(request.request)
                  .map(([key, value]) => `${key}: ${typeof value === "string" ? value : JSON.stringify(value)}`)
                  .join("; "),
              ),
            ]),
          ),
      "</section>",
    ].join("");
  }

  parts.push(
    `<section aria-labelledby="sign-ins"><h2 id="sign-ins">${escapeHtml(s("summary.signIns"))}</h2>`,
    list(
      s("summary.signIns"),
      [s("summary.started"), s("summary.lastActive"), s("summary.ipAddress"), s("summary.device")],
      data.signIns.map((signIn) => [
        when(signIn.startedAt),
        when(signIn.lastActiveAt),
        textCell(signIn.ipAddress),
        textCell(signIn.userAgent),
      ]),
    ),
    "</section>",
  );

  const title = s("summary.title");
  const generated = s("summary.generated", { date: formatInstant(data.generatedAt, language), version: data.formatVersion });
  const controller = `${data.controller.name}, ${data.controller.organisationNumber}, ${data.controller.address}`;
  return `<!doctype html>
<html lang="${language}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title>
<style>
body{font-family:system-ui,sans-serif;color:#0b0b0c;background:#fff;margin:0 auto;padding:1rem;max-width:60rem;line-height:1.5}
h1{font-size:1.6rem}h2{font-size:1.3rem;margin-top:2rem;border-bottom:1px solid #e7e2d8}h3{font-size:1.1rem;margin-top:1.5rem}
table{border-collapse:collapse;width:100%;margin:0.75rem 0}
.scroll{overflow-x:auto;margin:0.75rem 0}.scroll table{margin:0}
caption{text-align:left;font-weight:600;padding:0.25rem 0}
th,td{border:1px solid #e7e2d8;padding:0.35rem 0.5rem;text-align:left;vertical-align:top;overflow-wrap:break-word;hyphens:auto}
.facts{table-layout:fixed}.facts th{width:38%}.facts td{overflow-wrap:anywhere}
th{background:#f7f4ee}a{color:#7a5d1e}:focus-visible{outline:2px solid #7a5d1e;outline-offset:2px}
</style>
</head>
<body>
<main>
<h1>${escapeHtml(title)}</h1>
<p>${escapeHtml(generated)}</p>
<p>${escapeHtml(s("summary.controller"))}: ${escapeHtml(controller)}</p>
<p>${escapeHtml(data.notice)}</p>
${parts.join("\n")}
</main>
</body>
</html>
`;
}
