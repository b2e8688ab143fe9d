import { type Kysely, type Migration } from 'kysely';
import { createIndex, createTable, requiredInteger, requiredText, textKey } from './builders';

// Sign-ups waiting for their emailed code (services/sign-up.ts): no account exists until the code.
export const m0006PendingSignUps: Migration = {
  async up(db: Kysely<any>) {
    await createTable(db, 'pending_sign_ups', [
      textKey('id'),
      requiredText('email', 'name', 'password_hash', 'country', 'language', 'code_hash'),
      requiredInteger('attempts'),
      requiredText('expires_at', 'created_at'),
    ]);
    await createIndex(db, 'pending_sign_ups_email', 'pending_sign_ups', ['email']);
    await createIndex(db, 'pending_sign_ups_created', 'pending_sign_ups', ['created_at']);
  },
};
