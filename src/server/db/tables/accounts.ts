import type { ColumnType } from "kysely";
import type { Language } from "../../../shared/languages.ts";
import type { JobStatus } from "./jobs.ts";

// Row types of migration 0002. Better Auth's own timestamp columns are Date on PostgreSQL and
// ISO text on SQLite (ADR 030); ours are always ISO-8601 UTC text.
type AuthTimestamp = ColumnType<Date | string, Date | string, Date | string>;
type AuthFlag = ColumnType<boolean | number, boolean | number | undefined, boolean | number>;

/** Better Auth `user` (+ admin plugin role/banned fields). */
export type UsersTable = {
  id: string;
  name: string;
  email: string;
  email_verified: AuthFlag;
  image: string | null;
  role: string | null;
  banned: AuthFlag | null;
  ban_reason: string | null;
  ban_expires: AuthTimestamp | null;
  /** Better Auth twoFactor plugin (migration 0007). */
  two_factor_enabled: AuthFlag | null;
  created_at: AuthTimestamp;
  updated_at: AuthTimestamp;
};

/** Better Auth `session`. */
export type SessionsTable = {
  id: string;
  user_id: string;
  token: string;
  expires_at: AuthTimestamp;
  ip_address: string | null;
  user_agent: string | null;
  impersonated_by: string | null;
  /** How the session was created (migration 0045, ADR 271): "password", "passkey", "bankid", or null when unknown. */
  sign_in_method: string | null;
  created_at: AuthTimestamp;
  updated_at: AuthTimestamp;
};

/** Better Auth passkey plugin `passkey` (migration 0045, ADR 270): one WebAuthn credential. */
export type PasskeysTable = {
  id: string;
  name: string | null;
  public_key: string;
  user_id: string;
  credential_id: string;
  counter: number;
  device_type: string;
  backed_up: AuthFlag;
  transports: string | null;
  aaguid: string | null;
  created_at: AuthTimestamp | null;
};

/** Better Auth `account` (the credential row holding the scrypt password hash). */
export type AuthAccountsTable = {
  id: string;
  user_id: string;
  account_id: string;
  provider_id: string;
  access_token: string | null;
  refresh_token: string | null;
  id_token: string | null;
  access_token_expires_at: AuthTimestamp | null;
  refresh_token_expires_at: AuthTimestamp | null;
  scope: string | null;
  password: string | null;
  created_at: AuthTimestamp;
  updated_at: AuthTimestamp;
};

/** Better Auth `verification` (password-reset tokens). */
export type AuthVerificationsTable = {
  id: string;
  identifier: string;
  value: string;
  expires_at: AuthTimestamp;
  created_at: AuthTimestamp;
  updated_at: AuthTimestamp;
};

/** docs/product.md §3 profiles, keyed by user id. id_verified is 0/1. */
export type ProfilesTable = {
  id: string;
  full_name: string;
  phone_number: string;
  email: string;
  address: string;
  city: string;
  country: string;
  postal_code: string;
  avatar_url: string | null;
  id_verified: ColumnType<number, number | undefined, number>;
  language: Language;
  /** Notification preferences (migration 0007), 0/1; non-essential mails honour the e-mail one. */
  email_notifications: ColumnType<number, number | undefined, number>;
  push_notifications: ColumnType<number, number | undefined, number>;
  /** The storage key of the current avatar (migration 0007); avatar_url is what browsers load. */
  avatar_key: string | null;
  created_at: string;
  updated_at: string;
};

export type VerificationCodeStatus = "active" | "verified" | "superseded" | "dead";

/** Sign-up verification codes (ADR 031): the code and the follow-up token are stored as HMACs. */
export type VerificationCodesTable = {
  id: string;
  email: string;
  code_hash: string;
  status: VerificationCodeStatus;
  failed_attempts: ColumnType<number, number | undefined, number>;
  language: Language;
  created_at: string;
  expires_at: string;
  verified_at: string | null;
  token_hash: string | null;
  token_consumed_at: string | null;
};

/** Rate-limit counters per fixed window, read two at a time as a sliding window (ADR 034). */
export type RateLimitsTable = {
  key: string;
  window_start: string;
  count: number;
  expires_at: string;
};

export type OutboxStatus = "pending" | "sending" | "sent" | "kept" | "failed" | "cancelled";

/**
 * Since migration 0014 a read-only view of the mail jobs (ADR 095), with the columns of the former
 * mail outbox (ADR 032). A mail is queued as its kind and a JSON payload and rendered
 * from the template registry when it is sent (ADR 037); subject, html, text and attachments (JSON
 * text) are empty until then and hold the copy that was sent afterwards. priority 0 (codes and
 * reset links) is claimed before 1 (everything else) (ADR 036).
 */
export type OutboxTable = {
  id: string;
  kind: string;
  recipient: string;
  subject: string;
  html: string;
  text: string;
  attachments: string | null;
  /** Null only for rows queued already rendered, before migration 0005, and once a secret is scrubbed. */
  payload: string | null;
  priority: ColumnType<number, number | undefined, number>;
  status: OutboxStatus;
  /** The job's own status: a filter on it reads the jobs' due index (jobs_due_index). */
  job_status: JobStatus;
  attempts: ColumnType<number, number | undefined, number>;
  next_attempt_at: string;
  locked_until: string | null;
  last_error: string | null;
  created_at: string;
  sent_at: string | null;
};

/** ADR 112: the last accepted authenticator code of a user (migration 0016). */
export type TotpLastCodesTable = {
  user_id: string;
  code_hash: string;
  /** RFC 6238 time step (Unix seconds / 30) of the last accepted code; codes of it or earlier are refused (ADR 112). bigint on PostgreSQL. */
  time_step: ColumnType<number | string, number, number>;
};

export type AccountTables = {
  users: UsersTable;
  sessions: SessionsTable;
  auth_accounts: AuthAccountsTable;
  auth_verifications: AuthVerificationsTable;
  profiles: ProfilesTable;
  verification_codes: VerificationCodesTable;
  rate_limits: RateLimitsTable;
  outbox: OutboxTable;
  totp_last_codes: TotpLastCodesTable;
  passkeys: PasskeysTable;
  bankid_orders: BankIdOrdersTable;
  bankid_identities: BankIdIdentitiesTable;
};

/** A running BankID order (migration 0046, ADR 272); qr_start_secret never leaves the server. */
export type BankIdOrdersTable = {
  id: string;
  order_ref: string;
  purpose: "sign-in" | "link";
  user_id: string | null;
  browser_key_hash: string;
  qr_start_token: string;
  qr_start_secret: string;
  started_by: "qr" | "sameDevice";
  status: "pending" | "complete" | "failed" | "cancelled";
  hint_code: string | null;
  started_at: string;
  last_collected_at: string | null;
  /** The person of a sign-in whose BankID is linked to no account, encrypted, until linked or ten minutes pass. */
  unlinked_personal_number: string | null;
  unlinked_name: string | null;
  unlinked_given_name: string | null;
  unlinked_surname: string | null;
};

/** The BankID identity linked to an account (migration 0046, ADR 272): the number encrypted, never in clear. */
export type BankIdIdentitiesTable = {
  user_id: string;
  personal_number_encrypted: string;
  personal_number_lookup: string;
  name: string;
  given_name: string;
  surname: string;
  linked_at: string;
};
