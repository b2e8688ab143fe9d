import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, SqliteDialect, sql } from 'kysely';
import { durableTableWritten, withDurableWrites } from '../db/durable-writes';
import { withStatementCache } from '../db/database';

describe('finding 13: accounts, sessions, subscriptions and payments survive a power cut', () => {
  test('writes to those tables are told apart from the rest', () => {
    expect(durableTableWritten('insert into "users" ("id") values (?)')).toBe('users');
    expect(durableTableWritten('update "subscriptions" set "status" = ?')).toBe('subscriptions');
    expect(durableTableWritten('delete from "sessions" where "id" = ?')).toBe('sessions');
    expect(durableTableWritten('insert or ignore into "payments" ("id") values (?)')).toBe(
      'payments',
    );
    expect(durableTableWritten('insert into "watch_logs" ("id") values (?)')).toBeNull();
    expect(durableTableWritten('select * from "users"')).toBeNull();
  });

  test('the log is synced once per committed transaction that wrote one, before the caller returns', async () => {
    const sqlite = new SQLite(':memory:');
    const sync = jest.fn();
    const db = new Kysely<{ users: { id: string }; watch_logs: { id: string } }>({
      dialect: new SqliteDialect({
        database: withDurableWrites(withStatementCache(sqlite), () => sqlite.inTransaction, sync),
      }),
    });
    await sql`create table users (id text primary key)`.execute(db);
    await sql`create table watch_logs (id text primary key)`.execute(db);
    await db.insertInto('watch_logs').values({ id: 'w1' }).execute();
    expect(sync).not.toHaveBeenCalled();
    await db.insertInto('users').values({ id: 'u1' }).execute();
    expect(sync).toHaveBeenCalledTimes(1);
    await db.transaction().execute(async (trx) => {
      await trx.insertInto('users').values({ id: 'u2' }).execute();
      await trx.insertInto('watch_logs').values({ id: 'w2' }).execute();
      // Not yet: a sync before the commit would not make the commit durable.
      expect(sync).toHaveBeenCalledTimes(1);
    });
    expect(sync).toHaveBeenCalledTimes(2);
    await db.destroy();
  });

  test('kill -9 during writes: the file passes integrity_check and every acknowledged write is there', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'streamflix-crash-'));
    const dbFile = path.join(dir, 'crash.sqlite');
    const acknowledged: string[] = [];
    const children: ChildProcess[] = [];
    try {
      for (const round of ['a', 'b']) {
        // tsx as a loader in the writer's own process: its CLI would run the writer in a
        // grandchild that killing the child does not reach.
        const child = spawn(
          process.execPath,
          ['--import', 'tsx', path.join(__dirname, 'crash-writer.ts'), dbFile, round],
          {
            stdio: ['ignore', 'pipe', 'inherit'],
          },
        );
        children.push(child);
        let buffered = '';
        await new Promise<void>((resolve, reject) => {
          let before = acknowledged.length;
          child.stdout.on('data', (chunk: Buffer) => {
            buffered += String(chunk);
            const lines = buffered.split('\n');
            buffered = lines.pop()!;
            for (const line of lines) if (line.startsWith('ack ')) acknowledged.push(line.slice(4));
            // Killed in the middle of a stream of commits, never between runs.
            if (acknowledged.length - before >= 300) {
              before = Infinity;
              child.kill('SIGKILL');
            }
          });
          child.once('exit', (code, signal) =>
            signal === 'SIGKILL' ? resolve() : reject(new Error(`writer exited (${code})`)),
          );
        });
      }
      const check = new SQLite(dbFile);
      try {
        expect(check.pragma('integrity_check', { simple: true })).toBe('ok');
        const users = new Set(check.prepare('select id from users').pluck().all() as string[]);
        const sessions = new Set(
          check.prepare('select user_id from sessions').pluck().all() as string[],
        );
        const missing = acknowledged.filter((id) => !users.has(id) || !sessions.has(id));
        expect(acknowledged.length).toBeGreaterThanOrEqual(600);
        expect(missing).toEqual([]);
      } finally {
        check.close();
      }
    } finally {
      for (const child of children) child.kill('SIGKILL');
      rmSync(dir, { recursive: true, force: true });
    }
  }, 30_000);
});
