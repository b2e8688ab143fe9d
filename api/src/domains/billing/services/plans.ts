import type { Kysely } from 'kysely';
import type { Database, PlansTable } from '../../../db/schema';

export const PLANS: PlansTable[] = [
  {
    id: 'basic-monthly',
    name: 'Basic',
    description: 'Every premium title in HD on one screen.',
    price_cents: 799,
    currency: 'usd',
    interval: 'month',
    features_json: JSON.stringify([
      'All premium movies and series',
      'HD (720p)',
      '1 screen at a time',
      'Cancel anytime',
    ]),
    max_quality: '720p',
    stripe_price_id: null,
    sort_order: 1,
    tier: 'basic',
  },
  {
    id: 'basic-yearly',
    name: 'Basic yearly',
    description: 'Basic, billed once a year: two months free.',
    price_cents: 7990,
    currency: 'usd',
    interval: 'year',
    features_json: JSON.stringify([
      'All premium movies and series',
      'HD (720p)',
      '1 screen at a time',
      'Two months free',
      'Cancel anytime',
    ]),
    max_quality: '720p',
    stripe_price_id: null,
    sort_order: 2,
    tier: 'basic',
  },
  {
    id: 'premium-monthly',
    name: 'Premium',
    description: 'The full catalogue on up to four screens.',
    price_cents: 1299,
    currency: 'usd',
    interval: 'month',
    features_json: JSON.stringify([
      'All premium movies and series',
      'Best available quality',
      '4 screens at a time',
      'Cancel anytime',
    ]),
    max_quality: '1080p',
    stripe_price_id: null,
    sort_order: 3,
    tier: 'premium',
  },
  {
    id: 'premium-yearly',
    name: 'Premium yearly',
    description: 'Premium, billed once a year: two months free.',
    price_cents: 12990,
    currency: 'usd',
    interval: 'year',
    features_json: JSON.stringify(['Everything in Premium', 'Two months free', 'Cancel anytime']),
    max_quality: '1080p',
    stripe_price_id: null,
    sort_order: 4,
    tier: 'premium',
  },
];

/**
 * Plans are product data, not catalogue: every start brings them to PLANS (new plans appear in
 * existing databases), keeping a Stripe price id someone set.
 */
export async function upsertPlans(db: Kysely<Database>): Promise<void> {
  for (const plan of PLANS) {
    const { id: _id, stripe_price_id: _price, ...rest } = plan;
    await db
      .insertInto('plans')
      .values(plan)
      .onConflict((oc) => oc.column('id').doUpdateSet(rest))
      .execute();
  }
}
