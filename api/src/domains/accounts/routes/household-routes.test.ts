import { fixtureCatalogue } from '../../../test/fixture-catalogue';
import { callAs, registerUser, useTestApp } from '../../../test/test-app';

// The fixture's titles at every level: a kids profile (older kids) sees G and PG only.
const RATED: Record<string, string> = {
  't-free': 'G',
  't-fr-only': 'PG',
  't-old': 'R',
  't-premium': 'PG-13',
  't-series': 'TV-MA',
  't-series-premium': 'TV-Y7',
};
const t = useTestApp({
  catalogue: () => {
    const c = fixtureCatalogue();
    for (const title of c.titles) title.maturity = RATED[title.id] ?? 'R';
    return c;
  },
});
let owner: Awaited<ReturnType<typeof registerUser>>;
let kidsId: string;
/** A second device of the same account, signed in separately, watching as the kids profile. */
let kidsToken: string;

const call = callAs(
  () => t.app,
  () => owner.tokens.access,
);
const ids = (cards: Array<{ id: string }>) => cards.map((c) => c.id).sort();

async function signIn(): Promise<string> {
  const res = await t.app.inject({
    method: 'POST',
    url: '/v1/auth/login',
    payload: { email: owner.email, password: owner.password },
  });
  expect(res.statusCode).toBe(200);
  return res.json().data.tokens.access as string;
}

beforeAll(async () => {
  owner = await registerUser(t.app, { name: 'Alex Parent' });
  await call('POST', `/users/favourite/${owner.user.id}`, { titleId: 't-old' });
});

