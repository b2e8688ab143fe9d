import { bearer, registerUser, useTestApp } from '../../../test/test-app';

const t = useTestApp();

const play = (url: string, access?: string) =>
  t.app.inject({ url: `/v1/playback/${url}`, headers: access ? bearer(access) : {} });
const logProgress = (access: string, titleId: string, payload: object) =>
  t.app.inject({
    method: 'POST',
    url: `/v1/titles/createLog/${titleId}`,
    headers: bearer(access),
    payload,
  });

test('a free movie plays for a guest: the HLS master, artwork, no episode and no resume point', async () => {
  const res = await play('t-free');
  expect(res.statusCode).toBe(200);
  const data = res.json().data;
  expect(data).toMatchObject({
    titleId: 't-free',
    type: 'movie',
    episode: null,
    premium: false,
    resumePosition: 0,
    nextEpisode: null,
    markers: { introStart: null, introEnd: null, creditsStart: null },
  });
  // Signed for this title, with no lease: a guest takes no screen (lib/media-urls.ts).
  expect(data.stream.url).toMatch(/\/media\/s\/\d+\.-\.[\w-]{43}\/t-free\/clip-a\/master\.m3u8$/);
  expect(data.stream.mimeType).toBe('application/vnd.apple.mpegurl');
  expect(data.posterUrl).toMatch(/\/artwork\/t-free\/poster\.svg$/);
  // The fake media carries one English WebVTT track next to the playlist.
  expect(data.subtitles).toEqual([
    expect.objectContaining({ language: 'en', url: expect.stringMatching(/\.vtt$/) }),
  ]);
});

test('premium titles need a signed-in viewer (401) with a subscription (403 subscription_required)', async () => {
  const guest = await play('t-premium');
  expect(guest.statusCode).toBe(401);
  expect(guest.json().status).toBe(false);
  const u = await registerUser(t.app);
  const free = await play('t-premium', u.tokens.access);
  expect(free.statusCode).toBe(403);
  expect(free.json().errors).toEqual({ entitlement: 'subscription_required' });
});

test('a title not streamable in the country is a 403 not_available_in_country, and plays where it is', async () => {
  const us = await play('t-fr-only?country=US');
  expect(us.statusCode).toBe(403);
  expect(us.json().errors).toEqual({ entitlement: 'not_available_in_country' });
  expect((await play('t-fr-only?country=fr')).statusCode).toBe(200);
  const french = await registerUser(t.app, { country: 'FR' });
  expect((await play('t-fr-only', french.tokens.access)).statusCode).toBe(200);
});

test('unknown titles and episodes are 404s; a movie with an episode is a 400', async () => {
  expect((await play('t-nope')).statusCode).toBe(404);
  expect((await play('t-series?episodeId=e-series-premium-1-1')).statusCode).toBe(404);
  const movie = await play('t-free?episodeId=e-series-1-1');
  expect(movie.statusCode).toBe(400);
  expect(movie.json().errors).toEqual({ episodeId: 'must be empty for movies' });
});

test('a series starts at its first episode, with markers and the next episode', async () => {
  const data = (await play('t-series')).json().data;
  expect(data.episode).toMatchObject({ id: 'e-series-1-1', seasonNumber: 1, number: 1 });
  expect(data.markers).toEqual({ introStart: 5, introEnd: 20, creditsStart: 2500 });
  expect(data.nextEpisode).toMatchObject({ id: 'e-series-1-2' });
  const last = (await play('t-series?episodeId=e-series-2-1')).json().data;
  expect(last.episode.id).toBe('e-series-2-1');
  expect(last.nextEpisode).toBeNull();
});

test('a viewer resumes where they left off, and moves on once an episode is finished', async () => {
  const u = await registerUser(t.app);
  await logProgress(u.tokens.access, 't-series', {
    episodeId: 'e-series-1-2',
    position: 600,
    duration: 2700,
  });
  const resumed = (await play('t-series', u.tokens.access)).json().data;
  expect(resumed.episode.id).toBe('e-series-1-2');
  expect(resumed.resumePosition).toBe(600);

  await logProgress(u.tokens.access, 't-series', {
    episodeId: 'e-series-1-2',
    position: 2600,
    duration: 2700,
  });
  const next = (await play('t-series', u.tokens.access)).json().data;
  expect(next.episode.id).toBe('e-series-2-1');
  expect(next.resumePosition).toBe(0);

  await logProgress(u.tokens.access, 't-free', { position: 120, duration: 3000 });
  expect((await play('t-free', u.tokens.access)).json().data.resumePosition).toBe(120);
  // Someone else's progress is not theirs to resume.
  const other = await registerUser(t.app);
  expect((await play('t-free', other.tokens.access)).json().data.resumePosition).toBe(0);
});

test('userId in the query may only name the caller', async () => {
  const u = await registerUser(t.app);
  const res = await play('t-free?userId=someone-else', u.tokens.access);
  expect(res.statusCode).toBe(403);
  expect((await play(`t-free?userId=${u.user.id}`, u.tokens.access)).statusCode).toBe(200);
});

test('chapters: the session points at WebVTT chapters per title and per episode', async () => {
  const movie = (await play('t-free')).json().data;
  expect(movie.chapters).toMatch(/\/v1\/playback\/t-free\/chapters\.vtt$/);
  const res = await t.app.inject({ url: new URL(movie.chapters).pathname });
  expect(res.body).toMatch(/^WEBVTT/);
  expect(res.statusCode).toBe(200);
  expect(res.headers['content-type']).toMatch(/^text\/vtt/);
  expect(res.body).toMatch(/^WEBVTT\n\nchapter-1\n00:00:00\.000 --> /);

  const episode = (await play('t-series')).json().data;
  expect(episode.chapters).toMatch(/\/t-series\/chapters\.vtt\?episodeId=e-series-1-1$/);
  const vtt = (
    await t.app.inject({ url: `/v1/playback/t-series/chapters.vtt?episodeId=e-series-1-1` })
  ).body;
  expect(vtt).toContain('00:00:05.000 --> 00:00:20.000\nOpening Titles');
  expect((await t.app.inject({ url: '/v1/playback/t-series/chapters.vtt' })).statusCode).toBe(400);
  expect((await t.app.inject({ url: '/v1/playback/t-nope/chapters.vtt' })).statusCode).toBe(404);
});
