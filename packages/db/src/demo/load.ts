// Loads the demo data set into an empty database, in one transaction: a failed load leaves the database
// empty, so the next start tries again.
import { SETTING_DEFAULTS, SETTING_KEYS, type SettingKey } from '@comptoir/shared/domain';
import { SITE_PAGE_DEFAULTS } from '@comptoir/shared/site-pages-defaults';
import { SITE_PAGES } from '@comptoir/shared/site-pages-texts';
import { sql, type SQL } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { Database, DbOrTx } from '../client';
import {
  activities,
  agencies,
  articles,
  bands,
  carriers,
  customers,
  customerPrices,
  customerTypes,
  deliveryAddresses,
  families,
  groupingArticles,
  groupings,
  loginEvents,
  orderLines,
  orders,
  selectionModels,
  settings,
  sitePageVersions,
  shippingFees,
  siteTags,
  stock,
  units,
  variableDimensions,
  variants,
  zones,
} from '../schema';
import { BulkWriter, dropSecondaryIndexes, insertRows } from './bulk';
import { articleAt, FAMILIES, type DemoArticle } from './catalogue';
import { ACTIVITIES, UNITS } from './catalogue-data';
import { CUSTOMER_TYPES, customerAt } from './customers';
import { buildGroupings, buildSelectionModels, VARIABLE_DIMENSIONS } from './merchandising';
import { generateActivity } from './orders';
import { buildCustomerPrices } from './prices';
import { AGENCIES, ZONES } from './places';
import { Random } from './random';
import { BANDS, CARRIERS, SHIPPING_FEES } from './shipping';

/** The demo shop has chosen weight-based shipping fees; every other setting keeps its default. */
const DEMO_SETTINGS = { ...SETTING_DEFAULTS, [SETTING_KEYS.shippingFeeType]: 'poids' };

/** Volumes at scale 1; `scale` multiplies them (170 makes a million orders). */
export const BASE_VOLUMES = { customers: 320, articles: 2_100, orders: 6_000, logins: 30_000 } as const;
/** From this scale on, secondary indexes are dropped during the load and rebuilt at the end. */
const REBUILD_INDEXES_FROM_SCALE = 5;

export type DemoTable =
  | 'agencies'
  | 'zones'
  | 'customerTypes'
  | 'customers'
  | 'deliveryAddresses'
  | 'siteTags'
  | 'units'
  | 'activities'
  | 'families'
  | 'articles'
  | 'variants'
  | 'stock'
  | 'orders'
  | 'orderLines'
  | 'loginEvents'
  | 'carriers'
  | 'bands'
  | 'shippingFees'
  | 'settings'
  | 'groupings'
  | 'groupingArticles'
  | 'selectionModels'
  | 'variableDimensions'
  | 'customerPrices'
  | 'sitePageVersions';

export interface DemoSummary {
  counts: Record<DemoTable, number>;
  durationMs: number;
}

export interface DemoOptions {
  /** Multiplies the volumes of customers, articles, orders and logins (default 1). */
  scale?: number;
  /** The end of the two years of history (default: the current date). */
  now?: Date;
  /** Receives progress lines. */
  log?: (line: string) => void;
}

/** How many rows of each kind the demo data has at `scale` (1: BASE_VOLUMES, with a floor). */
export const demoVolumes = (scale: number) => ({
  customers: Math.max(30, Math.round(BASE_VOLUMES.customers * scale)),
  articles: Math.max(200, Math.round(BASE_VOLUMES.articles * scale)),
  orders: Math.max(40, Math.round(BASE_VOLUMES.orders * scale)),
  logins: Math.max(100, Math.round(BASE_VOLUMES.logins * scale)),
});

export async function isDatabaseEmpty(db: Database): Promise<boolean> {
  const rows = await db.select({ code: agencies.code }).from(agencies).limit(1);
  return rows.length === 0;
}