describe('profiles', () => {
  test('an account starts with one profile: its own, holding what it already had', async () => {
    const res = await call('GET', '/profiles');
    expect(res.statusCode).toBe(200);
    const { profiles, current, maxProfiles } = res.json().data;
    expect(maxProfiles).toBe(5);
    expect(profiles).toEqual([
      expect.objectContaining({
        id: owner.user.id,
        name: 'Alex Parent',
        primary: true,
        kids: false,
        maturity: 'all',
      }),
    ]);
    expect(current).toBe(owner.user.id);
    const list = await call('GET', `/users/favourite/${owner.user.id}`);
    expect(ids(list.json().data.titles)).toEqual(['t-old']);
  });

  test('creating a profile needs the account password', async () => {
    const missing = await call('POST', '/profiles', { name: 'Kid' });
    expect(missing.statusCode).toBe(400);
    const wrong = await call('POST', '/profiles', { name: 'Kid', kids: true, password: 'nope' });
    expect(wrong.statusCode).toBe(403);
    expect(wrong.json().message).toMatch(/password/i);
  });

  test('a kids profile cannot be given an adult ceiling', async () => {
    const res = await call('POST', '/profiles', {
      name: 'Kid',
      kids: true,
      maturity: 'all',
      password: owner.password,
    });
    expect(res.statusCode).toBe(400);
  });

  test('a kids profile is created at older kids, and a device switches to it', async () => {
    const res = await call('POST', '/profiles', {
      name: 'Sam',
      kids: true,
      password: owner.password,
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().data).toMatchObject({
      name: 'Sam',
      kids: true,
      maturity: 'older-kids',
      primary: false,
    });
    kidsId = res.json().data.id;
    kidsToken = await signIn();
    const chosen = await call('POST', `/profiles/${kidsId}/select`, {}, kidsToken);
    expect(chosen.statusCode).toBe(200);
    const household = await call('GET', '/profiles', undefined, kidsToken);
    expect(household.json().data.current).toBe(kidsId);
    // The other device still watches as the first profile.
    expect((await call('GET', '/profiles')).json().data.current).toBe(owner.user.id);
  });

  test('no more than five profiles', async () => {
    for (const name of ['B', 'C', 'D'])
      expect((await call('POST', '/profiles', { name, password: owner.password })).statusCode).toBe(
        201,
      );
    const sixth = await call('POST', '/profiles', { name: 'F', password: owner.password });
    expect(sixth.statusCode).toBe(409);
    const { profiles } = (await call('GET', '/profiles')).json().data;
    for (const p of profiles.filter((p: { name: string }) => ['B', 'C', 'D'].includes(p.name)))
      expect(
        (await call('POST', `/profiles/${p.id}/delete`, { password: owner.password })).statusCode,
      ).toBe(200);
  });
});

describe('the maturity ceiling holds on every catalogue route', () => {
  const kids = (method: string, url: string, payload?: unknown) =>
    call(method, url, payload, kidsToken);
  const allowed = ['t-fr-only', 't-free', 't-series-premium'];

  test('search, explore and filtered search', async () => {
    const explore = await kids('GET', '/titles/search?limit=50&country=FR');
    expect(ids(explore.json().data.results)).toEqual(['t-fr-only', 't-free', 't-series-premium']);
    const text = await kids('GET', '/titles/search?q=Old');
    expect(text.json().data.results).toEqual([]);
    const filtered = await kids('POST', '/titles/search', { genres: ['comedy'], limit: 50 });
    expect(ids(filtered.json().data.results)).toEqual(['t-series-premium']);
    // The grown-up profile still sees everything.
    const adult = await call('GET', '/titles/search?q=Old');
    expect(ids(adult.json().data.results)).toEqual(['t-old']);
  });

  test('categories', async () => {
    const { categories } = (await kids('POST', '/users/dashboard', {})).json().data;
    expect(categories.length).toBeGreaterThan(3);
    for (const { slug } of categories as Array<{ slug: string }>) {
      const res = await kids('GET', `/categorys/details-test/${slug}?limit=50`);
      expect(res.statusCode).toBe(200);
      for (const title of res.json().data.titles) expect(allowed).toContain(title.id);
    }
  });

  test('the dashboard: rails, hero, My List and continue watching', async () => {
    await call(
      'POST',
      '/titles/createLog/t-old',
      { position: 60, duration: 6000 },
      kidsToken,
    ).catch(() => null);
    const res = await kids('POST', '/users/dashboard', { country: 'US' });
    expect(res.statusCode).toBe(200);
    const data = res.json().data;
    const shown = [
      ...data.rails.flatMap((r: { items: Array<{ id: string }> }) => r.items.map((i) => i.id)),
      ...data.continueWatching.movies.map((i: { id: string }) => i.id),
      ...data.continueWatching.series.map((i: { id: string }) => i.id),
      ...(data.hero ? [data.hero.id] : []),
    ];
    expect(shown.length).toBeGreaterThan(0);
    for (const id of shown) expect(allowed).toContain(id);
  });

  test('title detail is refused above the ceiling, and similar titles are within it', async () => {
    const refused = await kids('GET', '/titles/t-old');
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toMatch(/isn't available on this profile/);
    const ok = await kids('GET', '/titles/t-free');
    expect(ok.statusCode).toBe(200);
    for (const s of ok.json().data.similar) expect(allowed).toContain(s.id);
  });

  test('playback gives 403 with the reason for an R title', async () => {
    const res = await kids('GET', '/playback/t-old');
    expect(res.statusCode).toBe(403);
    expect(res.json().errors).toMatchObject({ entitlement: 'maturity_ceiling', maturity: 'R' });
    expect((await kids('GET', '/playback/t-free')).statusCode).toBe(200);
    // A guest's ceiling is the title's own gate (free titles play): the ceiling is the profile's.
    expect((await t.app.inject({ url: '/v1/playback/t-old' })).statusCode).toBe(200);
  });

  test('My List: an adult title cannot be added and is never listed', async () => {
    expect(
      (await kids('POST', `/users/favourite/${owner.user.id}`, { titleId: 't-old' })).statusCode,
    ).toBe(403);
    expect(
      (await kids('POST', `/users/favourite/${owner.user.id}`, { titleId: 't-free' })).statusCode,
    ).toBe(200);
    const list = await kids('GET', `/users/favourite/${owner.user.id}`);
    expect(ids(list.json().data.titles)).toEqual(['t-free']);
  });
});

describe('per-profile data', () => {
  test('My List, Continue watching and genres are the profile’s own', async () => {
    const adultList = await call('GET', `/users/favourite/${owner.user.id}`);
    expect(ids(adultList.json().data.titles)).toEqual(['t-old']);
    await call('POST', '/titles/createLog/t-free', { position: 30, duration: 600 }, kidsToken);
    const kidsHome = (await call('POST', '/users/dashboard', {}, kidsToken)).json().data;
    expect(kidsHome.continueWatching.movies.map((m: { id: string }) => m.id)).toEqual(['t-free']);
    const adultHome = (await call('POST', '/users/dashboard', {})).json().data;
    expect(adultHome.continueWatching.movies).toEqual([]);
    await call('PUT', `/users/uploadGenre/${owner.user.id}`, { genres: ['comedy'] }, kidsToken);
    const me = await call('GET', `/users/${owner.user.id}`);
    expect(me.json().data.genres).not.toContain('g-comedy');
    const kidMe = await call('GET', `/users/${owner.user.id}`, undefined, kidsToken);
    expect(kidMe.json().data.genres).toEqual(['g-comedy']);
  });

  test("what a profile hears about is its own; account activity is the account's", async () => {
    const patch = (token: string, body: object) =>
      call('PATCH', `/users/notificationSettings/${owner.user.id}`, body, token);
    const settings = async (token: string) =>
      (await call('GET', `/users/${owner.user.id}`, undefined, token)).json().data
        .notificationSettings;
    // The account's settings are a grown-up's: a kids profile changes only its own.
    const accountLevel = await patch(kidsToken, { newReleases: false, accountActivity: false });
    expect(accountLevel.statusCode).toBe(403);
    expect(accountLevel.json().errors).toMatchObject({ profile: 'kids_profile' });
    expect((await patch(kidsToken, { newReleases: false })).statusCode).toBe(200);
    expect((await patch(owner.tokens.access, { accountActivity: false })).statusCode).toBe(200);
    expect(await settings(kidsToken)).toMatchObject({ newReleases: false, accountActivity: false });
    expect(await settings(owner.tokens.access)).toMatchObject({
      newReleases: true,
      accountActivity: false,
    });

    // A content notice for a profile reaches that profile's inbox only, and only if it wants it.
    const notify = (profileId: string, title: string) =>
      t.app.notifier.notify(owner.user.id, {
        kind: 'recommendation',
        title,
        body: 'b',
        profileId,
      });
    const inbox = async (token: string) =>
      (await call('GET', `/notifications?user=${owner.user.id}`, undefined, token))
        .json()
        .data.notifications.map((n: { title: string }) => n.title);
    await notify(kidsId, 'For Sam');
    await notify(owner.user.id, 'For Alex');
    expect(await inbox(kidsToken)).toContain('For Sam');
    expect(await inbox(kidsToken)).not.toContain('For Alex');
    expect(await inbox(owner.tokens.access)).toContain('For Alex');
    expect(await inbox(owner.tokens.access)).not.toContain('For Sam');
    await patch(kidsToken, { recommendations: false });
    await notify(kidsId, 'Not wanted');
    expect(await inbox(kidsToken)).not.toContain('Not wanted');
  });

  test('Continue watching: remove a title, and it comes back when watched again', async () => {
    expect(
      (await call('DELETE', '/continue-watching/t-free', undefined, kidsToken)).statusCode,
    ).toBe(200);
    let home = (await call('POST', '/users/dashboard', {}, kidsToken)).json().data;
    expect(home.continueWatching.movies).toEqual([]);
    await call('POST', '/titles/createLog/t-free', { position: 40, duration: 600 }, kidsToken);
    home = (await call('POST', '/users/dashboard', {}, kidsToken)).json().data;
    expect(home.continueWatching.movies.map((m: { id: string }) => m.id)).toEqual(['t-free']);
  });

  test('mark watched takes a title out; unwatched forgets its progress', async () => {
    await call('POST', '/titles/createLog/t-premium', { position: 100, duration: 6000 });
    expect((await call('PUT', '/titles/t-premium/watched', { watched: true })).statusCode).toBe(
      200,
    );
    let home = (await call('POST', '/users/dashboard', {})).json().data;
    expect(home.continueWatching.movies).toEqual([]);
    expect((await call('PUT', '/titles/t-premium/watched', { watched: false })).statusCode).toBe(
      200,
    );
    const detail = (await call('GET', '/titles/t-premium')).json().data;
    expect(detail.resume).toBeNull();
    home = (await call('POST', '/users/dashboard', {})).json().data;
    expect(home.continueWatching.movies).toEqual([]);
  });
});

describe('ratings', () => {
  test('"I love this" brings a "Because you loved" rail; "Not for me" leaves every rail', async () => {
    expect((await call('PUT', '/titles/t-premium/rating', { rating: 'love' })).statusCode).toBe(
      200,
    );
    expect(
      (await call('PUT', '/titles/t-fr-only/rating', { rating: 'not-for-me' })).statusCode,
    ).toBe(200);
    const home = (await call('POST', '/users/dashboard', { country: 'FR' })).json().data;
    const loved = home.rails.find((r: { id: string }) => r.id === 'loved-t-premium');
    expect(loved?.title).toBe('Because you loved Premium Heist');
    for (const rail of home.rails)
      expect(rail.items.map((i: { id: string }) => i.id)).not.toContain('t-fr-only');
    expect((await call('GET', '/titles/t-premium')).json().data.myRating).toBe('love');
    const list = (await call('GET', '/ratings')).json().data.ratings;
    expect(list).toEqual([
      { titleId: 't-fr-only', rating: 'not-for-me' },
      { titleId: 't-premium', rating: 'love' },
    ]);
    // Per profile: the kids profile has rated nothing.
    expect((await call('GET', '/ratings', undefined, kidsToken)).json().data.ratings).toEqual([]);
    expect(
      (await call('PUT', '/titles/t-premium/rating', { rating: null })).json().data.rating,
    ).toBeNull();
  });

  test('a kids profile cannot rate a title above its ceiling', async () => {
    expect(
      (await call('PUT', '/titles/t-old/rating', { rating: 'like' }, kidsToken)).statusCode,
    ).toBe(403);
  });
});

describe('locks', () => {
  test('leaving the kids profile needs the account password', async () => {
    const noPassword = await call('POST', `/profiles/${owner.user.id}/select`, {}, kidsToken);
    expect(noPassword.statusCode).toBe(403);
    expect(noPassword.json().message).toMatch(/account password/);
    const wrong = await call(
      'POST',
      `/profiles/${owner.user.id}/select`,
      { password: 'nope' },
      kidsToken,
    );
    expect(wrong.statusCode).toBe(403);
    // ...and a kids device cannot manage the household.
    expect(
      (await call('POST', '/profiles', { name: 'X', password: owner.password }, kidsToken))
        .statusCode,
    ).toBe(403);
    expect(
      (
        await call(
          'PATCH',
          `/profiles/${kidsId}`,
          { maturity: 'all', password: owner.password },
          kidsToken,
        )
      ).statusCode,
    ).toBe(403);
  });

  test('a PIN-locked profile asks for its PIN, and five wrong PINs lock it', async () => {
    const created = await call('POST', '/profiles', { name: 'Private', password: owner.password });
    const id = created.json().data.id as string;
    const bad = await call('PUT', `/profiles/${id}/pin`, { pin: '12a4', password: owner.password });
    expect(bad.statusCode).toBe(400);
    const locked = await call('PUT', `/profiles/${id}/pin`, {
      pin: '2468',
      password: owner.password,
    });
    expect(locked.json().data.locked).toBe(true);
    const device = await signIn();
    expect((await call('POST', `/profiles/${id}/select`, {}, device)).statusCode).toBe(403);
    expect((await call('POST', `/profiles/${id}/select`, { pin: '2468' }, device)).statusCode).toBe(
      200,
    );
    const other = await signIn();
    for (let i = 1; i <= 4; i++) {
      const res = await call('POST', `/profiles/${id}/select`, { pin: '0000' }, other);
      expect(res.statusCode).toBe(403);
      expect(res.json().message).toContain(`${5 - i} ${5 - i === 1 ? 'try' : 'tries'} left`);
    }
    const fifth = await call('POST', `/profiles/${id}/select`, { pin: '0000' }, other);
    expect(fifth.statusCode).toBe(429);
    // Locked now: even the right PIN waits.
    const right = await call('POST', `/profiles/${id}/select`, { pin: '2468' }, other);
    expect(right.statusCode).toBe(429);
    expect(right.headers['retry-after']).toBeDefined();
  });

  test('deleting a profile takes its data and signs out the devices watching as it', async () => {
    const res = await call('POST', `/profiles/${kidsId}/delete`, { password: owner.password });
    expect(res.statusCode).toBe(200);
    expect((await call('GET', '/profiles', undefined, kidsToken)).statusCode).toBe(401);
    const rows = await t.app.ctx.db
      .selectFrom('favourites')
      .select('title_id')
      .where('profile_id', '=', kidsId)
      .execute();
    expect(rows).toEqual([]);
    expect(
      (await call('POST', `/profiles/${owner.user.id}/delete`, { password: owner.password }))
        .statusCode,
    ).toBe(400);
  });
});
