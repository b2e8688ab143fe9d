/**
 * Table shapes for Kysely. Portable column types only: text, integer, double
 * precision. Flags are 0/1 integers and timestamps are ISO-8601 UTC strings so the
 * same queries run on SQLite and PostgreSQL unchanged.
 */
import type { Generated } from 'kysely';

export interface GenresTable {
  id: string;
  name: string;
  slug: string;
}

export interface CategoriesTable {
  id: string;
  slug: string;
  name: string;
  rule: string;
  genre_id: string | null;
  sort_order: number;
}

export interface CountriesTable {
  code: string;
  name: string;
}

export interface LanguagesTable {
  code: string;
  name: string;
}

export interface TitlesTable {
  /** Integer surrogate key: the full-text index points at it. */
  seq: number;
  id: string;
  type: 'movie' | 'series';
  name: string;
  name_sort: string;
  synopsis: string;
  release_date: string;
  year: number;
  runtime_minutes: number;
  rating: number;
  maturity: string;
  language: string;
  audio_languages: string; // JSON array
  subtitle_languages: string; // JSON array
  countries: string; // JSON array (production countries)
  premium: number;
  popularity: number;
  director: string;
  cast_json: string;
  media_key: string;
  trailer_key: string;
  art_seed: number;
  /** 1 when streamable everywhere; otherwise see title_availability. */
  available_everywhere: number;
  genre_ids: string; // JSON array, denormalised for cards
}

export interface TitleGenresTable {
  title_id: string;
  genre_id: string;
  /** Copied from titles so "genre X by popularity" is one index range scan. */
  popularity: number;
}

export interface TitleCountriesTable {
  title_id: string;
  country: string;
}

export interface TitleAvailabilityTable {
  title_id: string;
  country: string;
}

export interface SeasonsTable {
  id: string;
  title_id: string;
  number: number;
  name: string;
  year: number;
}

export interface EpisodesTable {
  id: string;
  season_id: string;
  title_id: string;
  season_number: number;
  number: number;
  name: string;
  synopsis: string;
  runtime_minutes: number;
  media_key: string;
  intro_start: number | null;
  intro_end: number | null;
  credits_start: number | null;
}

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

export interface StreamLeasesTable {
  session_id: string;
  user_id: string;
  profile_id: string;
  title_id: string;
  started_at: string;
  expires_at: string;
}

export interface RatingsTable {
  profile_id: string;
  title_id: string;
  /** -1 not for me · 1 I like this · 2 I love this. */
  rating: number;
  updated_at: string;
}

export interface RefreshTokensTable {
  token_hash: string;
  session_id: string;
  created_at: string;
  expires_at: string;
  used_at: string | null;
}

export interface StreamTicketsTable {
  ticket_hash: string;
  session_id: string;
  user_id: string;
  expires_at: string;
  used_at: string | null;
}

export interface PushTokensTable {
  token: string;
  user_id: string;
  session_id: string;
  created_at: string;
  updated_at: string;
}

export interface HelpMessagesTable {
  id: string;
  user_id: string;
  /** 'viewer' for what the viewer wrote; 'support' for replies. */
  author: string;
  body: string;
  page: string | null;
  created_at: string;
}

/** What a guest wrote through the help widget; the answer goes to `email` (no account). */
export interface GuestHelpMessagesTable {
  id: string;
  email: string;
  body: string;
  page: string | null;
  created_at: string;
}

export interface FavouritesTable {
  profile_id: string;
  title_id: string;
  created_at: string;
}

export interface WatchLogsTable {
  profile_id: string;
  title_id: string;
  /** '' for movies, so (user, title, episode) can be a primary key on both databases. */
  episode_id: string;
  season_id: string;
  position: number;
  duration: number;
  completed: number;
  updated_at: string;
  /** 1 when the viewer removed it from Continue watching; the next progress shows it again. */
  hidden: Generated<number>;
}

