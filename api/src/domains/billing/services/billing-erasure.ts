import type { Kysely } from 'kysely';
import type { Database } from '../../../db/schema';

/**
 * What accounting must keep of a deleted account: each payment's amount, currency, status and date, and
 * the subscription it paid for, under an anonymous id instead of the account's. The card (brand, last
 * four digits, expiry) and the gateway's reference to it go; the provider's own ids stay, so payouts,
 * refunds and chargebacks still reconcile with the payment provider's records.
 * Run it inside the transaction that deletes the account.
 */
export async function anonymiseBillingRecords(
  db: Kysely<Database>,
  userId: string,
  anonymousId: string,
): Promise<void> {
  await db
    .updateTable('payments')
    .set({
      user_id: anonymousId,
      card_brand: null,
      card_last4: null,
      card_exp_month: null,
      card_exp_year: null,
    })
    .where('user_id', '=', userId)
    .execute();
  await db
    .updateTable('subscriptions')
    .set({
      user_id: anonymousId,
      payment_method_ref: null,
      pending_action_json: null,
      scheduled_plan_id: null,
    })
    .where('user_id', '=', userId)
    .execute();
  // Stored answers of payment requests hold the card and the plan: not accounting records.
  await db.deleteFrom('idempotency_keys').where('user_id', '=', userId).execute();
}
