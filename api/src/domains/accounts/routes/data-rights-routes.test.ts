import { billingHelpers, WEBHOOK_SECRET } from '../../../test/billing-helpers';
import { fixtureCatalogue } from '../../../test/fixture-catalogue';
import { callAs, postTo, registerUser, useTestApp } from '../../../test/test-app';

// Two titles a kids profile may watch and list.
const KIDS_RATED: Record<string, string> = { 't-free': 'G', 't-series-premium': 'TV-Y7' };
const t = useTestApp({
  stripeWebhookSecret: WEBHOOK_SECRET,
  catalogue: () => {
    const c = fixtureCatalogue();
    for (const title of c.titles) title.maturity = KIDS_RATED[title.id] ?? title.maturity;
    return c;
  },
});
const billing = billingHelpers(() => t.app);
const post = postTo(() => t.app);
type Viewer = Awaited<ReturnType<typeof registerUser>>;

let owner: Viewer;
/** A second device of the household, watching as the kids profile. */
let kidsToken: string;
let kidsId: string;
const fcmToken = `fcm-token-data-rights-${'x'.repeat(30)}`;

const call = callAs(
  () => t.app,
  () => owner.tokens.access,
);
const signIn = (v: Pick<Viewer, 'email' | 'password'>) =>
  post('/auth/login', { email: v.email, password: v.password });

/** A subscribed viewer with a household: two profiles, each with a list and a history. */
beforeAll(async () => {
  owner = await billing.subscribedTo('basic-monthly');
  await call('POST', `/users/favourite/${owner.user.id}`, { titleId: 't-free' });
  await call('POST', '/titles/createLog/t-series', {
    episodeId: 'e-series-1-2',
    position: 600,
    duration: 2700,
  });
  await call('PUT', '/titles/t-old/rating', { rating: 'love' });
  await call('PUT', `/users/uploadGenre/${owner.user.id}`, { genres: ['g-drama'] });
  await call('PATCH', `/users/notificationSettings/${owner.user.id}`, { fcmToken });
  await call('PUT', '/notifications/push-token', { token: fcmToken });
  await call('POST', '/help/messages', { message: 'Where is season three?' });
  const kids = await call('POST', '/profiles', {
    name: 'Sam',
    kids: true,
    password: owner.password,
  });
  kidsId = kids.json().data.id;
  await call('PUT', `/profiles/${kidsId}/pin`, { pin: '1234', password: owner.password });
  kidsToken = (await signIn(owner)).json().data.tokens.access;
  expect(
    (await call('POST', `/profiles/${kidsId}/select`, { pin: '1234' }, kidsToken)).statusCode,
  ).toBe(200);
  await call(
    'POST',
    `/users/favourite/${owner.user.id}`,
    { titleId: 't-series-premium' },
    kidsToken,
  );
  await call('POST', '/titles/createLog/t-free', { position: 30, duration: 6000 }, kidsToken);
});

/** The owner's copy: the household has a PIN-locked profile (Sam), so it needs the account password. */
const ownersCopy = () => call('POST', '/account/export', { password: owner.password });