export async function loadDemoData(db: Database, options: DemoOptions = {}): Promise<DemoSummary> {
  const scale = options.scale ?? 1;
  if (!(scale > 0) || !Number.isFinite(scale)) throw new Error(`Échelle invalide : ${scale}`);
  const now = options.now ?? new Date();
  const log = options.log ?? (() => {});
  const started = performance.now();
  const volumes = demoVolumes(scale);
  const counts = Object.fromEntries(
    [
      'agencies',
      'zones',
      'customerTypes',
      'customers',
      'deliveryAddresses',
      'siteTags',
      'units',
      'activities',
      'families',
      'articles',
      'variants',
      'stock',
      'orders',
      'orderLines',
      'loginEvents',
      'carriers',
      'bands',
      'shippingFees',
      'settings',
      'groupings',
      'groupingArticles',
      'selectionModels',
      'variableDimensions',
      'customerPrices',
      'sitePageVersions',
    ].map((table) => [table, 0]),
  ) as Record<DemoTable, number>;
  const progress = new Progress(log);

  await db.transaction(async (tx) => {
    const rebuild = scale >= REBUILD_INDEXES_FROM_SCALE;
    const indexes: SQL[] = rebuild
      ? await dropSecondaryIndexes(tx, [
          'articles',
          'customers',
          'orders',
          'order_lines',
          'login_events',
          'stock',
        ])
      : [];
    const writer = new BulkWriter(tx);
    const write = async <T extends PgTable>(table: T, key: DemoTable, rows: readonly T['$inferInsert'][]) => {
      counts[key] += rows.length;
      await writer.write(table, rows);
    };

    await loadReferenceData(tx, counts, now);
    progress.report('référentiel', 1, 1);

    for (let start = 0; start < volumes.customers; start += 1_000) {
      const batch = Array.from({ length: Math.min(1_000, volumes.customers - start) }, (_, i) =>
        customerAt(start + i, now),
      );
      await write(
        customers,
        'customers',
        batch.map((customer) => customer.row),
      );
      await write(
        deliveryAddresses,
        'deliveryAddresses',
        batch.flatMap((customer) => customer.addresses),
      );
      await write(
        siteTags,
        'siteTags',
        batch.flatMap((customer) =>
          customer.siteTags.map((name) => ({
            customerCode: customer.row.code,
            name,
            createdAt: customer.row.createdAt,
          })),
        ),
      );
      progress.report('clients', start + batch.length, volumes.customers);
    }

    for (let start = 0; start < volumes.articles; start += 1_000) {
      const batch = Array.from({ length: Math.min(1_000, volumes.articles - start) }, (_, i) =>
        articleAt(start + i, now),
      );
      await write(
        articles,
        'articles',
        batch.map((article) => article.row),
      );
      await write(
        variants,
        'variants',
        batch.flatMap((article) => article.variants),
      );
      await write(stock, 'stock', batch.flatMap(stockRowsOf));
      progress.report('articles', start + batch.length, volumes.articles);
    }

    const merchandising = buildGroupings(volumes.articles, now);
    await write(groupings, 'groupings', merchandising.groupings);
    await write(groupingArticles, 'groupingArticles', merchandising.articles);
    await write(selectionModels, 'selectionModels', buildSelectionModels(volumes.articles, now));
    await write(
      customerPrices,
      'customerPrices',
      buildCustomerPrices(volumes.customers, volumes.articles, now),
    );

    for (const chunk of generateActivity({
      now,
      ...volumes,
      chunkOrders: scale >= REBUILD_INDEXES_FROM_SCALE ? 5_000 : 1_000,
    })) {
      await write(orders, 'orders', chunk.orders);
      await write(orderLines, 'orderLines', chunk.lines);
      await write(loginEvents, 'loginEvents', chunk.logins);
      progress.report('commandes', counts.orders, volumes.orders);
    }
    await writer.flush();
    progress.report('connexions', counts.loginEvents, counts.loginEvents);

    // Rows with explicit ids leave their sequences behind.
    for (const table of [
      'zones',
      'bands',
      'shipping_fees',
      'carriers',
      'orders',
      'groupings',
      'selection_models',
    ]) {
      await tx.execute(
        sql.raw(
          `select setval(pg_get_serial_sequence('${table}', 'id'), coalesce((select max(id) from ${table}), 1), (select count(*) > 0 from ${table}))`,
        ),
      );
    }
    if (indexes.length > 0) {
      await tx.execute(sql`set local maintenance_work_mem = '512MB'`);
      for (const [n, definition] of indexes.entries()) {
        await tx.execute(definition);
        progress.report('index', n + 1, indexes.length);
      }
    }
  });
  // Fresh statistics, so that the planner knows the new volumes at once, and the visibility map set,
  // so that index-only scans (the orders list's pages) need not read the table: PGlite has no
  // autovacuum, and PostgreSQL's would come a minute later.
  await db.execute(sql`vacuum analyze`);
  const durationMs = Math.round(performance.now() - started);
  log(`Données de démonstration chargées en ${(durationMs / 1000).toFixed(1)} s`);
  return { counts, durationMs };
}

