// The orders list's unfiltered and per-agency totals come from order_counts, kept by triggers on
// orders: after every kind of write (one row, many rows in one statement, an agency changed, deletes,
// a rolled-back transaction, a truncate) they must equal a plain count of the orders.
import { count, eq, inArray, sql } from 'drizzle-orm';
import { orders } from '@comptoir/db/schema';
import type { OrderListResponse } from '@comptoir/shared/orders/contract';
import { createAgency, createCustomer, createOrder } from '../../test/factories';
import { buildAppAs, type App, type SessionHeaders } from '../../test/helpers';

let app: App;
let admin: SessionHeaders;
const AGENCIES = ['NORD', 'SUD', 'EST'] as const;

beforeAll(async () => {
  ({ app, headers: admin } = await buildAppAs('admin'));
  for (const code of AGENCIES) {
    await createAgency(app, { code, label: `Agence ${code}` });
    await createCustomer(app, { code: `CLI-${code}`, agencyCode: code });
  }
});
afterAll(() => app.close());

async function listedTotal(codeAgence?: string): Promise<number> {
  const search = new URLSearchParams({ size: '1', ...(codeAgence ? { codeAgence } : {}) });
  const response = await app.inject({ url: `/admin/commandes/fetch?${search}`, headers: admin });
  expect(response.statusCode, response.body).toBe(200);
  return (response.json() as OrderListResponse).total;
}

async function countedTotal(codeAgence?: string): Promise<number> {
  const [row] = await app.db
    .select({ total: count() })
    .from(orders)
    .where(codeAgence ? eq(orders.agencyCode, codeAgence) : undefined);
  return row!.total;
}

/** The list's totals, unfiltered and for each agency (and one without orders), against a count. */
async function expectExactTotals() {
  for (const agency of [undefined, ...AGENCIES, 'AUCUNE']) {
    expect(await listedTotal(agency), agency ?? 'toutes').toBe(await countedTotal(agency));
  }
}

const newOrder = (agency: string, number: string) => ({
  number,
  movementType: 'web' as const,
  customerCode: `CLI-${agency}`,
  agencyCode: agency,
  amountHt: 100,
  cartType: 'TER' as const,
});

describe('GET /admin/commandes/fetch: totals kept by order_counts', () => {
  it('starts exact with no order', async () => {
    await expectExactTotals();
    expect(await listedTotal()).toBe(0);
  });

  it('stays exact after inserts, one row or many in one statement', async () => {
    await createOrder(app, { customerCode: 'CLI-NORD', agencyCode: 'NORD' });
    await app.db
      .insert(orders)
      .values([
        ...Array.from({ length: 5 }, (_, i) => newOrder('SUD', `BULK-SUD-${i}`)),
        ...Array.from({ length: 3 }, (_, i) => newOrder('EST', `BULK-EST-${i}`)),
      ]);
    await expectExactTotals();
    expect(await listedTotal()).toBe(9);
    expect(await listedTotal('SUD')).toBe(5);
  });

  it('follows an order moved to another agency, and ignores updates that keep the agency', async () => {
    await app.db.update(orders).set({ agencyCode: 'NORD' }).where(eq(orders.number, 'BULK-SUD-0'));
    await app.db.update(orders).set({ customerReference: 'CHANTIER' });
    await expectExactTotals();
    expect(await listedTotal('NORD')).toBe(2);
    expect(await listedTotal('SUD')).toBe(4);
  });

  it('stays exact after deletes, one row or many', async () => {
    await app.db.delete(orders).where(eq(orders.number, 'BULK-EST-0'));
    await app.db.delete(orders).where(inArray(orders.number, ['BULK-SUD-1', 'BULK-SUD-2', 'BULK-EST-1']));
    await expectExactTotals();
    expect(await listedTotal()).toBe(5);
  });

  it('keeps nothing of a rolled-back transaction', async () => {
    const before = await listedTotal();
    await expect(
      app.db.transaction(async (tx) => {
        await tx.insert(orders).values(newOrder('EST', 'ANNULEE'));
        throw new Error('rollback');
      }),
    ).rejects.toThrow('rollback');
    expect(await listedTotal()).toBe(before);
    await expectExactTotals();
  });

  it('starts again from zero after a truncate', async () => {
    await app.db.execute(sql`truncate ${orders} cascade`);
    await expectExactTotals();
    expect(await listedTotal()).toBe(0);
    await app.db.insert(orders).values(newOrder('EST', 'APRES'));
    await expectExactTotals();
  });
});
