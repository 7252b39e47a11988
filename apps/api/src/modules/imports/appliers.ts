// What each file kind does to the shop's tables (docs/import-erp.md): per batch of read rows, check
// what the rows refer to, compare them with what is there, and write the new and changed ones through
// the owning module's service. A batch whose file already has a rejected row is still checked (so that
// the report lists every bad row) but not written: the file's transaction is rolled back anyway.
import fs from 'node:fs';
import path from 'node:path';
import type { Readable } from 'node:stream';
import type { DbOrTx } from '@comptoir/db/client';
import type { JsonRowsQuery } from '@comptoir/db/upsert';
import {
  IMPORT_MESSAGES,
  unitRowDecimals,
  type ImportKind,
  type KindRow,
  type RowProblem,
} from '@comptoir/shared/imports/kinds';
import {
  articlesByCodes,
  ensureUnits,
  existingArticleCodes,
  stockOfArticles,
  upsertArticles,
  upsertStock,
  upsertUnits,
  upsertVariants,
  unitsByCodes,
  variantsOfArticles,
  type ArticleWriteRow,
  type UnitWriteRow,
  type StockWriteRow,
  type VariantWriteRow,
} from '../catalogue/catalogue.service';
import {
  documentsByKeys,
  registerDocument,
  removeUnreferencedPdfs,
  storedPdfName,
  storePdf,
} from '../documents/documents.service';
import {
  activitiesByCodes,
  familiesByCodes,
  recomputeTreeLevels,
  subtreeDepths,
  upsertActivities,
  upsertFamilies,
  type FamilyWriteRow,
} from '../families/families.service';
import { orderStatusesByNumbers, setOrderStatuses } from '../orders/orders.service';
import {
  addPriceRules,
  deletePriceRules,
  priceRulesByKeys,
  type NewPriceRule,
  type PriceRuleKey,
} from '../prices/prices.service';
import {
  addressesOfCustomers,
  agenciesByCodes,
  customersByCodes,
  customerTypesByCodes,
  existingAgencyCodes,
  saveAddresses,
  upsertAgencies,
  upsertCustomers,
  upsertCustomerTypes,
  zonesByLabels,
  type AddressWriteRow,
  type AgencyWriteRow,
  type CustomerWriteRow,
} from '../reference/reference.service';

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
type WriteRows<O extends WriteOp> = Parameters<(typeof WRITE_OPS)[O]>[1];
type StatusWriteRow = {
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

const sameRow = <T extends object>(a: T, b: T) =>
  (Object.keys(a) as (keyof T)[]).every((k) => same(a[k], b[k]));

/** Counts `row` against `existing` and tells whether it must be written. */
function tally<T extends object>(ctx: BatchContext, existing: T | undefined, row: T): boolean {
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

const uniq = <T>(values: Iterable<T>) => [...new Set(values)];
const byKey = <T>(rows: readonly T[], key: (row: T) => string) => new Map(rows.map((row) => [key(row), row]));

/** Remembers which codes exist, so that each is looked up once per file. */
class KnownCodes {
  private readonly known = new Set<string>();
  constructor(private readonly lookup: (tx: DbOrTx, codes: string[]) => Promise<Iterable<string>>) {}
  async load(tx: DbOrTx, codes: Iterable<string>): Promise<void> {
    const missing = uniq(codes).filter((code) => !this.known.has(code));
    if (missing.length) for (const code of await this.lookup(tx, missing)) this.known.add(code);
  }
  has = (code: string) => this.known.has(code);
  add = (code: string) => this.known.add(code);
}

// ---------------------------------------------------------------- familles

const MAX_LEVEL = 4;

function familyApplier(): Applier<'familles'> {
  /** The level of every family of the file so far: a family may hang under one above it. */
  const fileLevels = new Map<string, number>();
  /** The families the file moves (another parent or level), with their line. */
  const moved = new Map<string, number>();
  const knownActivities = new KnownCodes(async (tx, codes) =>
    (await activitiesByCodes(tx, codes)).map((row) => row.code),
  );
  return {
    key: (row) => row.code,
    async apply(ctx, batch) {
      const codes = batch.map(({ row }) => row.code);
      const parents = batch
        .map(({ row }) => row.parentCode)
        .filter((c): c is string => !!c && !fileLevels.has(c));
      const existing = byKey(await familiesByCodes(ctx.tx, uniq([...codes, ...parents])), (row) => row.code);
      const activityRows = batch.filter(({ row }) => row.activityCode && row.activityLabel);
      const labelled = byKey(
        await activitiesByCodes(ctx.tx, uniq(activityRows.map(({ row }) => row.activityCode!))),
        (r) => r.code,
      );
      await knownActivities.load(
        ctx.tx,
        batch.map(({ row }) => row.activityCode).filter((c): c is string => !!c),
      );
      const activities = new Map<string, string>();
      const writes: FamilyWriteRow[] = [];
      for (const { line, row } of batch) {
        let level = 1;
        if (row.parentCode) {
          if (row.parentCode === row.code) {
            ctx.reject({ line, column: 'code_parent', reason: IMPORT_MESSAGES.ownParent });
            continue;
          }
          const parentLevel = fileLevels.get(row.parentCode) ?? existing.get(row.parentCode)?.level;
          if (parentLevel === undefined) {
            ctx.reject({ line, column: 'code_parent', reason: IMPORT_MESSAGES.unknownParent });
            continue;
          }
          level = parentLevel + 1;
          if (level > MAX_LEVEL) {
            ctx.reject({ line, column: 'code_parent', reason: IMPORT_MESSAGES.tooDeep });
            continue;
          }
        }
        const before = existing.get(row.code);
        const activityCode = row.activityCode ?? (row.parentCode ? null : (before?.activityCode ?? null));
        if (!row.parentCode && !activityCode) {
          ctx.reject({ line, column: 'code_activite', reason: IMPORT_MESSAGES.rootWithoutActivity });
          continue;
        }
        if (
          activityCode &&
          !row.activityLabel &&
          !knownActivities.has(activityCode) &&
          !activities.has(activityCode)
        ) {
          ctx.reject({ line, column: 'code_activite', reason: IMPORT_MESSAGES.unknownActivity });
          continue;
        }
        if (activityCode && row.activityLabel && labelled.get(activityCode)?.label !== row.activityLabel) {
          activities.set(activityCode, row.activityLabel);
          knownActivities.add(activityCode);
        }
        fileLevels.set(row.code, level);
        const next: FamilyWriteRow = {
          code: row.code,
          label: row.label,
          parentCode: row.parentCode,
          level,
          activityCode,
          position: row.position ?? before?.position ?? 0,
        };
        if (before && (before.parentCode !== next.parentCode || before.level !== next.level))
          moved.set(row.code, line);
        if (ctx.write && tally(ctx, before, next)) writes.push(next);
      }
      if (!ctx.write) return;
      await ctx.save(
        'upsertActivities',
        [...activities].map(([code, label]) => ({ code, label })),
      );
      await ctx.save('upsertFamilies', writes);
    },
    // A family moved carries its sub-families: every level of its tree is set again from the roots,
    // and a tree that would go past 4 levels (or a family put under its own sub-family) is refused.
    async finish(ctx) {
      if (!ctx.write || !moved.size) return;
      const codes = [...moved.keys()];
      const orphans = new Set(await recomputeTreeLevels(ctx.tx, codes));
      const tooDeep = (await subtreeDepths(ctx.tx, codes)).filter((row) => row.maxLevel > MAX_LEVEL);
      for (const code of new Set([...orphans, ...tooDeep.map((row) => row.root)]))
        ctx.reject({ line: moved.get(code)!, column: 'code_parent', reason: IMPORT_MESSAGES.subtreeTooDeep });
    },
  };
}

// ---------------------------------------------------------------- unites

function unitApplier(): Applier<'unites'> {
  return {
    key: (row) => row.code,
    async apply(ctx, batch) {
      const existing = byKey(
        await unitsByCodes(
          ctx.tx,
          batch.map(({ row }) => row.code),
        ),
        (r) => r.code,
      );
      const writes: UnitWriteRow[] = [];
      for (const { row } of batch) {
        const next: UnitWriteRow = { code: row.code, label: row.label, decimals: unitRowDecimals(row) };
        if (ctx.write && tally(ctx, existing.get(row.code), next)) writes.push(next);
      }
      if (ctx.write) await ctx.save('upsertUnits', writes);
    },
  };
}

// ---------------------------------------------------------------- articles

function articleApplier(): Applier<'articles'> {
  const knownFamilies = new KnownCodes(async (tx, codes) =>
    (await familiesByCodes(tx, codes)).map((r) => r.code),
  );
  const knownUnits = new Set<string>();
  return {
    key: (row) => row.code,
    async apply(ctx, batch) {
      await knownFamilies.load(
        ctx.tx,
        batch.map(({ row }) => row.familyCode),
      );
      const existing = byKey(
        await articlesByCodes(
          ctx.tx,
          batch.map(({ row }) => row.code),
        ),
        (r) => r.code,
      );
      const writes: ArticleWriteRow[] = [];
      const newUnits = new Set<string>();
      for (const { line, row } of batch) {
        if (!knownFamilies.has(row.familyCode)) {
          ctx.reject({ line, column: 'code_famille', reason: IMPORT_MESSAGES.unknownFamily });
          continue;
        }
        const next: ArticleWriteRow = {
          code: row.code,
          designation1: row.designation1,
          designation2: row.designation2,
          description: row.description,
          familyCode: row.familyCode,
          priceHt: row.priceHt,
          vatRate: row.vatRate,
          saleUnit: row.saleUnit,
          stockUnit: row.stockUnit ?? row.saleUnit,
          prepUnit: row.prepUnit ?? row.saleUnit,
          length: row.length,
          width: row.width,
          height: row.height,
          density: row.density,
          weight: row.weight,
          diameter: row.diameter,
          capacity: row.capacity,
          dimensionUnit: row.dimensionUnit,
          weightUnit: row.weightUnit,
          image: row.image,
          minQuantity: row.minQuantity,
          saleMultiple: row.saleMultiple,
          backorderDays: row.backorderDays,
          active: row.active,
        };
        if (!ctx.write) continue;
        const before = existing.get(row.code);
        if (before?.active && !next.active) {
          // An active article withdrawn: counted as deactivated, whatever else changed with it.
          ctx.counts.deactivated++;
          writes.push(next);
        } else if (tally(ctx, before, next)) writes.push(next);
        for (const unit of [next.saleUnit, next.stockUnit, next.prepUnit])
          if (!knownUnits.has(unit)) newUnits.add(unit);
      }
      if (!ctx.write) return;
      await ctx.save('ensureUnits', [...newUnits]);
      for (const unit of newUnits) knownUnits.add(unit);
      await ctx.save('upsertArticles', writes);
    },
  };
}

// ---------------------------------------------------------------- declinaisons

function variantApplier(): Applier<'declinaisons'> {
  const knownArticles = new KnownCodes(existingArticleCodes);
  return {
    key: (row) => `${row.articleCode}\u0000${row.code}`,
    async apply(ctx, batch) {
      const articleCodes = uniq(batch.map(({ row }) => row.articleCode));
      await knownArticles.load(ctx.tx, articleCodes);
      const existing = byKey(
        await variantsOfArticles(ctx.tx, articleCodes),
        (r) => `${r.articleCode}\u0000${r.code}`,
      );
      const writes: VariantWriteRow[] = [];
      for (const { line, row } of batch) {
        if (!knownArticles.has(row.articleCode)) {
          ctx.reject({ line, column: 'code_article', reason: IMPORT_MESSAGES.unknownArticle });
          continue;
        }
        const next: VariantWriteRow = {
          articleCode: row.articleCode,
          code: row.code,
          designation: row.designation,
          options: row.options ?? {},
          priceHt: row.priceHt,
          weight: row.weight,
        };
        if (ctx.write && tally(ctx, existing.get(`${row.articleCode}\u0000${row.code}`), next))
          writes.push(next);
      }
      if (ctx.write) await ctx.save('upsertVariants', writes);
    },
  };
}

// ---------------------------------------------------------------- stocks

function stockApplier(): Applier<'stocks'> {
  const knownArticles = new KnownCodes(existingArticleCodes);
  const knownAgencies = new KnownCodes(existingAgencyCodes);
  const stockKey = (r: { articleCode: string; variantCode: string; agencyCode: string }) =>
    `${r.articleCode}\u0000${r.variantCode}\u0000${r.agencyCode}`;
  return {
    key: (row) => stockKey({ ...row, variantCode: row.variantCode ?? '' }),
    async apply(ctx, batch) {
      const articleCodes = uniq(batch.map(({ row }) => row.articleCode));
      await knownArticles.load(ctx.tx, articleCodes);
      await knownAgencies.load(
        ctx.tx,
        batch.map(({ row }) => row.agencyCode),
      );
      const withVariants = batch.filter(({ row }) => row.variantCode).map(({ row }) => row.articleCode);
      const variantKeys = new Set(
        (await variantsOfArticles(ctx.tx, uniq(withVariants))).map((v) => `${v.articleCode}\u0000${v.code}`),
      );
      const existing = byKey(await stockOfArticles(ctx.tx, articleCodes), stockKey);
      const writes: StockWriteRow[] = [];
      for (const { line, row } of batch) {
        if (!knownArticles.has(row.articleCode)) {
          ctx.reject({ line, column: 'code_article', reason: IMPORT_MESSAGES.unknownArticle });
          continue;
        }
        if (row.variantCode && !variantKeys.has(`${row.articleCode}\u0000${row.variantCode}`)) {
          ctx.reject({ line, column: 'code_declinaison', reason: IMPORT_MESSAGES.unknownVariant });
          continue;
        }
        if (!knownAgencies.has(row.agencyCode)) {
          ctx.reject({ line, column: 'code_agence', reason: IMPORT_MESSAGES.unknownAgency });
          continue;
        }
        const next: StockWriteRow = {
          articleCode: row.articleCode,
          variantCode: row.variantCode ?? '',
          agencyCode: row.agencyCode,
          quantity: row.quantity,
        };
        if (ctx.write && tally(ctx, existing.get(stockKey(next)), next)) writes.push(next);
      }
      if (ctx.write) await ctx.save('upsertStock', writes);
    },
  };
}

// ---------------------------------------------------------------- clients

function customerApplier(): Applier<'clients'> {
  const knownAgencies = new KnownCodes(existingAgencyCodes);
  /** The types the file creates (its writes may not be in the database yet: see the staged imports). */
  const fileTypes = new Set<string>();
  return {
    key: (row) => row.code,
    async apply(ctx, batch) {
      await knownAgencies.load(
        ctx.tx,
        batch.map(({ row }) => row.agencyCode),
      );
      const types = byKey(
        await customerTypesByCodes(ctx.tx, uniq(batch.map(({ row }) => row.typeCode))),
        (r) => r.code,
      );
      const existing = byKey(
        await customersByCodes(
          ctx.tx,
          batch.map(({ row }) => row.code),
        ),
        (r) => r.code,
      );
      const typeWrites = new Map<string, string>();
      const writes: CustomerWriteRow[] = [];
      for (const { line, row } of batch) {
        if (!knownAgencies.has(row.agencyCode)) {
          ctx.reject({ line, column: 'code_agence', reason: IMPORT_MESSAGES.unknownAgency });
          continue;
        }
        const type = types.get(row.typeCode);
        if (!type && !row.typeLabel && !typeWrites.has(row.typeCode) && !fileTypes.has(row.typeCode)) {
          ctx.reject({ line, column: 'code_type', reason: IMPORT_MESSAGES.unknownType });
          continue;
        }
        if (row.typeLabel && type?.label !== row.typeLabel) typeWrites.set(row.typeCode, row.typeLabel);
        if (row.typeLabel) fileTypes.add(row.typeCode);
        const next: CustomerWriteRow = {
          code: row.code,
          name: row.name,
          typeCode: row.typeCode,
          agencyCode: row.agencyCode,
          isProfessional: row.isProfessional,
          creditLimit: row.creditLimit,
          email: row.email,
          phone: row.phone,
          siret: row.siret,
        };
        if (ctx.write && tally(ctx, existing.get(row.code), next)) writes.push(next);
      }
      if (!ctx.write) return;
      await ctx.save(
        'upsertCustomerTypes',
        [...typeWrites].map(([code, label]) => ({ code, label })),
      );
      await ctx.save('upsertCustomers', writes);
    },
  };
}

// ---------------------------------------------------------------- adresses

function addressApplier(): Applier<'adresses'> {
  const key = (r: { customerCode: string; label: string }) => `${r.customerCode}\u0000${r.label}`;
  return {
    key,
    async apply(ctx, batch) {
      const customerCodes = uniq(batch.map(({ row }) => row.customerCode));
      const customers = new Set((await customersByCodes(ctx.tx, customerCodes)).map((c) => c.code));
      const zoneLabels = uniq(batch.map(({ row }) => row.zone).filter((z): z is string => !!z));
      const zones = new Map((await zonesByLabels(ctx.tx, zoneLabels)).map((z) => [z.label, z.id]));
      const existing = new Map<string, AddressWriteRow & { id: number }>();
      for (const address of await addressesOfCustomers(ctx.tx, customerCodes))
        if (!existing.has(key(address))) existing.set(key(address), address);
      const writes: AddressWriteRow[] = [];
      for (const { line, row } of batch) {
        if (!customers.has(row.customerCode)) {
          ctx.reject({ line, column: 'code_client', reason: IMPORT_MESSAGES.unknownCustomer });
          continue;
        }
        const zoneId = row.zone ? zones.get(row.zone) : null;
        if (zoneId === undefined) {
          ctx.reject({ line, column: 'zone', reason: IMPORT_MESSAGES.unknownZone });
          continue;
        }
        const before = existing.get(key(row));
        const next: AddressWriteRow = {
          ...(before && { id: before.id }),
          customerCode: row.customerCode,
          label: row.label,
          line1: row.line1,
          line2: row.line2,
          postalCode: row.postalCode,
          city: row.city,
          zoneId,
          isDefault: row.isDefault ?? before?.isDefault ?? false,
        };
        if (ctx.write && tally(ctx, before, { ...next, id: before?.id })) writes.push(next);
      }
      if (ctx.write) await ctx.save('saveAddresses', writes);
    },
  };
}

// ---------------------------------------------------------------- etats

function statusApplier(): Applier<'etats'> {
  return {
    key: (row) => row.number,
    async apply(ctx, batch) {
      const existing = byKey(
        await orderStatusesByNumbers(
          ctx.tx,
          batch.map(({ row }) => row.number),
        ),
        (r) => r.number,
      );
      const writes: StatusWriteRow[] = [];
      for (const { line, row } of batch) {
        const order = existing.get(row.number);
        if (!order) {
          ctx.reject({ line, column: 'numero', reason: IMPORT_MESSAGES.unknownOrder });
          continue;
        }
        // No shipment number in the row (or no such column): the order keeps the one it has.
        const next = {
          status: row.status,
          statusAt: row.date,
          shipmentNumber: row.shipmentNumber ?? order.shipmentNumber,
        };
        const before = {
          status: order.status,
          statusAt: order.statusAt,
          shipmentNumber: order.shipmentNumber,
        };
        if (ctx.write && tally(ctx, before, next)) writes.push({ id: order.id, ...next });
      }
      if (ctx.write) await ctx.save('setOrderStatuses', writes);
    },
  };
}

// ---------------------------------------------------------------- agences

function agencyApplier(): Applier<'agences'> {
  return {
    key: (row) => row.code,
    async apply(ctx, batch) {
      const existing = byKey(
        await agenciesByCodes(
          ctx.tx,
          batch.map(({ row }) => row.code),
        ),
        (r) => r.code,
      );
      const writes: AgencyWriteRow[] = [];
      for (const { row } of batch)
        if (ctx.write && tally(ctx, existing.get(row.code), row)) writes.push({ ...row });
      if (ctx.write) await ctx.save('upsertAgencies', writes);
    },
  };
}

// ---------------------------------------------------------------- tarifs

const priceKey = (r: PriceRuleKey) =>
  [r.customerCode, r.customerTypeCode, r.articleCode, r.familyCode, r.agencyCode]
    .map((v) => v ?? '')
    .join('\u0000');

function priceApplier(): Applier<'tarifs'> {
  const customers = new KnownCodes(async (tx, codes) =>
    (await customersByCodes(tx, codes)).map((r) => r.code),
  );
  const types = new KnownCodes(async (tx, codes) =>
    (await customerTypesByCodes(tx, codes)).map((r) => r.code),
  );
  const articles = new KnownCodes(existingArticleCodes);
  const families = new KnownCodes(async (tx, codes) => (await familiesByCodes(tx, codes)).map((r) => r.code));
  const agencies = new KnownCodes(existingAgencyCodes);
  const present = (values: (string | null)[]) => values.filter((v): v is string => v !== null);
  return {
    key: priceKey,
    async apply(ctx, batch) {
      const rows = batch.map(({ row }) => row);
      await customers.load(ctx.tx, present(rows.map((r) => r.customerCode)));
      await types.load(ctx.tx, present(rows.map((r) => r.customerTypeCode)));
      await articles.load(ctx.tx, present(rows.map((r) => r.articleCode)));
      await families.load(ctx.tx, present(rows.map((r) => r.familyCode)));
      await agencies.load(ctx.tx, present(rows.map((r) => r.agencyCode)));
      const existing = byKey(await priceRulesByKeys(ctx.tx, rows), priceKey);
      const inserts: NewPriceRule[] = [];
      const deletes: number[] = [];
      for (const { line, row } of batch) {
        const one = (a: string | null, b: string | null, columns: string, column: string) => {
          if ((a === null) === (b === null)) {
            ctx.reject({ line, column, reason: IMPORT_MESSAGES.oneOf(columns) });
            return false;
          }
          return true;
        };
        if (
          !one(row.customerCode, row.customerTypeCode, 'code_client et code_type', 'code_client') ||
          !one(row.articleCode, row.familyCode, 'code_article et code_famille', 'code_article')
        )
          continue;
        const withdrawn = row.active === false;
        const value = row.netPrice ?? row.discount;
        if (!withdrawn && value === null) {
          ctx.reject({ line, column: 'prix_net', reason: IMPORT_MESSAGES.priceWithoutValue });
          continue;
        }
        if (row.netPrice !== null && row.discount !== null) {
          ctx.reject({ line, column: 'prix_net', reason: IMPORT_MESSAGES.oneOf('prix_net et remise') });
          continue;
        }
        const unknown = (
          [
            [row.customerCode, customers, 'code_client', IMPORT_MESSAGES.unknownCustomer],
            [row.customerTypeCode, types, 'code_type', IMPORT_MESSAGES.unknownCustomerType],
            [row.articleCode, articles, 'code_article', IMPORT_MESSAGES.unknownArticle],
            [row.familyCode, families, 'code_famille', IMPORT_MESSAGES.unknownFamily],
            [row.agencyCode, agencies, 'code_agence', IMPORT_MESSAGES.unknownAgency],
          ] as const
        ).find(([code, known]) => code !== null && !known.has(code));
        if (unknown) {
          ctx.reject({ line, column: unknown[2], reason: unknown[3] });
          continue;
        }
        if (!ctx.write) continue;
        const before = existing.get(priceKey(row));
        const next: NewPriceRule = {
          customerCode: row.customerCode,
          customerTypeCode: row.customerTypeCode,
          articleCode: row.articleCode,
          familyCode: row.familyCode,
          agencyCode: row.agencyCode,
          netPrice: row.netPrice,
          discount: row.discount,
        };
        if (withdrawn) {
          // A withdrawn price: deleted, counted as deactivated; one already gone is unchanged.
          if (before) {
            ctx.counts.deactivated++;
            deletes.push(before.id);
          } else ctx.counts.unchanged++;
          continue;
        }
        const { id, ...stored } = before ?? { id: 0 };
        if (tally(ctx, before && stored, next)) {
          if (before) deletes.push(id);
          inserts.push(next);
        }
      }
      if (!ctx.write) return;
      await ctx.save('deletePriceRules', deletes);
      await ctx.save('addPriceRules', inserts);
    },
  };
}

// ---------------------------------------------------------------- documents

const PDF_MAGIC = Buffer.from('%PDF-');
const PDF_MAX_BYTES = 20 * 1024 * 1024;

/** The PDF named `name` beside the CSV: its bytes, or why it cannot be taken. */
async function readPdf(ctx: BatchContext, name: string): Promise<{ bytes: Buffer } | { problem: string }> {
  const opening = ctx.files.openSibling(name);
  if (!opening) return { problem: IMPORT_MESSAGES.missingPdf(name) };
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of (await opening) as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > PDF_MAX_BYTES) return { problem: IMPORT_MESSAGES.pdfTooLarge(name) };
    chunks.push(chunk);
  }
  const bytes = Buffer.concat(chunks);
  // Checked by content, not by name: a PDF starts with %PDF- (after at most a few bytes of junk).
  const at = bytes.subarray(0, 1024).indexOf(PDF_MAGIC);
  return at < 0 ? { problem: IMPORT_MESSAGES.notPdf(name) } : { bytes };
}

