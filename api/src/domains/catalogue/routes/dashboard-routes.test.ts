import { bearer, registerUser, useTestApp } from '../../../test/test-app';

const t = useTestApp();

const ids = (list: Array<{ id: string }>) => list.map((x) => x.id);

describe('dashboard', () => {
  test('guests send a country and get hero, rails and categories', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/v1/users/dashboard',
      payload: { country: 'US' },
    });
    const data = res.json().data;
    expect(data).toMatchObject({
      country: 'US',
      personalised: false,
      hero: { id: 't-free', synopsis: expect.any(String) },
    });
    const railIds = data.rails.map((r: { id: string }) => r.id);
    expect(railIds).toEqual(
      expect.arrayContaining(['trending', 'new-releases', 'top-rated', 'series']),
    );
    expect(data.rails.flatMap((r: { items: Array<{ id: string }> }) => ids(r.items))).not.toContain(
      't-fr-only',
    );
    expect(data.categories.length).toBe(7);
  });

  test('signed-in viewers get rails for their genres and My List', async () => {
    const u = await registerUser(t.app);
    await t.app.inject({
      method: 'PUT',
      url: `/v1/users/uploadGenre/${u.user.id}`,
      headers: bearer(u.tokens.access),
      payload: { genres: ['comedy'] },
    });
    await t.app.inject({
      method: 'POST',
      url: `/v1/users/favourite/${u.user.id}`,
      headers: bearer(u.tokens.access),
      payload: { titleId: 't-old' },
    });
    const data = (
      await t.app.inject({
        method: 'POST',
        url: '/v1/users/dashboard',
        headers: bearer(u.tokens.access),
        payload: { userId: u.user.id },
      })
    ).json().data;
    expect(data.personalised).toBe(true);
    expect(data.rails.find((r: { id: string }) => r.id === 'genre-comedy')).toMatchObject({
      title: 'Because you like Comedy',
    });
    expect(ids(data.rails.find((r: { id: string }) => r.id === 'my-list').items)).toEqual([
      't-old',
    ]);
    expect(data.hero.id).toBe('t-series-premium');
  });

  test('guests who picked genres on /interest get "Because you like" rails for them', async () => {
    const data = (
      await t.app.inject({
        method: 'POST',
        url: '/v1/users/dashboard',
        payload: { country: 'US', genres: ['g-comedy'] },
      })
    ).json().data;
    expect(data.personalised).toBe(true);
    expect(data.rails.find((r: { id: string }) => r.id === 'genre-comedy')).toMatchObject({
      title: 'Because you like Comedy',
    });
  });

  test('the JSON is compressed for clients that accept it', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/v1/users/dashboard',
      payload: { country: 'US' },
      headers: { 'accept-encoding': 'br, gzip' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    const { brotliDecompressSync } = await import('node:zlib');
    const body = JSON.parse(brotliDecompressSync(res.rawPayload).toString());
    expect(body.data.country).toBe('US');
    expect(res.rawPayload.length).toBeLessThan(JSON.stringify(body).length / 3);
  });

  test('a guest body with a bad country is a 400', async () => {
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: '/v1/users/dashboard',
          payload: { country: 123456 },
        })
      ).statusCode,
    ).toBe(400);
  });
});
