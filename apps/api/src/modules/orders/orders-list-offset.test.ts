// The orders list's pages far from the first: the page's orders are picked first, then joined to their
// customer, its type and the agency, so each row must still carry its own labels, in the list's order
// (newest first, the greater id first on a tie), at any offset and under a filter.
import { orders } from '@comptoir/db/schema';
import type { OrderListItem, OrderListResponse } from '@comptoir/shared/orders/contract';
import { createAgency, createCustomer, createCustomerType } from '../../test/factories';
import { buildAppAs, type App, type SessionHeaders } from '../../test/helpers';

let app: App;
let admin: SessionHeaders;

type Expected = Pick<
  OrderListItem,
  | 'id'
  | 'numero'
  | 'codeClient'
  | 'libelleClient'
  | 'codeTypeClient'
  | 'libelleTypeClient'
  | 'codeAgence'
  | 'libelleAgence'
> & { at: number };
const expected: Expected[] = [];
const ORDERS = 260;
const START = Date.parse('2025-03-01T08:00:00Z');

beforeAll(async () => {
  ({ app, headers: admin } = await buildAppAs('admin'));
  const agencyList = await Promise.all(
    ['Lille', 'Lyon', 'Nantes'].map((label, i) => createAgency(app, { code: `AG${i}`, label })),
  );
  const typeList = await Promise.all(
    ['Artisan', 'Entreprise', 'Particulier'].map((label, i) =>
      createCustomerType(app, { code: `TY${i}`, label }),
    ),
  );
  const customerList: Awaited<ReturnType<typeof createCustomer>>[] = [];
  for (let i = 0; i < 7; i++)
    customerList.push(
      await createCustomer(app, {
        code: `CL${i}`,
        name: `Client ${i}`,
        typeCode: typeList[i % 3]!.code,
        agencyCode: agencyList[(i * 2) % 3]!.code,
      }),
    );
  // Written out of date order, three orders to a minute (ties broken by id), each at an agency that
  // is not always its customer's.
  const values = Array.from({ length: ORDERS }, (_, i) => {
    const customer = customerList[(i * 5) % 7]!;
    return {
      number: `BC${String(i).padStart(4, '0')}`,
      customerCode: customer.code,
      agencyCode: agencyList[(i * 7) % 3]!.code,
      orderedAt: new Date(START + Math.floor(((i * 37) % ORDERS) / 3) * 60_000),
      movementType: 'web' as const,
      amountHt: 10 + i,
      cartType: 'TER' as const,
    };
  });
  const rows = await app.db.insert(orders).values(values).returning({ id: orders.id, number: orders.number });
  for (const [i, row] of rows.entries()) {
    const customer = customerList.find((c) => c.code === values[i]!.customerCode)!;
    const type = typeList.find((t) => t.code === customer.typeCode)!;
    const agency = agencyList.find((a) => a.code === values[i]!.agencyCode)!;
    expected.push({
      id: row.id,
      at: values[i]!.orderedAt.getTime(),
      numero: row.number,
      codeClient: customer.code,
      libelleClient: customer.name,
      codeTypeClient: type.code,
      libelleTypeClient: type.label,
      codeAgence: agency.code,
      libelleAgence: agency.label,
    });
  }
  expected.sort((a, b) => b.at - a.at || b.id - a.id);
});
afterAll(() => app.close());

async function page(query: Record<string, string | number>): Promise<OrderListResponse> {
  const search = new URLSearchParams(Object.entries(query).map(([k, v]) => [k, String(v)]));
  const response = await app.inject({ url: `/admin/commandes/fetch?${search}`, headers: admin });
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as OrderListResponse;
}

/** What a row of the list shows: the order, its customer, customer type and agency, and its time. */
const SHOWN_FIELDS = [
  'id',
  'numero',
  'codeClient',
  'libelleClient',
  'codeTypeClient',
  'libelleTypeClient',
  'codeAgence',
  'libelleAgence',
] as const;
const shown = (elements: OrderListItem[]) =>
  elements.map((element) => ({
    ...Object.fromEntries(SHOWN_FIELDS.map((field) => [field, element[field]])),
    at: element.date * 1000,
  }));

describe('GET /admin/commandes/fetch: pages at any offset', () => {
  it.each([
    [0, 20],
    [1, 20],
    [7, 20],
    [12, 20],
    [13, 20],
    [0, 100],
    [2, 100],
    [36, 7],
    [259, 1],
  ])('page %i of %i gives the same rows, labels and order as the whole list', async (pageIndex, size) => {
    const body = await page({ page: pageIndex, size });
    expect(body.total).toBe(ORDERS);
    expect(shown(body.elements)).toEqual(expected.slice(pageIndex * size, (pageIndex + 1) * size));
  });

  it('pages a filtered list the same way, far from its first page', async () => {
    const ofAgency = expected.filter((e) => e.codeAgence === 'AG1');
    const lastPage = Math.floor((ofAgency.length - 1) / 9);
    for (const pageIndex of [0, 4, lastPage]) {
      const body = await page({ codeAgence: 'AG1', page: pageIndex, size: 9 });
      expect(body.total).toBe(ofAgency.length);
      expect(shown(body.elements)).toEqual(ofAgency.slice(pageIndex * 9, (pageIndex + 1) * 9));
    }
    const ofCustomer = expected.filter((e) => e.codeClient === 'CL3');
    const body = await page({ codeClient: 'CL3', page: 3, size: 5 });
    expect(shown(body.elements)).toEqual(ofCustomer.slice(15, 20));
  });

  it('says how many orders match on a page past the last, filtered or not', async () => {
    const ofAgency = expected.filter((e) => e.codeAgence === 'AG1').length;
    expect(await page({ codeAgence: 'AG1', page: Math.ceil(ofAgency / 9), size: 9 })).toEqual({
      total: ofAgency,
      elements: [],
    });
    const ofCustomer = expected.filter((e) => e.codeClient === 'CL3').length;
    expect(await page({ codeClient: 'CL3', page: 50, size: 100 })).toEqual({
      total: ofCustomer,
      elements: [],
    });
    expect(await page({ page: 3, size: 100 })).toEqual({ total: ORDERS, elements: [] });
    expect(await page({ codeClient: 'NOBODY', page: 2 })).toEqual({ total: 0, elements: [] });
  });
});
