// Bulk loading that works the same on PGlite and node-postgres: each statement ships its rows as
// one JSON parameter that json_populate_recordset turns into typed rows (one round trip for
// thousands of rows, no parameter-count limit, no COPY client needed).
import { getTableColumns, getTableName, sql, type SQL } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import { queryRows, type DbOrTx } from '../client';

/** Rows per INSERT statement. */
const MAX_ROWS = 5_000;

export async function insertRows<T extends PgTable>(
  db: DbOrTx,
  table: T,
  rows: readonly T['$inferInsert'][],
) {
  if (rows.length === 0) return;
  const columns = getTableColumns(table) as Record<string, { name: string }>;
  const keys = Object.keys(rows[0]!);
  const names = keys.map((key) => {
    const column = columns[key];
    if (!column) throw new Error(`Colonne inconnue ${key} dans ${getTableName(table)}`);
    return column.name;
  });
  const tableName = `"${getTableName(table)}"`;
  const columnList = names.map((name) => `"${name}"`).join(', ');
  for (let start = 0; start < rows.length; start += MAX_ROWS) {
    const json = JSON.stringify(
      rows.slice(start, start + MAX_ROWS).map((row) => {
        const record: Record<string, unknown> = {};
        for (let i = 0; i < keys.length; i++) record[names[i]!] = (row as Record<string, unknown>)[keys[i]!];
        return record;
      }),
    );
    await db.execute(
      sql`insert into ${sql.raw(tableName)} (${sql.raw(columnList)}) select ${sql.raw(columnList)} from json_populate_recordset(null::${sql.raw(tableName)}, ${json}::json)`,
    );
  }
}

/**
 * Keeps one insert in flight while the caller generates the next batch: on PostgreSQL the server
 * works while Node generates. A failure surfaces at the next write or at flush().
 */
export class BulkWriter {
  private pending: Promise<void> = Promise.resolve();
  private failure: { error: unknown } | undefined;

  constructor(private readonly db: DbOrTx) {}

  async write<T extends PgTable>(table: T, rows: readonly T['$inferInsert'][]): Promise<void> {
    await this.pending;
    if (this.failure) throw this.failure.error;
    this.pending = insertRows(this.db, table, rows).catch((error: unknown) => {
      this.failure = { error };
    });
  }

  async flush(): Promise<void> {
    await this.pending;
    if (this.failure) throw this.failure.error;
  }
}

/**
 * Drops the indexes of `tables` that back no constraint and returns what recreates them: building an
 * index once after a big load is much faster than maintaining it row by row.
 */
export async function dropSecondaryIndexes(db: DbOrTx, tables: readonly string[]): Promise<SQL[]> {
  const rows = await queryRows<{ name: string; definition: string }>(
    db,
    sql`select c.relname as name, pg_get_indexdef(x.indexrelid) as definition
        from pg_index x
        join pg_class c on c.oid = x.indexrelid
        join pg_class t on t.oid = x.indrelid
        where t.relnamespace = current_schema()::regnamespace
          and t.relname = any(string_to_array(${tables.join(',')}, ','))
          and not exists (select 1 from pg_constraint k where k.conindid = x.indexrelid)
        order by c.relname`,
  );
  for (const row of rows) await db.execute(sql.raw(`drop index "${row.name}"`));
  return rows.map((row) => sql.raw(row.definition));
}
