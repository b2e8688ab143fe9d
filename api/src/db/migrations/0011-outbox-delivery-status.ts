import type { Kysely, Migration } from 'kysely';

/**
 * Whether an email got out, for the operator: the outbox keeps no content outside the local setup
 * (see Mailer), so its rows say who, what kind, when, how and with what outcome. Rows from before
 * this migration never recorded an outcome.
 */
export const m0011OutboxDeliveryStatus: Migration = {
  async up(db: Kysely<any>) {
    await db.schema
      .alterTable('outbox')
      .addColumn('delivery_status', 'text', (c) => c.notNull().defaultTo('unknown'))
      .execute();
  },
};
