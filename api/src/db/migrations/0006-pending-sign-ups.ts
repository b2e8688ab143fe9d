import { type Kysely, type Migration } from 'kysely';
import { createIndex, requiredText } from './builders';

// Sign-ups waiting for their emailed code (services/sign-up.ts): no account exists until the code.
export const m0006PendingSignUps: Migration = {
  async up(db: Kysely<any>) {
    await db.schema
      .createTable('pending_sign_ups')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .$call(requiredText('email', 'name', 'password_hash', 'country', 'language', 'code_hash'))
      .addColumn('attempts', 'integer', (c) => c.notNull())
      .addColumn('expires_at', 'text', (c) => c.notNull())
      .addColumn('created_at', 'text', (c) => c.notNull())
      .execute();
    await createIndex(db, 'pending_sign_ups_email', 'pending_sign_ups', ['email']);
    await createIndex(db, 'pending_sign_ups_created', 'pending_sign_ups', ['created_at']);
  },
};
