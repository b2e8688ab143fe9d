import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { sql } from 'kysely';
import { buildTestApp, registerUser, type TestApp } from '../test/test-app';
import { DATABASE_CANNOT_WRITE_MESSAGE } from '../plugins/error-handler';
import { READ_ONLY_RETRY_AFTER_SECONDS } from './database-errors';

/**
 * SQLite that cannot write: a full disk, a read-only file, a lock another process holds too long.
 * Writes answer 503 with Retry-After and say so; reads keep working; readiness reports it; the
 * process carries on, and writes work again once the cause is gone.
 *
 * Simulated so that it works as root too (root ignores a chmod): a full disk with
 * `PRAGMA max_page_count` (the file may not grow), a read-only database with `PRAGMA query_only`
 * (SQLite refuses every write with SQLITE_READONLY, as for a read-only file), a held lock with a
 * second connection in `BEGIN IMMEDIATE`. The pragmas are per connection, so they are set through
 * the app's own.
 */
let dir: string;
let dbFile: string;
let t: TestApp;
let viewer: Awaited<ReturnType<typeof registerUser>>;
beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), 'streamflix-sqlite-outage-'));
  dbFile = path.join(dir, 'streamflix.sqlite');
  // Every viewer signs in again and again from one address.
  t = await buildTestApp({ dbFile, rateLimit: { ipAttempts: 100_000 } });
  viewer = await registerUser(t.app);
});
afterAll(async () => {
  await t.close();
  rmSync(dir, { recursive: true, force: true });
});

const auth = () => ({ authorization: `Bearer ${viewer.tokens.access}` });
const addToMyList = (titleId: string) =>
  t.app.inject({
    method: 'POST',
    url: `/v1/users/favourite/${viewer.user.id}`,
    headers: auth(),
    payload: { titleId },
  });
const signIn = () =>
  t.app.inject({
    method: 'POST',
    url: '/v1/auth/login',
    payload: { email: viewer.email, password: viewer.password },
  });

async function expectReadsWork(): Promise<void> {
  const list = await t.app.inject({
    url: `/v1/users/favourite/${viewer.user.id}`,
    headers: auth(),
  });
  expect(list.statusCode).toBe(200);
  const title = await t.app.inject({ url: `/v1/titles/${t.catalogue.titles[0]!.id}` });
  expect(title.statusCode).toBe(200);
  expect((await t.app.inject({ url: '/v1/health' })).statusCode).toBe(200);
}

function expectCannotWrite(res: Awaited<ReturnType<typeof signIn>>): void {
  expect(res.statusCode).toBe(503);
  expect(res.headers['retry-after']).toBe(String(READ_ONLY_RETRY_AFTER_SECONDS));
  expect(res.json()).toEqual({ status: false, message: DATABASE_CANNOT_WRITE_MESSAGE });
}

async function readiness() {
  const res = await t.app.inject({ url: '/v1/ready' });
  return { code: res.statusCode, body: res.json() };
}

test('a full disk: writes answer 503 with Retry-After, reads and readiness go on, writes resume when there is room', async () => {
  expect((await readiness()).code).toBe(200);
  const pages = await sql<{ page_count: number }>`pragma page_count`.execute(t.app.ctx.db);
  await sql.raw(`pragma max_page_count = ${pages.rows[0]!.page_count}`).execute(t.app.ctx.db);
  try {
    // Each sign-in stores a session and a refresh token: the file soon needs a page it may not have.
    const answers: number[] = [];
    let refused: Awaited<ReturnType<typeof signIn>> | undefined;
    for (let i = 0; i < 500 && !refused; i++) {
      const res = await signIn();
      answers.push(res.statusCode);
      if (res.statusCode !== 200) refused = res;
    }
    expect(new Set(answers.slice(0, -1))).toEqual(new Set([200]));
    expectCannotWrite(refused!);
    await expectReadsWork();
    const ready = await readiness();
    expect(ready.code).toBe(503);
    expect(ready.body.data.notReady).toEqual(['database']);
    expect(ready.body.data.checks.database.detail).toMatch(
      /writes fail: the disk or the database is full \(SQLITE_FULL/,
    );
  } finally {
    // Room again, as when an operator frees disk space.
    await sql.raw('pragma max_page_count = 1073741823').execute(t.app.ctx.db);
  }
  expect((await signIn()).statusCode).toBe(200);
  expect((await readiness()).code).toBe(200);
});

test('a read-only database: writes answer 503 with Retry-After, reads work, readiness reports it until a write succeeds', async () => {
  const titleId = t.catalogue.titles[1]!.id;
  await sql`pragma query_only = 1`.execute(t.app.ctx.db);
  try {
    expectCannotWrite(await addToMyList(titleId));
    expectCannotWrite(await signIn());
    await expectReadsWork();
    const ready = await readiness();
    expect(ready.code).toBe(503);
    expect(ready.body.data.checks.database).toEqual({
      ok: false,
      detail: expect.stringMatching(/writes fail: the database file or its folder is read-only/),
    });
  } finally {
    await sql`pragma query_only = 0`.execute(t.app.ctx.db);
  }
  const added = await addToMyList(titleId);
  expect(added.statusCode).toBe(200);
  expect(added.json().data.inMyList).toBe(true);
  expect((await readiness()).code).toBe(200);
});

test('another process holding the write lock past busy_timeout: 503, and writes work once it lets go', async () => {
  const other = new SQLite(dbFile);
  other.exec('begin immediate');
  try {
    expectCannotWrite(await addToMyList(t.catalogue.titles[2]!.id));
    // WAL: readers do not wait for the writer.
    await expectReadsWork();
  } finally {
    other.exec('rollback');
    other.close();
  }
  expect((await addToMyList(t.catalogue.titles[2]!.id)).statusCode).toBe(200);
}, 30_000);
