import { type Kysely, type Migration } from 'kysely';

// Sign-ups waiting for their emailed code (services/sign-up.ts): no account exists until the code.
export const m0006PendingSignUps: Migration = {
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
};
