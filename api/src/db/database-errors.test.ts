import { createServer, type Server, type Socket } from 'node:net';
import SQLite from 'better-sqlite3';
import { Pool } from 'pg';
import { databaseOutage } from './database-errors';

// eslint-disable-next-line @typescript-eslint/no-require-imports
const { freePort } = require('../../scripts/postgres-server.cjs') as {
  freePort: () => Promise<number>;
};

/** The error a real pg pool raises against `url`, with the API's pool timeouts. */
async function poolError(port: number, connectionTimeoutMillis = 5000): Promise<unknown> {
  const pool = new Pool({
    connectionString: `postgres://postgres@127.0.0.1:${port}/postgres`,
    connectionTimeoutMillis,
  });
  pool.on('error', () => undefined);
  try {
    await pool.query('select 1');
    throw new Error('the query should have failed');
  } catch (err) {
    return err;
  } finally {
    await pool.end().catch(() => undefined);
  }
}

describe('a PostgreSQL outage, as node-postgres reports it', () => {
  test('nothing listening on the port: ECONNREFUSED, at once', async () => {
    const started = Date.now();
    const err = await poolError(await freePort());
    expect(Date.now() - started).toBeLessThan(2000);
    expect(databaseOutage(err)).toBe('unreachable');
  });

  describe('a server that takes connections and never answers, or hangs up', () => {
    let server: Server;
    let port: number;
    const sockets = new Set<Socket>();
    let hangUp = false;
    beforeAll(async () => {
      server = createServer((socket) => {
        sockets.add(socket);
        socket.on('close', () => sockets.delete(socket));
        if (hangUp) socket.destroy();
      });
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      port = (server.address() as { port: number }).port;
    });
    afterAll(async () => {
      for (const s of sockets) s.destroy();
      await new Promise((resolve) => server.close(resolve));
    });

    test('the pool gives up after connectionTimeoutMillis', async () => {
      hangUp = false;
      const started = Date.now();
      const err = await poolError(port, 300);
      expect(Date.now() - started).toBeLessThan(3000);
      expect(String(err)).toMatch(/timeout/i);
      expect(databaseOutage(err)).toBe('unreachable');
    });

    test('the connection is closed under it', async () => {
      hangUp = true;
      const err = await poolError(port);
      expect(databaseOutage(err)).toBe('unreachable');
    });
  });

  test("the server's own shutdown and connection SQLSTATEs", () => {
    const pgError = (code: string) => Object.assign(new Error('server says no'), { code });
    for (const code of ['57P01', '57P02', '57P03', '08006', '08001', '08003', '53300'])
      expect([code, databaseOutage(pgError(code))]).toEqual([code, 'unreachable']);
    // A constraint violation, a syntax error, a cancelled query: bugs or bad input, not an outage.
    for (const code of ['23505', '42601', '22P02', '40001'])
      expect([code, databaseOutage(pgError(code))]).toEqual([code, null]);
  });

  test('an error wrapping one (cause, AggregateError) counts; ordinary errors do not', () => {
    const refused = Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' });
    expect(databaseOutage(new Error('wrapped', { cause: refused }))).toBe('unreachable');
    expect(databaseOutage(new AggregateError([new Error('x'), refused]))).toBe('unreachable');
    expect(databaseOutage(new Error('Connection terminated unexpectedly'))).toBe('unreachable');
    expect(databaseOutage(new Error('Cannot read properties of undefined'))).toBeNull();
    expect(databaseOutage(new TypeError('terminated'))).toBeNull();
    expect(databaseOutage(null)).toBeNull();
    expect(databaseOutage('ECONNREFUSED')).toBeNull();
  });
});

describe('SQLite that cannot write', () => {
  test('a full database (max_page_count) and a read-only one (query_only) are write outages', () => {
    const db = new SQLite(':memory:');
    db.exec('create table t (v text)');
    db.pragma(`max_page_count = ${db.pragma('page_count', { simple: true }) as number}`);
    let full: unknown;
    try {
      db.prepare('insert into t values (?)').run('x'.repeat(100_000));
    } catch (err) {
      full = err;
    }
    expect((full as { code?: string }).code).toBe('SQLITE_FULL');
    expect(databaseOutage(full)).toBe('cannot-write');

    db.pragma('query_only = 1');
    let readOnly: unknown;
    try {
      db.prepare('insert into t values (?)').run('x');
    } catch (err) {
      readOnly = err;
    }
    expect((readOnly as { code?: string }).code).toMatch(/^SQLITE_READONLY/);
    expect(databaseOutage(readOnly)).toBe('cannot-write');
    db.close();
  });

  test('a constraint violation is not', () => {
    const db = new SQLite(':memory:');
    db.exec('create table t (v text primary key)');
    db.prepare('insert into t values (?)').run('x');
    let dup: unknown;
    try {
      db.prepare('insert into t values (?)').run('x');
    } catch (err) {
      dup = err;
    }
    expect((dup as { code?: string }).code).toMatch(/^SQLITE_CONSTRAINT/);
    expect(databaseOutage(dup)).toBeNull();
    db.close();
  });
});
