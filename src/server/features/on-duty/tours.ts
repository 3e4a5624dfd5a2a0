import { randomBytes, randomUUID } from "node:crypto";
import PDFDocument from "pdfkit";
import QRCode from "qrcode";
import type { Kysely } from "kysely";
import type { z } from "zod";
import type { Language } from "../../../shared/languages.ts";
import type { TourReport, TourSiteView, bookingTourSchema, tourScanSchema, tourSiteSchema } from "../../../shared/on-duty.ts";
import { translator } from "../../../shared/translator.ts";
import type { Catalogue } from "../../../shared/translations.ts";
import type { AppServices } from "../../app-env.ts";
import { relationTo, userActor } from "../../access/booking-access.ts";
import type { SignedInUser } from "../../auth/require-user.ts";
import type { AppDependencies } from "../../context.ts";
import type { DatabaseSchema } from "../../db/schema.ts";
import { registerDocumentFonts, writeText } from "../../documents/document-text.ts";
import { HttpError, notFound } from "../../http-error.ts";
import { checkpointCode, verifiedCheckpointCode } from "./checkpoint-code.ts";
import { accessRowOf, activeWindow, dutyBooking, firstName } from "./repo.ts";

// Guard tours (docs/on-duty.md, ADR 288): staff define a site's checkpoints and print them as QR
// codes carrying signed codes; the booking's operatives scan them in the brief during the active
// window; each scan keeps the device's time, the server's time and the position if allowed; the
// customer reads the report once staff share it. A missed checkpoint is an alarm (jobs.ts).

type Services = Pick<AppServices, "clock">;
type Db = Kysely<DatabaseSchema>;

/** 8 characters of an alphabet without look-alikes, for codes typed by hand. */
function shortCode(): string {
  const alphabet = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789";
  return [...randomBytes(8)].map((byte) => alphabet[byte % alphabet.length]).join("");
}

async function siteView(db: Db, siteId: string): Promise<TourSiteView | undefined> {
  const site = await db.selectFrom("tour_sites").selectAll().where("id", "=", siteId).executeTakeFirst();
  if (!site) return undefined;
  const checkpoints = await db.selectFrom("tour_checkpoints").selectAll().where("site_id", "=", siteId).orderBy("position").execute();
  return {
    id: site.id,
    name: site.name,
    checkpoints: checkpoints.map((checkpoint) => ({
      id: checkpoint.id,
      name: checkpoint.name,
      position: Number(checkpoint.position),
      intervalMinutes: Number(checkpoint.interval_minutes),
    })),
  };
}

export async function createTourSite(
  deps: AppDependencies,
  services: Services,
  input: z.output<typeof tourSiteSchema>,
): Promise<TourSiteView> {
  const db = deps.database.db;
  const id = randomUUID();
  await db.transaction().execute(async (trx) => {
    await trx
      .insertInto("tour_sites")
      .values({ id, code: shortCode(), name: input.name, created_at: services.clock.now().toISOString() })
      .execute();
    await trx
      .insertInto("tour_checkpoints")
      .values(
        input.checkpoints.map((checkpoint, index) => ({
          id: randomUUID(),
          site_id: id,
          code: shortCode(),
          name: checkpoint.name,
          position: index + 1,
          interval_minutes: checkpoint.intervalMinutes,
        })),
      )
      .execute();
  });
  const view = await siteView(db, id);
  if (!view) throw notFound();
  return view;
}

export async function tourSites(deps: AppDependencies): Promise<TourSiteView[]> {
  const db = deps.database.db;
  const sites = await db.selectFrom("tour_sites").select("id").orderBy("name").execute();
  const views = await Promise.all(sites.map((site) => siteView(db, site.id)));
  return views.filter((view): view is TourSiteView => view !== undefined);
}

