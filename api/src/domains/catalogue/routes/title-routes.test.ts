import { bearer, registerUser, useTestApp } from '../../../test/test-app';

const t = useTestApp();

const ids = (list: Array<{ id: string }>) => list.map((x) => x.id);

describe('title detail', () => {
  test('a movie', async () => {
    const res = await t.app.inject('/v1/titles/t-premium?country=US');
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({
      id: 't-premium',
      type: 'movie',
      premium: true,
      seasons: [],
      inMyList: false,
      resume: null,
      availableInYourCountry: true,
      cast: [{ name: 'Ada Lovelace', character: 'Lead' }],
      trailer: {
        url: expect.stringMatching(/\/media\/s\/[^/]+\/t-premium\/trailer-a\/master\.m3u8$/),
        ready: true,
      },
    });
    expect(ids(res.json().data.similar)).toEqual(['t-free']);
  });

  test('a series with seasons, episodes and per-episode progress', async () => {
    const u = await registerUser(t.app);
    await t.app.inject({
      method: 'POST',
      url: '/v1/titles/createLog/t-series',
      headers: bearer(u.tokens.access),
      payload: { episodeId: 'e-series-1-1', seasonId: 's-series-1', position: 600, duration: 2700 },
    });
    const data = (
      await t.app.inject({
        url: '/v1/titles/t-series?country=US',
        headers: bearer(u.tokens.access),
      })
    ).json().data;
    expect(
      data.seasons.map((s: { number: number; episodes: unknown[] }) => [
        s.number,
        s.episodes.length,
      ]),
    ).toEqual([
      [1, 2],
      [2, 1],
    ]);
    expect(data.seasons[0].episodes[0]).toMatchObject({
      id: 'e-series-1-1',
      hasIntro: true,
      progress: { position: 600, percent: 22.2 },
    });
    expect(data.seasons[0].episodes[1].progress).toBeNull();
    expect(data.resume).toMatchObject({ episodeId: 'e-series-1-1', position: 600 });
    expect(data.nextEpisode).toMatchObject({ id: 'e-series-1-1' });
  });

  test('a title not streamable in the country is described but flagged', async () => {
    const res = await t.app.inject('/v1/titles/t-fr-only?country=US');
    expect(res.statusCode).toBe(200);
    expect(res.json().data.availableInYourCountry).toBe(false);
    expect(
      (await t.app.inject('/v1/titles/t-fr-only?country=FR')).json().data.availableInYourCountry,
    ).toBe(true);
  });

  test('unknown id is a 404 envelope', async () => {
    const res = await t.app.inject("/v1/titles/'%20OR%201=1");
    expect(res.statusCode).toBe(404);
    expect(res.json().status).toBe(false);
  });
});
