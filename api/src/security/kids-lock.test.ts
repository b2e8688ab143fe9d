import type { FastifyInstance } from 'fastify';
import { KidsLocks } from '../lib/kids-lock';
import { MediaUrlSigner } from '../lib/media-urls';
import { fixtureCatalogue } from '../test/fixture-catalogue';
import { bearer, buildTestApp, callAs, registerUser, useTestApp } from '../test/test-app';

/**
 * The device kids lock (lib/kids-lock.ts): a device that watched as a kids profile stays on its ceiling
 * after its session ends (logout-all from another device, expiry, a token deleted from storage), as a
 * guest or in another account, until the lock's account password releases it.
 */
const RATED: Record<string, string> = { 't-free': 'G', 't-old': 'R' };
const rated = () => {
  const c = fixtureCatalogue();
  for (const title of c.titles) title.maturity = RATED[title.id] ?? 'R';
  return c;
};
const t = useTestApp({ catalogue: rated });
const LOCK = 'x-kids-lock';

type Owner = Awaited<ReturnType<typeof registerUser>>;
let owner: Owner;
let kidsId: string;

const call = callAs(
  () => t.app,
  () => owner.tokens.access,
);

async function signIn(who: Owner): Promise<string> {
  const res = await t.app.inject({
    method: 'POST',
    url: '/v1/auth/login',
    payload: { email: who.email, password: who.password },
  });
  expect(res.statusCode).toBe(200);
  return res.json().data.tokens.access as string;
}

/** A device that chose the kids profile: its access token and the lock the API gave it. */
async function kidsDevice(): Promise<{ access: string; lock: string }> {
  const access = await signIn(owner);
  const res = await call('POST', `/profiles/${kidsId}/select`, {}, access);
  expect(res.statusCode).toBe(200);
  const lock = res.headers[LOCK];
  expect(typeof lock).toBe('string');
  return { access, lock: lock as string };
}

/** A guest request (no token) carrying a lock. */
const asGuest = (app: FastifyInstance, url: string, lock?: string) =>
  app.inject({ url, headers: lock ? { [LOCK]: lock } : {} });

const release = (lock: string | undefined, password: string) =>
  t.app.inject({
    method: 'POST',
    url: '/v1/auth/kids-lock/release',
    payload: { password },
    headers: lock ? { [LOCK]: lock } : {},
  });

/** A signed media address made for a title anyway (by hand, with the key): what a guest is given. */
function guestMediaUrl(app: FastifyInstance, titleId: string): string {
  const signer = new MediaUrlSigner(app.ctx.config.mediaUrlSecret, 3600);
  const mediaKey = rated().titles.find((x) => x.id === titleId)!.mediaKey!;
  return `${signer.folder({ titleId, lease: null }, mediaKey)}master.m3u8`;
}

beforeAll(async () => {
  owner = await registerUser(t.app, { name: 'Alex Parent' });
  const created = await call('POST', '/profiles', {
    name: 'Sam',
    kids: true,
    maturity: 'little-kids',
    password: owner.password,
  });
  expect(created.statusCode).toBe(201);
  kidsId = created.json().data.id;
});

