import { type Kysely, type Migration } from 'kysely';
import { createIndex, createTable, optionalText, requiredText, textKey } from './builders';

export const m0004PlatformServices: Migration = {
  async up(db: Kysely<any>) {
    // Single-use tickets that open a notification stream, so no access token is put in a URL.
    await createTable(db, 'stream_tickets', [
      textKey('ticket_hash'),
      requiredText('session_id', 'user_id', 'expires_at'),
      optionalText('used_at'),
    ]);
    await createIndex(db, 'stream_tickets_expiry', 'stream_tickets', ['expires_at']);
    // FCM registration tokens, one row per browser; tied to the session that registered it so signing out removes it.
    await createTable(db, 'push_tokens', [
      textKey('token'),
      requiredText('user_id', 'session_id', 'created_at', 'updated_at'),
    ]);
    await createIndex(db, 'push_tokens_user', 'push_tokens', ['user_id']);
    await createIndex(db, 'push_tokens_session', 'push_tokens', ['session_id']);
    // Messages a viewer sends through the local help widget (the customer-chat stand-in).
    await createTable(db, 'help_messages', [
      textKey('id'),
      requiredText('user_id', 'author', 'body'),
      optionalText('page'),
      requiredText('created_at'),
    ]);
    await createIndex(db, 'help_messages_user', 'help_messages', ['user_id', 'created_at']);
  },
};
