// What the appliers (one per file kind, in this folder) share: the contract between an applier and
// the import pipeline (../csv-import.ts), and the helpers that compare a file's rows with what is
// there and count them.
import type { Readable } from 'node:stream';
import type { DbOrTx } from '@comptoir/db/client';
import type { ImportKind, KindRow, RowProblem } from '@comptoir/shared/imports/kinds';
import type { WriteOp, WriteRows } from './write-ops';

export interface ImportCounts {
  read: number;
  created: number;
  updated: number;
  unchanged: number;
  deactivated: number;
}

export const emptyCounts = (): ImportCounts => ({
  read: 0,
  created: 0,
  updated: 0,
  unchanged: 0,
  deactivated: 0,
});

export interface BatchContext {
  tx: DbOrTx;
  counts: ImportCounts;
  /** False once the file has a rejected row: check, count nothing, write nothing. */
  write: boolean;
  reject(problem: RowProblem): void;
  /** Makes a write: at once, or recorded to be replayed by the file's apply transaction. */
  save<O extends WriteOp>(op: O, rows: WriteRows<O>): Promise<void>;
  /** The files beside the CSV (a ZIP's other entries) and where the documents' PDFs go. */
  files: { documentsDir: string; openSibling(name: string): Promise<Readable> | null };
}

export interface Line<K extends ImportKind> {
  line: number;
  row: KindRow<K>;
}

export interface Applier<K extends ImportKind> {
  /** The row's identity: two rows of one file with the same key are refused. */
  key(row: KindRow<K>): string;
  apply(ctx: BatchContext, batch: Line<K>[]): Promise<void>;
  /** After the last batch, in the file's transaction: what needs the whole file. */
  finish?(ctx: BatchContext): Promise<void>;
  /** When the file is not imported (a refused row, an error): undo what is not in the database. */
  discard?(): Promise<void>;
}

/** Same values, whatever the key order of objects (jsonb comes back with its own order). */
function same(a: unknown, b: unknown): boolean {
  if (a instanceof Date || b instanceof Date)
    return a instanceof Date && b instanceof Date && a.getTime() === b.getTime();
  if (a && b && typeof a === 'object' && typeof b === 'object') {
    const ka = Object.keys(a).sort();
    const kb = Object.keys(b).sort();
    return (
      ka.length === kb.length &&
      ka.every(
        (k, i) => k === kb[i] && same((a as Record<string, unknown>)[k], (b as Record<string, unknown>)[k]),
      )
    );
  }
  return a === b || (a == null && b == null);
}

export const sameRow = <T extends object>(a: T, b: T) =>
  (Object.keys(a) as (keyof T)[]).every((k) => same(a[k], b[k]));

/** Counts `row` against `existing` and tells whether it must be written. */
export function tally<T extends object>(ctx: BatchContext, existing: T | undefined, row: T): boolean {
  if (!existing) {
    ctx.counts.created++;
    return true;
  }
  if (sameRow(row, existing)) {
    ctx.counts.unchanged++;
    return false;
  }
  ctx.counts.updated++;
  return true;
}

export const uniq = <T>(values: Iterable<T>) => [...new Set(values)];
export const byKey = <T>(rows: readonly T[], key: (row: T) => string) =>
  new Map(rows.map((row) => [key(row), row]));

/** Remembers which codes exist, so that each is looked up once per file. */
export class KnownCodes {
  private readonly known = new Set<string>();
  constructor(private readonly lookup: (tx: DbOrTx, codes: string[]) => Promise<Iterable<string>>) {}
  async load(tx: DbOrTx, codes: Iterable<string>): Promise<void> {
    const missing = uniq(codes).filter((code) => !this.known.has(code));
    if (missing.length) for (const code of await this.lookup(tx, missing)) this.known.add(code);
  }
  has = (code: string) => this.known.has(code);
  add = (code: string) => this.known.add(code);
}
