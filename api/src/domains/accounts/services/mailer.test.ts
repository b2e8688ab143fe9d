import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildTestApp, type TestApp } from '../../../test/test-app';
import { createTestDatabase, onPostgres, type TestDatabase } from '../../../test/test-database';
import { Mailer, type MailTransport } from './mailer';

/**
 * The outbox keeps message content (subjects and texts carry sign-up and reset codes) only for the
 * local setup that reads it back, DEV_ROUTES=1; anywhere else it keeps who, what kind, when and how it
 * was delivered, and empties at start what an earlier version or a local run stored. On SQLite and,
 * in the api-pg project, on PostgreSQL.
 */
let dir: string;
let pg: TestDatabase | null = null;
/** One database that several apps open in turn, as restarts of one deployment would. */
let database: { dbFile?: string; databaseUrl?: string };
beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), 'streamflix-outbox-'));
  pg = onPostgres() ? await createTestDatabase() : null;
  database = pg ? { databaseUrl: pg.url } : { dbFile: path.join(dir, 'streamflix.sqlite') };
});
afterAll(async () => {
  await pg?.drop();
  rmSync(dir, { recursive: true, force: true });
});

async function withApp<T>(devRoutes: boolean, fn: (app: FastifyInstance) => Promise<T>) {
  let t: TestApp | undefined;
  try {
    t = await buildTestApp({ ...database, devRoutes });
    return await fn(t.app);
  } finally {
    await t?.close();
  }
}

/** Starts a sign-up for `email`: a sign-up code goes out after the answer. */
async function signUp(app: FastifyInstance, email: string): Promise<void> {
  const res = await app.inject({
    method: 'POST',
    url: '/v1/auth/register',
    payload: { name: 'Ada', email, password: 'correct horse battery staple', country: 'US' },
  });
  expect(res.statusCode).toBe(202);
  await app.ctx.background.settled();
}

const rowsFor = (app: FastifyInstance, email: string) =>
  app.ctx.db.selectFrom('outbox').selectAll().where('to_address', '=', email).execute();

test('outside the local setup a sent email leaves recipient, kind, time and delivery, and no content', async () => {
  await withApp(false, async (app) => {
    await signUp(app, 'deployed@example.com');
    const rows = await rowsFor(app, 'deployed@example.com');
    expect(rows).toEqual([
      {
        id: expect.any(String),
        to_address: 'deployed@example.com',
        kind: 'sign-up-code',
        created_at: expect.any(String),
        delivered_via: 'outbox',
        delivery_status: 'recorded',
        subject: '',
        text_body: '',
      },
    ]);
  });
});

test('with DEV_ROUTES=1 the content is kept and /v1/dev/outbox reads the code back', async () => {
  await withApp(true, async (app) => {
    await signUp(app, 'local@example.com');
    const [row] = await rowsFor(app, 'local@example.com');
    expect(row!.subject).toMatch(/\b\d{6}\b/);
    expect(row!.text_body).toMatch(/\b\d{6}\b/);
    const outbox = await app.inject({ url: '/v1/dev/outbox?email=local%40example.com' });
    expect(outbox.json().data.messages[0]).toMatchObject({
      kind: 'sign-up-code',
      code: expect.stringMatching(/^\d{6}$/),
    });
  });
});

test('starting outside the local setup empties the content stored before, and keeps the rest', async () => {
  await withApp(true, (app) => signUp(app, 'earlier@example.com'));
  await withApp(false, async (app) => {
    const rows = await rowsFor(app, 'earlier@example.com');
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      to_address: 'earlier@example.com',
      kind: 'sign-up-code',
      subject: '',
      text_body: '',
    });
    const withContent = await app.ctx.db
      .selectFrom('outbox')
      .select('id')
      .where((eb) => eb.or([eb('subject', '<>', ''), eb('text_body', '<>', '')]))
      .execute();
    expect(withContent).toEqual([]);
  });
});

test('with a mail server the row records whether it took the message, and still no content', async () => {
  await withApp(false, async (app) => {
    const logged: string[] = [];
    const transport = (fail: boolean): MailTransport => ({
      name: 'smtp',
      send: async () => {
        if (fail) throw new Error('550 mailbox unavailable');
      },
    });
    const message = (to: string) => ({
      to,
      subject: 'Your code is 123456',
      text: 'Use 123456 to reset your password.',
      kind: 'password-reset',
    });
    const ok = new Mailer(app.ctx.db, 'from@example.com', transport(false), (m) => logged.push(m));
    const down = new Mailer(app.ctx.db, 'from@example.com', transport(true), (m) => logged.push(m));
    await ok.send(message('taken@example.com'));
    await down.send(message('refused@example.com'));
    await Promise.all([ok.settled(), down.settled()]);
    expect(await rowsFor(app, 'taken@example.com')).toEqual([
      expect.objectContaining({
        delivered_via: 'smtp',
        delivery_status: 'sent',
        subject: '',
        text_body: '',
      }),
    ]);
    expect(await rowsFor(app, 'refused@example.com')).toEqual([
      expect.objectContaining({ delivery_status: 'failed', subject: '', text_body: '' }),
    ]);
    expect(logged).toEqual(['SMTP delivery to refused@example.com failed']);
  });
});
