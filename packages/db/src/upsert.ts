// Batched upserts for the ERP imports: `insert … on conflict (key) do update set col = excluded.col`
// for every column but the key, so that one statement writes a batch of new and changed rows.
import { getTableColumns, sql, type SQL } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';

/** The `set` of an upsert: every column of `table` named in `columns` takes the proposed value. */
export function excludedSet<T extends PgTable>(table: T, columns: readonly (keyof T['_']['columns'])[]) {
  const all = getTableColumns(table) as Record<string, { name: string }>;
  return Object.fromEntries(
    columns.map((key) => [key, sql.raw(`excluded."${all[key as string]!.name}"`)]),
  ) as Record<string, SQL>;
}

/** Rows per statement: PostgreSQL takes at most 65 535 parameters in one. */
export const UPSERT_BATCH = 1000;
