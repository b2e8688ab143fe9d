import type { SqliteDatabase, SqliteStatement } from 'kysely';

/** Runs one call of a statement (`all` or `run`) and returns its result. */
export type StatementCall = <T>(run: () => T) => T;

/**
 * The database Kysely's SQLite dialect drives, with every `all` and `run` of a prepared statement
 * passed through what `around` returns for its SQL (chosen once per statement). `iterate` is left as it
 * is: a cursor has no single moment of success.
 */
export function wrapStatements(
  database: SqliteDatabase,
  around: (sqlText: string) => StatementCall,
): SqliteDatabase {
  const wrapped = new WeakMap<SqliteStatement, SqliteStatement>();
  return {
    prepare(sqlText: string) {
      const stmt = database.prepare(sqlText);
      let wrapper = wrapped.get(stmt);
      if (!wrapper) {
        const call = around(sqlText);
        wrapper = {
          reader: stmt.reader,
          all: (parameters) => call(() => stmt.all(parameters)),
          run: (parameters) => call(() => stmt.run(parameters)),
          iterate: (parameters) => stmt.iterate(parameters),
        };
        wrapped.set(stmt, wrapper);
      }
      return wrapper;
    },
    close: () => database.close(),
  };
}
