import type { ColumnDefinitionBuilder, CreateTableBuilder, Kysely } from 'kysely';

/** The portable column types: the same on SQLite and PostgreSQL. */
type PortableType = 'text' | 'integer' | 'bigint' | 'double precision';

/** `create index <name> on <table> (<columns>)`; a column may carry its order, as in 'popularity desc'. */
export function createIndex(
  db: Kysely<unknown>,
  name: string,
  table: string,
  columns: string[],
): Promise<void> {
  return db.schema.createIndex(name).on(table).columns(columns).execute();
}

/**
 * A run of columns of one type and constraint, in the order given: a table is a few such runs. For
 * `.$call(...)`, so the columns land where the call stands and the table comes out as if each had its
 * own addColumn (the DDL, and so both databases' schema, is what the spelled-out chain gave).
 */
export const columnSet =
  (dataType: PortableType, build?: (c: ColumnDefinitionBuilder) => ColumnDefinitionBuilder) =>
  (...names: string[]) =>
  <T extends string, C extends string>(table: CreateTableBuilder<T, C>) =>
    names.reduce<CreateTableBuilder<T, string>>(
      (t, name) => t.addColumn(name, dataType, build),
      table,
    );

/** The table's primary key: ids, codes, hashes and tokens are all text. */
export const textKey = columnSet('text', (c) => c.primaryKey());
export const requiredText = columnSet('text', (c) => c.notNull());
export const optionalText = columnSet('text');
/** Counts, sort orders and 0/1 flags. */
export const requiredInteger = columnSet('integer', (c) => c.notNull());
export const requiredReal = columnSet('double precision', (c) => c.notNull());
export const optionalReal = columnSet('double precision');
