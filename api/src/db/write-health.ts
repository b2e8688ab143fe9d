import type { SqliteDatabase } from 'kysely';
import { databaseOutage } from './database-errors';
import { wrapStatements } from './wrap-statements';

/** SQLite's codes as an operator reads them. */
const REASONS: Array<[RegExp, string]> = [
  [/^SQLITE_FULL/, 'the disk or the database is full'],
  [/^SQLITE_READONLY/, 'the database file or its folder is read-only'],
  [/^SQLITE_BUSY/, 'another process held the write lock too long'],
  [/^SQLITE_LOCKED/, 'the database was locked'],
  [/^SQLITE_IOERR/, 'the disk reported an I/O error'],
  [/^SQLITE_CANTOPEN/, 'a journal file could not be created'],
];

/**
 * Whether SQLite can write, as its last writes found: readiness reports it (a read-only or full database
 * still answers `select 1`). A failed write marks it; the next write that succeeds clears it. The mark
 * also lapses after `forgetAfterMs`, so an instance taken out of rotation for it (and so sent no writes)
 * is tried again rather than left out for good; the next failing write marks it again.
 */
export class WriteHealth {
  private failure: { at: number; code: string } | null = null;

  constructor(
    private readonly forgetAfterMs = 30_000,
    private readonly now: () => number = Date.now,
  ) {}

  failed(code: string): void {
    this.failure = { at: this.now(), code };
  }

  succeeded(): void {
    this.failure = null;
  }

  /** Null while writes work; otherwise what failed, for a person reading the probe. */
  problem(): string | null {
    if (!this.failure) return null;
    const ago = this.now() - this.failure.at;
    if (ago > this.forgetAfterMs) {
      this.failure = null;
      return null;
    }
    const reason =
      REASONS.find(([code]) => code.test(this.failure!.code))?.[1] ?? 'writes are failing';
    return `reads work, writes fail: ${reason} (${this.failure.code}, ${Math.round(ago / 1000)} s ago)`;
  }
}

const WRITE = /^\s*(?:insert|update|delete|replace)\b/i;

/** Every statement's outcome reaches `health`: a write that cannot be stored marks it, one that is stored clears it. */
export function withWriteHealth(database: SqliteDatabase, health: WriteHealth): SqliteDatabase {
  return wrapStatements(database, (sqlText) => {
    const write = WRITE.test(sqlText);
    return <T>(run: () => T): T => {
      let result: T;
      try {
        result = run();
      } catch (err) {
        const code = (err as { code?: unknown }).code;
        if (databaseOutage(err) === 'cannot-write' && typeof code === 'string') health.failed(code);
        throw err;
      }
      if (write) health.succeeded();
      return result;
    };
  });
}
