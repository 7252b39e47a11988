// The bookkeeping of the order file for the ERP (order-export.service.ts, docs/export-commande.md):
// each export recorded on its order, the file lock, the files still to be placed.
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { PgInsertValue } from 'drizzle-orm/pg-core';
import { queryRows, type DbOrTx } from '@comptoir/db/client';
import { orders } from '@comptoir/db/schema';

/**
 * What recording an export of sequence `sequence` writes on its order: made now (the database's now()),
 * its file still to be placed (pending). The checkout inserts a validated order with exportRecorded(0).
 */
export const exportRecorded = (sequence: number) =>
  ({
    reexportCount: sequence,
    exportedAt: sql`now()`,
    exportFilePending: true,
  }) satisfies Partial<PgInsertValue<typeof orders>>;

export async function markExported(tx: DbOrTx, orderId: number, sequence: number): Promise<void> {
  await tx.update(orders).set(exportRecorded(sequence)).where(eq(orders.id, orderId));
}

/**
 * Holds the order's file lock until the transaction ends: one writer of an order's file at a time,
 * on every instance sharing the database. A 64-bit hash: order ids are bigint.
 */
export async function lockOrderFile(tx: DbOrTx, orderId: number): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(${orderFileLockKey(orderId)})`);
}

/** Takes the order's file lock when nobody holds it (until the transaction ends); false otherwise. */
export async function tryLockOrderFile(tx: DbOrTx, orderId: number): Promise<boolean> {
  const [row] = await queryRows<{ locked: boolean }>(
    tx,
    sql`select pg_try_advisory_xact_lock(${orderFileLockKey(orderId)}) as locked`,
  );
  return row!.locked;
}

const orderFileLockKey = (orderId: number) => sql`hashtextextended(${`comptoir.order-file/${orderId}`}, 0)`;

/** The file of the export recorded at (sequence, exportedAt) is in place, unless a newer one was recorded since. */
export async function markFileWritten(
  tx: DbOrTx,
  orderId: number,
  recorded: { sequence: number; exportedAt: Date },
): Promise<void> {
  await tx
    .update(orders)
    .set({ exportFilePending: false })
    .where(
      and(
        eq(orders.id, orderId),
        eq(orders.reexportCount, recorded.sequence),
        // The row keeps microseconds, a Date milliseconds.
        sql`date_trunc('milliseconds', ${orders.exportedAt}) = ${recorded.exportedAt.toISOString()}`,
      ),
    );
}

/**
 * Orders whose file is still to be placed (orders_export_file_pending_idx), oldest first; `olderThanMs`
 * leaves alone the ones whose request is writing them right now.
 */
export async function findPendingOrderFiles(
  db: DbOrTx,
  options: { olderThanMs: number; limit: number },
): Promise<number[]> {
  const rows = await db
    .select({ id: orders.id })
    .from(orders)
    .where(
      and(
        eq(orders.exportFilePending, true),
        sql`${orders.exportedAt} <= now() - make_interval(secs => ${options.olderThanMs / 1000})`,
      ),
    )
    .orderBy(asc(orders.id))
    .limit(options.limit);
  return rows.map((row) => row.id);
}

/** The numbers of the orders among `ids` that exist. */
export async function findOrderNumbers(db: DbOrTx, ids: number[]): Promise<Map<number, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ id: orders.id, number: orders.number })
    .from(orders)
    .where(inArray(orders.id, ids));
  return new Map(rows.map((row) => [row.id, row.number]));
}
