import {
  CART_TYPES,
  FEE_TYPES,
  MOVEMENT_TYPES,
  ORDER_STATUSES,
  SETTING_KEYS,
  settingValues,
  type SettingKey,
} from '@comptoir/shared/domain';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows, type DatabaseHandle } from '../client';
import { zones } from '../schema';
import { createTestDatabase } from '../testing';
import { isDatabaseEmpty, loadDemoData, type DemoSummary } from './load';

const NOW = new Date('2025-06-02T10:00:00Z');
const DAY_MS = 86_400_000;

async function count(handle: DatabaseHandle, table: string, where = 'true'): Promise<number> {
  const rows = await queryRows<{ n: number }>(
    handle.db,
    sql.raw(`select count(*)::int as n from ${table} where ${where}`),
  );
  return rows[0]!.n;
}

async function digest(handle: DatabaseHandle): Promise<Record<string, string>> {
  const rows = await queryRows<Record<string, string>>(
    handle.db,
    sql`select
      (select md5(string_agg(a::text, '|' order by code)) from articles a) as articles,
      (select md5(string_agg(v::text, '|' order by article_code, code)) from variants v) as variants,
      (select md5(string_agg(c::text, '|' order by code)) from customers c) as customers,
      (select md5(string_agg(number, '|' order by id)) from orders) as numbers,
      (select md5(string_agg(o::text, '|' order by id)) from orders o) as orders,
      (select md5(string_agg(l::text, '|' order by id)) from order_lines l) as lines,
      (select md5(string_agg(customer_code || at::text, '|' order by id)) from login_events) as logins`,
  );
  return rows[0]!;
}

