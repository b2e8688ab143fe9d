import { type Kysely, type Migration } from 'kysely';

export const m0004PlatformServices: Migration = {
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
    await db.schema.createIndex('push_tokens_user').on('push_tokens').column('user_id').execute();
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
};
