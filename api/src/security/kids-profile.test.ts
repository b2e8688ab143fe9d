import { MediaUrlSigner } from '../lib/media-urls';
import { fixtureCatalogue } from '../test/fixture-catalogue';
import { bearer, buildTestApp, callAs, registerUser, useTestApp } from '../test/test-app';

/**
 * A kids profile holds against a determined client: every operation of the API is either one a kid may
 * use (KIDS_MAY) or refused to a kids session with 403, errors.profile = "kids_profile". The test walks
 * the OpenAPI document the server itself serves, so a new operation fails here until it says which.
 */
const KIDS_MAY = new Set([
  // Who's watching, and the kid's own lists, history, genres, ratings, inbox and help.
  'GET /v1/users/{id}',
  'POST /v1/users/uploadGenre/{id}',
  'PUT /v1/users/uploadGenre/{id}',
  'GET /v1/users/favourite/{id}',
  'POST /v1/users/favourite/{id}',
  'PATCH /v1/users/favourite/{id}',
  'GET /v1/profiles',
  // Its own two notification switches (the account's answer kids_profile: household-routes.test.ts).
  'PATCH /v1/users/notificationSettings/{id}',
  // Switching to a grown-up profile needs the account password (household-routes.test.ts).
  'POST /v1/profiles/{profileId}/select',
  'POST /v1/titles/createLog/{id}',
  'DELETE /v1/continue-watching/{movieId}',
  'PUT /v1/titles/{movieId}/watched',
  'GET /v1/ratings',
  'PUT /v1/titles/{movieId}/rating',
  'GET /v1/notifications',
  'PATCH /v1/notifications/{id}/read',
  'POST /v1/notifications/read-all',
  'PUT /v1/notifications/push-token',
  'DELETE /v1/notifications/push-token',
  'POST /v1/notifications/stream-ticket',
  'DELETE /v1/playback/screen',
  'GET /v1/help/messages',
  'POST /v1/help/messages',
]);

const RATED: Record<string, string> = { 't-free': 'G', 't-old': 'R' };
const rated = () => {
  const c = fixtureCatalogue();
  for (const title of c.titles) title.maturity = RATED[title.id] ?? 'R';
  return c;
};
const t = useTestApp({ catalogue: rated });
let owner: Awaited<ReturnType<typeof registerUser>>;
let kidsId: string;
let kids: { access: string; refresh: string };

const call = callAs(
  () => t.app,
  () => owner.tokens.access,
);

async function signIn(): Promise<{ access: string; refresh: string }> {
  const res = await t.app.inject({
    method: 'POST',
    url: '/v1/auth/login',
    payload: { email: owner.email, password: owner.password },
  });
  expect(res.statusCode).toBe(200);
  return res.json().data.tokens;
}

async function kidsDevice(): Promise<{ access: string; refresh: string }> {
  const tokens = await signIn();
  const res = await call('POST', `/profiles/${kidsId}/select`, {}, tokens.access);
  expect(res.statusCode).toBe(200);
  return tokens;
}

beforeAll(async () => {
  owner = await registerUser(t.app, { name: 'Alex Parent' });
  const created = await call('POST', '/profiles', {
    name: 'Sam',
    kids: true,
    password: owner.password,
  });
  expect(created.statusCode).toBe(201);
  kidsId = created.json().data.id;
  kids = await kidsDevice();
});

/** The document's operations with their path parameters filled in for this account. */
async function operations() {
  const doc = (await t.app.inject({ url: '/v1/openapi.json' })).json() as {
    paths: Record<string, Record<string, { security?: unknown[] }>>;
  };
  const fill: Record<string, string> = {
    id: owner.user.id,
    profileId: kidsId,
    movieId: 't-free',
    titleId: 't-free',
    catName: 'trending',
    file: 'poster.svg',
  };
  return Object.entries(doc.paths).flatMap(([path, ops]) =>
    Object.entries(ops).map(([method, op]) => ({
      name: `${method.toUpperCase()} ${path}`,
      method: method.toUpperCase(),
      url: path.replace(/\{(\w+)\}/g, (_, p: string) => fill[p] ?? 'x'),
      signedIn: (op.security?.length ?? 0) > 0,
    })),
  );
}

