import { type Kysely, type Migration } from 'kysely';
import {
  columnSet,
  createIndex,
  createTable,
  optionalText,
  primaryKey,
  requiredInteger,
  requiredReal,
  requiredText,
  textKey,
  uniqueText,
} from './builders';

/** Notification settings: 0/1, on until the viewer turns them off. */
const settingOn = columnSet('integer', (c) => c.notNull().defaultTo(1));

export const m0002Accounts: Migration = {
  async up(db: Kysely<any>) {
    await createTable(db, 'users', [
      textKey('id'),
      uniqueText('email'),
      requiredText('name'),
      optionalText('password_hash', 'avatar_url'),
      requiredText('country', 'language'),
      optionalText('email_verified_at', 'disabled_at'),
      (t) => t.addColumn('firebase_uid', 'text', (c) => c.unique()),
      settingOn('notify_new_releases', 'notify_recommendations', 'notify_account'),
      (t) => t.addColumn('notify_marketing_email', 'integer', (c) => c.notNull().defaultTo(0)),
      settingOn('notify_push'),
      optionalText('fcm_token'),
      requiredText('created_at', 'updated_at'),
    ]);
    await createTable(db, 'user_genres', [
      requiredText('user_id', 'genre_id'),
      primaryKey('user_id', 'genre_id'),
    ]);
    await createTable(db, 'sessions', [
      textKey('id'),
      requiredText('user_id', 'created_at', 'last_used_at'),
      optionalText('revoked_at', 'revoked_reason', 'user_agent', 'ip'),
    ]);
    await createIndex(db, 'sessions_user', 'sessions', ['user_id']);
    await createTable(db, 'refresh_tokens', [
      textKey('token_hash'),
      requiredText('session_id', 'created_at', 'expires_at'),
      optionalText('used_at'),
    ]);
    await createIndex(db, 'refresh_tokens_session', 'refresh_tokens', ['session_id']);
    await createTable(db, 'favourites', [
      requiredText('user_id', 'title_id', 'created_at'),
      primaryKey('user_id', 'title_id'),
    ]);
    await createTable(db, 'watch_logs', [
      requiredText('user_id', 'title_id', 'episode_id', 'season_id'),
      requiredReal('position', 'duration'),
      requiredInteger('completed'),
      requiredText('updated_at'),
      primaryKey('user_id', 'title_id', 'episode_id'),
    ]);
    await createIndex(db, 'watch_logs_recent', 'watch_logs', ['user_id', 'updated_at desc']);
    await createTable(db, 'notifications', [
      textKey('id'),
      requiredText('user_id', 'kind', 'title', 'body'),
      optionalText('link', 'read_at'),
      requiredText('created_at'),
    ]);
    await createIndex(db, 'notifications_user', 'notifications', ['user_id', 'created_at desc']);
    await createTable(db, 'outbox', [
      textKey('id'),
      requiredText('to_address', 'subject', 'text_body', 'kind', 'created_at', 'delivered_via'),
    ]);
    await createIndex(db, 'outbox_to', 'outbox', ['to_address', 'created_at']);
    await createTable(db, 'verification_codes', [
      textKey('id'),
      requiredText('user_id', 'purpose', 'code_hash'),
      requiredInteger('attempts'),
      requiredText('expires_at'),
      optionalText('used_at'),
      requiredText('created_at'),
    ]);
    await createIndex(db, 'verification_codes_user', 'verification_codes', ['user_id', 'purpose']);
    await createTable(db, 'log_reports', [
      textKey('id'),
      optionalText('user_id'),
      requiredText('kind', 'message'),
      optionalText('title_id', 'episode_id', 'details_json', 'user_agent'),
      requiredText('created_at'),
    ]);
    await createTable(db, 'marketing_signups', [
      requiredText('email', 'type', 'created_at'),
      primaryKey('email', 'type'),
    ]);
    await createTable(db, 'app_settings', [textKey('key'), requiredText('value')]);
  },
};
