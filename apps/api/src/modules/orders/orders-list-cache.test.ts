// The orders list and the back-office home are kept in the answer cache: a write that said nothing is
// not seen (the pages are kept), and a new or changed order, customer, customer type or agency is
// shown at the next request after its commit's notification; a payment validated on this process at
// once. The notifications come from the database (migration 0022), so every instance hears them.
import { eq } from 'drizzle-orm';
import { agencies, customerTypes, customers, orders } from '@comptoir/db/schema';
import type { OrderListResponse } from '@comptoir/shared/orders/contract';
import { createAgency, createCustomer, createCustomerType, createOrder } from '../../test/factories';
import {
  buildAppAs,
  untilChangesHeard,
  writeSilently,
  type App,
  type SessionHeaders,
} from '../../test/helpers';

let app: App;
let admin: SessionHeaders;
beforeAll(async () => {
  ({ app, headers: admin } = await buildAppAs('admin', { answerCache: true }));
  await createCustomerType(app, { code: 'PRO', label: 'Professionnel' });
  await createAgency(app, { code: 'NORD', label: 'Lille' });
  await createAgency(app, { code: 'SUD', label: 'Marseille' });
  await createCustomer(app, {
    code: 'DURAND',
    name: 'Maçonnerie Durand',
    typeCode: 'PRO',
    agencyCode: 'NORD',
  });
});
afterAll(() => app.close());

async function list(query = ''): Promise<OrderListResponse> {
  const response = await app.inject({ url: `/admin/commandes/fetch${query}`, headers: admin });
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as OrderListResponse;
}

const poll = <T>(read: () => Promise<T>) => expect.poll(read, { timeout: 2000, interval: 20 });

/** Inserts an order without telling anyone: what a stale cache would keep hiding. */
async function insertSilently(number: string) {
  await writeSilently(app, 'orders', (tx) =>
    tx.insert(orders).values({
      number,
      movementType: 'web',
      amountHt: 100,
      cartType: 'TER',
      customerCode: 'DURAND',
      agencyCode: 'NORD',
    }),
  );
}

