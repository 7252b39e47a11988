// A cart becomes exactly one order, however many checkouts of it run at once (a double-click, a
// retry, several tabs). On PostgreSQL the requests really overlap; PGlite runs them one by one.
import { eq, sql } from 'drizzle-orm';
import { queryRows } from '@comptoir/db/client';
import { orderLines, orders } from '@comptoir/db/schema';
import { CART_MESSAGES } from '@comptoir/shared/cart';
import {
  createArticle,
  createCarrier,
  createCustomer,
  createDeliveryAddress,
  createZone,
} from '../../test/factories';
import { buildTestApp, createCustomerUser, loginAs, type App } from '../../test/helpers';
import { createTestProvider } from '../payments/payments.service';
import type * as PaymentsService from '../payments/payments.service';
import { placeOrder } from './cart.service';

// The card order's pending payment is recorded inside the checkout's transaction: a test can hold the
// checkout there, after it has locked the cart and read its lines.
const hold = vi.hoisted(() => ({ inside: null as null | (() => Promise<void>) }));
vi.mock('../payments/payments.service', async (importOriginal) => {
  const actual = await importOriginal<typeof PaymentsService>();
  return {
    ...actual,
    recordCardPayment: async (...args: Parameters<typeof actual.recordCardPayment>) => {
      await hold.inside?.();
      return actual.recordCardPayment(...args);
    },
  };
});

describe('concurrent checkouts of one cart', () => {
  let app: App;
  let carrierId: number;
  let zoneId: number;

  beforeAll(async () => {
    app = await buildTestApp();
    zoneId = (await createZone(app, { label: 'Zone de test' })).id;
    await createArticle(app, { code: 'CIM', designation1: 'Ciment 35 kg', priceHt: 9.99 });
    carrierId = (await createCarrier(app, { name: 'Camion', position: 1 })).id;
  });
  afterAll(() => app.close());

  it.each(['compte', 'carte'] as const)(
    'places one order for 8 simultaneous checkouts paid by %s',
    async (modeReglement) => {
      const customer = await createCustomer(app, { isProfessional: true });
      const headers = await loginAs(app, await createCustomerUser(app, customer.code));
      const address = await createDeliveryAddress(app, { customerCode: customer.code, zoneId });
      const added = await app.inject({
        method: 'POST',
        url: '/rest/panier/lignes',
        headers,
        payload: { codeArticle: 'CIM', quantite: 3 },
      });
      expect(added.statusCode).toBe(200);

      const body = {
        adresseId: address.id,
        transporteurId: carrierId,
        modeReglement,
      };
      const answers = await Promise.all(
        Array.from({ length: 8 }, () =>
          app.inject({ method: 'POST', url: '/rest/panier/commande', headers, payload: body }),
        ),
      );

      const statuses = answers.map((answer) => answer.statusCode).sort();
      expect(statuses).toEqual([200, 400, 400, 400, 400, 400, 400, 400]);
      for (const refused of answers.filter((answer) => answer.statusCode === 400))
        expect(refused.json()).toMatchObject({ message: CART_MESSAGES.emptyCart });
      expect(await app.db.$count(orders, eq(orders.customerCode, customer.code))).toBe(1);
    },
  );
});

// A checkout locks the cart, then empties its lines; a cart change must take the same locks in the same
// order, or each waits for the other's (PostgreSQL ends one of them: 'deadlock detected').
describe('a cart change during a checkout of that cart', () => {
  let app: App;
  let carrierId: number;
  let zoneId: number;

  beforeAll(async () => {
    app = await buildTestApp();
    zoneId = (await createZone(app, { label: 'Zone de test' })).id;
    await createArticle(app, { code: 'CIM', designation1: 'Ciment 35 kg', priceHt: 9.99 });
    carrierId = (await createCarrier(app, { name: 'Camion', position: 1 })).id;
  });
  afterAll(() => app.close());

  /** Requests of this test's database waiting for a lock (PostgreSQL; PGlite runs one query at a time). */
  const waitingForLock = async () =>
    (
      await queryRows<{ n: number }>(
        app.db,
        sql`select count(*)::int as n from pg_stat_activity
             where datname = current_database() and wait_event_type = 'Lock'`,
      )
    )[0]!.n;

  it.each([
    ['adds the same article', 'POST', '/rest/panier/lignes', 200],
    ['changes the quantity of the line', 'PATCH', '/rest/panier/lignes/:line', 404],
  ] as const)(
    'waits for the checkout when it %s, then works on the emptied cart',
    async (_what, method, url, status) => {
      const customer = await createCustomer(app, { isProfessional: true });
      const user = await createCustomerUser(app, customer.code);
      const headers = await loginAs(app, user);
      const address = await createDeliveryAddress(app, { customerCode: customer.code, zoneId });
      const added = await app.inject({
        method: 'POST',
        url: '/rest/panier/lignes',
        headers,
        payload: { codeArticle: 'CIM', quantite: 3 },
      });
      const lineId = (added.json() as { lignes: { id: number }[] }).lignes[0]!.id;

      // The card payment holds the checkout after it has locked the cart and read its lines.
      let release!: () => void;
      const paid = new Promise<void>((resolve) => (release = resolve));
      let charging!: () => void;
      const charged = new Promise<void>((resolve) => (charging = resolve));
      hold.inside = () => {
        charging();
        return paid;
      };
      const checkout = placeOrder(
        app.db,
        app.config.exportsDir,
        createTestProvider(app.config.testPaymentSecret),
        user,
        { adresseId: address.id, transporteurId: carrierId, modeReglement: 'carte' },
        app.log,
      );
      await charged;
      const change = app.inject({
        method,
        url: url.replace(':line', String(lineId)),
        headers,
        payload: method === 'POST' ? { codeArticle: 'CIM', quantite: 2 } : { quantite: 2 },
      });
      if (process.env.TEST_DATABASE_URL)
        await vi.waitFor(async () => expect(await waitingForLock()).toBe(1), { timeout: 10_000 });
      release();

      const placed = await checkout;
      hold.inside = null;
      expect(placed.typePanier).toBe('ATT');
      // The order took the 3 bags in the cart when it was placed.
      expect(
        await app.db
          .select({ quantity: orderLines.quantity })
          .from(orderLines)
          .where(eq(orderLines.orderId, placed.id)),
      ).toEqual([{ quantity: 3 }]);
      const changed = await change;
      expect(changed.statusCode).toBe(status);
      const cart = await app.inject({ url: '/rest/panier', headers });
      if (method === 'POST') {
        // A new line holds the 2 bags added meanwhile.
        expect(changed.json()).toMatchObject({ lignes: [{ codeArticle: 'CIM', quantite: 2 }] });
        expect(cart.json()).toMatchObject({ lignes: [{ codeArticle: 'CIM', quantite: 2 }] });
      } else {
        expect(changed.json()).toEqual({ message: CART_MESSAGES.unknownLine });
        expect(cart.json()).toMatchObject({ lignes: [] });
      }
    },
  );
});
