// GET /admin/commandes/fetch against a real database: every combination of filters is checked
// against a plain JavaScript oracle, then the Paris day bounds, pagination and invalid input.
import { eq, sql } from 'drizzle-orm';
import { queryRows } from '@comptoir/db/client';
import { orders } from '@comptoir/db/schema';
import type { OrderListItem, OrderListResponse } from '@comptoir/shared/orders/contract';
import { createAgency, createCustomer, createCustomerType, createOrder } from '../../test/factories';
import { buildAppAs, type App, type SessionHeaders } from '../../test/helpers';

let app: App;
let admin: SessionHeaders;

/** What the fixture knows of each order, for the oracle. */
interface Fixture {
  id: number;
  at: Date;
  codeClient: string;
  codeAgence: string;
  refClient: string | null;
  numero: string;
}
const fixtures: Fixture[] = [];

const parisDay = (date: Date) => date.toLocaleDateString('en-CA', { timeZone: 'Europe/Paris' });

beforeAll(async () => {
  ({ app, headers: admin } = await buildAppAs('admin'));
  const pro = await createCustomerType(app, { code: 'PRO', label: 'Professionnel' });
  const nord = await createAgency(app, { code: 'NORD', label: 'Lille' });
  const sud = await createAgency(app, { code: 'SUD', label: 'Marseille' });
  const durand = await createCustomer(app, {
    code: 'DURAND',
    name: 'Maçonnerie Durand',
    typeCode: pro.code,
    agencyCode: nord.code,
  });
  const martin = await createCustomer(app, {
    code: 'MARTIN',
    name: 'Martin Toitures',
    typeCode: pro.code,
    agencyCode: sud.code,
  });
  // Times around Paris midnights, across both DST changes of 2024 (31 March, 27 October).
  const rows: [string, string, string, string | null, string][] = [
    ['2024-03-09T22:59:59Z', 'DURAND', 'NORD', 'CHANTIER-A', 'BC1'], // 23:59:59 on 9 March
    ['2024-03-09T23:00:00Z', 'DURAND', 'NORD', null, 'BC2'], // 00:00 on 10 March
    ['2024-03-10T22:30:00Z', 'DURAND', 'SUD', 'CHANTIER-A', 'BC3'], // 23:30 on 10 March
    ['2024-03-10T23:00:00Z', 'MARTIN', 'SUD', 'BC5', 'BC4'], // 00:00 on 11 March; refClient = BC5
    ['2024-03-31T21:59:59Z', 'MARTIN', 'SUD', null, 'BC5'], // 23:59:59 CEST on 31 March
    ['2024-03-31T22:00:00Z', 'MARTIN', 'NORD', 'CHANTIER-B', 'BC6'], // 00:00 on 1 April
    ['2024-10-26T21:59:59Z', 'DURAND', 'NORD', null, 'BC7'], // 23:59:59 CEST on 26 October
    ['2024-10-26T22:00:00Z', 'DURAND', 'NORD', 'CHANTIER-A', 'BC8'], // 00:00 CEST on 27 October
    ['2024-10-27T22:30:00Z', 'MARTIN', 'SUD', null, 'BC9'], // 23:30 CET on 27 October
    ['2024-10-27T23:00:00Z', 'MARTIN', 'SUD', 'CHANTIER-B', 'BC10'], // 00:00 on 28 October
    ['2024-10-27T23:00:00Z', 'DURAND', 'SUD', null, 'BC11'], // the same instant: id decides
  ];
  for (const [at, codeClient, codeAgence, refClient, numero] of rows) {
    const order = await createOrder(app, {
      orderedAt: new Date(at),
      customerCode: codeClient,
      agencyCode: codeAgence,
      customerReference: refClient,
      number: numero,
    });
    fixtures.push({ id: order.id, at: new Date(at), codeClient, codeAgence, refClient, numero });
  }
  expect([durand.code, martin.code]).toEqual(['DURAND', 'MARTIN']);
});
afterAll(() => app.close());

