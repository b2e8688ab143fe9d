/**
 * The accounts domain's tables: accounts, their sign-in sessions and profiles, sign-up and
 * verification codes, and the mail sent to them. Column conventions: ./index.ts.
 */
import type { Generated } from 'kysely';

export interface UsersTable {
  id: string;
  email: string;
  name: string;
  password_hash: string | null;
  avatar_url: string | null;
  country: string;
  language: string;
  email_verified_at: string | null;
  disabled_at: string | null;
  firebase_uid: string | null;
  notify_new_releases: number;
  notify_recommendations: number;
  notify_account: number;
  notify_marketing_email: number;
  notify_push: number;
  fcm_token: string | null;
  created_at: string;
  updated_at: string;
}

export interface UserGenresTable {
  profile_id: string;
  genre_id: string;
}

export interface SessionsTable {
  id: string;
  user_id: string;
  created_at: string;
  last_used_at: string;
  revoked_at: string | null;
  revoked_reason: string | null;
  user_agent: string | null;
  ip: string | null;
  /** The profile this device chose; null means the account's first profile. */
  profile_id: string | null;
}

export interface RefreshTokensTable {
  token_hash: string;
  session_id: string;
  created_at: string;
  expires_at: string;
  used_at: string | null;
}

export interface ProfilesTable {
  id: string;
  user_id: string;
  name: string;
  language: string;
  avatar: string | null;
  /** 1 little kids · 2 older kids · 3 teens · 4 every rating. */
  maturity_level: number;
  kids: number;
  position: number;
  pin_hash: string | null;
  pin_failures: number;
  pin_locked_until: string | null;
  /** What this profile hears about (0/1); the account keeps account activity, marketing and push. */
  notify_new_releases: Generated<number>;
  notify_recommendations: Generated<number>;
  created_at: string;
  updated_at: string;
}

export interface OutboxTable {
  id: string;
  to_address: string;
  subject: string;
  text_body: string;
  kind: string;
  created_at: string;
  delivered_via: string;
  /**
   * 'recorded' (no mail server configured: the outbox is the delivery), 'sending', then 'sent' or
   * 'failed' (the SMTP server's answer); 'unknown' for rows older than the column.
   */
  delivery_status: Generated<string>;
}

export interface VerificationCodesTable {
  id: string;
  user_id: string;
  purpose: 'verify-email' | 'reset-password';
  code_hash: string;
  attempts: number;
  expires_at: string;
  used_at: string | null;
  created_at: string;
}

/** A sign-up waiting for its emailed code; the account is only created when the code is right. */
export interface PendingSignUpsTable {
  id: string;
  email: string;
  name: string;
  password_hash: string;
  country: string;
  language: string;
  code_hash: string;
  /** Wrong codes so far; at the limit the sign-up is locked for good. */
  attempts: number;
  /** When the current code stops working (a new code moves it). */
  expires_at: string;
  created_at: string;
}

export interface AccountsTables {
  users: UsersTable;
  user_genres: UserGenresTable;
  sessions: SessionsTable;
  refresh_tokens: RefreshTokensTable;
  profiles: ProfilesTable;
  outbox: OutboxTable;
  verification_codes: VerificationCodesTable;
  pending_sign_ups: PendingSignUpsTable;
}
