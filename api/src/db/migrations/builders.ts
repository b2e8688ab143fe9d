import type { ColumnDefinitionBuilder, CreateTableBuilder, Kysely } from 'kysely';

/** The portable column types: the same on SQLite and PostgreSQL. */
type PortableType = 'text' | 'integer' | 'bigint' | 'double precision';

type Table = CreateTableBuilder<string, string>;

/** One step of a table's definition (a run of columns, a constraint); `name` is the table's. */
export type TableStep = (table: Table, name: string) => Table;

/**
 * `create table <name>` with its columns and constraints in the order given. The steps make the same
 * builder calls a spelled-out addColumn chain would, so the DDL (and both databases' schema) is the same.
 */
export function createTable(db: Kysely<unknown>, name: string, steps: TableStep[]): Promise<void> {
  const start: Table = db.schema.createTable(name);
  return steps.reduce((table, step) => step(table, name), start).execute();
}

/** `create index <name> on <table> (<columns>)`; a column may carry its order, as in 'popularity desc'. */
export function createIndex(
  db: Kysely<unknown>,
  name: string,
  table: string,
  columns: string[],
): Promise<void> {
  return db.schema.createIndex(name).on(table).columns(columns).execute();
}

/** A run of columns of one type and constraint, in the order given: a table is a few such runs. */
export const columnSet =
  (dataType: PortableType, build?: (c: ColumnDefinitionBuilder) => ColumnDefinitionBuilder) =>
  (...names: string[]): TableStep =>
  (table) =>
    names.reduce((t, name) => t.addColumn(name, dataType, build), table);

/** The table's primary key: ids, codes, hashes and tokens are all text. */
export const textKey = columnSet('text', (c) => c.primaryKey());
export const requiredText = columnSet('text', (c) => c.notNull());
export const uniqueText = columnSet('text', (c) => c.notNull().unique());
export const optionalText = columnSet('text');
/** Counts, sort orders and 0/1 flags. */
export const requiredInteger = columnSet('integer', (c) => c.notNull());
export const requiredReal = columnSet('double precision', (c) => c.notNull());
export const optionalReal = columnSet('double precision');

/** A primary key over several columns, named `<table>_pk`. */
export const primaryKey =
  (...columns: string[]): TableStep =>
  (table, name) =>
    table.addPrimaryKeyConstraint(`${name}_pk`, columns);