describe('GET /account/export', () => {
  test('with a PIN-locked profile, asks for the account password and names the locked profiles', async () => {
    const bare = await call('GET', '/account/export');
    expect(bare.statusCode).toBe(403);
    expect(bare.json().errors).toEqual({ password: 'is required', profiles: 'Sam' });
    expect(bare.json().message).toMatch(/PIN-locked profiles \(Sam\).*account password/);
    const wrong = await call('POST', '/account/export', { password: 'not the password' });
    expect(wrong.statusCode).toBe(403);
    expect(wrong.json().errors).toEqual({ password: 'is incorrect' });
  });

  test('is the whole household: every profile’s My List and watch history, billing, devices', async () => {
    const res = await ownersCopy();
    expect(res.json().message).toMatch(/with the profiles .*Sam/);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toMatch(
      /^attachment; filename="streamflix-data-\d{4}-\d{2}-\d{2}\.json"$/,
    );
    expect(res.headers['cache-control']).toBe('no-store');
    const data = res.json().data;
    expect(data.account).toMatchObject({
      id: owner.user.id,
      email: owner.email,
      emailVerified: true,
      signIn: 'password',
      notificationSettings: { marketingEmails: false },
    });
    const me = data.profiles.find((p: { id: string }) => p.id === owner.user.id);
    const sam = data.profiles.find((p: { id: string }) => p.id === kidsId);
    expect(me.myList).toEqual([
      { titleId: 't-free', title: 'Free Running', addedAt: expect.any(String) },
    ]);
    expect(me.watchHistory).toEqual([
      expect.objectContaining({
        titleId: 't-series',
        title: 'Galaxy Quest Saga',
        episode: expect.objectContaining({ id: 'e-series-1-2', season: 1, number: 2 }),
        position: 600,
        duration: 2700,
        completed: false,
      }),
    ]);
    expect(me.ratings).toEqual([expect.objectContaining({ titleId: 't-old', rating: 'love' })]);
    expect(me.genres).toEqual([{ id: 'g-drama', name: 'Drama' }]);
    expect(sam).toMatchObject({ name: 'Sam', kids: true, locked: true });
    expect(sam.myList.map((i: { titleId: string }) => i.titleId)).toEqual(['t-series-premium']);
    expect(sam.watchHistory).toEqual([
      expect.objectContaining({ titleId: 't-free', episode: null, position: 30 }),
    ]);
    expect(data.subscriptions).toEqual([
      expect.objectContaining({ planId: 'basic-monthly', status: 'active' }),
    ]);
    expect(data.payments).toEqual([
      expect.objectContaining({
        status: 'succeeded',
        cardLast4: '4242',
        amountCents: expect.any(Number),
      }),
    ]);
    expect(data.helpMessages).toEqual([
      expect.objectContaining({ author: 'viewer', body: 'Where is season three?' }),
    ]);
    expect(data.notifications.map((n: { title: string }) => n.title)).toContain(
      'Welcome to Premium',
    );
    expect(data.devices).toHaveLength(2);
    expect(data.devices.filter((d: { current: boolean }) => d.current)).toHaveLength(1);
  });

  test('holds no password or PIN hash, token, refresh token or code', async () => {
    const res = await ownersCopy();
    const text = res.body;
    const db = t.app.ctx.db;
    const user = await db
      .selectFrom('users')
      .select('password_hash')
      .where('id', '=', owner.user.id)
      .executeTakeFirstOrThrow();
    const pin = await db
      .selectFrom('profiles')
      .select('pin_hash')
      .where('id', '=', kidsId)
      .executeTakeFirstOrThrow();
    const refreshHashes = await db.selectFrom('refresh_tokens').select('token_hash').execute();
    const secrets = [
      user.password_hash!,
      pin.pin_hash!,
      owner.password,
      owner.tokens.access,
      owner.tokens.refresh,
      kidsToken,
      fcmToken,
      ...refreshHashes.map((r) => r.token_hash),
    ];
    expect(secrets.every(Boolean)).toBe(true);
    for (const secret of secrets) expect(text).not.toContain(secret);
    expect(text).not.toMatch(/password_hash|pin_hash|code_hash|ticket|token/i);
  });

  test('is not for a kids profile', async () => {
    expect((await call('GET', '/account/export', undefined, kidsToken)).statusCode).toBe(403);
  });

  test('five copies an hour, then 429 with Retry-After and a clear message', async () => {
    const v = await registerUser(t.app);
    for (let i = 0; i < 5; i += 1)
      expect((await call('GET', '/account/export', undefined, v.tokens.access)).statusCode).toBe(
        200,
      );
    const refused = await call('GET', '/account/export', undefined, v.tokens.access);
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(3000);
    expect(refused.json().message).toMatch(/Try again in \d+ minute/);
  });
});

