import type { CreateTableBuilder, Kysely } from 'kysely';

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
 * Required text columns, in the order given: most tables are a run of them. For `.$call(...)`, so the
 * columns land where the call stands and the table comes out as if each had its own addColumn.
 */
export const requiredText =
  (...names: string[]) =>
  <T extends string, C extends string>(table: CreateTableBuilder<T, C>) =>
    names.reduce<CreateTableBuilder<T, string>>(
      (t, name) => t.addColumn(name, 'text', (c) => c.notNull()),
      table,
    );
