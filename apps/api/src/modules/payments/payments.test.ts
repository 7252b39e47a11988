// Card payments on a hosted page (docs/contract/checkout-and-payments.md): the test provider's page
// and Stripe Checkout (the official SDK, its HTTP answered here: no network). Runs on PGlite, and on
// PostgreSQL when TEST_DATABASE_URL is set.
import fs from 'node:fs';
import { eq } from 'drizzle-orm';
import Stripe from 'stripe';
import { cardPayments, orders } from '@comptoir/db/schema';
import {
  createArticle,
  createCarrier,
  createCustomer,
  createDeliveryAddress,
  createZone,
} from '../../test/factories';
import { buildTestApp, createCustomerUser, loginAs, type App } from '../../test/helpers';
import { createStripeProvider } from './stripe-provider';
import { createTestProvider, type TestSession } from './test-provider';
import { PAYMENT_MESSAGES } from '@comptoir/shared/payment';

const form = { 'content-type': 'application/x-www-form-urlencoded' };

/** A shop with one carrier, one article; `placeCardOrder` puts one in the cart and orders it by card. */
async function shopFor(app: App) {
  const zone = await createZone(app, { label: 'Zone de test' });
  const carrier = await createCarrier(app, { name: 'Retrait agence', position: 1, pickup: true });
  await createArticle(app, { code: 'CIM', designation1: 'Ciment 35 kg', priceHt: 9.99 });
  return async () => {
    const customer = await createCustomer(app, { email: 'achats@client.fr' });
    const headers = await loginAs(app, await createCustomerUser(app, customer.code));
    const address = await createDeliveryAddress(app, { customerCode: customer.code, zoneId: zone.id });
    await app.inject({
      method: 'POST',
      url: '/rest/panier/lignes',
      headers,
      payload: { codeArticle: 'CIM', quantite: 1 },
    });
    const placed = await app.inject({
      method: 'POST',
      url: '/rest/panier/commande',
      headers,
      payload: { adresseId: address.id, transporteurId: carrier.id, modeReglement: 'carte' },
    });
    expect(placed.statusCode, placed.body).toBe(200);
    return placed.json() as { id: number; numero: string; typePanier: string; paiement: { url: string } };
  };
}

const orderOf = async (app: App, id: number) =>
  (await app.db.select().from(orders).where(eq(orders.id, id)))[0]!;
const paymentOf = async (app: App, orderId: number) =>
  (await app.db.select().from(cardPayments).where(eq(cardPayments.orderId, orderId)))[0]!;
const exportsOf = (app: App) => fs.readdirSync(app.config.exportsDir).length;

