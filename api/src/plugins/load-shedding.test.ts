import { tmpdir } from 'node:os';
import { optionsFromEnv, resolveConfig } from '../config';
import { useTestApp } from '../test/test-app';

// A tiny threshold sampled often: one blocked second is far past it, whatever else the machine does.
const t = useTestApp({
  pressure: { maxEventLoopDelayMs: 30, sampleIntervalMs: 250, retryAfterSeconds: 7 },
});

function blockEventLoop(ms: number): void {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    // A synchronous stretch, as a runaway computation would be.
  }
}

/** The sampler runs on a timer: let the first timer phase after the block go by. */
const nextTimers = () => new Promise((resolve) => setTimeout(resolve, 0));

test('a stalled event loop: 503 with Retry-After at once; probes and metrics still answer', async () => {
  expect((await t.app.inject({ url: '/v1/genres' })).statusCode).toBe(200);
  blockEventLoop(1500);
  await nextTimers();
  expect(t.app.isUnderPressure()).toBe(true);

  const shed = await t.app.inject({ url: '/v1/genres' });
  expect(shed.statusCode).toBe(503);
  expect(shed.headers['retry-after']).toBe('7');
  expect(shed.json()).toEqual({ status: false, message: expect.stringMatching(/busy/) });
  // A liveness probe failing now would have a busy instance restarted; the metrics matter most now.
  expect((await t.app.inject({ url: '/v1/health' })).statusCode).toBe(200);
  const metrics = await t.app.inject({ url: '/metrics' });
  expect(metrics.statusCode).toBe(200);
  expect(metrics.body).toMatch(/streamflix_http_shed_total\{reason="eventLoopDelay"\} [1-9]/);
  expect(metrics.body).toContain(
    'streamflix_http_requests_total{method="GET",route="/v1/genres",status_code="503"} 1',
  );
});

describe('PRESSURE_* variables', () => {
  const dataDir = tmpdir();
  const pressure = (env: NodeJS.ProcessEnv) =>
    resolveConfig({ ...optionsFromEnv({ NODE_ENV: 'development', ...env }, dataDir) }).pressure;

  test('defaults: a mean event-loop delay over 1 s sheds; the other signals are off', () => {
    expect(pressure({})).toEqual({
      maxEventLoopDelayMs: 1000,
      maxEventLoopUtilization: 0,
      maxHeapUsedBytes: 0,
      maxRssBytes: 0,
      retryAfterSeconds: 5,
      sampleIntervalMs: 1000,
    });
  });

  test('each is read over the defaults; memory in MB; 0 turns a signal off', () => {
    expect(
      pressure({
        PRESSURE_MAX_EVENT_LOOP_DELAY_MS: '0',
        PRESSURE_MAX_EVENT_LOOP_UTILIZATION: '0.95',
        PRESSURE_MAX_HEAP_MB: '1500',
        PRESSURE_MAX_RSS_MB: '2048',
        PRESSURE_RETRY_AFTER_SECONDS: '10',
      }),
    ).toMatchObject({
      maxEventLoopDelayMs: 0,
      maxEventLoopUtilization: 0.95,
      maxHeapUsedBytes: 1500 * 1024 * 1024,
      maxRssBytes: 2048 * 1024 * 1024,
      retryAfterSeconds: 10,
    });
    expect(() => pressure({ PRESSURE_MAX_RSS_MB: '-1' })).toThrow(/at least 0/);
  });
});
