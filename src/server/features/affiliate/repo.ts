import { randomUUID } from "node:crypto";
import type { AffiliateApplication } from "../../../shared/affiliate.ts";
import type { Database } from "../../db/database.ts";

export async function saveApplication(db: Database, application: AffiliateApplication) {
  const row = {
    id: randomUUID(),
    full_name: application.fullName,
    email: application.email.toLowerCase(),
    audience: application.audience,
    message: application.message,
    language: application.language,
    created_at: new Date().toISOString(),
  };
  await db.insertInto("affiliate_applications").values(row).execute();
  return row;
}

export async function listApplications(db: Database) {
  return db.selectFrom("affiliate_applications").selectAll().orderBy("created_at", "asc").execute();
}