describe('the test provider’s hosted page', () => {
  let app: App;
  let placeCardOrder: Awaited<ReturnType<typeof shopFor>>;
  const provider = () => createTestProvider(app.config.testPaymentSecret);
  const sessionOf = (url: string): TestSession => provider().readSession(url.split('/').pop()!)!;

  beforeAll(async () => {
    app = await buildTestApp();
    placeCardOrder = await shopFor(app);
  });
  afterAll(() => app.close());

  it('shows the order and its amount, with no card field, and answers to the shop when accepted', async () => {
    const placed = await placeCardOrder();
    expect(placed.typePanier).toBe('ATT');
    const page = await app.inject({ url: placed.paiement.url });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.body).toContain(`Commande ${placed.numero}`);
    expect(page.body).toContain('Accepter le paiement');
    expect(page.body).toContain('Refuser le paiement');
    expect(page.body).not.toMatch(/<input/);
    const before = exportsOf(app);

    const answered = await app.inject({
      method: 'POST',
      url: placed.paiement.url,
      headers: form,
      payload: 'resultat=accepted',
    });
    expect(answered.statusCode).toBe(303);
    expect(answered.headers.location).toMatch(/^\/rest\/paiement\/test\/retour\?/);
    expect(await orderOf(app, placed.id)).toMatchObject({
      cartType: 'VAL',
      paymentValidatedBy: 'Carte bancaire (test)',
    });
    expect(await paymentOf(app, placed.id)).toMatchObject({ status: 'accepted' });
    expect(exportsOf(app)).toBe(before + 1);

    // The shopper's signed return, after the notification: nothing more changes.
    const back = await app.inject({ url: answered.headers.location as string });
    expect(back.statusCode).toBe(303);
    expect(back.headers.location).toBe(`/compte/detail-mouvement/${placed.id}?paiement=accepted`);
    expect(exportsOf(app)).toBe(before + 1);
  });

  it('leaves the order ATT, not exported, when refused', async () => {
    const placed = await placeCardOrder();
    const before = exportsOf(app);
    const answered = await app.inject({
      method: 'POST',
      url: placed.paiement.url,
      headers: form,
      payload: 'resultat=refused',
    });
    const back = await app.inject({ url: answered.headers.location as string });
    expect(back.headers.location).toBe(`/compte/detail-mouvement/${placed.id}?paiement=refused`);
    expect(await orderOf(app, placed.id)).toMatchObject({ cartType: 'ATT', exportedAt: null });
    expect(await paymentOf(app, placed.id)).toMatchObject({ status: 'refused' });
    expect(exportsOf(app)).toBe(before);
  });

  it('refuses a forged notification (400) and changes nothing', async () => {
    const placed = await placeCardOrder();
    const session = sessionOf(placed.paiement.url);
    const forged = createTestProvider('y'.repeat(40)).notification(session, 'accepted');
    const tampered = provider().notification(session, 'refused');
    for (const notice of [
      forged,
      { body: tampered.body.replace('refused', 'accepted'), headers: tampered.headers },
      { body: tampered.body, headers: { 'content-type': 'application/json' } },
    ]) {
      const answer = await app.inject({
        method: 'POST',
        url: '/rest/paiement/test/notification',
        headers: notice.headers,
        payload: notice.body,
      });
      expect(answer.statusCode).toBe(400);
      expect(answer.json()).toEqual({ message: PAYMENT_MESSAGES.forgedNotification });
    }
    expect(await orderOf(app, placed.id)).toMatchObject({ cartType: 'ATT' });
    expect(await paymentOf(app, placed.id)).toMatchObject({ status: 'pending' });
  });

  it('refuses a forged return (400) and changes nothing', async () => {
    const placed = await placeCardOrder();
    const session = sessionOf(placed.paiement.url);
    const genuine = new URL(provider().returnUrl(session, 'refused'), 'http://x');
    genuine.searchParams.set('resultat', 'accepted');
    const answer = await app.inject({ url: `${genuine.pathname}${genuine.search}` });
    expect(answer.statusCode).toBe(400);
    expect(answer.json()).toEqual({ message: PAYMENT_MESSAGES.forgedReturn });
    expect(await paymentOf(app, placed.id)).toMatchObject({ status: 'pending' });
  });

  it('applies a notification once: a replay changes nothing', async () => {
    const placed = await placeCardOrder();
    const notice = provider().notification(sessionOf(placed.paiement.url), 'accepted');
    const send = () =>
      app.inject({
        method: 'POST',
        url: '/rest/paiement/test/notification',
        headers: notice.headers,
        payload: notice.body,
      });
    expect((await send()).statusCode).toBe(200);
    const settled = await paymentOf(app, placed.id);
    const before = exportsOf(app);
    const order = await orderOf(app, placed.id);
    expect(order.cartType).toBe('VAL');
    expect((await send()).statusCode).toBe(200);
    expect(await paymentOf(app, placed.id)).toEqual(settled);
    expect(await orderOf(app, placed.id)).toEqual(order);
    expect(exportsOf(app)).toBe(before);
    // A refusal that comes after (a late or forged-by-replay event) does not undo the payment.
    const late = provider().notification(sessionOf(placed.paiement.url), 'refused');
    await app.inject({
      method: 'POST',
      url: '/rest/paiement/test/notification',
      headers: late.headers,
      payload: late.body,
    });
    expect(await orderOf(app, placed.id)).toMatchObject({ cartType: 'VAL' });
  });

  it('settles on the return when it comes before the notification; the notification then changes nothing', async () => {
    const placed = await placeCardOrder();
    const session = sessionOf(placed.paiement.url);
    const back = await app.inject({ url: provider().returnUrl(session, 'accepted') });
    expect(back.statusCode).toBe(303);
    expect(back.headers.location).toBe(`/compte/detail-mouvement/${placed.id}?paiement=accepted`);
    const order = await orderOf(app, placed.id);
    expect(order.cartType).toBe('VAL');
    const before = exportsOf(app);
    const notice = provider().notification(session, 'accepted');
    const late = await app.inject({
      method: 'POST',
      url: '/rest/paiement/test/notification',
      headers: notice.headers,
      payload: notice.body,
    });
    expect(late.statusCode).toBe(200);
    expect(await orderOf(app, placed.id)).toEqual(order);
    expect(exportsOf(app)).toBe(before);
  });

  it('answers 404 for a page token it did not sign', async () => {
    const placed = await placeCardOrder();
    const token = placed.paiement.url.split('/').pop()!;
    const answer = await app.inject({ url: `/paiement-test/${token.slice(0, -2)}xx` });
    expect(answer.statusCode).toBe(404);
  });
});