describe('POST /account/delete', () => {
  test('refuses a missing or wrong password and keeps everything', async () => {
    expect((await call('POST', '/account/delete', {})).statusCode).toBe(400);
    const wrong = await call('POST', '/account/delete', { password: 'not the password' });
    expect(wrong.statusCode).toBe(403);
    expect(wrong.json().errors).toEqual({ password: 'is incorrect' });
    expect(
      (await call('POST', '/account/delete', { password: owner.password }, kidsToken)).statusCode,
    ).toBe(403);
    expect((await call('GET', '/profiles')).statusCode).toBe(200);
  });

  test('five wrong passwords lock it for a while', async () => {
    const v = await registerUser(t.app);
    for (let i = 0; i < 5; i += 1)
      expect(
        (await call('POST', '/account/delete', { password: `wrong ${i}` }, v.tokens.access))
          .statusCode,
      ).toBe(403);
    const locked = await call('POST', '/account/delete', { password: v.password }, v.tokens.access);
    expect(locked.statusCode).toBe(429);
    expect((await signIn(v)).statusCode).toBe(200);
  });

  test('a payment provider failure deletes nothing', async () => {
    const v = await billing.subscribedTo('basic-monthly');
    const cancel = jest
      .spyOn(t.app.billing.gateway, 'cancelSubscription')
      .mockRejectedValueOnce(new Error('provider unreachable'));
    try {
      const res = await call('POST', '/account/delete', { password: v.password }, v.tokens.access);
      expect(res.statusCode).toBe(502);
    } finally {
      cancel.mockRestore();
    }
    expect((await signIn(v)).statusCode).toBe(200);
    expect((await billing.manage(v)).subscription).toMatchObject({ status: 'active' });
  });

  test('cancels at the gateway, signs out everywhere, erases the data, keeps payments anonymised', async () => {
    const db = t.app.ctx.db;
    const payment = (await billing.rows('payments', owner.user.id))[0]!;
    const cancel = jest.spyOn(t.app.billing.gateway, 'cancelSubscription');
    const revoked: string[] = [];
    const stop = t.app.tokens.onRevoke((ids) => void revoked.push(...ids));
    let res;
    let cancelled: unknown[][];
    try {
      res = await call('POST', '/account/delete', { password: owner.password });
    } finally {
      stop();
      cancelled = [...cancel.mock.calls];
      cancel.mockRestore();
    }
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe('Your account has been deleted.');
    // Now, not at the end of the paid period.
    expect(cancelled).toEqual([[expect.stringMatching(/^sub_local_/), false]]);
    expect(revoked).toHaveLength(2);
    // Counters keyed by the address (sign-ins from known devices) go too.
    const counters = await db.selectFrom('rate_limits').select('key').execute();
    expect(counters.filter((c) => c.key.includes(owner.email))).toEqual([]);

    expect((await signIn(owner)).statusCode).toBe(401);
    for (const token of [owner.tokens.access, kidsToken])
      expect((await call('GET', '/profiles', undefined, token)).statusCode).toBe(401);
    expect(
      (await post('/auth/refresh-tokens', { refreshToken: owner.tokens.refresh })).statusCode,
    ).toBe(401);

    const kept = await db
      .selectFrom('payments')
      .selectAll()
      .where('id', '=', payment.id)
      .executeTakeFirstOrThrow();
    expect(kept).toMatchObject({
      amount_cents: payment.amount_cents,
      currency: payment.currency,
      status: 'succeeded',
      created_at: payment.created_at,
      card_brand: null,
      card_last4: null,
      card_exp_month: null,
      card_exp_year: null,
    });
    expect(kept.user_id).toMatch(/^deleted_[\w-]+$/);
    const sub = await db
      .selectFrom('subscriptions')
      .selectAll()
      .where('id', '=', payment.subscription_id)
      .executeTakeFirstOrThrow();
    expect(sub).toMatchObject({
      user_id: kept.user_id,
      status: 'canceled',
      payment_method_ref: null,
    });

    const left = async (
      table: 'users' | 'profiles' | 'sessions' | 'notifications',
      column: 'id' | 'user_id',
    ) =>
      (await db.selectFrom(table).select(column).where(column, '=', owner.user.id).execute())
        .length;
    expect(await left('users', 'id')).toBe(0);
    for (const table of ['profiles', 'sessions', 'notifications'] as const)
      expect(await left(table, 'user_id')).toBe(0);
    for (const table of ['favourites', 'watch_logs', 'ratings', 'user_genres'] as const)
      expect(
        await db
          .selectFrom(table)
          .select('profile_id')
          .where('profile_id', 'in', [owner.user.id, kidsId])
          .execute(),
      ).toEqual([]);
    for (const table of ['help_messages', 'push_tokens', 'verification_codes'] as const)
      expect(
        await db.selectFrom(table).select('user_id').where('user_id', '=', owner.user.id).execute(),
      ).toEqual([]);

    await t.app.ctx.background.settled();
    const outbox = await t.app.inject({
      url: `/v1/dev/outbox?email=${encodeURIComponent(owner.email)}`,
    });
    const mails = outbox.json().data.messages as Array<{ kind: string; text: string }>;
    expect(mails.map((m) => m.kind)).toEqual(['account-deleted']);
    expect(mails[0]!.text).toMatch(/subscription was cancelled/);
  });

  test('the address can sign up again, to a new and empty account', async () => {
    const again = await registerUser(t.app, { email: owner.email });
    expect(again.user.id).not.toBe(owner.user.id);
    const data = (await call('GET', '/account/export', undefined, again.tokens.access)).json().data;
    expect(data.profiles).toEqual([expect.objectContaining({ myList: [], watchHistory: [] })]);
    expect(data.payments).toEqual([]);
  });

  test('an account without a password types its email, from a recent sign-in', async () => {
    const v = await registerUser(t.app);
    const db = t.app.ctx.db;
    await db
      .updateTable('users')
      .set({ password_hash: null })
      .where('id', '=', v.user.id)
      .execute();
    const del = (body: object) => call('POST', '/account/delete', body, v.tokens.access);
    expect((await del({ password: v.password })).statusCode).toBe(400);
    expect((await del({ email: 'someone-else@example.com' })).statusCode).toBe(403);
    const sessions = db.updateTable('sessions').where('user_id', '=', v.user.id);
    await sessions.set({ created_at: new Date(Date.now() - 3600_000).toISOString() }).execute();
    const stale = await del({ email: v.email.toUpperCase() });
    expect(stale.statusCode).toBe(403);
    expect(stale.json().errors).toEqual({ reauthenticate: 'required' });
    await sessions.set({ created_at: new Date().toISOString() }).execute();
    expect((await del({ email: v.email.toUpperCase() })).statusCode).toBe(200);
    expect(await db.selectFrom('users').select('id').where('id', '=', v.user.id).execute()).toEqual(
      [],
    );
  });
});
