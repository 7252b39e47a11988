// What each file kind does to the shop's tables (docs/import-erp.md): per batch of read rows, check
// what the rows refer to, compare them with what is there, and write the new and changed ones through
// the owning module's service. A batch whose file already has a rejected row is still checked (so that
// the report lists every bad row) but not written: the file's transaction is rolled back anyway.
import type { DbOrTx } from '@comptoir/db/client';
import {
  IMPORT_MESSAGES,
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
  upsertVariants,
  variantsOfArticles,
  type ArticleWriteRow,
  type StockWriteRow,
  type VariantWriteRow,
} from '../catalogue/catalogue.service';
import {
  activitiesByCodes,
  familiesByCodes,
  upsertActivities,
  upsertFamilies,
  type FamilyWriteRow,
} from '../families/families.service';
import { orderStatusesByNumbers, setOrderStatuses } from '../orders/orders.service';
import {
  addressesOfCustomers,
  customersByCodes,
  customerTypesByCodes,
  existingAgencyCodes,
  saveAddresses,
  upsertCustomers,
  upsertCustomerTypes,
  zonesByLabels,
  type AddressWriteRow,
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
}

export interface Line<K extends ImportKind> {
  line: number;
  row: KindRow<K>;
}

export interface Applier<K extends ImportKind> {
  /** The row's identity: two rows of one file with the same key are refused. */
  key(row: KindRow<K>): string;
  apply(ctx: BatchContext, batch: Line<K>[]): Promise<void>;
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
        if (ctx.write && tally(ctx, before, next)) writes.push(next);
      }
      if (!ctx.write) return;
      await upsertActivities(
        ctx.tx,
        [...activities].map(([code, label]) => ({ code, label })),
      );
      await upsertFamilies(ctx.tx, writes);
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
      await ensureUnits(ctx.tx, [...newUnits]);
      for (const unit of newUnits) knownUnits.add(unit);
      await upsertArticles(ctx.tx, writes);
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
      if (ctx.write) await upsertVariants(ctx.tx, writes);
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
      if (ctx.write) await upsertStock(ctx.tx, writes);
    },
  };
}

// ---------------------------------------------------------------- clients

function customerApplier(): Applier<'clients'> {
  const knownAgencies = new KnownCodes(existingAgencyCodes);
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
        if (!type && !row.typeLabel && !typeWrites.has(row.typeCode)) {
          ctx.reject({ line, column: 'code_type', reason: IMPORT_MESSAGES.unknownType });
          continue;
        }
        if (row.typeLabel && type?.label !== row.typeLabel) typeWrites.set(row.typeCode, row.typeLabel);
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
      await upsertCustomerTypes(
        ctx.tx,
        [...typeWrites].map(([code, label]) => ({ code, label })),
      );
      await upsertCustomers(ctx.tx, writes);
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
      if (ctx.write) await saveAddresses(ctx.tx, writes);
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
      const writes: { id: number; status: KindRow<'etats'>['status']; statusAt: Date }[] = [];
      for (const { line, row } of batch) {
        const order = existing.get(row.number);
        if (!order) {
          ctx.reject({ line, column: 'numero', reason: IMPORT_MESSAGES.unknownOrder });
          continue;
        }
        const next = { status: row.status, statusAt: row.date };
        if (ctx.write && tally(ctx, { status: order.status, statusAt: order.statusAt }, next))
          writes.push({ id: order.id, ...next });
      }
      if (ctx.write) await setOrderStatuses(ctx.tx, writes);
    },
  };
}

/** A fresh applier for one file (appliers remember what the file said so far). */
export function applierFor<K extends ImportKind>(kind: K): Applier<K> {
  const makers: { [P in ImportKind]: () => Applier<P> } = {
    familles: familyApplier,
    articles: articleApplier,
    declinaisons: variantApplier,
    stocks: stockApplier,
    clients: customerApplier,
    adresses: addressApplier,
    etats: statusApplier,
  };
  return makers[kind]() as unknown as Applier<K>;
}