describe('a device on a kids profile', () => {
  test('is locked to the profile, and every answer to its kids session keeps the lock', async () => {
    const device = await kidsDevice();
    expect(device.lock).toMatch(new RegExp(`^${owner.user.id}\\.1\\.\\d+\\.[\\w-]{43}$`));
    // A later answer does not renew a lock the device already sends.
    const next = await t.app.inject({
      url: '/v1/profiles',
      headers: { ...bearer(device.access), [LOCK]: device.lock },
    });
    expect(next.statusCode).toBe(200);
    expect(next.headers[LOCK]).toBeUndefined();
    // A device that lost its lock (or a session that was on the kids profile before locks) gets it again.
    const bare = await call('GET', '/profiles', undefined, device.access);
    expect(bare.headers[LOCK]).toMatch(/^usr_/);
    expect(String(next.headers.vary)).toMatch(/X-Kids-Lock/i);
  });

  test('stays on the kids ceiling as a guest after logout-all from another device', async () => {
    const device = await kidsDevice();
    const ended = await call('POST', '/auth/logout-all');
    expect(ended.statusCode).toBe(200);
    owner.tokens.access = await signIn(owner);
    // Its session is gone: the device is a guest now, still carrying its lock.
    expect((await call('GET', '/profiles', undefined, device.access)).statusCode).toBe(401);
    for (const url of [
      '/v1/titles/t-old',
      '/v1/playback/t-old',
      '/v1/playback/t-old/chapters.vtt',
    ]) {
      const res = await asGuest(t.app, url, device.lock);
      expect([url, res.statusCode]).toEqual([url, 403]);
    }
    const media = await asGuest(t.app, guestMediaUrl(t.app, 't-old'), device.lock);
    expect(media.statusCode).toBe(403);
    expect(media.json().errors).toMatchObject({ entitlement: 'maturity_ceiling' });
    const search = await asGuest(t.app, '/v1/titles/search', device.lock);
    const found = (search.json().data.results as Array<{ id: string }>).map((x) => x.id);
    expect(found).toContain('t-free');
    expect(found).not.toContain('t-old');
    // What the lock allows still plays; without the lock (site data cleared) the guest ceiling applies.
    expect((await asGuest(t.app, '/v1/titles/t-free', device.lock)).statusCode).toBe(200);
    expect((await asGuest(t.app, '/v1/titles/t-old')).statusCode).toBe(200);
  });

  test('stays locked in another account, and a grown-up session of its own account releases it', async () => {
    const { lock } = await kidsDevice();
    const stranger = await registerUser(t.app, { name: 'Not The Parent' });
    const foreign = await t.app.inject({
      url: '/v1/titles/t-old',
      headers: { ...bearer(stranger.tokens.access), [LOCK]: lock },
    });
    expect(foreign.statusCode).toBe(403);
    expect(foreign.headers[LOCK]).toBeUndefined();
    const own = await t.app.inject({
      url: '/v1/titles/t-old',
      headers: { ...bearer(await signIn(owner)), [LOCK]: lock },
    });
    expect(own.statusCode).toBe(200);
    expect(own.headers[LOCK]).toBe('released');
  });

  test('a tampered or foreign-keyed lock cannot raise a ceiling: it holds the device to the lowest', async () => {
    const { lock } = await kidsDevice();
    const [userId, , issued, sig] = lock.split('.');
    for (const bad of [
      `${userId}.4.${issued}.${sig}`,
      new KidsLocks('another server').issue(owner.user.id, 4),
      'garbage',
    ]) {
      expect((await asGuest(t.app, '/v1/titles/t-old', bad)).statusCode).toBe(403);
      expect((await asGuest(t.app, '/v1/titles/t-free', bad)).statusCode).toBe(200);
    }
    // Nor does a genuine lock above the operator's guest ceiling lift it.
    const guarded = await buildTestApp({ catalogue: rated, guestMaturity: 'little-kids' });
    try {
      const high = guarded.app.kidsLocks.issue(owner.user.id, 4);
      expect((await asGuest(guarded.app, '/v1/titles/t-old', high)).statusCode).toBe(403);
    } finally {
      await guarded.close();
    }
  });
});

describe('releasing the lock', () => {
  test('needs the account password; signing out of the kids profile with it releases too', async () => {
    const { lock } = await kidsDevice();
    const none = await release(undefined, owner.password);
    expect(none.statusCode).toBe(400);
    expect(none.json().errors).toMatchObject({ kidsLock: 'is missing' });
    const forged = await release(`${lock.slice(0, -2)}xx`, owner.password);
    expect(forged.statusCode).toBe(400);
    expect(forged.json().errors).toMatchObject({ kidsLock: 'is not valid' });
    const wrong = await release(lock, 'not the password');
    expect(wrong.statusCode).toBe(403);
    expect(wrong.json().errors).toMatchObject({ password: 'is incorrect' });
    expect(wrong.headers[LOCK]).toBeUndefined();
    const right = await release(lock, owner.password);
    expect(right.statusCode).toBe(200);
    expect(right.headers[LOCK]).toBe('released');

    const device = await kidsDevice();
    const out = await t.app.inject({
      method: 'POST',
      url: '/v1/auth/logout',
      payload: { password: owner.password },
      headers: { ...bearer(device.access), [LOCK]: device.lock },
    });
    expect(out.statusCode).toBe(200);
    expect(out.headers[LOCK]).toBe('released');
  });

  test('50 parallel wrong passwords get no more than the account-password limit (10)', async () => {
    const parent = await registerUser(t.app, { name: 'Burst Parent' });
    const lock = t.app.kidsLocks.issue(parent.user.id, 1);
    const answers = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        t.app.inject({
          method: 'POST',
          url: '/v1/auth/kids-lock/release',
          payload: { password: `wrong guess ${i}` },
          headers: { [LOCK]: lock },
        }),
      ),
    );
    const counts: Record<number, number> = {};
    for (const a of answers) counts[a.statusCode] = (counts[a.statusCode] ?? 0) + 1;
    expect(counts).toEqual({ 403: 10, 429: 40 });
    // Out of tries: even the right password waits.
    const right = await t.app.inject({
      method: 'POST',
      url: '/v1/auth/kids-lock/release',
      payload: { password: parent.password },
      headers: { [LOCK]: lock },
    });
    expect(right.statusCode).toBe(429);
    expect(right.headers[LOCK]).toBeUndefined();
  });
});
