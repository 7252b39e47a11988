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
import { placeOrder } from './checkout.service';

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
    app.mail,
  );
  return { checkout, reached, release };
}

/** A shop of its own: one article (CIM, 9.99 € a bag), one zone and one carrier. */
async function openShop() {
  const app = await buildTestApp();
  const zoneId = (await createZone(app, { label: 'Zone de test' })).id;
  await createArticle(app, { code: 'CIM', designation1: 'Ciment 35 kg', priceHt: 9.99 });
  const carrierId = (await createCarrier(app, { name: 'Retrait agence', position: 1, pickup: true })).id;
  return { app, zoneId, carrierId };
}
type Shop = Awaited<ReturnType<typeof openShop>>;

/** A shop opened before the tests of the describe block it is called in, and closed after them. */
function shopOfThisBlock(): Shop {
  const shop = {} as Shop;
  beforeAll(async () => Object.assign(shop, await openShop()));
  afterAll(() => shop.app.close());
  return shop;
}

/** A customer of `shop`, logged in, with 3 bags in its cart: what its checkout needs. */
async function shopper(
  { app, zoneId, carrierId }: Shop,
  customerValues: { agencyCode?: string; typeCode?: string } = {},
) {
  const customer = await createCustomer(app, { isProfessional: true, ...customerValues });
  const user = await createCustomerUser(app, customer.code);
  const headers = await loginAs(app, user);
  const address = await createDeliveryAddress(app, { customerCode: customer.code, zoneId });
  const added = await app.inject({
    method: 'POST',
    url: '/rest/panier/lignes',
    headers,
    payload: { codeArticle: 'CIM', quantite: 3 },
  });
  expect(added.statusCode).toBe(200);
  const lineId = (added.json() as { lignes: { id: number }[] }).lignes[0]!.id;
  return { customer, user, headers, lineId, body: { adresseId: address.id, transporteurId: carrierId } };
}

describe('concurrent checkouts of one cart', () => {
  const shop = shopOfThisBlock();

  it.each(['compte', 'carte'] as const)(
    'places one order for 8 simultaneous checkouts paid by %s',
    async (modeReglement) => {
      const { customer, headers, body: draft } = await shopper(shop);
      const body = { ...draft, modeReglement };
      const answers = await Promise.all(
        Array.from({ length: 8 }, () =>
          shop.app.inject({ method: 'POST', url: '/rest/panier/commande', headers, payload: body }),
        ),
      );

      const statuses = answers.map((answer) => answer.statusCode).sort();
      expect(statuses).toEqual([200, 400, 400, 400, 400, 400, 400, 400]);
      for (const refused of answers.filter((answer) => answer.statusCode === 400))
        expect(refused.json()).toMatchObject({ message: CART_MESSAGES.emptyCart });
      expect(await shop.app.db.$count(orders, eq(orders.customerCode, customer.code))).toBe(1);
    },
  );
});

// A checkout locks the cart, then empties its lines; a cart change must take the same locks in the same
// order, or each waits for the other's (PostgreSQL ends one of them: 'deadlock detected').
describe('a cart change during a checkout of that cart', () => {
  const shop = shopOfThisBlock();

  /** Requests of this test's database waiting for a lock (PostgreSQL; PGlite runs one query at a time). */
  const waitingForLock = async () =>
    (
      await queryRows<{ n: number }>(
        shop.app.db,
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
      const { user, headers, lineId, body } = await shopper(shop);

      // The card payment holds the checkout after it has locked the cart and read its lines.
      const { checkout, reached, release } = holdCheckout(shop.app, 'inside', user, {
        ...body,
        modeReglement: 'carte',
      });
      await reached;
      const change = shop.app.inject({
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
        await shop.app.db
          .select({ quantity: orderLines.quantity })
          .from(orderLines)
          .where(eq(orderLines.orderId, placed.id)),
      ).toEqual([{ quantity: 3 }]);
      const changed = await change;
      expect(changed.statusCode).toBe(status);
      const cart = await shop.app.inject({ url: '/rest/panier', headers });
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
    const carrierId = (await createCarrier(app, { name: 'Retrait agence', position: 1, pickup: true })).id;
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

// Every checkout takes the next web order number under one lock, held until its commit: it is taken
// last, so that checkouts of different carts wait for one another's commit, not for one another's writes.
describe('checkouts of different carts at once', () => {
  const shop = shopOfThisBlock();

  const webNumbers = async () =>
    (await shop.app.db.select({ number: orders.number, webOrderId: orders.webOrderId }).from(orders)).sort(
      (a, b) => a.number.localeCompare(b.number),
    );

  it('gives the orders of 6 simultaneous checkouts the next numbers, one each', async () => {
    const before = (await webNumbers()).length;
    const shoppers = await Promise.all(Array.from({ length: 6 }, () => shopper(shop)));
    const answers = await Promise.all(
      shoppers.map(({ headers, body }, i) =>
        shop.app.inject({
          method: 'POST',
          url: '/rest/panier/commande',
          headers,
          payload: { ...body, modeReglement: i % 2 ? 'compte' : 'carte' },
        }),
      ),
    );
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200, 200, 200, 200, 200]);

    const numbers = (await webNumbers()).slice(before);
    const year = new Intl.DateTimeFormat('en-GB', { timeZone: 'Europe/Paris', year: 'numeric' }).format(
      new Date(),
    );
    expect(numbers.map((order) => order.number)).toEqual(
      [1, 2, 3, 4, 5, 6].map((n) => `W${year}-${String(before + n).padStart(6, '0')}`),
    );
    expect(numbers.map((order) => Number(order.webOrderId)).sort()).toEqual(
      [1, 2, 3, 4, 5, 6].map((n) => 200_000 + before + n),
    );
    // Each answer names its own order's number.
    expect(answers.map((answer) => (answer.json() as { numero: string }).numero).sort()).toEqual(
      numbers.map((order) => order.number),
    );
  });

  // PGlite has one connection: a transaction held there holds every other request. The same agency and
  // customer type: the held order, not yet numbered, must not hold their rollup rows (order_counts, the
  // statistics) either.
  it.runIf(process.env.TEST_DATABASE_URL).each([
    ['another agency', false],
    ['the same agency and customer type', true],
  ] as const)(
    "places another customer's order, of %s, while a checkout is held before its number",
    async (_of, sameAgency) => {
      const first = await shopper(shop);
      const { agencyCode, typeCode } = first.customer;
      const second = await shopper(shop, sameAgency ? { agencyCode, typeCode } : {});
      // The card payment holds the first checkout with its order written, not yet numbered.
      const held = holdCheckout(shop.app, 'inside', first.user, { ...first.body, modeReglement: 'carte' });
      await held.reached;
      hold.inside = null;

      const other = await shop.app.inject({
        method: 'POST',
        url: '/rest/panier/commande',
        headers: second.headers,
        payload: { ...second.body, modeReglement: 'compte' },
      });
      expect(other.statusCode).toBe(200);
      held.release();
      const placed = await held.checkout;

      // The held checkout took its number when it went on: the one after the other's.
      const otherNumber = (other.json() as { numero: string }).numero;
      const next = Number(otherNumber.slice(-6)) + 1;
      expect(placed.numero).toBe(`${otherNumber.slice(0, -6)}${String(next).padStart(6, '0')}`);
    },
  );
});