async function fetchOrders(query: Record<string, string | number>) {
  const search = new URLSearchParams(Object.entries(query).map(([k, v]) => [k, String(v)]));
  return app.inject({ url: `/admin/commandes/fetch?${search}`, headers: admin });
}

async function ids(query: Record<string, string | number>): Promise<number[]> {
  const response = await fetchOrders({ size: 100, ...query });
  expect(response.statusCode, response.body).toBe(200);
  const body = response.json() as OrderListResponse;
  expect(body.total).toBe(body.elements.length);
  return body.elements.map((element) => element.id);
}

type Filters = Partial<Record<'dateDebut' | 'dateFin' | 'codeClient' | 'codeAgence' | 'reference', string>>;

/** The expected answer, computed without SQL: Paris calendar days, exact codes, newest first. */
function oracle(filters: Filters): number[] {
  return fixtures
    .filter(
      (f) =>
        (!filters.dateDebut || parisDay(f.at) >= filters.dateDebut) &&
        (!filters.dateFin || parisDay(f.at) <= filters.dateFin) &&
        (!filters.codeClient || f.codeClient === filters.codeClient) &&
        (!filters.codeAgence || f.codeAgence === filters.codeAgence) &&
        (!filters.reference ||
          f.refClient?.toLowerCase() === filters.reference.toLowerCase() ||
          f.numero.toLowerCase() === filters.reference.toLowerCase()),
    )
    .sort((a, b) => b.at.getTime() - a.at.getTime() || b.id - a.id)
    .map((f) => f.id);
}

describe('GET /admin/commandes/fetch: filters', () => {
  const values: Required<Filters> = {
    dateDebut: '2024-03-10',
    dateFin: '2024-10-27',
    codeClient: 'DURAND',
    codeAgence: 'SUD',
    reference: 'CHANTIER-A',
  };
  const names = Object.keys(values) as (keyof Filters)[];
  // Every subset of the five filters, from none to all.
  const combinations = Array.from({ length: 1 << names.length }, (_, mask) =>
    Object.fromEntries(names.filter((_, bit) => mask & (1 << bit)).map((name) => [name, values[name]])),
  ) as Filters[];

  it.each(combinations.map((filters) => [JSON.stringify(filters), filters] as const))(
    'filters %s like the oracle',
    async (_, filters) => {
      expect(await ids(filters)).toEqual(oracle(filters));
    },
  );

  it('matches a whole reference on refClient or on numero, whatever its case', async () => {
    // BC5 is the numero of one order and the refClient of another.
    expect(await ids({ reference: 'BC5' })).toEqual([idOf('BC5'), idOf('BC4')]);
    expect(await ids({ reference: 'bc5' })).toEqual([idOf('BC5'), idOf('BC4')]);
    expect(await ids({ reference: 'BC1' })).toEqual([idOf('BC1')]);
    expect(await ids({ reference: 'bc1' })).toEqual([idOf('BC1')]);
    expect(await ids({ reference: 'chantier-a' })).toEqual(await ids({ reference: 'CHANTIER-A' }));
    expect(await ids({ reference: 'CHANTIER' })).toEqual([]);
  });

  it('can find a reference by the indexes of its lower case, without reading every order', async () => {
    // The fixture is small enough for a scan: the planner is told to avoid one, as it does at scale.
    const plan = await app.db.transaction(async (tx) => {
      await queryRows(tx, sql`set local enable_seqscan = off`);
      return queryRows<{ 'QUERY PLAN': string }>(
        tx,
        sql`explain select id from orders
              where lower(customer_reference) = lower('bc5') or lower(number) = lower('bc5')`,
      );
    });
    const text = plan.map((row) => row['QUERY PLAN']).join('\n');
    expect(text).toMatch(/orders_customer_reference_lower_idx/);
    expect(text).toMatch(/orders_number_lower_idx/);
  });

  it('matches client and agency codes exactly', async () => {
    expect(await ids({ codeClient: 'DUR' })).toEqual([]);
    expect(await ids({ codeAgence: 'nord' })).toEqual([]);
    expect(await ids({ codeClient: 'INCONNU' })).toEqual([]);
  });

  it('treats blank parameters as absent', async () => {
    expect(await ids({ codeClient: '', reference: '  ', dateDebut: '' })).toEqual(oracle({}));
  });
});

