import { billingHelpers, WEBHOOK_SECRET } from '../test/billing-helpers';
import { bearer, callAs, registerUser, useTestApp } from '../test/test-app';

/**
 * Attempt limits hold under parallel requests: each attempt is counted in the database before the slow
 * hash (or the card charge), so a burst of 50 gets the limit's tries and no more. Runs on SQLite and, in
 * the api-pg project, on PostgreSQL.
 */
const t = useTestApp({ stripeWebhookSecret: WEBHOOK_SECRET });
const billing = billingHelpers(() => t.app);
const BURST = 50;

const burst = <T>(n: number, attempt: (i: number) => Promise<T>) =>
  Promise.all(Array.from({ length: n }, (_, i) => attempt(i)));
const statuses = (answers: Array<{ statusCode: number }>) => {
  const counts: Record<number, number> = {};
  for (const a of answers) counts[a.statusCode] = (counts[a.statusCode] ?? 0) + 1;
  return counts;
};

async function signIn(email: string, password: string) {
  return t.app.inject({ method: 'POST', url: '/v1/auth/login', payload: { email, password } });
}

test('50 parallel wrong PINs lock the profile after 5', async () => {
  const owner = await registerUser(t.app);
  const call = callAs(
    () => t.app,
    () => owner.tokens.access,
  );
  const created = await call('POST', '/profiles', { name: 'Robin', password: owner.password });
  const profileId = created.json().data.id as string;
  expect(
    (await call('PUT', `/profiles/${profileId}/pin`, { pin: '2468', password: owner.password }))
      .statusCode,
  ).toBe(200);
  const answers = await burst(BURST, (i) =>
    call('POST', `/profiles/${profileId}/select`, { pin: String(1000 + i) }),
  );
  // Exactly five PINs were checked: four "not right" (403), and the fifth locks the profile (429, "locked
  // for 15 minutes"); the other 45 were refused before any hash.
  expect(statuses(answers)).toEqual({ 403: 4, 429: BURST - 4 });
  const lockedByTheFifth = answers.filter((a) =>
    /is locked for 15 minutes\.$/.test(a.json().message),
  );
  expect(lockedByTheFifth).toHaveLength(1);
  const row = await t.app.ctx.db
    .selectFrom('profiles')
    .select(['pin_failures', 'pin_locked_until'])
    .where('id', '=', profileId)
    .executeTakeFirstOrThrow();
  expect(Number(row.pin_failures)).toBe(5);
  expect(Date.parse(row.pin_locked_until!)).toBeGreaterThan(Date.now() + 14 * 60_000);
  // Locked: even the right PIN is refused now.
  const right = await call('POST', `/profiles/${profileId}/select`, { pin: '2468' });
  expect(right.statusCode).toBe(429);
  expect(Number(right.headers['retry-after'])).toBeGreaterThan(0);
});

test('50 parallel wrong passwords at sign-in get no more than 5 checked', async () => {
  const v = await registerUser(t.app);
  const answers = await burst(BURST, (i) => signIn(v.email, `wrong password ${i}`));
  const counts = statuses(answers);
  // A 401 is a checked password; the limit is 5 per account and address.
  expect(counts[401]).toBe(5);
  expect(counts[429]).toBe(BURST - 5);
  // The account's owner, from the same address, is locked out for now too: the window holds.
  expect((await signIn(v.email, v.password)).statusCode).toBe(429);
});

test("the account password on profile routes has a limit, and parallel guesses don't pass it", async () => {
  const owner = await registerUser(t.app);
  const call = callAs(
    () => t.app,
    () => owner.tokens.access,
  );
  const answers = await burst(BURST, (i) =>
    call('POST', '/profiles', { name: `Guess ${i}`, password: `guess ${i}` }),
  );
  expect(statuses(answers)).toEqual({ 403: 10, 429: BURST - 10 });
  const right = await call('POST', '/profiles', { name: 'Late', password: owner.password });
  expect(right.statusCode).toBe(429);
  expect(right.json().message).toMatch(/Too many wrong passwords/);
});

test('50 parallel wrong passwords to delete the account get 5 checked, and the account stays', async () => {
  const v = await registerUser(t.app);
  const answers = await burst(BURST, (i) =>
    t.app.inject({
      method: 'POST',
      url: '/v1/account/delete',
      headers: bearer(v.tokens.access),
      payload: { password: `wrong ${i}` },
    }),
  );
  expect(statuses(answers)).toEqual({ 403: 5, 429: BURST - 5 });
  expect(
    (await t.app.inject({ url: `/v1/users/${v.user.id}`, headers: bearer(v.tokens.access) }))
      .statusCode,
  ).toBe(200);
});

test('parallel plan changes are made one after another: one upgrade, one charge', async () => {
  const v = await billing.subscribedTo('basic-monthly');
  const answers = await burst(6, () => billing.changePlan(v, 'premium-monthly'));
  expect(answers.filter((a) => a.statusCode === 200)).not.toHaveLength(0);
  const payments = await billing.rows('payments', v.user.id);
  // The checkout's payment and a single prorated upgrade: the later changes found Premium in place.
  expect(payments.filter((p) => p.status === 'succeeded')).toHaveLength(2);
  const subs = await billing.rows('subscriptions', v.user.id);
  expect(subs.filter((s) => s.status === 'active').map((s) => s.plan_id)).toEqual([
    'premium-monthly',
  ]);
});

test('card attempts are limited per account', async () => {
  const v = await registerUser(t.app);
  const answers = await burst(15, () =>
    billing.checkout(v, {
      planId: 'basic-monthly',
      card: billing.card('4000000000000002'),
      idempotencyKey: billing.newKey(),
    }),
  );
  const counts = statuses(answers);
  // Ten declined cards reached the gateway; the rest were refused before it.
  expect(counts[402]).toBe(10);
  expect(counts[429]).toBe(5);
});

test('a webhook event whose handling failed is handled when the provider retries it', async () => {
  const v = await billing.subscribedTo('basic-monthly');
  const [sub] = await billing.rows('subscriptions', v.user.id);
  const events = (t.app.billing as unknown as { events: { applyEvent: () => Promise<unknown> } })
    .events;
  const event = {
    id: `evt_retry_${Date.now()}`,
    type: 'customer.subscription.updated',
    created: Math.floor(Date.now() / 1000) + 60,
    data: {
      object: { id: sub!.provider_subscription_id, status: 'active', cancel_at_period_end: true },
    },
  };
  const failing = jest
    .spyOn(events, 'applyEvent')
    .mockRejectedValueOnce(new Error('the database went away'));
  try {
    expect((await billing.webhook(event)).statusCode).toBe(500);
  } finally {
    failing.mockRestore();
  }
  const retried = await billing.webhook(event);
  expect(retried.statusCode).toBe(200);
  expect(retried.json().data.outcome).toBe('processed');
  const [after] = await billing.rows('subscriptions', v.user.id);
  expect(after!.cancel_at_period_end).toBe(1);
  // And once handled, a further delivery is a duplicate.
  expect((await billing.webhook(event)).json().data.outcome).toBe('duplicate');
});
