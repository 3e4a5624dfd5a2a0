import type { AccountProfile } from "../shared/account.ts";
import type { Selectable } from "kysely";
import type { ProfilesTable } from "./db/tables/accounts.ts";

// docs/product.md §3 profiles as the API answers them, outside the features because two answer with it: the
// accounts feature (GET /api/account/profile) and the profile feature (after each edit), so the
// client's cache takes either answer as it is.
export function toAccountProfile(row: Selectable<ProfilesTable>): AccountProfile {
  return {
    id: row.id,
    fullName: row.full_name,
    phoneNumber: row.phone_number,
    email: row.email,
    address: row.address,
    city: row.city,
    country: row.country,
    postalCode: row.postal_code,
    avatarUrl: row.avatar_url,
    idVerified: Number(row.id_verified) === 1,
    language: row.language,
  };
}