const idOf = (numero: string) => fixtures.find((f) => f.numero === numero)!.id;

describe('GET /admin/commandes/fetch: Paris days', () => {
  it('includes 23:30 on the last day and excludes midnight of the next one', async () => {
    expect(await ids({ dateDebut: '2024-03-10', dateFin: '2024-03-10' })).toEqual([idOf('BC3'), idOf('BC2')]);
  });

  it('starts at midnight of the first day', async () => {
    expect(await ids({ dateFin: '2024-03-09' })).toEqual([idOf('BC1')]);
    expect(await ids({ dateDebut: '2024-03-10', dateFin: '2024-03-11' })).toEqual([
      idOf('BC4'),
      idOf('BC3'),
      idOf('BC2'),
    ]);
  });

  it('knows the 23-hour day of the spring change', async () => {
    expect(await ids({ dateDebut: '2024-03-31', dateFin: '2024-03-31' })).toEqual([idOf('BC5')]);
    expect(await ids({ dateDebut: '2024-04-01', dateFin: '2024-04-01' })).toEqual([idOf('BC6')]);
  });

  it('knows the 25-hour day of the autumn change', async () => {
    expect(await ids({ dateDebut: '2024-10-27', dateFin: '2024-10-27' })).toEqual([idOf('BC9'), idOf('BC8')]);
    expect(await ids({ dateDebut: '2024-10-26', dateFin: '2024-10-26' })).toEqual([idOf('BC7')]);
    expect(await ids({ dateDebut: '2024-10-28' })).toEqual([idOf('BC11'), idOf('BC10')]);
  });
});

describe('GET /admin/commandes/fetch: the answer', () => {
  it('gives every field of a row, the date in seconds, newest first, id breaking ties', async () => {
    const response = await fetchOrders({ reference: 'BC11' });
    expect(response.statusCode).toBe(200);
    const [row] = (response.json() as OrderListResponse).elements;
    expect(row).toEqual({
      id: idOf('BC11'),
      date: Date.parse('2024-10-27T23:00:00Z') / 1000,
      webCdeId: null,
      refClient: null,
      numero: 'BC11',
      typeWebMouvement: 'web',
      etat: null,
      codeClient: 'DURAND',
      codeAgence: 'SUD',
      montantHT: 100,
      montantTTC: 120,
      libelleModeReglement: 'Paiement en compte',
      typePanier: 'TER',
      libelleClient: 'Maçonnerie Durand',
      libelleTypeClient: 'Professionnel',
      codeTypeClient: 'PRO',
      libelleAgence: 'Marseille',
    } satisfies OrderListItem);
    // Same instant as BC10: the larger id first.
    expect((await ids({ dateDebut: '2024-10-28' }))[0]).toBe(Math.max(idOf('BC10'), idOf('BC11')));
  });

  it('answers a null montantTTC, an etat and the ERP movement type as stored', async () => {
    const order = await createOrder(app, {
      customerCode: 'MARTIN',
      orderedAt: new Date('2020-01-01T10:00:00Z'),
      amountTtc: null,
      status: 'E_LIV',
      movementType: 'cde',
      webOrderId: 'OEC-7',
      cartType: 'AT2',
      paymentLabel: 'Virement',
    });
    fixtures.push({
      id: order.id,
      at: order.orderedAt,
      codeClient: 'MARTIN',
      codeAgence: order.agencyCode,
      refClient: null,
      numero: order.number,
    });
    const [row] = (await fetchOrders({ reference: order.number })).json().elements as OrderListItem[];
    expect(row).toMatchObject({
      montantTTC: null,
      etat: 'E_LIV',
      typeWebMouvement: 'cde',
      webCdeId: 'OEC-7',
      typePanier: 'AT2',
      libelleModeReglement: 'Virement',
      codeAgence: 'SUD',
    });
  });
});

