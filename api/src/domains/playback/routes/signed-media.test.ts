import { MediaUrlSigner } from '../../../lib/media-urls';
import { ACCESS_CACHE_MS } from '../services/media-access';
import { bearer, useTestApp } from '../../../test/test-app';
import { billingHelpers, WEBHOOK_SECRET } from '../../../test/billing-helpers';

const t = useTestApp({ stripeWebhookSecret: WEBHOOK_SECRET });
const { subscribedTo } = billingHelpers(() => t.app);
type Viewer = Awaited<ReturnType<typeof subscribedTo>>;

const signer = () => new MediaUrlSigner(t.app.ctx.config.mediaUrlSecret, 3600);
const get = (url: string) => t.app.inject(url);
const pathOf = (url: string) => new URL(url).pathname;
/** Past the cached answer: what another instance (no revocation listener) would see. */
const afterCache = () => new Promise((r) => setTimeout(r, ACCESS_CACHE_MS + 50));

/** Starts playback and returns the signed master playlist's and first segment's paths. */
async function play(token: string | null, titleId = 't-premium') {
  const res = await t.app.inject({
    url: `/v1/playback/${titleId}`,
    headers: token ? bearer(token) : {},
  });
  expect(res.statusCode).toBe(200);
  const master = pathOf(res.json().data.stream.url as string);
  return { master, segment: master.replace('master.m3u8', '360p/seg0.ts') };
}

async function device(v: Viewer): Promise<string> {
  const res = await t.app.inject({
    method: 'POST',
    url: '/v1/auth/login',
    payload: { email: v.email, password: v.password },
  });
  return res.json().data.tokens.access as string;
}