export interface NotificationsTable {
  id: string;
  user_id: string;
  /** A notice about content for one profile; null: the whole account's (account, billing). */
  profile_id: Generated<string | null>;
  kind: string;
  title: string;
  body: string;
  link: string | null;
  read_at: string | null;
  created_at: string;
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

export interface PlansTable {
  id: string;
  name: string;
  description: string;
  price_cents: number;
  currency: string;
  interval: 'month' | 'year';
  features_json: string;
  max_quality: string;
  stripe_price_id: string | null;
  sort_order: number;
  tier: 'basic' | 'premium';
}

export interface SubscriptionsTable {
  id: string;
  user_id: string;
  plan_id: string;
  status: 'incomplete' | 'active' | 'past_due' | 'canceled';
  provider: 'local' | 'stripe';
  provider_subscription_id: string;
  current_period_end: string | null;
  cancel_at_period_end: number;
  canceled_at: string | null;
  created_at: string;
  updated_at: string;
  /** `created` (unix seconds) of the newest provider event applied; older ones are ignored. */
  last_event_at: number | null;
  /** A downgrade waiting for the renewal at current_period_end. */
  scheduled_plan_id: string | null;
  /** Opaque gateway state of a payment waiting for the bank (SCA): JSON. */
  pending_action_json: string | null;
  /** The gateway's reference to the card on file, charged for upgrades. */
  payment_method_ref: string | null;
}

export interface IdempotencyKeysTable {
  user_id: string;
  scope: string;
  key: string;
  fingerprint: string;
  /** null while the first attempt runs. */
  status_code: number | null;
  response_json: string | null;
  created_at: string;
}

export interface PaymentsTable {
  id: string;
  user_id: string;
  subscription_id: string;
  provider_ref: string;
  amount_cents: number;
  currency: string;
  status: 'succeeded' | 'failed';
  card_brand: string | null;
  card_last4: string | null;
  card_exp_month: number | null;
  card_exp_year: number | null;
  failure_message: string | null;
  created_at: string;
}

export interface WebhookEventsTable {
  id: string;
  type: string;
  received_at: string;
}

/** Shared rate-limit windows (db/rate-limit-store.ts). */
export interface RateLimitsTable {
  key: string;
  count: number;
  /** Epoch milliseconds. */
  reset_at: number;
}

export interface LogReportsTable {
  id: string;
  user_id: string | null;
  kind: string;
  message: string;
  title_id: string | null;
  episode_id: string | null;
  details_json: string | null;
  user_agent: string | null;
  created_at: string;
}

export interface MarketingSignupsTable {
  email: string;
  type: string;
  created_at: string;
}

export interface AppSettingsTable {
  key: string;
  value: string;
}

export interface Database {
  genres: GenresTable;
  categories: CategoriesTable;
  countries: CountriesTable;
  languages: LanguagesTable;
  titles: TitlesTable;
  title_genres: TitleGenresTable;
  title_countries: TitleCountriesTable;
  title_availability: TitleAvailabilityTable;
  seasons: SeasonsTable;
  episodes: EpisodesTable;
  users: UsersTable;
  user_genres: UserGenresTable;
  sessions: SessionsTable;
  refresh_tokens: RefreshTokensTable;
  stream_tickets: StreamTicketsTable;
  push_tokens: PushTokensTable;
  help_messages: HelpMessagesTable;
  guest_help_messages: GuestHelpMessagesTable;
  favourites: FavouritesTable;
  profiles: ProfilesTable;
  ratings: RatingsTable;
  stream_leases: StreamLeasesTable;
  watch_logs: WatchLogsTable;
  notifications: NotificationsTable;
  outbox: OutboxTable;
  verification_codes: VerificationCodesTable;
  pending_sign_ups: PendingSignUpsTable;
  plans: PlansTable;
  subscriptions: SubscriptionsTable;
  payments: PaymentsTable;
  webhook_events: WebhookEventsTable;
  idempotency_keys: IdempotencyKeysTable;
  log_reports: LogReportsTable;
  marketing_signups: MarketingSignupsTable;
  app_settings: AppSettingsTable;
  rate_limits: RateLimitsTable;
}