// Each PDF is stored under its content's digest (storedPdfName), beside the ones the index points to:
// a changed PDF never replaces the file a committed row reads, so a refused file, a rolled-back
// transaction or a server killed at any moment leaves the index and its PDFs as they were. The files
// no row points to (replaced, refused, half-written) are removed at the start of the next documents
// import, which holds the kind's lock.
function documentApplier(): Applier<'documents'> {
  /** The PDFs this import added to the folder: removed again when the file is not imported. */
  const added = new Set<string>();
  let folder = '';
  let swept = false;
  return {
    key: (row) => `${row.kind}\u0000${row.number}`,
    async apply(ctx, batch) {
      const { documentsDir } = ctx.files;
      folder = documentsDir;
      if (!swept) {
        swept = true;
        await removeUnreferencedPdfs(ctx.tx, documentsDir);
      }
      const existing = byKey(
        await documentsByKeys(
          ctx.tx,
          batch.map(({ row }) => row),
        ),
        (r) => `${r.kind}\u0000${r.number}`,
      );
      for (const { line, row } of batch) {
        const pdf = await readPdf(ctx, row.fileName);
        if ('problem' in pdf) {
          ctx.reject({ line, column: 'fichier', reason: pdf.problem });
          continue;
        }
        if (!ctx.write) continue;
        const storedFile = storedPdfName(pdf.bytes);
        const before = existing.get(`${row.kind}\u0000${row.number}`);
        const stored = before && {
          orderNumber: before.orderNumber,
          kind: before.kind,
          number: before.number,
          issuedOn: before.issuedOn,
          amount: before.amount,
          fileName: before.fileName,
        };
        if (!stored) ctx.counts.created++;
        else if (before.storedFile === storedFile && sameRow(row, stored)) {
          ctx.counts.unchanged++;
          continue;
        } else ctx.counts.updated++;
        if (await storePdf(documentsDir, storedFile, pdf.bytes)) added.add(storedFile);
        await registerDocument(ctx.tx, documentsDir, row, storedFile);
      }
    },
    // Only files that were not in the folder before this import: no committed row points to them.
    async discard() {
      const files = [...added].map((name) => path.join(folder, name));
      added.clear();
      await Promise.all(files.map((file) => fs.promises.rm(file, { force: true })));
    },
  };
}

/** A fresh applier for one file (appliers remember what the file said so far). */
export function applierFor<K extends ImportKind>(kind: K): Applier<K> {
  const makers: { [P in ImportKind]: () => Applier<P> } = {
    agences: agencyApplier,
    familles: familyApplier,
    unites: unitApplier,
    articles: articleApplier,
    declinaisons: variantApplier,
    stocks: stockApplier,
    clients: customerApplier,
    adresses: addressApplier,
    etats: statusApplier,
    tarifs: priceApplier,
    documents: documentApplier,
  };
  return makers[kind]() as unknown as Applier<K>;
}