describe('GET /admin/commandes/fetch: pages', () => {
  it('pages newest first, 20 by default, with the total of every page', async () => {
    const all = oracle({});
    const first = (await fetchOrders({ size: 5 })).json() as OrderListResponse;
    expect(first.total).toBe(all.length);
    expect(first.elements.map((e) => e.id)).toEqual(all.slice(0, 5));
    const second = (await fetchOrders({ page: 1, size: 5 })).json() as OrderListResponse;
    expect(second.elements.map((e) => e.id)).toEqual(all.slice(5, 10));
    const last = (await fetchOrders({ page: 2, size: 5 })).json() as OrderListResponse;
    expect(last.elements.map((e) => e.id)).toEqual(all.slice(10));
    const byDefault = (await fetchOrders({})).json() as OrderListResponse;
    expect(byDefault.elements.map((e) => e.id)).toEqual(all.slice(0, 20));
  });

  it('gives a date range the same total on every page, and follows an order moved to another day', async () => {
    const range = { dateDebut: '2024-03-10', dateFin: '2024-10-27', size: 2 };
    const expected = oracle(range);
    for (const page of [0, 1, 2]) {
      const body = (await fetchOrders({ ...range, page })).json() as OrderListResponse;
      expect(body.total).toBe(expected.length);
      expect(body.elements.map((e) => e.id)).toEqual(expected.slice(page * 2, page * 2 + 2));
    }
    const moved = fixtures.find((f) => f.numero === 'BC6')!;
    await app.db
      .update(orders)
      .set({ orderedAt: new Date('2025-01-15T10:00:00Z') })
      .where(eq(orders.id, moved.id));
    try {
      const body = (await fetchOrders({ ...range, codeAgence: 'NORD' })).json() as OrderListResponse;
      expect(body.total).toBe(oracle({ ...range, codeAgence: 'NORD' }).length - 1);
      expect((await fetchOrders({ dateDebut: '2025-01-15' })).json()).toMatchObject({ total: 1 });
    } finally {
      await app.db.update(orders).set({ orderedAt: moved.at }).where(eq(orders.id, moved.id));
    }
  });

  it('answers an empty page beyond the end, with the right total', async () => {
    const response = await fetchOrders({ page: 50, size: 5, codeClient: 'DURAND' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ total: oracle({ codeClient: 'DURAND' }).length, elements: [] });
  });

  it('answers total 0 and no element when nothing matches', async () => {
    expect((await fetchOrders({ codeClient: 'PERSONNE' })).json()).toEqual({ total: 0, elements: [] });
  });

  it('accepts sizes 1 and 100', async () => {
    expect((await fetchOrders({ size: 1 })).json().elements).toHaveLength(1);
    expect((await fetchOrders({ size: 100 })).statusCode).toBe(200);
  });
});

describe('GET /admin/commandes/fetch: invalid input', () => {
  it.each([
    [{ page: -1 }, 'Paramètre « page » invalide : entier positif ou nul attendu'],
    [{ page: 'deux' }, 'Paramètre « page » invalide : entier positif ou nul attendu'],
    [{ size: 0 }, 'Paramètre « size » invalide : entier entre 1 et 100 attendu'],
    [{ size: 101 }, 'Paramètre « size » invalide : entier entre 1 et 100 attendu'],
    [{ dateDebut: '10/03/2024' }, 'Paramètre « dateDebut » invalide : date attendue au format AAAA-MM-JJ'],
    [{ dateFin: '2024-02-30' }, "Paramètre « dateFin » invalide : la date 2024-02-30 n'existe pas"],
    [
      { dateDebut: '2024-03-11', dateFin: '2024-03-10' },
      'Paramètre « dateFin » invalide : la date de début doit précéder la date de fin',
    ],
    [{ codeClient: 'X'.repeat(51) }, 'Paramètre « codeClient » invalide : 50 caractères au maximum'],
  ])('refuses %j', async (query, message) => {
    const response = await fetchOrders(query);
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(message);
  });
});
