import { Migrator, sql, type Kysely, type Migration } from 'kysely';
import type { DialectName } from './database';
import { createSearchIndex } from './search-dialect';

/**
 * One migration set for both databases, written with the schema builder.
 * The only dialect-specific DDL (the full-text index) lives in search-dialect.ts.
 */
function migrations(dialect: DialectName): Record<string, Migration> {
  return {
    '0001_catalogue': {
      async up(db: Kysely<any>) {
        await db.schema
          .createTable('genres')
          .addColumn('id', 'text', (c) => c.primaryKey())
          .addColumn('name', 'text', (c) => c.notNull())
          .addColumn('slug', 'text', (c) => c.notNull().unique())
          .execute();
        await db.schema
          .createTable('categories')
          .addColumn('id', 'text', (c) => c.primaryKey())
          .addColumn('slug', 'text', (c) => c.notNull().unique())
          .addColumn('name', 'text', (c) => c.notNull())
          .addColumn('rule', 'text', (c) => c.notNull())
          .addColumn('genre_id', 'text')
          .addColumn('sort_order', 'integer', (c) => c.notNull())
          .execute();
        await db.schema
          .createTable('countries')
          .addColumn('code', 'text', (c) => c.primaryKey())
          .addColumn('name', 'text', (c) => c.notNull())
          .execute();
        await db.schema
          .createTable('languages')
          .addColumn('code', 'text', (c) => c.primaryKey())
          .addColumn('name', 'text', (c) => c.notNull())
          .execute();
        await db.schema
          .createTable('titles')
          .addColumn('seq', 'integer', (c) => c.notNull().unique())
          .addColumn('id', 'text', (c) => c.primaryKey())
          .addColumn('type', 'text', (c) => c.notNull())
          .addColumn('name', 'text', (c) => c.notNull())
          .addColumn('name_sort', 'text', (c) => c.notNull())
          .addColumn('synopsis', 'text', (c) => c.notNull())
          .addColumn('release_date', 'text', (c) => c.notNull())
          .addColumn('year', 'integer', (c) => c.notNull())
          .addColumn('runtime_minutes', 'integer', (c) => c.notNull())
          .addColumn('rating', 'double precision', (c) => c.notNull())
          .addColumn('maturity', 'text', (c) => c.notNull())
          .addColumn('language', 'text', (c) => c.notNull())
          .addColumn('audio_languages', 'text', (c) => c.notNull())
          .addColumn('subtitle_languages', 'text', (c) => c.notNull())
          .addColumn('countries', 'text', (c) => c.notNull())
          .addColumn('premium', 'integer', (c) => c.notNull())
          .addColumn('popularity', 'double precision', (c) => c.notNull())
          .addColumn('director', 'text', (c) => c.notNull())
          .addColumn('cast_json', 'text', (c) => c.notNull())
          .addColumn('media_key', 'text', (c) => c.notNull())
          .addColumn('trailer_key', 'text', (c) => c.notNull())
          .addColumn('art_seed', 'integer', (c) => c.notNull())
          .addColumn('available_everywhere', 'integer', (c) => c.notNull())
          .addColumn('genre_ids', 'text', (c) => c.notNull())
          .execute();
        // One index per sort order of search/rails, so "top N by X" never sorts the table.
        await db.schema
          .createIndex('titles_popularity')
          .on('titles')
          .columns(['popularity desc', 'id'])
          .execute();
        await db.schema
          .createIndex('titles_release')
          .on('titles')
          .columns(['release_date desc', 'id'])
          .execute();
        await db.schema
          .createIndex('titles_rating')
          .on('titles')
          .columns(['rating desc', 'id'])
          .execute();
        await db.schema
          .createIndex('titles_name')
          .on('titles')
          .columns(['name_sort', 'id'])
          .execute();
        await db.schema
          .createIndex('titles_type_popularity')
          .on('titles')
          .columns(['type', 'popularity desc'])
          .execute();
        await db.schema
          .createIndex('titles_language_popularity')
          .on('titles')
          .columns(['language', 'popularity desc'])
          .execute();
        await db.schema
          .createIndex('titles_year')
          .on('titles')
          .columns(['year', 'popularity desc'])
          .execute();

        await db.schema
          .createTable('title_genres')
          .addColumn('title_id', 'text', (c) => c.notNull())
          .addColumn('genre_id', 'text', (c) => c.notNull())
          .addColumn('popularity', 'double precision', (c) => c.notNull())
          .addPrimaryKeyConstraint('title_genres_pk', ['title_id', 'genre_id'])
          .execute();
        await db.schema
          .createIndex('title_genres_by_genre')
          .on('title_genres')
          .columns(['genre_id', 'popularity desc', 'title_id'])
          .execute();
        await db.schema
          .createTable('title_countries')
          .addColumn('title_id', 'text', (c) => c.notNull())
          .addColumn('country', 'text', (c) => c.notNull())
          .addPrimaryKeyConstraint('title_countries_pk', ['title_id', 'country'])
          .execute();
        await db.schema
          .createIndex('title_countries_by_country')
          .on('title_countries')
          .columns(['country', 'title_id'])
          .execute();
        await db.schema
          .createTable('title_availability')
          .addColumn('title_id', 'text', (c) => c.notNull())
          .addColumn('country', 'text', (c) => c.notNull())
          .addPrimaryKeyConstraint('title_availability_pk', ['title_id', 'country'])
          .execute();
        await db.schema
          .createTable('seasons')
          .addColumn('id', 'text', (c) => c.primaryKey())
          .addColumn('title_id', 'text', (c) => c.notNull())
          .addColumn('number', 'integer', (c) => c.notNull())
          .addColumn('name', 'text', (c) => c.notNull())
          .addColumn('year', 'integer', (c) => c.notNull())
          .execute();
        await db.schema
          .createIndex('seasons_title')
          .on('seasons')
          .columns(['title_id', 'number'])
          .execute();
        await db.schema
          .createTable('episodes')
          .addColumn('id', 'text', (c) => c.primaryKey())
          .addColumn('season_id', 'text', (c) => c.notNull())
          .addColumn('title_id', 'text', (c) => c.notNull())
          .addColumn('season_number', 'integer', (c) => c.notNull())
          .addColumn('number', 'integer', (c) => c.notNull())
          .addColumn('name', 'text', (c) => c.notNull())
          .addColumn('synopsis', 'text', (c) => c.notNull())
          .addColumn('runtime_minutes', 'integer', (c) => c.notNull())
          .addColumn('media_key', 'text', (c) => c.notNull())
          .addColumn('intro_start', 'double precision')
          .addColumn('intro_end', 'double precision')
          .addColumn('credits_start', 'double precision')
          .execute();
        await db.schema
          .createIndex('episodes_title')
          .on('episodes')
          .columns(['title_id', 'season_number', 'number'])
          .execute();
        await createSearchIndex(db, dialect);
      },
    },
    '0002_accounts': {
      async up(db: Kysely<any>) {
        await db.schema
          .createTable('users')
          .addColumn('id', 'text', (c) => c.primaryKey())
          .addColumn('email', 'text', (c) => c.notNull().unique())
          .addColumn('name', 'text', (c) => c.notNull())
          .addColumn('password_hash', 'text')
          .addColumn('avatar_url', 'text')
          .addColumn('country', 'text', (c) => c.notNull())
          .addColumn('language', 'text', (c) => c.notNull())
          .addColumn('email_verified_at', 'text')
          .addColumn('disabled_at', 'text')
          .addColumn('firebase_uid', 'text', (c) => c.unique())
          .addColumn('notify_new_releases', 'integer', (c) => c.notNull().defaultTo(1))
          .addColumn('notify_recommendations', 'integer', (c) => c.notNull().defaultTo(1))
          .addColumn('notify_account', 'integer', (c) => c.notNull().defaultTo(1))
          .addColumn('notify_marketing_email', 'integer', (c) => c.notNull().defaultTo(0))
          .addColumn('notify_push', 'integer', (c) => c.notNull().defaultTo(1))
          .addColumn('fcm_token', 'text')
          .addColumn('created_at', 'text', (c) => c.notNull())
          .addColumn('updated_at', 'text', (c) => c.notNull())
          .execute();
        await db.schema
          .createTable('user_genres')
          .addColumn('user_id', 'text', (c) => c.notNull())
          .addColumn('genre_id', 'text', (c) => c.notNull())
          .addPrimaryKeyConstraint('user_genres_pk', ['user_id', 'genre_id'])
          .execute();
        await db.schema
          .createTable('sessions')
          .addColumn('id', 'text', (c) => c.primaryKey())
          .addColumn('user_id', 'text', (c) => c.notNull())
          .addColumn('created_at', 'text', (c) => c.notNull())
          .addColumn('last_used_at', 'text', (c) => c.notNull())
          .addColumn('revoked_at', 'text')
          .addColumn('revoked_reason', 'text')
          .addColumn('user_agent', 'text')
          .addColumn('ip', 'text')
          .execute();
        await db.schema.createIndex('sessions_user').on('sessions').column('user_id').execute();
        await db.schema
          .createTable('refresh_tokens')
          .addColumn('token_hash', 'text', (c) => c.primaryKey())
          .addColumn('session_id', 'text', (c) => c.notNull())
          .addColumn('created_at', 'text', (c) => c.notNull())
          .addColumn('expires_at', 'text', (c) => c.notNull())
          .addColumn('used_at', 'text')
          .execute();
        await db.schema
          .createIndex('refresh_tokens_session')
          .on('refresh_tokens')
          .column('session_id')
          .execute();
        await db.schema
          .createTable('favourites')
          .addColumn('user_id', 'text', (c) => c.notNull())
          .addColumn('title_id', 'text', (c) => c.notNull())
          .addColumn('created_at', 'text', (c) => c.notNull())
          .addPrimaryKeyConstraint('favourites_pk', ['user_id', 'title_id'])
          .execute();
        await db.schema
          .createTable('watch_logs')
          .addColumn('user_id', 'text', (c) => c.notNull())
          .addColumn('title_id', 'text', (c) => c.notNull())
          .addColumn('episode_id', 'text', (c) => c.notNull())
          .addColumn('season_id', 'text', (c) => c.notNull())
          .addColumn('position', 'double precision', (c) => c.notNull())
          .addColumn('duration', 'double precision', (c) => c.notNull())
          .addColumn('completed', 'integer', (c) => c.notNull())
          .addColumn('updated_at', 'text', (c) => c.notNull())
          .addPrimaryKeyConstraint('watch_logs_pk', ['user_id', 'title_id', 'episode_id'])
          .execute();
        await db.schema
          .createIndex('watch_logs_recent')
          .on('watch_logs')
          .columns(['user_id', 'updated_at desc'])
          .execute();
        await db.schema
          .createTable('notifications')
          .addColumn('id', 'text', (c) => c.primaryKey())
          .addColumn('user_id', 'text', (c) => c.notNull())
          .addColumn('kind', 'text', (c) => c.notNull())
          .addColumn('title', 'text', (c) => c.notNull())
          .addColumn('body', 'text', (c) => c.notNull())
          .addColumn('link', 'text')
          .addColumn('read_at', 'text')
          .addColumn('created_at', 'text', (c) => c.notNull())
          .execute();
        await db.schema
          .createIndex('notifications_user')
          .on('notifications')
          .columns(['user_id', 'created_at desc'])
          .execute();
        await db.schema
          .createTable('outbox')
          .addColumn('id', 'text', (c) => c.primaryKey())
          .addColumn('to_address', 'text', (c) => c.notNull())
          .addColumn('subject', 'text', (c) => c.notNull())
          .addColumn('text_body', 'text', (c) => c.notNull())
          .addColumn('kind', 'text', (c) => c.notNull())
          .addColumn('created_at', 'text', (c) => c.notNull())
          .addColumn('delivered_via', 'text', (c) => c.notNull())
          .execute();
        await db.schema
          .createIndex('outbox_to')
          .on('outbox')
          .columns(['to_address', 'created_at'])
          .execute();
        await db.schema
          .createTable('verification_codes')
          .addColumn('id', 'text', (c) => c.primaryKey())
          .addColumn('user_id', 'text', (c) => c.notNull())
          .addColumn('purpose', 'text', (c) => c.notNull())
          .addColumn('code_hash', 'text', (c) => c.notNull())
          .addColumn('attempts', 'integer', (c) => c.notNull())
          .addColumn('expires_at', 'text', (c) => c.notNull())
          .addColumn('used_at', 'text')
          .addColumn('created_at', 'text', (c) => c.notNull())
          .execute();
        await db.schema
          .createIndex('verification_codes_user')
          .on('verification_codes')
          .columns(['user_id', 'purpose'])
          .execute();
        await db.schema
          .createTable('log_reports')
          .addColumn('id', 'text', (c) => c.primaryKey())
          .addColumn('user_id', 'text')
          .addColumn('kind', 'text', (c) => c.notNull())
          .addColumn('message', 'text', (c) => c.notNull())
          .addColumn('title_id', 'text')
          .addColumn('episode_id', 'text')
          .addColumn('details_json', 'text')
          .addColumn('user_agent', 'text')
          .addColumn('created_at', 'text', (c) => c.notNull())
          .execute();
        await db.schema
          .createTable('marketing_signups')
          .addColumn('email', 'text', (c) => c.notNull())
          .addColumn('type', 'text', (c) => c.notNull())
          .addColumn('created_at', 'text', (c) => c.notNull())
          .addPrimaryKeyConstraint('marketing_signups_pk', ['email', 'type'])
          .execute();
        await db.schema
          .createTable('app_settings')
          .addColumn('key', 'text', (c) => c.primaryKey())
          .addColumn('value', 'text', (c) => c.notNull())
          .execute();
      },
    },
    '0003_billing': {
      async up(db: Kysely<any>) {
        await db.schema
          .createTable('plans')
          .addColumn('id', 'text', (c) => c.primaryKey())
          .addColumn('name', 'text', (c) => c.notNull())
          .addColumn('description', 'text', (c) => c.notNull())
          .addColumn('price_cents', 'integer', (c) => c.notNull())
          .addColumn('currency', 'text', (c) => c.notNull())
          .addColumn('interval', 'text', (c) => c.notNull())
          .addColumn('features_json', 'text', (c) => c.notNull())
          .addColumn('max_quality', 'text', (c) => c.notNull())
          .addColumn('stripe_price_id', 'text')
          .addColumn('sort_order', 'integer', (c) => c.notNull())
          .execute();
        await db.schema
          .createTable('subscriptions')
          .addColumn('id', 'text', (c) => c.primaryKey())
          .addColumn('user_id', 'text', (c) => c.notNull())
          .addColumn('plan_id', 'text', (c) => c.notNull())
          .addColumn('status', 'text', (c) => c.notNull())
          .addColumn('provider', 'text', (c) => c.notNull())
          .addColumn('provider_subscription_id', 'text', (c) => c.notNull().unique())
          .addColumn('current_period_end', 'text')
          .addColumn('cancel_at_period_end', 'integer', (c) => c.notNull())
          .addColumn('canceled_at', 'text')
          .addColumn('created_at', 'text', (c) => c.notNull())
          .addColumn('updated_at', 'text', (c) => c.notNull())
          .execute();
        await db.schema
          .createIndex('subscriptions_user')
          .on('subscriptions')
          .columns(['user_id', 'created_at'])
          .execute();
        await db.schema
          .createTable('payments')
          .addColumn('id', 'text', (c) => c.primaryKey())
          .addColumn('user_id', 'text', (c) => c.notNull())
          .addColumn('subscription_id', 'text', (c) => c.notNull())
          .addColumn('provider_ref', 'text', (c) => c.notNull())
          .addColumn('amount_cents', 'integer', (c) => c.notNull())
          .addColumn('currency', 'text', (c) => c.notNull())
          .addColumn('status', 'text', (c) => c.notNull())
          .addColumn('card_brand', 'text')
          .addColumn('card_last4', 'text')
          .addColumn('failure_message', 'text')
          .addColumn('created_at', 'text', (c) => c.notNull())
          .execute();
        await db.schema
          .createIndex('payments_user')
          .on('payments')
          .columns(['user_id', 'created_at'])
          .execute();
        await db.schema
          .createTable('webhook_events')
          .addColumn('id', 'text', (c) => c.primaryKey())
          .addColumn('type', 'text', (c) => c.notNull())
          .addColumn('received_at', 'text', (c) => c.notNull())
          .execute();
      },
    },
    '0004_checkout': {
      async up(db: Kysely<any>) {
        await db.schema
          .alterTable('plans')
          .addColumn('tier', 'text', (c) => c.notNull().defaultTo('premium'))
          .execute();
        await db
          .updateTable('plans')
          .set({ tier: 'basic' })
          .where('id', 'like', 'basic%')
          .execute();
        for (const column of ['scheduled_plan_id', 'pending_action_json', 'payment_method_ref'])
          await db.schema.alterTable('subscriptions').addColumn(column, 'text').execute();
        await db.schema.alterTable('subscriptions').addColumn('last_event_at', 'integer').execute();
        await db.schema.alterTable('payments').addColumn('card_exp_month', 'integer').execute();
        await db.schema.alterTable('payments').addColumn('card_exp_year', 'integer').execute();

        // Before this migration a declined first payment left its row 'incomplete' for good;
        // those attempts are over, and they would otherwise block the one-open rule below.
        await db
          .updateTable('subscriptions')
          .set({ status: 'canceled' })
          .where('status', '=', 'incomplete')
          .execute();
        // A race could have left two open subscriptions for one user: keep the newest.
        const open: Array<{ id: string; user_id: string }> = await db
          .selectFrom('subscriptions')
          .select(['id', 'user_id'])
          .where('status', 'in', ['active', 'past_due'])
          .orderBy('user_id')
          .orderBy('created_at', 'desc')
          .execute();
        const kept = new Set<string>();
        for (const row of open) {
          if (!kept.has(row.user_id)) kept.add(row.user_id);
          else
            await db
              .updateTable('subscriptions')
              .set({ status: 'canceled' })
              .where('id', '=', row.id)
              .execute();
        }
        // Issue 15 finding 5: at most one open subscription per user, whatever the code path.
        // A partial unique index means the same on SQLite and PostgreSQL.
        await db.schema
          .createIndex('subscriptions_one_open_per_user')
          .on('subscriptions')
          .column('user_id')
          .unique()
          .where(sql.ref('status'), 'in', ['incomplete', 'active', 'past_due'])
          .execute();

        await db.schema
          .createTable('idempotency_keys')
          .addColumn('user_id', 'text', (c) => c.notNull())
          .addColumn('scope', 'text', (c) => c.notNull())
          .addColumn('key', 'text', (c) => c.notNull())
          .addColumn('fingerprint', 'text', (c) => c.notNull())
          .addColumn('status_code', 'integer')
          .addColumn('response_json', 'text')
          .addColumn('created_at', 'text', (c) => c.notNull())
          .addPrimaryKeyConstraint('idempotency_keys_pk', ['user_id', 'scope', 'key'])
          .execute();
      },
    },
    '0004_platform_services': {
      async up(db: Kysely<any>) {
        // Single-use tickets that open a notification stream, so no access token is put in a URL.
        await db.schema
          .createTable('stream_tickets')
          .addColumn('ticket_hash', 'text', (c) => c.primaryKey())
          .addColumn('session_id', 'text', (c) => c.notNull())
          .addColumn('user_id', 'text', (c) => c.notNull())
          .addColumn('expires_at', 'text', (c) => c.notNull())
          .addColumn('used_at', 'text')
          .execute();
        await db.schema
          .createIndex('stream_tickets_expiry')
          .on('stream_tickets')
          .column('expires_at')
          .execute();
        // FCM registration tokens, one row per browser; tied to the session that registered it so signing out removes it.
        await db.schema
          .createTable('push_tokens')
          .addColumn('token', 'text', (c) => c.primaryKey())
          .addColumn('user_id', 'text', (c) => c.notNull())
          .addColumn('session_id', 'text', (c) => c.notNull())
          .addColumn('created_at', 'text', (c) => c.notNull())
          .addColumn('updated_at', 'text', (c) => c.notNull())
          .execute();
        await db.schema
          .createIndex('push_tokens_user')
          .on('push_tokens')
          .column('user_id')
          .execute();
        await db.schema
          .createIndex('push_tokens_session')
          .on('push_tokens')
          .column('session_id')
          .execute();
        // Messages a viewer sends through the local help widget (the customer-chat stand-in).
        await db.schema
          .createTable('help_messages')
          .addColumn('id', 'text', (c) => c.primaryKey())
          .addColumn('user_id', 'text', (c) => c.notNull())
          .addColumn('author', 'text', (c) => c.notNull())
          .addColumn('body', 'text', (c) => c.notNull())
          .addColumn('page', 'text')
          .addColumn('created_at', 'text', (c) => c.notNull())
          .execute();
        await db.schema
          .createIndex('help_messages_user')
          .on('help_messages')
          .columns(['user_id', 'created_at'])
          .execute();
      },
    },
    // Rate-limit counters shared by every API instance (db/rate-limit-store.ts).
    '0005_rate_limits': {
      async up(db: Kysely<any>) {
        await db.schema
          .createTable('rate_limits')
          .addColumn('key', 'text', (c) => c.primaryKey())
          .addColumn('count', 'integer', (c) => c.notNull())
          .addColumn('reset_at', 'bigint', (c) => c.notNull())
          .execute();
        await db.schema
          .createIndex('rate_limits_reset')
          .on('rate_limits')
          .column('reset_at')
          .execute();
      },
    },
    // Issue 15 finding 9: verify-first sign-up (services/sign-up.ts).
    '0006_pending_sign_ups': {
      async up(db: Kysely<any>) {
        await db.schema
          .createTable('pending_sign_ups')
          .addColumn('id', 'text', (c) => c.primaryKey())
          .addColumn('email', 'text', (c) => c.notNull())
          .addColumn('name', 'text', (c) => c.notNull())
          .addColumn('password_hash', 'text', (c) => c.notNull())
          .addColumn('country', 'text', (c) => c.notNull())
          .addColumn('language', 'text', (c) => c.notNull())
          .addColumn('code_hash', 'text', (c) => c.notNull())
          .addColumn('attempts', 'integer', (c) => c.notNull())
          .addColumn('expires_at', 'text', (c) => c.notNull())
          .addColumn('created_at', 'text', (c) => c.notNull())
          .execute();
        await db.schema
          .createIndex('pending_sign_ups_email')
          .on('pending_sign_ups')
          .column('email')
          .execute();
        await db.schema
          .createIndex('pending_sign_ups_created')
          .on('pending_sign_ups')
          .column('created_at')
          .execute();
      },
    },
  };
}

/** Resolves to the names of the migrations this call applied (none when another instance already had). */
export async function migrateToLatest(
  db: Kysely<any>,
  dialect: DialectName,
  /** Tests: stop at this migration, to upgrade a database of an older shape afterwards. */
  upTo?: string,
): Promise<string[]> {
  const migrator = new Migrator({
    db,
    provider: { getMigrations: async () => migrations(dialect) },
  });
  const { error, results } = upTo
    ? await migrator.migrateTo(upTo)
    : await migrator.migrateToLatest();
  const failed = results?.find((r) => r.status === 'Error');
  if (error || failed) {
    throw new Error(
      `Database migration failed${failed ? ` at ${failed.migrationName}` : ''}: ${String(error)}`,
    );
  }
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}
