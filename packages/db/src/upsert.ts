// Batched upserts for the ERP imports: `insert … on conflict (key) do update set col = excluded.col`
// for every column but the key, so that one statement writes a batch of new and changed rows.
import { getTableColumns, sql, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import { queryRows, type DbOrTx } from './client';

/** The `set` of an upsert: every column of `table` named in `columns` takes the proposed value. */
export function excludedSet<T extends PgTable>(table: T, columns: readonly (keyof T['_']['columns'])[]) {
  const all = getTableColumns(table) as Record<string, { name: string }>;
  return Object.fromEntries(
    columns.map((key) => [key, sql.raw(`excluded."${all[key as string]!.name}"`)]),
  ) as Record<string, SQL>;
}

/** Rows per statement: PostgreSQL takes at most 65 535 parameters in one. */
export const UPSERT_BATCH = 1000;

/**
 * Rows an upsert reads from the database rather than from the caller: `query` yields jsonb arrays of
 * rows in a column named `rows` (e.g. the staged writes of an import, docs/import-erp.md), all of them
 * written by one statement.
 */
export class JsonRowsQuery {
  constructor(readonly query: SQL) {}
}

/**
 * The same upsert with the whole batch as one jsonb parameter read by jsonb_to_recordset: a
 * multi-row VALUES of 1 000 rows × 20 columns makes 20 000 parameters that take longer to send and
 * plan than the rows to write (measured ×10 on articles). Raw SQL: the builder has no
 * jsonb_to_recordset. `keys` are the rows' property names (the table's Drizzle keys). The rows may
 * also come from a `JsonRowsQuery`; either way no key may come twice (one statement cannot update a
 * row twice).
 */
export async function upsertJsonRows<T extends PgTable, K extends keyof T['_']['columns'] & string>(
  db: DbOrTx,
  table: T,
  keys: readonly K[],
  conflict: readonly K[],
  rows: readonly Record<K, unknown>[] | JsonRowsQuery,
): Promise<void> {
  const source =
    rows instanceof JsonRowsQuery
      ? rows.query
      : rows.length
        ? sql`select ${JSON.stringify(rows.map((row) => Object.fromEntries(keys.map((key) => [key, row[key]]))))}::jsonb as rows`
        : null;
  if (!source) return;
  const columns = getTableColumns(table) as Record<string, PgColumn>;
  const quoted = (name: string) => `"${name.replaceAll('"', '""')}"`;
  const sqlName = (key: K) => quoted(columns[key]!.name);
  const record = keys.map((key) => `${quoted(key)} ${columns[key]!.getSQLType()}`).join(', ');
  const updated = keys.filter((key) => !conflict.includes(key));
  const set = updated.map((key) => `${sqlName(key)} = excluded.${sqlName(key)}`).join(', ');
  await queryRows(
    db,
    sql`insert into ${table} (${sql.raw(keys.map(sqlName).join(', '))})
      select ${sql.raw(keys.map((key) => `x.${quoted(key)}`).join(', '))}
      from (${source}) as source cross join lateral jsonb_to_recordset(source.rows) as x(${sql.raw(record)})
      on conflict (${sql.raw(conflict.map(sqlName).join(', '))}) ${sql.raw(set ? `do update set ${set}` : 'do nothing')}`,
  );
}
