import type { ColumnType } from "kysely";

// Row types of migration 0007 (docs/product.md §3 payment_methods, id_verifications, emergency_contacts; the
// additional e-mails and Better Auth's two-factor table). Times are UTC ISO-8601 text; flags 0/1.

type Flag = ColumnType<number, number | undefined, number>;
type AuthFlag = ColumnType<boolean | number, boolean | number | undefined, boolean | number>;

/** An additional e-mail of the profile page; it counts once verified_at is set (4-digit code). */
export type ProfileEmailsTable = {
  id: string;
  user_id: string;
  email: string;
  verified_at: string | null;
  created_at: string;
  updated_at: string;
  /** Migration 0008: the live code (HMAC), its expiry, when it was sent, wrong tries so far. */
  code_hash: string | null;
  code_expires_at: string | null;
  code_sent_at: string | null;
  code_failed_attempts: ColumnType<number, number | undefined, number>;
};

/** A saved card: brand, last four, expiry and the provider's opaque token, never the number or CVV. */
export type PaymentMethodsTable = {
  id: string;
  user_id: string;
  card_brand: string;
  card_last_four: string;
  expiry_month: number;
  expiry_year: number;
  provider_payment_id: string;
  is_default: Flag;
  created_at: string;
};

export type IdVerificationStatus = "pending" | "approved" | "rejected";

/** An uploaded identity document; file_key is a private storage key, null once the file is gone. */
export type IdVerificationsTable = {
  id: string;
  user_id: string;
  type: string;
  status: ColumnType<IdVerificationStatus, IdVerificationStatus | undefined, IdVerificationStatus>;
  file_key: string | null;
  content_type: string | null;
  file_size: number | null;
  rejection_reason: string | null;
  reviewed_by: string | null;
  reviewed_at: string | null;
  created_at: string;
};

/** docs/product.md §2 security page: I.C.E. contacts. */
export type EmergencyContactsTable = {
  id: string;
  user_id: string;
  name: string;
  phone: string;
  email: string;
  created_at: string;
  updated_at: string;
};

/** Better Auth `twoFactor` (TOTP secret and backup codes, both encrypted by Better Auth). */
export type TwoFactorsTable = {
  id: string;
  secret: string;
  backup_codes: string;
  user_id: string;
  verified: AuthFlag | null;
  failed_verification_count: number | null;
  locked_until: ColumnType<Date | string, Date | string, Date | string> | null;
};

export type DashboardTables = {
  profile_emails: ProfileEmailsTable;
  payment_methods: PaymentMethodsTable;
  id_verifications: IdVerificationsTable;
  emergency_contacts: EmergencyContactsTable;
  two_factors: TwoFactorsTable;
};