describe('a kids session', () => {
  test('every signed-in operation is either one a kid may use or refused with kids_profile', async () => {
    const ops = await operations();
    const names = new Set(ops.map((o) => o.name));
    // The allow-list names only operations that exist.
    expect([...KIDS_MAY].filter((name) => !names.has(name))).toEqual([]);
    const refused: string[] = [];
    const wronglyAllowed: string[] = [];
    const wronglyRefused: string[] = [];
    for (const op of ops.filter((o) => o.signedIn)) {
      const res = await t.app.inject({
        method: op.method as 'GET',
        url: op.url,
        headers: bearer(kids.access),
        payload: op.method === 'GET' || op.method === 'DELETE' ? undefined : {},
      });
      const isKidsRefusal = res.statusCode === 403 && res.json().errors?.profile === 'kids_profile';
      if (KIDS_MAY.has(op.name)) {
        if (isKidsRefusal) wronglyRefused.push(op.name);
      } else if (isKidsRefusal) refused.push(op.name);
      else wronglyAllowed.push(`${op.name} answered ${res.statusCode}`);
    }
    expect(wronglyAllowed).toEqual([]);
    expect(wronglyRefused).toEqual([]);
    // The account and billing operations of the issue, by name, so none drops out of the walk.
    expect(refused).toEqual(
      expect.arrayContaining([
        'POST /v1/users/subscription/change-plan',
        'POST /v1/users/cancel-web-subscription',
        'POST /v1/payments/checkout',
        'POST /v1/payments/checkout/confirm',
        'PATCH /v1/users/{id}',
        'POST /v1/users/changePassword/{id}',
        'POST /v1/auth/logout-all',
        'POST /v1/account/delete',
        'GET /v1/account/export',
        'POST /v1/profiles',
        'PATCH /v1/profiles/{profileId}',
        'PUT /v1/profiles/{profileId}/pin',
        'POST /v1/profiles/{profileId}/delete',
      ]),
    );
  });

  test('the refusal comes before the body is read, and says what to do', async () => {
    const res = await call(
      'POST',
      '/users/subscription/change-plan',
      { planId: 'premium', idempotencyKey: 'kid-tries-premium-1' },
      kids.access,
    );
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({
      status: false,
      errors: { profile: 'kids_profile' },
      message: expect.stringMatching(/kids profile/i),
    });
    // A grown-up session of the same account is not refused.
    const grownUp = await call('GET', `/users/subscription/manage?userId=${owner.user.id}`);
    expect(grownUp.statusCode).toBe(200);
  });

  test('cannot sign out without the account password, and stays signed in until it is given', async () => {
    const device = await kidsDevice();
    const bare = await call('POST', '/auth/logout', {}, device.access);
    expect(bare.statusCode).toBe(403);
    expect(bare.json().errors).toMatchObject({ profile: 'kids_profile', password: 'is required' });
    // Nor by the refresh token alone, without the access token.
    const byRefresh = await t.app.inject({
      method: 'POST',
      url: '/v1/auth/logout',
      payload: { refreshToken: device.refresh },
    });
    expect(byRefresh.statusCode).toBe(403);
    const wrong = await call('POST', '/auth/logout', { password: 'not it' }, device.access);
    expect(wrong.statusCode).toBe(403);
    expect(wrong.json().errors).toMatchObject({ password: 'is incorrect' });
    // Still signed in, still on the kids ceiling.
    const still = await call('GET', '/titles/t-old', undefined, device.access);
    expect(still.statusCode).toBe(403);
    const right = await call('POST', '/auth/logout', { password: owner.password }, device.access);
    expect(right.statusCode).toBe(200);
    const after = await call('GET', '/profiles', undefined, device.access);
    expect(after.statusCode).toBe(401);
  });

  test('the ceiling holds on watch logs, chapters and artwork too', async () => {
    const log = await call(
      'POST',
      '/titles/createLog/t-old',
      { position: 10, duration: 100 },
      kids.access,
    );
    expect(log.statusCode).toBe(403);
    expect(log.json().errors).toMatchObject({ entitlement: 'maturity_ceiling' });
    const chapters = await call('GET', '/playback/t-old/chapters.vtt', undefined, kids.access);
    expect(chapters.statusCode).toBe(403);
    const art = await call('GET', '/artwork/t-old/poster.svg', undefined, kids.access);
    expect(art.statusCode).toBe(403);
    const allowed = await call('GET', '/artwork/t-free/poster.svg', undefined, kids.access);
    expect(allowed.statusCode).toBe(200);
    // The grown-up profile sees them all.
    expect((await call('GET', '/playback/t-old/chapters.vtt')).statusCode).toBe(200);
  });
});

describe('guests and signed-out devices', () => {
  test('get every rating by default', async () => {
    expect((await t.app.inject({ url: '/v1/titles/t-old' })).statusCode).toBe(200);
  });

  test('get the ceiling the operator sets (GUEST_MATURITY), on titles, playback, chapters and artwork', async () => {
    const guarded = await buildTestApp({ catalogue: rated, guestMaturity: 'older-kids' });
    try {
      for (const url of [
        '/v1/titles/t-old',
        '/v1/playback/t-old',
        '/v1/playback/t-old/chapters.vtt',
        '/v1/artwork/t-old/poster.svg',
      ]) {
        const res = await guarded.app.inject({ url });
        expect([url, res.statusCode]).toEqual([url, 403]);
        expect(res.json().errors).toMatchObject({ maturity: 'R' });
      }
      expect((await guarded.app.inject({ url: '/v1/titles/t-free' })).statusCode).toBe(200);
      // And a guest's signed media address made for the title anyway (by hand, with the key).
      const signer = new MediaUrlSigner(guarded.app.ctx.config.mediaUrlSecret, 3600);
      const mediaKey = rated().titles.find((x) => x.id === 't-old')!.mediaKey!;
      const folder = signer.folder({ titleId: 't-old', lease: null }, mediaKey);
      const refused = await guarded.app.inject({ url: `${folder}master.m3u8` });
      expect(refused.statusCode).toBe(403);
      expect(refused.json().errors).toMatchObject({ entitlement: 'maturity_ceiling' });
      const search = await guarded.app.inject({ url: '/v1/titles/search' });
      const found = (search.json().data.results as Array<{ id: string }>).map((c) => c.id);
      expect(found).toContain('t-free');
      expect(found).not.toContain('t-old');
    } finally {
      await guarded.close();
    }
  });
});
