import type { Kysely, Migration } from 'kysely';
import { createIndex, createTable, optionalText, requiredText, textKey } from './builders';

/**
 * Messages guests write through the help widget: no account, only the address the answer goes to.
 * A table of its own, so a viewer's conversation (help_messages, keyed by account) stays what it is.
 */
export const m0010GuestHelpMessages: Migration = {
  async up(db: Kysely<any>) {
    await createTable(db, 'guest_help_messages', [
      textKey('id'),
      requiredText('email', 'body'),
      optionalText('page'),
      requiredText('created_at'),
    ]);
    await createIndex(db, 'guest_help_messages_email', 'guest_help_messages', [
      'email',
      'created_at',
    ]);
  },
};