const sheetEnglish = {
  title: "Guard tour checkpoints: {{site}}",
  intro: "Scan each code in the brief (Guard tour). If the camera cannot read it, type the code under it.",
  checkpoint: "{{position}}. {{name}} (every {{minutes}} min)",
};
const sheetSwedish: Catalogue<typeof sheetEnglish> = {
  title: "Kontrollpunkter för rondering: {{site}}",
  intro: "Skanna varje kod i uppdragsbeskrivningen (Rondering). Om kameran inte kan läsa den, skriv koden under den.",
  checkpoint: "{{position}}. {{name}} (var {{minutes}}:e min)",
};
export const tourSheetCopy = { en: sheetEnglish, sv: sheetSwedish };

/** The printable sheet: one QR code per checkpoint with its name and its code in text (pdfkit, ADR 142, 241). */
export async function tourSheetPdf(deps: AppDependencies, siteId: string, language: Language): Promise<Buffer> {
  const db = deps.database.db;
  const site = await db.selectFrom("tour_sites").selectAll().where("id", "=", siteId).executeTakeFirst();
  if (!site) throw notFound();
  const checkpoints = await db.selectFrom("tour_checkpoints").selectAll().where("site_id", "=", siteId).orderBy("position").execute();
  const t = translator(tourSheetCopy, language);
  const document = new PDFDocument({ size: "A4", margin: 48, info: { Title: t("title", { site: site.name }) } });
  registerDocumentFonts(document);
  const chunks: Buffer[] = [];
  document.on("data", (chunk: Buffer) => chunks.push(chunk));
  const finished = new Promise<Buffer>((resolve, reject) => {
    document.on("end", () => resolve(Buffer.concat(chunks)));
    document.on("error", reject);
  });
  const width = document.page.width - 96;
  writeText(document, t("title", { site: site.name }), 48, 48, { width, weight: "bold" });
  writeText(document, t("intro"), 48, document.y + 6, { width, weight: "regular" });
  let y = document.y + 16;
  for (const checkpoint of checkpoints) {
    if (y + 190 > document.page.height - 48) {
      document.addPage();
      y = 48;
    }
    const code = await checkpointCode(site.code, checkpoint.code, deps.env.authSecret);
    const png = await QRCode.toBuffer(code, { errorCorrectionLevel: "M", margin: 1, width: 300 });
    document.image(png, 48, y, { width: 150 });
    writeText(
      document,
      t("checkpoint", { position: String(checkpoint.position), name: checkpoint.name, minutes: String(checkpoint.interval_minutes) }),
      216,
      y + 20,
      {
        width: width - 168,
        weight: "bold",
      },
    );
    document
      .font("Courier")
      .fontSize(12)
      .text(code, 216, document.y + 8, { width: width - 168 });
    y += 180;
  }
  document.end();
  return finished;
}

export async function attachTour(deps: AppDependencies, services: Services, bookingId: string, input: z.output<typeof bookingTourSchema>) {
  const db = deps.database.db;
  if (!(await dutyBooking(db, bookingId))) throw notFound("noSuchBooking");
  if (!(await siteView(db, input.siteId))) throw notFound();
  const row = { site_id: input.siteId, updated_at: services.clock.now().toISOString() };
  await db
    .insertInto("booking_tours")
    .values({ booking_id: bookingId, shared_at: null, ...row })
    .onConflict((conflict) => conflict.column("booking_id").doUpdateSet(row))
    .execute();
  return tourReport(db, bookingId);
}

export async function shareTour(deps: AppDependencies, services: Services, bookingId: string) {
  const db = deps.database.db;
  const updated = await db
    .updateTable("booking_tours")
    .set({ shared_at: services.clock.now().toISOString() })
    .where("booking_id", "=", bookingId)
    .executeTakeFirst();
  if (Number(updated.numUpdatedRows) !== 1) throw notFound("noSuchBooking");
  return tourReport(db, bookingId);
}