describe('demo data', () => {
  let handle: DatabaseHandle;
  let summary: DemoSummary;
  const lines: string[] = [];

  beforeAll(async () => {
    handle = await createTestDatabase();
    expect(await isDatabaseEmpty(handle.db)).toBe(true);
    summary = await loadDemoData(handle.db, { now: NOW, log: (line) => lines.push(line) });
    console.info(`Demo data loaded in ${summary.durationMs} ms (${handle.kind})`);
  }, 180_000);
  afterAll(() => handle?.close());

  // Its duration is printed above, not asserted: speed goals live in bench/, machines are noisy.
  it('says how far it got, and how long it took', () => {
    expect(lines).toContain('Données de démonstration : articles 2100/2100');
    expect(lines.at(-1)).toMatch(/^Données de démonstration chargées en/);
  });

  it('is no longer empty', async () => {
    expect(await isDatabaseEmpty(handle.db)).toBe(false);
  });

  it('holds the promised volumes, and the summary counts them right', async () => {
    expect(await count(handle, 'agencies')).toBeGreaterThanOrEqual(5);
    expect(await count(handle, 'zones')).toBeGreaterThanOrEqual(3);
    expect(await count(handle, 'customer_types')).toBeGreaterThanOrEqual(4);
    expect(await count(handle, 'customers')).toBeGreaterThanOrEqual(300);
    expect(await count(handle, 'customers', 'is_professional and siret is not null')).toBeGreaterThan(100);
    expect(await count(handle, 'customers', 'not is_professional')).toBeGreaterThan(50);
    expect(await count(handle, 'articles')).toBeGreaterThanOrEqual(2_000);
    expect(await count(handle, 'variants')).toBeGreaterThan(100);
    expect(await count(handle, 'families', 'level = 4')).toBeGreaterThan(0);
    expect(await count(handle, 'orders')).toBeGreaterThanOrEqual(6_000);
    expect(await count(handle, 'order_lines')).toBeGreaterThanOrEqual(24_000);
    expect(await count(handle, 'login_events')).toBeGreaterThanOrEqual(20_000);
    expect(await count(handle, 'carriers')).toBeGreaterThanOrEqual(3);
    // Every legal page has its text, and every agency its opening hours (the contact page).
    expect(await count(handle, 'site_page_versions', 'version = 1')).toBe(3);
    expect(await count(handle, 'agencies', 'opening_hours is null or phone is null')).toBe(0);
    for (const [table, key] of [
      ['orders', 'orders'],
      ['order_lines', 'orderLines'],
      ['stock', 'stock'],
      ['delivery_addresses', 'deliveryAddresses'],
    ] as const)
      expect(await count(handle, table)).toBe(summary.counts[key]);
  });

  it('gives every customer a default delivery address in a zone', async () => {
    expect(
      await count(
        handle,
        'customers c',
        'not exists (select 1 from delivery_addresses d where d.customer_code = c.code and d.is_default and d.zone_id is not null)',
      ),
    ).toBe(0);
  });

  it('writes measures, units, images and accents into the articles', async () => {
    expect(await count(handle, 'articles', "designation1 ~ '[éèêàçôœ’]'")).toBeGreaterThan(500);
    expect(
      await count(handle, 'articles', 'length is not null and dimension_unit is not null'),
    ).toBeGreaterThan(100);
    expect(await count(handle, 'articles', 'diameter is not null')).toBeGreaterThan(10);
    expect(await count(handle, 'articles', 'capacity is not null')).toBeGreaterThan(10);
    expect(await count(handle, 'articles', 'image is null')).toBeGreaterThan(0);
    expect(await count(handle, 'articles', "image like '/images/articles/%.svg'")).toBeGreaterThan(1_500);
    expect(await count(handle, 'articles', 'vat_rate = 10')).toBeGreaterThan(0);
    expect(await count(handle, 'articles', 'vat_rate = 5.5')).toBeGreaterThan(0);
    expect(await count(handle, 'articles', "attributes ? 'MARQUE'")).toBe(await count(handle, 'articles'));
  });

  it('covers every etat (and none), every typePanier and both movement types', async () => {
    const rows = await queryRows<{ status: string | null; cart_type: string; movement_type: string }>(
      handle.db,
      sql`select distinct status, cart_type, movement_type from orders`,
    );
    expect(new Set(rows.map((row) => row.status))).toEqual(new Set([...ORDER_STATUSES, null]));
    expect(new Set(rows.map((row) => row.cart_type))).toEqual(new Set(CART_TYPES));
    expect(new Set(rows.map((row) => row.movement_type))).toEqual(new Set(MOVEMENT_TYPES));
  });

  it('shows every etat and every typePanier among the 20 newest orders', async () => {
    const rows = await queryRows<{ status: string | null; cart_type: string; movement_type: string }>(
      handle.db,
      sql`select status, cart_type, movement_type from orders order by ordered_at desc, id desc limit 20`,
    );
    expect(new Set(rows.map((row) => row.status))).toEqual(new Set([...ORDER_STATUSES, null]));
    expect(new Set(rows.map((row) => row.cart_type))).toEqual(new Set(CART_TYPES));
    expect(new Set(rows.map((row) => row.movement_type))).toEqual(new Set(MOVEMENT_TYPES));
  });

  it('spreads orders and logins over the two years before now', async () => {
    const rows = await queryRows<{ first: string; last: string; first_login: string; last_login: string }>(
      handle.db,
      sql`select min(ordered_at)::text as first, max(ordered_at)::text as last,
        (select min(at)::text from login_events) as first_login, (select max(at)::text from login_events) as last_login
        from orders`,
    );
    const { first, last, first_login: firstLogin, last_login: lastLogin } = rows[0]!;
    for (const [oldest, newest] of [
      [first, last],
      [firstLogin, lastLogin],
    ]) {
      expect(NOW.getTime() - new Date(oldest!).getTime()).toBeGreaterThan(725 * DAY_MS);
      expect(NOW.getTime() - new Date(oldest!).getTime()).toBeLessThan(732 * DAY_MS);
      expect(new Date(newest!).getTime()).toBeLessThan(NOW.getTime());
      expect(NOW.getTime() - new Date(newest!).getTime()).toBeLessThan(DAY_MS);
    }
  });

  it('keeps amounts consistent: HT = lines + shipping, TTC = HT + TVA', async () => {
    expect(
      await count(
        handle,
        'orders o',
        'amount_ht <> shipping_fee + (select coalesce(sum(l.amount_ht), -1) from order_lines l where l.order_id = o.id)',
      ),
    ).toBe(0);
    expect(
      await count(handle, 'orders', 'amount_ttc is not null and amount_ttc <> amount_ht + amount_vat'),
    ).toBe(0);
    expect(await count(handle, 'order_lines', 'amount_ht <> round(quantity * unit_price_ht, 2)')).toBe(0);
    expect(await count(handle, 'orders', "amount_ttc is null and movement_type = 'cde'")).toBeGreaterThan(0);
    expect(await count(handle, 'orders', "amount_ttc is null and movement_type <> 'cde'")).toBe(0);
    expect(await count(handle, 'orders', 'shipping_fee > 0')).toBeGreaterThan(1_000);
  });

  it('numbers orders uniquely, with a web id for web orders only', async () => {
    expect(
      await count(
        handle,
        'orders',
        "movement_type = 'web' and (web_order_id is null or number !~ '^W20[0-9]{2}-[0-9]{6}$')",
      ),
    ).toBe(0);
    expect(
      await count(
        handle,
        'orders',
        "movement_type = 'cde' and (web_order_id is not null or number !~ '^C20[0-9]{2}-[0-9]{6}$')",
      ),
    ).toBe(0);
    const rows = await queryRows<{ labels: string[] }>(
      handle.db,
      sql`select array_agg(distinct payment_label order by payment_label) as labels from orders`,
    );
    expect(rows[0]!.labels).toEqual(['Carte bancaire', 'Chèque', 'Paiement en compte', 'Virement']);
    expect(await count(handle, 'orders', "cart_type = 'TER' and payment_label <> 'Paiement en compte'")).toBe(
      0,
    );
    expect(await count(handle, 'order_lines', 'site_tag is not null')).toBeGreaterThan(500);
    expect(await count(handle, 'orders', 'customer_reference is not null')).toBeGreaterThan(500);
  });

  it('has stock for every article in every agency, some out of stock and some low', async () => {
    const rows = await queryRows<{ agency_code: string; n: number; zero: number; low: number }>(
      handle.db,
      sql`select a.code as agency_code, count(s.*)::int as n,
        count(*) filter (where s.quantity = 0)::int as zero,
        count(*) filter (where s.quantity > 0 and s.quantity <= 5)::int as low
        from agencies a left join stock s on s.agency_code = a.code group by a.code`,
    );
    const items =
      (await count(handle, 'articles a', 'true')) +
      (await count(handle, 'variants')) -
      (await count(handle, 'articles a', 'exists (select 1 from variants v where v.article_code = a.code)'));
    for (const row of rows) {
      expect(row.n).toBe(items);
      expect(row.zero).toBeGreaterThan(0);
      expect(row.low).toBeGreaterThan(0);
    }
  });

  it('sets up shipping: both fee types, progressive tranches, franco and every precedence level', async () => {
    const types = await queryRows<{ fee_type: string }>(handle.db, sql`select distinct fee_type from bands`);
    expect(new Set(types.map((row) => row.fee_type))).toEqual(new Set(FEE_TYPES));
    expect(await count(handle, 'bands', 'progressive and interval > 0')).toBeGreaterThanOrEqual(2);
    expect(await count(handle, 'shipping_fees', 'free_from > 0')).toBeGreaterThan(0);
    for (const where of [
      'agency_code is null and family_code is null',
      'agency_code is not null and family_code is null',
      'agency_code is null and family_code is not null',
      'agency_code is not null and family_code is not null',
    ])
      expect(await count(handle, 'shipping_fees', where)).toBeGreaterThan(0);
    expect(await count(handle, 'carriers', 'shipping_fee_id is not null')).toBeGreaterThan(0);
    expect(
      await count(handle, 'carriers', 'jsonb_array_length(params) > 0 and jsonb_array_length(options) > 0'),
    ).toBeGreaterThan(0);
  });

  it('stores valid settings, with the orders actions on', async () => {
    const rows = await queryRows<{ key: SettingKey; value: unknown }>(
      handle.db,
      sql`select key, value from settings`,
    );
    const values = new Map(rows.map((row) => [row.key, row.value]));
    expect(values.get(SETTING_KEYS.orderActions)).toBe('1');
    for (const [key, value] of values) expect(settingValues[key].safeParse(value).success).toBe(true);
  });

  it('adds groupings, selection models and variable dimensions', async () => {
    expect(await count(handle, 'groupings')).toBeGreaterThanOrEqual(3);
    expect(
      await count(
        handle,
        'groupings g',
        '(select count(*) from grouping_articles a where a.grouping_id = g.id) < 2',
      ),
    ).toBe(0);
    // Several of type 0 with two attributes, none above two; an article in one grouping at most.
    expect(
      await count(handle, 'groupings g', `g.type = '0' and jsonb_array_length(g.attributes) = 2`),
    ).toBeGreaterThanOrEqual(3);
    expect(await count(handle, 'groupings g', `g.type = '0' and jsonb_array_length(g.attributes) > 2`)).toBe(
      0,
    );
    expect(
      await count(
        handle,
        'grouping_articles a',
        'exists (select 1 from grouping_articles b where b.article_code = a.article_code and b.grouping_id <> a.grouping_id)',
      ),
    ).toBe(0);
    expect(await count(handle, 'selection_models')).toBeGreaterThan(0);
    expect(await count(handle, 'variable_dimensions')).toBeGreaterThan(0);
  });

  it('leaves the id sequences after the rows it inserted', async () => {
    const [zone] = await handle.db.insert(zones).values({ label: 'Zone test' }).returning();
    expect(zone!.id).toBe(5);
  });

  it('gives the same data for the same now', async () => {
    const second = await createTestDatabase();
    try {
      await loadDemoData(second.db, { now: NOW });
      const [a, b] = await Promise.all([digest(handle), digest(second)]);
      expect(b).toEqual(a);
    } finally {
      await second.close();
    }
  }, 180_000);

  it('refuses a nonsense scale', async () => {
    await expect(loadDemoData(handle.db, { scale: 0 })).rejects.toThrow('Échelle invalide');
  });
});
