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
import type * as CarriersService from '../carriers/carriers.service';
import { placeOrder } from './cart.service';

// Two places a test can hold a checkout at: `inside` its transaction, where a card order's pending
// payment is recorded (the cart locked and its lines read), and `before` it, where the active carriers
// are read beside the cart's lines for its draft.
const hold = vi.hoisted(() => {
  const at = {
    inside: null as null | (() => Promise<void>),
    before: null as null | (() => Promise<void>),
  };
  /** `work`, stopping first at `where` while a test holds it there. */
  const stoppingAt =
    <A extends unknown[], R>(where: 'inside' | 'before', work: (...args: A) => Promise<R>) =>
    async (...args: A) => {
      await at[where]?.();
      return work(...args);
    };
  return Object.assign(at, { stoppingAt });
});
vi.mock('../carriers/carriers.service', async (importOriginal) => {
  const actual = await importOriginal<typeof CarriersService>();
  return { ...actual, activeCarriers: hold.stoppingAt('before', actual.activeCarriers) };
});
vi.mock('../payments/payments.service', async (importOriginal) => {
  const actual = await importOriginal<typeof PaymentsService>();
  return { ...actual, recordCardPayment: hold.stoppingAt('inside', actual.recordCardPayment) };
});

/**
 * Starts a checkout that stops at `where` (hold) until released: `reached` settles when it stops
 * there. The hold stays set for the checkouts that follow until the test clears it.
 */
function holdCheckout(
  app: App,
  where: 'inside' | 'before',
  user: Parameters<typeof placeOrder>[3],
  body: Parameters<typeof placeOrder>[4],
) {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  let reaching!: () => void;
  const reached = new Promise<void>((resolve) => (reaching = resolve));
  hold[where] = () => {
    reaching();
    return released;
  };
  const checkout = placeOrder(
    app.db,
    app.config.exportsDir,
    createTestProvider(app.config.testPaymentSecret),
    user,
    body,
    app.log,
  );
  return { checkout, reached, release };
}

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
      const { checkout, reached, release } = holdCheckout(app, 'inside', user, {
        adresseId: address.id,
        transporteurId: carrierId,
        modeReglement: 'carte',
      });
      await reached;
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

// The checkout prices the cart before its transaction; a change that lands in between is seen under the
// cart's lock, and the order is the cart as it stands then, priced again.
describe("a cart change between the checkout's first read and its transaction", () => {
  let app: App;

  beforeAll(async () => {
    app = await buildTestApp();
    await createArticle(app, { code: 'CIM', designation1: 'Ciment 35 kg', priceHt: 10 });
  });
  afterAll(() => app.close());

  it('orders the cart as it stands under the lock, with its amounts', async () => {
    const zoneId = (await createZone(app, { label: 'Zone de test' })).id;
    const carrierId = (await createCarrier(app, { name: 'Camion', position: 1 })).id;
    const customer = await createCustomer(app, { isProfessional: true });
    const user = await createCustomerUser(app, customer.code);
    const headers = await loginAs(app, user);
    const address = await createDeliveryAddress(app, { customerCode: customer.code, zoneId });
    const add = (quantite: number) =>
      app.inject({
        method: 'POST',
        url: '/rest/panier/lignes',
        headers,
        payload: { codeArticle: 'CIM', quantite },
      });
    expect((await add(3)).statusCode).toBe(200);

    const { checkout, reached, release } = holdCheckout(app, 'before', user, {
      adresseId: address.id,
      transporteurId: carrierId,
      modeReglement: 'compte',
    });
    await reached;
    hold.before = null;
    // 3 bags were read for the draft; 2 more land before the cart is locked.
    expect((await add(2)).statusCode).toBe(200);
    release();

    const placed = await checkout;
    const [order] = await app.db
      .select({ amountHt: orders.amountHt, shippingFee: orders.shippingFee })
      .from(orders)
      .where(eq(orders.id, placed.id));
    expect(
      await app.db
        .select({ quantity: orderLines.quantity, amountHt: orderLines.amountHt })
        .from(orderLines)
        .where(eq(orderLines.orderId, placed.id)),
    ).toEqual([{ quantity: 5, amountHt: 50 }]);
    expect(order!.amountHt).toBe(50 + order!.shippingFee);
    expect((await app.inject({ url: '/rest/panier', headers })).json()).toMatchObject({ lignes: [] });
  });
});
