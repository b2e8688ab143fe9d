import { type Kysely, type Migration } from 'kysely';
import { createIndex, requiredText } from './builders';

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
      .$call(requiredText('user_id', 'created_at', 'last_used_at'))
      .addColumn('revoked_at', 'text')
      .addColumn('revoked_reason', 'text')
      .addColumn('user_agent', 'text')
      .addColumn('ip', 'text')
      .execute();
    await createIndex(db, 'sessions_user', 'sessions', ['user_id']);
    await db.schema
      .createTable('refresh_tokens')
      .addColumn('token_hash', 'text', (c) => c.primaryKey())
      .$call(requiredText('session_id', 'created_at', 'expires_at'))
      .addColumn('used_at', 'text')
      .execute();
    await createIndex(db, 'refresh_tokens_session', 'refresh_tokens', ['session_id']);
    await db.schema
      .createTable('favourites')
      .$call(requiredText('user_id', 'title_id', 'created_at'))
      .addPrimaryKeyConstraint('favourites_pk', ['user_id', 'title_id'])
      .execute();
    await db.schema
      .createTable('watch_logs')
      .$call(requiredText('user_id', 'title_id', 'episode_id', 'season_id'))
      .addColumn('position', 'double precision', (c) => c.notNull())
      .addColumn('duration', 'double precision', (c) => c.notNull())
      .addColumn('completed', 'integer', (c) => c.notNull())
      .addColumn('updated_at', 'text', (c) => c.notNull())
      .addPrimaryKeyConstraint('watch_logs_pk', ['user_id', 'title_id', 'episode_id'])
      .execute();
    await createIndex(db, 'watch_logs_recent', 'watch_logs', ['user_id', 'updated_at desc']);
    await db.schema
      .createTable('notifications')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .$call(requiredText('user_id', 'kind', 'title', 'body'))
      .addColumn('link', 'text')
      .addColumn('read_at', 'text')
      .addColumn('created_at', 'text', (c) => c.notNull())
      .execute();
    await createIndex(db, 'notifications_user', 'notifications', ['user_id', 'created_at desc']);
    await db.schema
      .createTable('outbox')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .$call(
        requiredText('to_address', 'subject', 'text_body', 'kind', 'created_at', 'delivered_via'),
      )
      .execute();
    await createIndex(db, 'outbox_to', 'outbox', ['to_address', 'created_at']);
    await db.schema
      .createTable('verification_codes')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .$call(requiredText('user_id', 'purpose', 'code_hash'))
      .addColumn('attempts', 'integer', (c) => c.notNull())
      .addColumn('expires_at', 'text', (c) => c.notNull())
      .addColumn('used_at', 'text')
      .addColumn('created_at', 'text', (c) => c.notNull())
      .execute();
    await createIndex(db, 'verification_codes_user', 'verification_codes', ['user_id', 'purpose']);
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
      .$call(requiredText('email', 'type', 'created_at'))
      .addPrimaryKeyConstraint('marketing_signups_pk', ['email', 'type'])
      .execute();
    await db.schema
      .createTable('app_settings')
      .addColumn('key', 'text', (c) => c.primaryKey())
      .addColumn('value', 'text', (c) => c.notNull())
      .execute();
  },
};