describe('Stripe Checkout (official SDK, no network)', () => {
  const webhookSecret = 'whsec_test_secret';
  let app: App;
  let placeCardOrder: Awaited<ReturnType<typeof shopFor>>;
  /** What the fake Stripe API was asked, and the sessions it knows. */
  const calls: { method: string; url: string; body: string; idempotencyKey: string | null }[] = [];
  const sessions = new Map<string, Record<string, unknown>>();
  let nextSession = 1;

  const fakeFetch = async (input: string | URL | Request, init?: RequestInit) => {
    const url = new URL(String(input));
    const body = typeof init?.body === 'string' ? init.body : '';
    const headers = new Headers(init?.headers);
    calls.push({
      method: init?.method ?? 'GET',
      url: url.pathname,
      body,
      idempotencyKey: headers.get('idempotency-key'),
    });
    const json = (status: number, data: unknown) =>
      new Response(JSON.stringify(data), { status, headers: { 'content-type': 'application/json' } });
    if (init?.method === 'POST' && url.pathname === '/v1/checkout/sessions') {
      const form = new URLSearchParams(body);
      const id = `cs_test_${nextSession++}`;
      const session = {
        id,
        object: 'checkout.session',
        url: `https://checkout.stripe.com/c/pay/${id}`,
        amount_total: Number(form.get('line_items[0][price_data][unit_amount]')),
        client_reference_id: form.get('client_reference_id'),
        payment_status: 'unpaid',
        status: 'open',
      };
      sessions.set(id, session);
      return json(200, session);
    }
    const retrieved = /^\/v1\/checkout\/sessions\/(cs_\w+)$/.exec(url.pathname);
    if (retrieved && sessions.has(retrieved[1]!)) return json(200, sessions.get(retrieved[1]!));
    return json(404, { error: { type: 'invalid_request_error', message: 'No such checkout.session' } });
  };
  const stripe = new Stripe('sk_test_fake', { httpClient: Stripe.createFetchHttpClient(fakeFetch) });

  const event = (type: string, session: Record<string, unknown>) =>
    JSON.stringify({
      id: `evt_${type}_${String(session.id)}`,
      object: 'event',
      type,
      data: { object: session },
    });
  const webhook = (payload: string, secret = webhookSecret) =>
    app.inject({
      method: 'POST',
      url: '/rest/paiement/stripe/notification',
      headers: {
        'content-type': 'application/json',
        'stripe-signature': stripe.webhooks.generateTestHeaderString({ payload, secret }),
      },
      payload,
    });
  const sessionFor = (orderId: number) =>
    [...sessions.values()].find((s) => s.client_reference_id === String(orderId))!;

  beforeAll(async () => {
    app = await buildTestApp({
      config: { publicUrl: 'https://boutique.example' },
      paymentProvider: createStripeProvider({
        secretKey: 'sk_test_fake',
        webhookSecret,
        publicUrl: 'https://boutique.example',
        client: stripe,
      }),
    });
    placeCardOrder = await shopFor(app);
  });
  afterAll(() => app.close());

  it('opens one Checkout session per order, after it committed, for its amount TTC', async () => {
    const placed = await placeCardOrder();
    expect(placed.typePanier).toBe('ATT');
    const session = sessionFor(placed.id);
    expect(placed.paiement.url).toBe(session.url);
    const create = calls.find(
      (c) => c.method === 'POST' && c.body.includes(`client_reference_id=${placed.id}`),
    )!;
    expect(create.idempotencyKey).toBe(`comptoir-order-${placed.id}`);
    const form = new URLSearchParams(create.body);
    expect(form.get('mode')).toBe('payment');
    expect(form.get('line_items[0][price_data][currency]')).toBe('eur');
    // The order's amount TTC, in cents.
    expect(form.get('line_items[0][price_data][unit_amount]')).toBe(
      String(Math.round((await orderOf(app, placed.id)).amountTtc! * 100)),
    );
    expect(form.get('success_url')).toBe(
      'https://boutique.example/rest/paiement/stripe/retour?session_id={CHECKOUT_SESSION_ID}',
    );
    expect(form.get('customer_email')).toBe('achats@client.fr');
    expect(await paymentOf(app, placed.id)).toMatchObject({
      provider: 'stripe',
      sessionId: session.id,
      status: 'pending',
    });
  });

  it('confirms on a webhook signed with the endpoint’s secret, once', async () => {
    const placed = await placeCardOrder();
    const session = { ...sessionFor(placed.id), payment_status: 'paid', status: 'complete' };
    const payload = event('checkout.session.completed', session);
    expect((await webhook(payload)).statusCode).toBe(200);
    const order = await orderOf(app, placed.id);
    expect(order).toMatchObject({ cartType: 'VAL', paymentValidatedBy: 'Carte bancaire (stripe)' });
    const before = exportsOf(app);
    expect((await webhook(payload)).statusCode).toBe(200);
    expect(await orderOf(app, placed.id)).toEqual(order);
    expect(exportsOf(app)).toBe(before);
  });

  it('refuses a webhook signed with another secret, or whose body was changed (400), changing nothing', async () => {
    const placed = await placeCardOrder();
    const session = { ...sessionFor(placed.id), payment_status: 'paid', status: 'complete' };
    const payload = event('checkout.session.completed', session);
    expect((await webhook(payload, 'whsec_someone_else')).statusCode).toBe(400);
    const signed = stripe.webhooks.generateTestHeaderString({ payload, secret: webhookSecret });
    const changed = await app.inject({
      method: 'POST',
      url: '/rest/paiement/stripe/notification',
      headers: { 'content-type': 'application/json', 'stripe-signature': signed },
      payload: payload.replace('"paid"', '"paid" '),
    });
    expect(changed.statusCode).toBe(400);
    expect(changed.json()).toEqual({ message: PAYMENT_MESSAGES.forgedNotification });
    expect(await orderOf(app, placed.id)).toMatchObject({ cartType: 'ATT' });
    expect(await paymentOf(app, placed.id)).toMatchObject({ status: 'pending' });
  });

  it('does not believe a paid session of another amount', async () => {
    const placed = await placeCardOrder();
    const session = { ...sessionFor(placed.id), payment_status: 'paid', status: 'complete', amount_total: 1 };
    expect((await webhook(event('checkout.session.completed', session))).statusCode).toBe(200);
    expect(await paymentOf(app, placed.id)).toMatchObject({ status: 'pending' });
  });

  it('takes an expired session as refused: ATT, the payment-refused mail', async () => {
    const placed = await placeCardOrder();
    const session = { ...sessionFor(placed.id), status: 'expired' };
    expect((await webhook(event('checkout.session.expired', session))).statusCode).toBe(200);
    expect(await paymentOf(app, placed.id)).toMatchObject({ status: 'refused' });
    expect(await orderOf(app, placed.id)).toMatchObject({ cartType: 'ATT', exportedAt: null });
    // Written as an .eml file (no SMTP_URL here), its subject encoded: look for the order's number.
    await app.mail.drain();
    const mails = () =>
      fs
        .readdirSync(app.config.mailsDir)
        .map((file) => fs.readFileSync(`${app.config.mailsDir}/${file}`, 'utf8'))
        .filter((mail) => mail.includes(placed.numero));
    expect(mails()).toHaveLength(1);
    expect(mails()[0]).toContain('paiement');
  });

  it('settles on the return, asking Stripe (before the webhook); the webhook then changes nothing', async () => {
    const placed = await placeCardOrder();
    const session = sessionFor(placed.id);
    sessions.set(String(session.id), { ...session, payment_status: 'paid', status: 'complete' });
    const back = await app.inject({ url: `/rest/paiement/stripe/retour?session_id=${String(session.id)}` });
    expect(back.statusCode).toBe(303);
    expect(back.headers.location).toBe(`/compte/detail-mouvement/${placed.id}?paiement=accepted`);
    const order = await orderOf(app, placed.id);
    expect(order.cartType).toBe('VAL');
    const payload = event('checkout.session.completed', sessions.get(String(session.id))!);
    expect((await webhook(payload)).statusCode).toBe(200);
    expect(await orderOf(app, placed.id)).toEqual(order);
  });

  it('refuses a return for a session Stripe does not know (400)', async () => {
    const answer = await app.inject({ url: '/rest/paiement/stripe/retour?session_id=cs_test_unknown' });
    expect(answer.statusCode).toBe(400);
    expect(answer.json()).toEqual({ message: PAYMENT_MESSAGES.forgedReturn });
  });
});
