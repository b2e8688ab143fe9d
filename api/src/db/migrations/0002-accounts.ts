import { type Kysely, type Migration } from 'kysely';

export const m0002Accounts: Migration = {
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
};