describe('media addresses are signed, expiring and checked on every request', () => {
  test('a bare, expired, tampered or moved address is refused', async () => {
    expect((await get('/media/clip-a/master.m3u8')).statusCode).toBe(403);
    expect((await get('/media/clip-a/master.m3u8')).json().message).toMatch(/signed/);
    expect((await get('/media/clip-a/360p/seg0.ts')).statusCode).toBe(403);

    const good = signer().folder({ titleId: 't-free', lease: null }, 'clip-a');
    expect((await get(`${good}master.m3u8`)).statusCode).toBe(200);

    const twoHoursAgo = Date.now() - 2 * 3600_000;
    const expired = signer().folder({ titleId: 't-free', lease: null }, 'clip-a', twoHoursAgo);
    const refused = await get(`${expired}master.m3u8`);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toMatch(/expired/);

    const [, , , token] = good.split('/');
    const [exp, lease, sig] = token!.split('.');
    const flipped = `${sig!.slice(0, -1)}${sig!.endsWith('A') ? 'B' : 'A'}`;
    for (const bad of [
      good.replace(sig!, flipped), // tampered signature
      good.replace(`${exp}.`, `${Number(exp) + 3600}.`), // a later expiry
      good.replace(`.${lease}.`, '.lse_someone_else.'), // another lease
      good.replace('/t-free/', '/t-premium/'), // moved to a premium title
      good.replace('/clip-a/', '/clip-b/'), // another media key
      new MediaUrlSigner('another-secret', 3600).folder(
        { titleId: 't-free', lease: null },
        'clip-a',
      ),
    ]) {
      const res = await get(`${bad}master.m3u8`);
      expect([bad, res.statusCode]).toEqual([bad, 403]);
    }
  });

  test('a premium title cannot be played without a plan by any address', async () => {
    // Guests: the playback session refuses, and a guest's (lease-less) address for it is refused too.
    expect((await t.app.inject('/v1/playback/t-premium')).statusCode).toBe(401);
    const guest = signer().folder({ titleId: 't-premium', lease: null }, 'clip-a');
    expect((await get(`${guest}master.m3u8`)).statusCode).toBe(401);
    // Its trailer is a preview anyone may watch, but only the trailer.
    const detail = await t.app.inject('/v1/titles/t-premium');
    const trailer = pathOf(detail.json().data.trailer.url as string);
    expect((await get(trailer)).statusCode).toBe(200);
    expect((await get(trailer.replace('/trailer-a/', '/clip-a/'))).statusCode).toBe(403);

    // A subscriber's stream stops being served once the plan ends.
    const v = await subscribedTo('basic-monthly');
    const { segment } = await play(v.tokens.access);
    expect((await get(segment)).statusCode).toBe(200);
    await t.app.ctx.db
      .updateTable('subscriptions')
      .set({ status: 'canceled' })
      .where('user_id', '=', v.user.id)
      .execute();
    await afterCache();
    const ended = await get(segment);
    expect(ended.statusCode).toBe(403);
    expect(ended.json().errors).toEqual({ entitlement: 'subscription_required' });
  });

  test("the profile's ceiling applies to every segment", async () => {
    const v = await subscribedTo('basic-monthly');
    // Listing the profiles creates the account's first one, whose ceiling the device plays under.
    await t.app.inject({ url: '/v1/profiles', headers: bearer(v.tokens.access) });
    const { segment } = await play(v.tokens.access, 't-free');
    expect((await get(segment)).statusCode).toBe(200);
    // The ceiling lowered below the title's PG-13 while it plays.
    await t.app.ctx.db
      .updateTable('profiles')
      .set({ maturity_level: 2 })
      .where('user_id', '=', v.user.id)
      .execute();
    await afterCache();
    const refused = await get(segment);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().errors).toEqual({ entitlement: 'maturity_ceiling' });
  });

  test('logout-all ends the stream: its next segment is refused at once', async () => {
    const v = await subscribedTo('basic-monthly');
    const tv = await device(v);
    const { master, segment } = await play(tv);
    expect((await get(master)).statusCode).toBe(200);
    expect((await get(segment)).statusCode).toBe(200);
    const out = await t.app.inject({
      method: 'POST',
      url: '/v1/auth/logout-all',
      headers: bearer(v.tokens.access),
    });
    expect(out.statusCode).toBe(200);
    const refused = await get(segment);
    expect(refused.statusCode).toBe(401);
    expect(refused.json()).toMatchObject({ errors: { entitlement: 'stream_ended' } });
    expect((await get(master)).statusCode).toBe(401);
  });

  test('a session revoked on another instance ends the stream within one segment (2 s)', async () => {
    const v = await subscribedTo('basic-monthly');
    const { segment } = await play(v.tokens.access);
    expect((await get(segment)).statusCode).toBe(200);
    // Revoked in the database only, as another instance would: no listener here hears of it.
    await t.app.ctx.db
      .updateTable('sessions')
      .set({ revoked_at: new Date().toISOString() })
      .where('user_id', '=', v.user.id)
      .execute();
    await afterCache();
    expect((await get(segment)).statusCode).toBe(401);
  });

  test('account deletion ends the stream', async () => {
    const v = await subscribedTo('basic-monthly');
    const { segment } = await play(v.tokens.access);
    expect((await get(segment)).statusCode).toBe(200);
    const deleted = await t.app.inject({
      method: 'POST',
      url: '/v1/account/delete',
      headers: bearer(v.tokens.access),
      payload: { password: v.password },
    });
    expect(deleted.statusCode).toBe(200);
    expect((await get(segment)).statusCode).toBe(401);
  });

  test('a device whose screen another device took is refused at renewal and on its next segment', async () => {
    const v = await subscribedTo('basic-monthly');
    const [a, b] = [await device(v), await device(v)];
    const first = await play(a);
    expect((await get(first.segment)).statusCode).toBe(200);
    // A paused past the lease: B may watch.
    await t.app.ctx.db
      .updateTable('stream_leases')
      .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
      .where('user_id', '=', v.user.id)
      .execute();
    const second = await play(b);
    expect((await get(second.segment)).statusCode).toBe(200);
    await afterCache();
    const segment = await get(first.segment);
    expect(segment.statusCode).toBe(409);
    expect(segment.json().errors).toMatchObject({ entitlement: 'too_many_streams' });
    const renewal = await t.app.inject({
      method: 'POST',
      url: '/v1/titles/createLog/t-premium',
      headers: bearer(a),
      payload: { position: 40, duration: 600 },
    });
    expect(renewal.statusCode).toBe(409);
    expect(renewal.json().message).toMatch(/watching on another device/);
  });

  test('a paused device whose screen is still free takes it back on its next segment', async () => {
    const v = await subscribedTo('basic-monthly');
    const { segment } = await play(v.tokens.access);
    await t.app.ctx.db
      .updateTable('stream_leases')
      .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
      .where('user_id', '=', v.user.id)
      .execute();
    await afterCache();
    expect((await get(segment)).statusCode).toBe(200);
    const other = await device(v);
    expect(
      (await t.app.inject({ url: '/v1/playback/t-free', headers: bearer(other) })).statusCode,
    ).toBe(409);
  });

  test("a late release from the device's previous player does not end the stream it just started", async () => {
    const v = await subscribedTo('basic-monthly');
    await play(v.tokens.access, 't-series-premium');
    const next = await play(v.tokens.access, 't-series-premium');
    // The old player's keepalive release lands after the next episode's session was handed out.
    const released = await t.app.inject({
      method: 'DELETE',
      url: '/v1/playback/screen',
      headers: bearer(v.tokens.access),
    });
    expect(released.statusCode).toBe(200);
    await afterCache();
    expect((await get(next.segment)).statusCode).toBe(200);
    // It took its screen back: another device is refused.
    const other = await device(v);
    expect(
      (await t.app.inject({ url: '/v1/playback/t-free', headers: bearer(other) })).statusCode,
    ).toBe(409);
  });
});
