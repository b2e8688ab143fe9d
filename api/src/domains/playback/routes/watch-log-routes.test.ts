import { bearer, registerUser, useTestApp } from '../../../test/test-app';

const t = useTestApp();

const ids = (list: Array<{ id: string }>) => list.map((x) => x.id);

describe('watch logs and continue watching', () => {
  test('movies and series appear; finished episodes point at the next; finished titles leave', async () => {
    const u = await registerUser(t.app);
    const log = (id: string, payload: object) =>
      t.app.inject({
        method: 'POST',
        url: `/v1/titles/createLog/${id}`,
        headers: bearer(u.tokens.access),
        payload,
      });
    expect(
      (await log('t-free', { position: 1200, duration: 6000 })).json().data.progress,
    ).toMatchObject({ percent: 20, completed: false });
    const done = await log('t-series', {
      episodeId: 'e-series-1-2',
      position: 2690,
      duration: 2700,
    });
    expect(done.json().data).toMatchObject({
      progress: { completed: true },
      nextEpisode: { id: 'e-series-2-1', seasonNumber: 2 },
    });

    const dash = async () =>
      (
        await t.app.inject({
          method: 'POST',
          url: '/v1/users/dashboard',
          headers: bearer(u.tokens.access),
          payload: {},
        })
      ).json().data;
    let d = await dash();
    expect(ids(d.continueWatching.movies)).toEqual(['t-free']);
    expect(d.continueWatching.series[0]).toMatchObject({
      id: 't-series',
      episode: { id: 'e-series-2-1' },
    });
    // One row only: continue watching is not repeated among the rails.
    expect(d.rails.filter((r: { title: string }) => /continue watching/i.test(r.title))).toEqual(
      [],
    );

    await log('t-free', { position: 5990, duration: 6000 });
    await log('t-series', {
      episodeId: 'e-series-2-1',
      position: 10,
      duration: 2700,
      completed: true,
    });
    d = await dash();
    expect(d.continueWatching).toEqual({ movies: [], series: [] });
    expect(d.rails.find((r: { id: string }) => r.id === 'continue-watching')).toBeUndefined();
  });

  test('bad watch logs are 4xx', async () => {
    const u = await registerUser(t.app);
    const log = (id: string, payload: object, token = u.tokens.access) =>
      t.app.inject({
        method: 'POST',
        url: `/v1/titles/createLog/${id}`,
        headers: bearer(token),
        payload,
      });
    expect((await log('t-series', { position: 1, duration: 10 })).statusCode).toBe(400);
    expect(
      (await log('t-series', { episodeId: 'e-series-premium-1-1', position: 1, duration: 10 }))
        .statusCode,
    ).toBe(404);
    expect((await log('t-free', { position: -1, duration: 10 })).statusCode).toBe(400);
    expect((await log('t-free', { position: 'x', duration: 10 })).statusCode).toBe(400);
    expect((await log('nope', { position: 1, duration: 10 })).statusCode).toBe(404);
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: '/v1/titles/createLog/t-free',
          payload: { position: 1, duration: 10 },
        })
      ).statusCode,
    ).toBe(401);
  });
});
