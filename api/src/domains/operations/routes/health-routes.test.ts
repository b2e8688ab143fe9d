import { sql } from 'kysely';
import { buildTestApp, useTestApp } from '../../../test/test-app';
import { API_VERSION } from '../../../app';

const t = useTestApp();

const scrape = async () => (await t.app.inject({ url: '/metrics' })).body;

describe('GET /v1/health', () => {
  test('the process answers: ok, its uptime, version and contract, not cached', async () => {
    const res = await t.app.inject({ url: '/v1/health' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const { data } = res.json();
    expect(data).toEqual({
      status: 'ok',
      uptimeSeconds: expect.any(Number),
      version: expect.stringMatching(/^\d+\.\d+\.\d+/),
      contract: API_VERSION,
    });
    expect(data.uptimeSeconds).toBeGreaterThanOrEqual(0);
  });

  test('probes stay out of the request metrics', async () => {
    await t.app.inject({ url: '/v1/health' });
    await t.app.inject({ url: '/v1/ready' });
    const text = await scrape();
    expect(text).toContain('streamflix_http_requests_total');
    expect(text).not.toMatch(/route="\/v1\/(health|ready)"/);
    expect(text).not.toMatch(/route="\/metrics"/);
  });
});

describe('GET /v1/ready', () => {
  test('ready: the database answers, every migration is applied, media is there', async () => {
    const res = await t.app.inject({ url: '/v1/ready' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      status: true,
      data: {
        status: 'ready',
        notReady: [],
        checks: {
          database: { ok: true },
          migrations: { ok: true, detail: 'all applied' },
          media: { ok: true },
        },
      },
    });
  });

  test('media still being generated: 503 with Retry-After, naming media', async () => {
    t.app.media.status = 'generating';
    try {
      const res = await t.app.inject({ url: '/v1/ready' });
      expect(res.statusCode).toBe(503);
      expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
      expect(res.json()).toMatchObject({
        status: false,
        message: 'Not ready: media.',
        data: {
          status: 'not_ready',
          notReady: ['media'],
          checks: { database: { ok: true }, media: { ok: false, detail: 'being generated' } },
        },
      });
      // Liveness does not depend on it.
      expect((await t.app.inject({ url: '/v1/health' })).statusCode).toBe(200);
    } finally {
      t.app.media.status = 'ready';
    }
    t.app.media.status = 'failed';
    try {
      const res = await t.app.inject({ url: '/v1/ready' });
      expect(res.statusCode).toBe(503);
      expect(res.json().data.checks.media).toEqual({
        ok: false,
        detail: 'generation failed (see the log)',
      });
    } finally {
      t.app.media.status = 'ready';
    }
  });

  test('a migration this build knows but the database lacks: 503 naming it', async () => {
    const db = t.app.ctx.db;
    const row = await sql<{
      name: string;
      timestamp: string;
    }>`select name, timestamp from kysely_migration order by name desc limit 1`.execute(db);
    const latest = row.rows[0]!;
    await sql`delete from kysely_migration where name = ${latest.name}`.execute(db);
    try {
      const res = await t.app.inject({ url: '/v1/ready' });
      expect(res.statusCode).toBe(503);
      expect(res.json().data).toMatchObject({
        notReady: ['migrations'],
        checks: { migrations: { ok: false, detail: `pending: ${latest.name}` } },
      });
    } finally {
      await sql`insert into kysely_migration (name, timestamp) values (${latest.name}, ${latest.timestamp})`.execute(
        db,
      );
    }
    expect((await t.app.inject({ url: '/v1/ready' })).statusCode).toBe(200);
  });

  test('the database gone: 503 naming the database, without its error', async () => {
    const own = await buildTestApp();
    try {
      await own.app.ctx.db.destroy();
      const res = await own.app.inject({ url: '/v1/ready' });
      expect(res.statusCode).toBe(503);
      expect(res.headers['retry-after']).toBeDefined();
      const { data } = res.json();
      expect(data.notReady).toEqual(['database', 'migrations']);
      expect(data.checks.database).toEqual({ ok: false, detail: 'unreachable' });
      // The process itself still answers.
      expect((await own.app.inject({ url: '/v1/health' })).statusCode).toBe(200);
    } finally {
      await own.close();
    }
  });
});
