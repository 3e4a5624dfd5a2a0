import type { Kysely } from "kysely";
import type { StaffPolicy } from "../../../shared/operator.ts";
import type { Role } from "../../../shared/roles.ts";
import type { SignedInUser } from "../../auth/require-user.ts";
import type { DatabaseSchema } from "../../db/schema.ts";
import { HttpError, notFound } from "../../http-error.ts";
import { writeAudit } from "../../audit/audit-log.ts";

// Staff roles and the operator two-factor policy (ADR 070); role grants are admins only.

type Db = Kysely<DatabaseSchema>;

export async function listUsers(db: Db, search: string | undefined) {
  let query = db
    .selectFrom("users")
    .leftJoin("profiles", "profiles.id", "users.id")
    .select(["users.id", "users.email", "users.role", "profiles.full_name"]);
  if (search) query = query.where("users.email", "like", `%${search.toLowerCase().replace(/[!%_]/g, (c) => `!${c}`)}%`);
  const rows = await query.orderBy("users.email").limit(50).execute();
  return rows.map((row) => ({ id: row.id, email: row.email, role: row.role ?? "customer", fullName: row.full_name ?? "" }));
}

/** Admins only (the route's guard). An admin cannot change their own role, so the last admin cannot lock everyone out. */
export async function grantRole(db: Db, actor: SignedInUser, userId: string, role: Role) {
  if (userId === actor.id) throw HttpError.because(409, "invalid_transition", "ownRoleUnchangeable");
  const now = new Date().toISOString();
  return db.transaction().execute(async (trx) => {
    const before = await trx.selectFrom("users").select(["id", "email", "role"]).where("id", "=", userId).executeTakeFirst();
    if (!before) throw notFound("noSuchUser");
    await trx.updateTable("users").set({ role, updated_at: now }).where("id", "=", userId).execute();
    await writeAudit(
      trx,
      {
        actorUserId: actor.id,
        action: "user.role",
        subjectType: "user",
        subjectId: userId,
        before: { role: before.role },
        after: { role },
      },
      now,
    );
    return { id: userId, email: before.email, role };
  });
}

export const operatorTwoFactorKey = "operator_two_factor_required";

export async function readStaffPolicy(db: Db): Promise<StaffPolicy> {
  const row = await db.selectFrom("app_config").select("value").where("key", "=", operatorTwoFactorKey).executeTakeFirst();
  return { operatorTwoFactorRequired: row?.value === "true" };
}

export async function updateStaffPolicy(db: Db, actor: SignedInUser, policy: StaffPolicy): Promise<StaffPolicy> {
  await db.transaction().execute(async (trx) => {
    const before = await readStaffPolicy(trx);
    const value = String(policy.operatorTwoFactorRequired);
    await trx
      .insertInto("app_config")
      .values({ key: operatorTwoFactorKey, value })
      .onConflict((conflict) => conflict.column("key").doUpdateSet({ value }))
      .execute();
    await writeAudit(trx, {
      actorUserId: actor.id,
      action: "policy.update",
      subjectType: "policy",
      subjectId: operatorTwoFactorKey,
      before,
      after: policy,
    });
  });
  return readStaffPolicy(db);
}

/** Whether this user's two-factor sign-in is on (Better Auth's twoFactor plugin sets the flag). */
export async function hasTwoFactor(db: Db, userId: string): Promise<boolean> {
  const row = await db.selectFrom("users").select("two_factor_enabled").where("id", "=", userId).executeTakeFirst();
  return row?.two_factor_enabled === true || Number(row?.two_factor_enabled) === 1;
}