async function loadReferenceData(db: DbOrTx, counts: Record<DemoTable, number>, now: Date): Promise<void> {
  const rows = async <T extends PgTable>(table: T, key: DemoTable, values: readonly T['$inferInsert'][]) => {
    counts[key] += values.length;
    await insertRows(db, table, values);
  };
  await rows(
    agencies,
    'agencies',
    AGENCIES.map(({ code, label, address, postalCode, city, phone, stockQueryUrl, openingHours }) => ({
      code,
      label,
      address,
      postalCode,
      city,
      phone,
      stockQueryUrl: stockQueryUrl ?? null,
      openingHours,
    })),
  );
  await rows(
    zones,
    'zones',
    ZONES.map((zone) => ({ ...zone })),
  );
  await rows(
    customerTypes,
    'customerTypes',
    CUSTOMER_TYPES.map(({ code, label }) => ({ code, label })),
  );
  await rows(
    units,
    'units',
    UNITS.map(([code, label, decimals]) => ({ code, label, decimals })),
  );
  await rows(variableDimensions, 'variableDimensions', VARIABLE_DIMENSIONS);
  await rows(
    activities,
    'activities',
    ACTIVITIES.map(({ code, label }, position) => ({ code, label, position })),
  );
  await rows(families, 'families', FAMILIES);
  await rows(
    settings,
    'settings',
    // A setting without a value (null) is stored as no row: its default applies.
    (Object.entries(DEMO_SETTINGS) as [SettingKey, unknown][])
      .filter(([, value]) => value !== null)
      .map(([key, value]) => ({ key, value, updatedAt: now })),
  );
  // The legal pages' first version, so that the storefront's pages are never empty (no administrator yet).
  await rows(
    sitePageVersions,
    'sitePageVersions',
    SITE_PAGES.map((page) => ({
      page,
      version: 1,
      markdown: SITE_PAGE_DEFAULTS[page],
      savedAt: now,
      savedBy: null,
    })),
  );
  await rows(bands, 'bands', BANDS);
  await rows(shippingFees, 'shippingFees', SHIPPING_FEES);
  // Every row names every column: the bulk insert takes its columns from the first row.
  await rows(
    carriers,
    'carriers',
    CARRIERS.map((carrier) => ({ ...carrier, pickup: carrier.pickup ?? false })),
  );
}

/** The stock of a demo article (of each of its declinaisons) in every agency. */
export function stockRowsOf(article: DemoArticle) {
  const rng = new Random('stock', article.index);
  const variantCodes = article.variants.length > 0 ? article.variants.map((variant) => variant.code) : [''];
  return variantCodes.flatMap((variantCode) =>
    AGENCIES.map((agency) => ({
      articleCode: article.row.code,
      variantCode,
      agencyCode: agency.code,
      quantity: stockQuantity(rng, article.row.stockUnit, article.row.priceHt),
    })),
  );
}

/** Stock on hand: some articles out of stock, some low, the rest in the usual quantities of their unit. */
function stockQuantity(rng: Random, unit: string, price: number): number {
  const roll = rng.next();
  if (roll < 0.12) return 0;
  const low = roll < 0.25;
  const between = (min: number, max: number, decimals = 0) => {
    const factor = 10 ** decimals;
    return Math.round((min + (max - min) * rng.next()) * factor) / factor;
  };
  switch (unit) {
    case 'T':
      return low ? between(0.5, 3, 1) : between(20, 500, 1);
    case 'M2':
      return low ? between(1, 8, 1) : between(10, 900, 1);
    case 'SAC':
    case 'PLQ':
      return low ? between(1, 10) : between(20, 800);
    case 'BAR':
    case 'RLX':
    case 'POT':
      return low ? between(1, 4) : between(5, 300);
    case 'U':
      if (price > 150) return low ? 1 : between(2, 12);
      if (price > 30) return low ? between(1, 3) : between(5, 60);
      if (price > 5) return low ? between(1, 5) : between(10, 300);
      return low ? between(1, 20) : between(100, 3_000);
    default:
      return low ? between(1, 5) : between(10, 300);
  }
}

/** Prints a progress line when a phase starts, at most every five seconds, and when it completes. */
class Progress {
  private last = new Map<string, number>();

  constructor(private readonly log: (line: string) => void) {}

  report(phase: string, done: number, total: number): void {
    const now = performance.now();
    const last = this.last.get(phase);
    if (done < total && last !== undefined && now - last < 5_000) return;
    this.last.set(phase, now);
    this.log(`Données de démonstration : ${phase} ${done}/${total}`);
  }
}
