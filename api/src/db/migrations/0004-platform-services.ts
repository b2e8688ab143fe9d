import { type Kysely, type Migration } from 'kysely';
import { createIndex, optionalText, requiredText, textKey } from './builders';

export const m0004PlatformServices: Migration = {
  async up(db: Kysely<any>) {
    // Single-use tickets that open a notification stream, so no access token is put in a URL.
    await db.schema
      .createTable('stream_tickets')
      .$call(textKey('ticket_hash'))
      .$call(requiredText('session_id', 'user_id', 'expires_at'))
      .$call(optionalText('used_at'))
      .execute();
    await createIndex(db, 'stream_tickets_expiry', 'stream_tickets', ['expires_at']);
    // FCM registration tokens, one row per browser; tied to the session that registered it so signing out removes it.
    await db.schema
      .createTable('push_tokens')
      .$call(textKey('token'))
      .$call(requiredText('user_id', 'session_id', 'created_at', 'updated_at'))
      .execute();
    await createIndex(db, 'push_tokens_user', 'push_tokens', ['user_id']);
    await createIndex(db, 'push_tokens_session', 'push_tokens', ['session_id']);
    // Messages a viewer sends through the local help widget (the customer-chat stand-in).
    await db.schema
      .createTable('help_messages')
      .$call(textKey('id'))
      .$call(requiredText('user_id', 'author', 'body'))
      .$call(optionalText('page'))
      .$call(requiredText('created_at'))
      .execute();
    await createIndex(db, 'help_messages_user', 'help_messages', ['user_id', 'created_at']);
  },
};
