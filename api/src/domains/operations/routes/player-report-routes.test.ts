import { bearer, buildTestApp, registerUser, useTestApp } from '../../../test/test-app';

const t = useTestApp();

let clients = 0;
/** Each test reports from an address of its own, so the per-client limit is the test's alone. */
const reporter = (app = () => t.app) => {
  const remoteAddress = `198.51.100.${++clients}`;
  return (payload: unknown, headers: Record<string, string> = {}) =>
    app().inject({
      method: 'POST',
      url: '/v1/playback/reports',
      payload: payload as object,
      headers,
      remoteAddress,
    });
};
const scrape = async (app = t.app) => (await app.inject({ url: '/metrics' })).body;
function sample(text: string, series: string): number | undefined {
  const line = text.split('\n').find((l) => l.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
}

describe('POST /v1/playback/reports: validated strictly', () => {
  const report = reporter();
  test.each([
    ['no title', { startup: { seconds: 1, height: 720 } }, 'titleId'],
    ['a field the API does not know', { titleId: 't-free', bitrate: 5 }, 'bitrate'],
    [
      'an unknown field inside an event',
      { titleId: 't-free', startup: { seconds: 1, height: 720, url: 'x' } },
      'startup.url',
    ],
    [
      'a negative start-up time',
      { titleId: 't-free', startup: { seconds: -1, height: 720 } },
      null,
    ],
    ['a height past 8K', { titleId: 't-free', stalls: [{ seconds: 1, height: 10_000 }] }, null],
    [
      'an error kind the player does not have',
      { titleId: 't-free', errors: [{ kind: 'cosmic-ray', fatal: true, height: 0 }] },
      null,
    ],
    [
      'more stalls than one report holds',
      {
        titleId: 't-free',
        stalls: Array.from({ length: 21 }, () => ({ seconds: 1, height: 360 })),
      },
      null,
    ],
    ['a message of its own', { titleId: 't-free', message: 'hello' }, 'message'],
  ])('%s: 400', async (_name, payload, field) => {
    const res = await report(payload);
    expect(res.statusCode).toBe(400);
    if (field) expect(Object.keys(res.json().errors ?? {})).toContain(field);
  });

  test('a title the catalogue does not have: 404, and no series for it', async () => {
    const res = await report({ titleId: 'made-up-title', startup: { seconds: 1, height: 720 } });
    expect(res.statusCode).toBe(404);
    expect(await scrape()).not.toContain('made-up-title');
  });
});

describe('reports become metrics per title and rendition', () => {
  test("a guest's session: first frame, stalls, a switch, an error, then what was watched", async () => {
    const report = reporter();
    const first = await report({ titleId: 't-free', startup: { seconds: 0.8, height: 360 } });
    expect(first.statusCode).toBe(202);
    expect(first.json()).toEqual({ status: true, message: 'Thanks.', data: { recorded: 1 } });
    const rest = await report({
      titleId: 't-free',
      stalls: [
        { seconds: 1.5, height: 714 },
        { seconds: 0.5, height: 720 },
      ],
      switches: [
        { fromHeight: 360, toHeight: 720 },
        { fromHeight: 720, toHeight: 360 },
      ],
      errors: [{ kind: 'network', fatal: false, height: 720 }],
      watched: [
        { seconds: 30, height: 360 },
        { seconds: 90, height: 720 },
      ],
    });
    expect(rest.json().data).toEqual({ recorded: 7 });

    const text = await scrape();
    const free = 'title="t-free"';
    expect(sample(text, `streamflix_player_startup_seconds_count{${free},rendition="360p"}`)).toBe(
      1,
    );
    expect(
      sample(text, `streamflix_player_startup_seconds_bucket{le="1",${free},rendition="360p"}`),
    ).toBe(1);
    expect(
      sample(text, `streamflix_player_startup_seconds_bucket{le="0.5",${free},rendition="360p"}`),
    ).toBe(0);
    // 714 is encoder rounding of 720: the same rung.
    expect(sample(text, `streamflix_player_stalls_total{${free},rendition="720p"}`)).toBe(2);
    expect(sample(text, `streamflix_player_stall_seconds_total{${free},rendition="720p"}`)).toBe(2);
    expect(sample(text, 'streamflix_player_stall_duration_seconds_count{rendition="720p"}')).toBe(
      2,
    );
    expect(
      sample(
        text,
        `streamflix_player_rendition_switches_total{${free},direction="up",rendition="720p"}`,
      ),
    ).toBe(1);
    expect(
      sample(
        text,
        `streamflix_player_rendition_switches_total{${free},direction="down",rendition="360p"}`,
      ),
    ).toBe(1);
    expect(
      sample(text, `streamflix_player_errors_total{${free},kind="network",fatal="false"}`),
    ).toBe(1);
    expect(sample(text, `streamflix_player_watch_seconds_total{${free},rendition="720p"}`)).toBe(
      90,
    );
  });

  test('a signed-in viewer may report too, and a stale token costs no report', async () => {
    const report = reporter();
    const viewer = await registerUser(t.app);
    const body = { titleId: 't-premium', errors: [{ kind: 'decode', fatal: true, height: 0 }] };
    expect((await report(body, bearer(viewer.tokens.access))).statusCode).toBe(202);
    expect((await report(body, bearer('not-a-token'))).statusCode).toBe(202);
    expect(
      sample(
        await scrape(),
        'streamflix_player_errors_total{title="t-premium",kind="decode",fatal="true"}',
      ),
    ).toBe(2);
  });

  test('past the per-client limit: 429 with Retry-After, counted under player-reports', async () => {
    const report = reporter();
    const body = { titleId: 't-free', watched: [{ seconds: 1, height: 360 }] };
    for (let i = 0; i < 120; i += 1) expect((await report(body)).statusCode).toBe(202);
    const refused = await report(body);
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    // Another client is not affected.
    expect((await reporter()(body)).statusCode).toBe(202);
    expect(sample(await scrape(), 'streamflix_rate_limited_total{limiter="player-reports"}')).toBe(
      1,
    );
  });
});

test('past PLAYER_METRICS_MAX_TITLES titles, further titles share title="other"', async () => {
  const own = await buildTestApp({ playerMetricsMaxTitles: 1 });
  try {
    const report = reporter(() => own.app);
    for (const titleId of ['t-free', 't-premium', 't-series'])
      expect((await report({ titleId, startup: { seconds: 2, height: 720 } })).statusCode).toBe(
        202,
      );
    const text = await scrape(own.app);
    const count = (title: string) =>
      sample(text, `streamflix_player_startup_seconds_count{title="${title}",rendition="720p"}`);
    expect(count('t-free')).toBe(1);
    expect(count('other')).toBe(2);
    expect(text).not.toContain('t-premium');
  } finally {
    await own.close();
  }
});
