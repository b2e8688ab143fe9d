import { tmpdir } from 'node:os';
import { resolveConfig } from '../../../config';
import { buildTestApp, registerUser, useTestApp } from '../../../test/test-app';
import { billingHelpers, WEBHOOK_SECRET } from '../../../test/billing-helpers';
import { onPostgres } from '../../../test/test-database';

const TOKEN = 'a-metrics-token-long-enough';
const t = useTestApp({ metricsToken: TOKEN, stripeWebhookSecret: WEBHOOK_SECRET });
const { card, newKey, checkout } = billingHelpers(() => t.app);

const metrics = (over: { remoteAddress?: string; headers?: Record<string, string> } = {}) =>
  t.app.inject({ url: '/metrics', ...over });
/** One sample's value, or undefined when the series is absent. */
function sample(text: string, series: string): number | undefined {
  const line = text.split('\n').find((l) => l.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
}

describe('GET /metrics: Prometheus text format', () => {
  test('requests per route pattern, method and status; latency histogram; process metrics', async () => {
    await t.app.inject({ url: '/v1/titles/t-free' });
    await t.app.inject({ url: '/v1/titles/t-free' });
    await t.app.inject({ url: '/v1/titles/no-such-title' });
    await t.app.inject({ url: '/v1/no/such/path/12345' });
    const res = await metrics();
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/plain; version=0.0.4; charset=utf-8');
    expect(res.headers['cache-control']).toBe('no-store');
    const text = res.body;
    expect(text).toContain('# TYPE streamflix_http_requests_total counter');
    const titles = 'method="GET",route="/v1/titles/:movieId"';
    expect(sample(text, `streamflix_http_requests_total{${titles},status_code="200"}`)).toBe(2);
    expect(sample(text, `streamflix_http_requests_total{${titles},status_code="404"}`)).toBe(1);
    // The pattern, never the URL: a path nobody routes is one series whatever was asked.
    expect(
      sample(
        text,
        'streamflix_http_requests_total{method="GET",route="unmatched",status_code="404"}',
      ),
    ).toBe(1);
    expect(text).not.toContain('no-such-title');
    expect(text).not.toContain('12345');
    expect(text).toContain('# TYPE streamflix_http_request_duration_seconds histogram');
    expect(
      sample(text, `streamflix_http_request_duration_seconds_count{${titles}}`),
    ).toBeGreaterThanOrEqual(3);
    expect(text).toMatch(
      /streamflix_http_request_duration_seconds_bucket\{le="0\.005",method="GET",route="\/v1\/titles\/:movieId"\} \d+/,
    );
    expect(text).toContain('process_cpu_user_seconds_total');
    expect(text).toContain('nodejs_eventloop_lag_seconds');
    expect(text).toMatch(
      /streamflix_build_info\{version="[^"]+",contract="[^"]+",dialect="(sqlite|postgres)"\} 1/,
    );
  });

  test('open notification streams are counted when scraped', async () => {
    const before = sample((await metrics()).body, 'streamflix_notification_streams_open');
    expect(before).toBe(0);
    const leave = t.app.push.subscribe('someone', () => undefined);
    try {
      expect(sample((await metrics()).body, 'streamflix_notification_streams_open')).toBe(1);
    } finally {
      leave();
    }
  });

  test('payments by outcome: requires_action, then succeeded; failed', async () => {
    const zero = (await metrics()).body;
    for (const outcome of ['succeeded', 'failed', 'requires_action'])
      expect(sample(zero, `streamflix_payments_total{outcome="${outcome}"}`)).toBe(0);

    const sca = await registerUser(t.app);
    const challenged = await checkout(sca, {
      planId: 'premium-monthly',
      card: card('4000 0025 0000 3155'),
      idempotencyKey: newKey(),
    });
    expect(challenged.json().data.nextAction).toBeTruthy();
    const declined = await checkout(await registerUser(t.app), {
      planId: 'basic-monthly',
      card: card('4000000000000002'),
      idempotencyKey: newKey(),
    });
    expect(declined.statusCode).toBe(402);
    const paid = await checkout(await registerUser(t.app), {
      planId: 'basic-monthly',
      card: card('4242424242424242'),
      idempotencyKey: newKey(),
    });
    expect(paid.statusCode).toBe(200);

    const text = (await metrics()).body;
    expect(sample(text, 'streamflix_payments_total{outcome="requires_action"}')).toBe(1);
    expect(sample(text, 'streamflix_payments_total{outcome="failed"}')).toBe(1);
    expect(sample(text, 'streamflix_payments_total{outcome="succeeded"}')).toBe(1);
  });

  test('the database pool is reported on PostgreSQL only', async () => {
    await t.app.inject({ url: '/v1/genres' });
    const text = (await metrics()).body;
    if (onPostgres()) {
      expect(sample(text, 'streamflix_db_pool_max_connections')).toBe(10);
      expect(text).toMatch(/streamflix_db_pool_connections\{state="idle"\} \d+/);
      expect(text).toMatch(/streamflix_db_pool_connections\{state="active"\} \d+/);
      expect(sample(text, 'streamflix_db_pool_waiting_queries')).toBe(0);
    } else {
      expect(text).not.toContain('streamflix_db_pool');
    }
  });
});

describe('who may read /metrics', () => {
  test('this machine, over IPv4 and IPv6', async () => {
    expect((await metrics({ remoteAddress: '127.0.0.1' })).statusCode).toBe(200);
    expect((await metrics({ remoteAddress: '::1' })).statusCode).toBe(200);
  });

  test('anyone else only with the token: 403 without it or with a wrong one', async () => {
    const remote = { remoteAddress: '203.0.113.7' };
    expect((await metrics(remote)).statusCode).toBe(403);
    const wrong = await metrics({ ...remote, headers: { authorization: `Bearer ${TOKEN}x` } });
    expect(wrong.statusCode).toBe(403);
    expect(wrong.body).not.toContain('streamflix_');
    const right = await metrics({ ...remote, headers: { authorization: `Bearer ${TOKEN}` } });
    expect(right.statusCode).toBe(200);
    expect(right.body).toContain('streamflix_http_requests_total');
  });

  test('a request relayed by a proxy on this machine is not local', async () => {
    const relayed = await metrics({
      remoteAddress: '127.0.0.1',
      headers: { 'x-forwarded-for': '198.51.100.4' },
    });
    expect(relayed.statusCode).toBe(403);
  });

  test('without METRICS_TOKEN the endpoint does not exist for other machines', async () => {
    const own = await buildTestApp();
    try {
      const res = await own.app.inject({
        url: '/metrics',
        remoteAddress: '203.0.113.7',
        headers: { authorization: `Bearer ${TOKEN}` },
      });
      expect(res.statusCode).toBe(404);
      expect((await own.app.inject({ url: '/metrics' })).statusCode).toBe(200);
    } finally {
      await own.close();
    }
  });

  test('a short METRICS_TOKEN is refused at start', () => {
    expect(() =>
      resolveConfig({ dataDir: tmpdir(), development: true, metricsToken: 'short' }),
    ).toThrow(/METRICS_TOKEN must be at least 16 characters/);
  });
});

describe('rate-limit refusals per limiter', () => {
  test('a 429 counts under the limiter that refused', async () => {
    const own = await buildTestApp({ rateLimit: { publicWrites: 1 } });
    try {
      const report = () =>
        own.app.inject({
          method: 'POST',
          url: '/v1/cms/marketing',
          payload: { type: 'newsletter', email: 'someone@example.com' },
          remoteAddress: '198.51.100.9',
        });
      expect((await report()).statusCode).not.toBe(429);
      expect((await report()).statusCode).toBe(429);
      expect((await report()).statusCode).toBe(429);
      const text = (await own.app.inject({ url: '/metrics' })).body;
      expect(sample(text, 'streamflix_rate_limited_total{limiter="public-writes"}')).toBe(2);
    } finally {
      await own.close();
    }
  });
});
