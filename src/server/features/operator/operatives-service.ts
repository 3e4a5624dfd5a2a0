import { randomUUID } from "node:crypto";
import type { Kysely, Selectable } from "kysely";
import type { z } from "zod";
import type { Operative, operativeSchema } from "../../../shared/operator.ts";
import type { SignedInUser } from "../../auth/require-user.ts";
import type { DatabaseSchema } from "../../db/schema.ts";
import type { OperativesTable } from "../../db/tables/operator.ts";
import { notFound } from "../../http-error.ts";
import { writeAudit } from "../../audit/audit-log.ts";

// The operatives roster of the operator console (ADR 070): every change is audited in its own transaction.

type Db = Kysely<DatabaseSchema>;

function parseList(text: string): string[] {
  try {
    const value: unknown = JSON.parse(text);
    return Array.isArray(value) ? value.filter((item): item is string => typeof item === "string") : [];
  } catch {
    return [];
  }
}

export function toOperative(row: Selectable<OperativesTable>): Operative {
  return {
    id: row.id,
    name: row.name,
    phone: row.phone,
    licenceNumber: row.licence_number,
    licenceExpiresOn: row.licence_expires_on,
    languages: parseList(row.languages),
    skills: parseList(row.skills) as Operative["skills"],
    active: Number(row.active) === 1,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
    invitedEmail: row.email,
    invitedAt: row.invited_at,
  };
}

function operativeColumns(input: z.output<typeof operativeSchema>) {
  return {
    name: input.name,
    phone: input.phone,
    licence_number: input.licenceNumber,
    licence_expires_on: input.licenceExpiresOn,
    languages: JSON.stringify(input.languages),
    skills: JSON.stringify(input.skills),
    active: input.active ? 1 : 0,
  };
}

export async function listOperatives(db: Db): Promise<Operative[]> {
  const rows = await db.selectFrom("operatives").selectAll().orderBy("active", "desc").orderBy("name", "asc").execute();
  return rows.map(toOperative);
}

export async function getOperative(db: Db, id: string): Promise<Operative> {
  const row = await db.selectFrom("operatives").selectAll().where("id", "=", id).executeTakeFirst();
  if (!row) throw notFound("noSuchOperative");
  return toOperative(row);
}

export async function createOperative(db: Db, actor: SignedInUser, input: z.output<typeof operativeSchema>): Promise<Operative> {
  const now = new Date().toISOString();
  const id = randomUUID();
  await db.transaction().execute(async (trx) => {
    await trx
      .insertInto("operatives")
      .values({ id, ...operativeColumns(input), created_at: now, updated_at: now })
      .execute();
    await writeAudit(
      trx,
      { actorUserId: actor.id, action: "operative.create", subjectType: "operative", subjectId: id, before: null, after: input },
      now,
    );
  });
  return getOperative(db, id);
}

export async function updateOperative(
  db: Db,
  actor: SignedInUser,
  id: string,
  input: z.output<typeof operativeSchema>,
): Promise<Operative> {
  const now = new Date().toISOString();
  await db.transaction().execute(async (trx) => {
    const before = await trx.selectFrom("operatives").selectAll().where("id", "=", id).executeTakeFirst();
    if (!before) throw notFound("noSuchOperative");
    await trx
      .updateTable("operatives")
      .set({ ...operativeColumns(input), updated_at: now })
      .where("id", "=", id)
      .execute();
    const {
      id: _id,
      createdAt: _created,
      updatedAt: _updated,
      invitedEmail: _email,
      invitedAt: _invited,
      ...previous
    } = toOperative(before);
    await writeAudit(
      trx,
      { actorUserId: actor.id, action: "operative.update", subjectType: "operative", subjectId: id, before: previous, after: input },
      now,
    );
  });
  return getOperative(db, id);
}

/**
 * Removes an operative from the roster. One who has worked or works a booking stays (the booking
 * keeps its history) and is made inactive instead.
 */
export async function deleteOperative(db: Db, actor: SignedInUser, id: string): Promise<{ deleted: boolean }> {
  const now = new Date().toISOString();
  return db.transaction().execute(async (trx) => {
    const before = await trx.selectFrom("operatives").selectAll().where("id", "=", id).executeTakeFirst();
    if (!before) throw notFound("noSuchOperative");
    const assigned = await trx.selectFrom("booking_assignments").select("id").where("operative_id", "=", id).executeTakeFirst();
    if (assigned) {
      await trx.updateTable("operatives").set({ active: 0, updated_at: now }).where("id", "=", id).execute();
    } else {
      await trx.deleteFrom("operatives").where("id", "=", id).execute();
    }
    await writeAudit(
      trx,
      {
        actorUserId: actor.id,
        action: assigned ? "operative.deactivate" : "operative.delete",
        subjectType: "operative",
        subjectId: id,
        before: toOperative(before),
        after: assigned ? { active: false } : null,
      },
      now,
    );
    return { deleted: !assigned };
  });
}