describe('the orders list in the answer cache', () => {
  it('keeps a page until an order changes, then shows the new and changed orders', async () => {
    await createOrder(app, { customerCode: 'DURAND', agencyCode: 'NORD', number: 'BC-1', cartType: 'ATT' });
    await untilChangesHeard(app);
    const first = await list();
    expect(first.elements.map((e) => e.numero)).toEqual(['BC-1']);
    const filtered = await list('?codeClient=DURAND');
    expect(filtered.total).toBe(1);

    await insertSilently('BC-SILENT');
    expect(await list()).toEqual(first); // kept: nothing said the table changed

    await createOrder(app, { customerCode: 'DURAND', agencyCode: 'NORD', number: 'BC-2' });
    await poll(async () => (await list()).total).toBe(3);
    expect((await list('?codeClient=DURAND')).elements.map((e) => e.numero).sort()).toEqual([
      'BC-1',
      'BC-2',
      'BC-SILENT',
    ]);

    await app.db.update(orders).set({ cartType: 'VAL' }).where(eq(orders.number, 'BC-1'));
    await poll(async () => (await list('?reference=BC-1')).elements[0]?.typePanier).toBe('VAL');
  });

  it("keeps a customer's, agency's or day's pages while the orders placed are others'", async () => {
    await createCustomer(app, { code: 'MARTIN', name: 'Martin TP', typeCode: 'PRO', agencyCode: 'SUD' });
    await createOrder(app, { customerCode: 'MARTIN', agencyCode: 'SUD', number: 'BC-M1' });
    await poll(async () => (await list('?codeClient=MARTIN')).total).toBe(1);
    const durand = await list('?codeClient=DURAND');
    const nord = await list('?codeAgence=NORD');
    const longAgo = await list('?dateDebut=2020-01-01&dateFin=2020-12-31');
    await insertSilently('BC-SILENT-2');

    // An order of another customer, agency and day: the unfiltered list shows it (and the silent one),
    // the other pages are kept as they were.
    await createOrder(app, { customerCode: 'MARTIN', agencyCode: 'SUD', number: 'BC-M2' });
    await poll(async () => (await list('?codeClient=MARTIN')).total).toBe(2);
    expect((await list()).elements.map((e) => e.numero)).toEqual(
      expect.arrayContaining(['BC-M2', 'BC-SILENT-2']),
    );
    expect(await list('?codeClient=DURAND')).toEqual(durand);
    expect(await list('?codeAgence=NORD')).toEqual(nord);
    expect(await list('?dateDebut=2020-01-01&dateFin=2020-12-31')).toEqual(longAgo);

    // Changed to DURAND's: its pages and its agency's now show it, and the silent one.
    await app.db
      .update(orders)
      .set({ customerCode: 'DURAND', agencyCode: 'NORD' })
      .where(eq(orders.number, 'BC-M2'));
    await poll(async () => (await list('?codeClient=DURAND')).total).toBe(durand.total + 2);
    expect((await list('?codeAgence=NORD')).total).toBe(nord.total + 2);
    expect((await list('?codeClient=MARTIN')).total).toBe(1);
  });

  it('shows a renamed customer, customer type and agency', async () => {
    await app.db.update(customers).set({ name: 'Durand & Fils' }).where(eq(customers.code, 'DURAND'));
    await poll(async () => (await list()).elements[0]?.libelleClient).toBe('Durand & Fils');
    await app.db.update(customerTypes).set({ label: 'Pro' }).where(eq(customerTypes.code, 'PRO'));
    await poll(async () => (await list()).elements[0]?.libelleTypeClient).toBe('Pro');
    await app.db.update(agencies).set({ label: 'Lille Nord' }).where(eq(agencies.code, 'NORD'));
    await poll(async () => (await list('?codeAgence=NORD')).elements[0]?.libelleAgence).toBe('Lille Nord');
  });

  it('shows a payment validated on this process at the very next request', async () => {
    await createOrder(app, { customerCode: 'DURAND', agencyCode: 'NORD', number: 'BC-3', cartType: 'AT2' });
    await poll(async () => (await list('?reference=BC-3')).total).toBe(1);
    expect((await list('?reference=BC-3')).elements[0]!.typePanier).toBe('AT2');
    const validated = await app.inject({
      method: 'POST',
      url: '/openweb/admin/admin_commandeValideReglement',
      headers: admin,
      payload: { numero: 'BC-3' },
    });
    expect(validated.statusCode, validated.body).toBe(200);
    expect((await list('?reference=BC-3')).elements[0]!.typePanier).toBe('VAL');
  });
});

describe('the back-office home in the answer cache', () => {
  it('counts a new order of the day and a payment to validate', async () => {
    const home = async () => {
      const response = await app.inject({ url: '/admin/accueil', headers: admin });
      expect(response.statusCode, response.body).toBe(200);
      return response.json() as { commandesDuJour: number; paiementsAValider: number };
    };
    const before = await home();
    await createOrder(app, { customerCode: 'DURAND', agencyCode: 'NORD', cartType: 'ATT' });
    await poll(home).toEqual({
      ...before,
      commandesDuJour: before.commandesDuJour + 1,
      paiementsAValider: before.paiementsAValider + 1,
    });
  });

  it('keeps its counts while the orders changed are of another day and paid', async () => {
    const home = async () => {
      const response = await app.inject({ url: '/admin/accueil', headers: admin });
      return response.json() as { commandesDuJour: number; paiementsAValider: number };
    };
    const before = await home();
    const silent = { customerCode: 'DURAND', agencyCode: 'NORD', movementType: 'web' as const, amountHt: 1 };
    await writeSilently(app, 'orders', (tx) =>
      tx.insert(orders).values({ ...silent, number: 'BC-HOME-SILENT', cartType: 'ATT' }),
    );
    const lastYear = new Date(Date.now() - 365 * 86_400_000);
    await createOrder(app, { ...silent, number: 'BC-HOME-OLD', cartType: 'TER', orderedAt: lastYear });
    await poll(async () => (await list('?reference=BC-HOME-OLD')).total).toBe(1);
    expect(await home()).toEqual(before); // kept: the silent order stays unseen

    await createOrder(app, { ...silent, number: 'BC-HOME-OLD-ATT', cartType: 'AT2', orderedAt: lastYear });
    await poll(async () => (await home()).paiementsAValider).toBe(before.paiementsAValider + 2);
    expect((await home()).commandesDuJour).toBe(before.commandesDuJour);
  });
});
