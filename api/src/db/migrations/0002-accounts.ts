import { type Kysely, type Migration } from 'kysely';
import {
  columnSet,
  createIndex,
  optionalText,
  requiredInteger,
  requiredReal,
  requiredText,
  textKey,
} from './builders';

/** Notification settings: 0/1, on until the viewer turns them off. */
const settingOn = columnSet('integer', (c) => c.notNull().defaultTo(1));

export const m0002Accounts: Migration = {
  async up(db: Kysely<any>) {
    await db.schema
      .createTable('users')
      .$call(textKey('id'))
      .addColumn('email', 'text', (c) => c.notNull().unique())
      .$call(requiredText('name'))
      .$call(optionalText('password_hash', 'avatar_url'))
      .$call(requiredText('country', 'language'))
      .$call(optionalText('email_verified_at', 'disabled_at'))
      .addColumn('firebase_uid', 'text', (c) => c.unique())
      .$call(settingOn('notify_new_releases', 'notify_recommendations', 'notify_account'))
      .addColumn('notify_marketing_email', 'integer', (c) => c.notNull().defaultTo(0))
      .$call(settingOn('notify_push'))
      .$call(optionalText('fcm_token'))
      .$call(requiredText('created_at', 'updated_at'))
      .execute();
    await db.schema
      .createTable('user_genres')
      .$call(requiredText('user_id', 'genre_id'))
      .addPrimaryKeyConstraint('user_genres_pk', ['user_id', 'genre_id'])
      .execute();
    await db.schema
      .createTable('sessions')
      .$call(textKey('id'))
      .$call(requiredText('user_id', 'created_at', 'last_used_at'))
      .$call(optionalText('revoked_at', 'revoked_reason', 'user_agent', 'ip'))
      .execute();
    await createIndex(db, 'sessions_user', 'sessions', ['user_id']);
    await db.schema
      .createTable('refresh_tokens')
      .$call(textKey('token_hash'))
      .$call(requiredText('session_id', 'created_at', 'expires_at'))
      .$call(optionalText('used_at'))
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
      .$call(requiredReal('position', 'duration'))
      .$call(requiredInteger('completed'))
      .$call(requiredText('updated_at'))
      .addPrimaryKeyConstraint('watch_logs_pk', ['user_id', 'title_id', 'episode_id'])
      .execute();
    await createIndex(db, 'watch_logs_recent', 'watch_logs', ['user_id', 'updated_at desc']);
    await db.schema
      .createTable('notifications')
      .$call(textKey('id'))
      .$call(requiredText('user_id', 'kind', 'title', 'body'))
      .$call(optionalText('link', 'read_at'))
      .$call(requiredText('created_at'))
      .execute();
    await createIndex(db, 'notifications_user', 'notifications', ['user_id', 'created_at desc']);
    await db.schema
      .createTable('outbox')
      .$call(textKey('id'))
      .$call(
        requiredText('to_address', 'subject', 'text_body', 'kind', 'created_at', 'delivered_via'),
      )
      .execute();
    await createIndex(db, 'outbox_to', 'outbox', ['to_address', 'created_at']);
    await db.schema
      .createTable('verification_codes')
      .$call(textKey('id'))
      .$call(requiredText('user_id', 'purpose', 'code_hash'))
      .$call(requiredInteger('attempts'))
      .$call(requiredText('expires_at'))
      .$call(optionalText('used_at'))
      .$call(requiredText('created_at'))
      .execute();
    await createIndex(db, 'verification_codes_user', 'verification_codes', ['user_id', 'purpose']);
    await db.schema
      .createTable('log_reports')
      .$call(textKey('id'))
      .$call(optionalText('user_id'))
      .$call(requiredText('kind', 'message'))
      .$call(optionalText('title_id', 'episode_id', 'details_json', 'user_agent'))
      .$call(requiredText('created_at'))
      .execute();
    await db.schema
      .createTable('marketing_signups')
      .$call(requiredText('email', 'type', 'created_at'))
      .addPrimaryKeyConstraint('marketing_signups_pk', ['email', 'type'])
      .execute();
    await db.schema
      .createTable('app_settings')
      .$call(textKey('key'))
      .$call(requiredText('value'))
      .execute();
  },
};
