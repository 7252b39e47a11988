// The writes the appliers make, through the owning modules' services, and their replay for a staged
// import (../csv-import.ts).
import type { DbOrTx } from '@comptoir/db/client';
import type { JsonRowsQuery } from '@comptoir/db/upsert';
import type { KindRow } from '@comptoir/shared/imports/kinds';
import {
  ensureUnits,
  upsertArticles,
  upsertStock,
  upsertUnits,
  upsertVariants,
  type ArticleWriteRow,
  type StockWriteRow,
  type UnitWriteRow,
  type VariantWriteRow,
} from '../../catalogue/catalogue.service';
import { upsertActivities, upsertFamilies, type FamilyWriteRow } from '../../families/families.service';
import { setOrderStatuses } from '../../orders/orders.service';
import { addPriceRules, deletePriceRules, type NewPriceRule } from '../../prices/prices.service';
import {
  saveAddresses,
  upsertAgencies,
  upsertCustomers,
  upsertCustomerTypes,
  type AddressWriteRow,
  type AgencyWriteRow,
  type CustomerWriteRow,
} from '../../reference/reference.service';

// The writes an applier makes, by name: so that a staged import can record them (as JSON) and replay
// them later. A row that holds a Date gets it back from its JSON string. The order of the keys is the
// order of the replay, op by op: each op comes after those it depends on (activities before families,
// units before articles, types before customers, a price's old rule deleted before its new one added).
const WRITE_OPS = {
  upsertActivities: (tx: DbOrTx, rows: { code: string; label: string }[]) => upsertActivities(tx, rows),
  upsertFamilies: (tx: DbOrTx, rows: FamilyWriteRow[]) => upsertFamilies(tx, rows),
  upsertUnits: (tx: DbOrTx, rows: UnitWriteRow[]) => upsertUnits(tx, rows),
  ensureUnits: (tx: DbOrTx, rows: string[]) => ensureUnits(tx, rows),
  upsertArticles: (tx: DbOrTx, rows: ArticleWriteRow[]) => upsertArticles(tx, rows),
  upsertVariants: (tx: DbOrTx, rows: VariantWriteRow[]) => upsertVariants(tx, rows),
  upsertStock: (tx: DbOrTx, rows: StockWriteRow[]) => upsertStock(tx, rows),
  upsertCustomerTypes: (tx: DbOrTx, rows: { code: string; label: string }[]) => upsertCustomerTypes(tx, rows),
  upsertCustomers: (tx: DbOrTx, rows: CustomerWriteRow[]) => upsertCustomers(tx, rows),
  saveAddresses: (tx: DbOrTx, rows: AddressWriteRow[]) => saveAddresses(tx, rows),
  setOrderStatuses: (tx: DbOrTx, rows: StatusWriteRow[]) =>
    setOrderStatuses(
      tx,
      rows.map((row) => ({ ...row, statusAt: new Date(row.statusAt) })),
    ),
  upsertAgencies: (tx: DbOrTx, rows: AgencyWriteRow[]) => upsertAgencies(tx, rows),
  deletePriceRules: (tx: DbOrTx, rows: number[]) => deletePriceRules(tx, rows),
  addPriceRules: (tx: DbOrTx, rows: NewPriceRule[]) => addPriceRules(tx, rows),
};
export type WriteOp = keyof typeof WRITE_OPS;
export type WriteRows<O extends WriteOp> = Parameters<(typeof WRITE_OPS)[O]>[1];
export type StatusWriteRow = {
  id: number;
  status: KindRow<'etats'>['status'];
  statusAt: Date;
  shipmentNumber: string | null;
};

// The big writes, replayed by statements that read their recorded batches from the staging table (no
// round trip of the rows through JavaScript), STAGED_BATCHES_PER_STATEMENT batches each: one statement
// for the whole file measured slower on PGlite than statements of a few thousand rows. The others
// replay batch by batch.
const SET_BASED_OPS: Partial<Record<WriteOp, (tx: DbOrTx, rows: JsonRowsQuery) => Promise<void>>> = {
  upsertArticles,
  upsertStock,
};
const STAGED_BATCHES_PER_STATEMENT = 10;

/**
 * Replays the writes recorded for a staged import (its apply, inside the file's transaction), op by
 * op in the order of WRITE_OPS. Within a file no key comes twice, so several batches of one op may be
 * written by one statement.
 */
export async function replayStagedWrites(
  tx: DbOrTx,
  staged: {
    /** The rows of the batches of `op` numbered `first` to `last`. */
    rowsOf(op: WriteOp, first: number, last: number): JsonRowsQuery;
    seqsOf(tx: DbOrTx, op: WriteOp): Promise<number[]>;
    rowsAt(tx: DbOrTx, seq: number): Promise<unknown[]>;
  },
): Promise<void> {
  for (const op of Object.keys(WRITE_OPS) as WriteOp[]) {
    const setBased = SET_BASED_OPS[op];
    const seqs = await staged.seqsOf(tx, op);
    if (setBased)
      for (let at = 0; at < seqs.length; at += STAGED_BATCHES_PER_STATEMENT) {
        const last = seqs[Math.min(seqs.length, at + STAGED_BATCHES_PER_STATEMENT) - 1]!;
        await setBased(tx, staged.rowsOf(op, seqs[at]!, last));
      }
    else for (const seq of seqs) await runWrite(tx, op, (await staged.rowsAt(tx, seq)) as never);
  }
}

/** Runs a write now. */
export async function runWrite<O extends WriteOp>(tx: DbOrTx, op: O, rows: WriteRows<O>): Promise<void> {
  if (rows.length) await (WRITE_OPS[op] as (tx: DbOrTx, rows: WriteRows<O>) => Promise<unknown>)(tx, rows);
}