/** The report: each checkpoint with its scans (oldest first) and, in the active window, when it is due next. */
export async function tourReport(db: Db, bookingId: string): Promise<TourReport | null> {
  const tour = await db
    .selectFrom("booking_tours")
    .innerJoin("tour_sites", "tour_sites.id", "booking_tours.site_id")
    .select(["tour_sites.id", "tour_sites.name", "booking_tours.shared_at"])
    .where("booking_tours.booking_id", "=", bookingId)
    .executeTakeFirst();
  if (!tour) return null;
  const booking = await dutyBooking(db, bookingId);
  const window = booking ? activeWindow(booking) : { active: false, from: null };
  const checkpoints = await db.selectFrom("tour_checkpoints").selectAll().where("site_id", "=", tour.id).orderBy("position").execute();
  const scans = await db.selectFrom("tour_scans").selectAll().where("booking_id", "=", bookingId).orderBy("server_time").execute();
  return {
    siteName: tour.name,
    shared: tour.shared_at !== null,
    checkpoints: checkpoints.map((checkpoint) => {
      const own = scans.filter((scan) => scan.checkpoint_id === checkpoint.id);
      const from = own.at(-1)?.server_time ?? window.from;
      return {
        id: checkpoint.id,
        name: checkpoint.name,
        position: Number(checkpoint.position),
        intervalMinutes: Number(checkpoint.interval_minutes),
        nextDueAt: window.active && from ? new Date(Date.parse(from) + Number(checkpoint.interval_minutes) * 60_000).toISOString() : null,
        scans: own.map((scan) => ({ operative: scan.operative_first_name, deviceTime: scan.device_time, serverTime: scan.server_time })),
      };
    }),
  };
}

/** The customer's view: the report once staff shared it; 404 before (like an unshared incident, ADR 165). */
export async function customerTourReport(deps: AppDependencies, services: Services, user: SignedInUser, bookingId: string) {
  const db = deps.database.db;
  const booking = await dutyBooking(db, bookingId);
  if (!booking || relationTo(userActor(user), accessRowOf(booking), services.clock.now()) !== "owner") throw notFound("noSuchBooking");
  const report = await tourReport(db, bookingId);
  if (!report?.shared) throw notFound("noSuchBooking");
  return report;
}

/** The operative's tour on the brief (their own accepted assignment). */
export async function operativeTour(deps: AppDependencies, bookingId: string) {
  return { tour: await tourReport(deps.database.db, bookingId) };
}

/**
 * A scan: the code must be the app's (signed) and of the booking's own site, inside the active
 * window. Anything else is refused as not a checkpoint of this tour (400), never saying which part failed.
 */
export async function recordScan(
  deps: AppDependencies,
  services: Services,
  booking: NonNullable<Awaited<ReturnType<typeof dutyBooking>>>,
  user: SignedInUser,
  input: z.output<typeof tourScanSchema>,
) {
  const db = deps.database.db;
  const now = services.clock.now();
  if (!activeWindow(booking).active) throw HttpError.because(409, "invalid_transition", "outsideActiveWindow");
  const refused = () =>
    HttpError.because(400, "invalid_input", "notACheckpointOfThisTour", { fields: { code: "Not a checkpoint of this tour" } });
  const verified = await verifiedCheckpointCode(input.code, deps.env.authSecret);
  if (!verified) throw refused();
  const checkpoint = await db
    .selectFrom("booking_tours")
    .innerJoin("tour_sites", "tour_sites.id", "booking_tours.site_id")
    .innerJoin("tour_checkpoints", "tour_checkpoints.site_id", "tour_sites.id")
    .select(["tour_checkpoints.id", "tour_checkpoints.name"])
    .where("booking_tours.booking_id", "=", booking.id)
    .where("tour_sites.code", "=", verified.siteCode)
    .where("tour_checkpoints.code", "=", verified.checkpointCode)
    .executeTakeFirst();
  if (!checkpoint) throw refused();
  const name = firstName(booking.assignments.find((entry) => entry.user_id === user.id)?.name ?? user.name);
  await db
    .insertInto("tour_scans")
    .values({
      id: randomUUID(),
      booking_id: booking.id,
      checkpoint_id: checkpoint.id,
      operative_first_name: name,
      device_time: input.deviceTime ?? null,
      server_time: now.toISOString(),
      latitude: input.position?.latitude ?? null,
      longitude: input.position?.longitude ?? null,
    })
    .execute();
  return { checkpoint: checkpoint.name, tour: await tourReport(db, booking.id) };
}
