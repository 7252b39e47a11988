// The credit limit (encours) through the real app: what the account shows, and the checkout's checks
// with each setting (refusal, warning, offline payments), a refusal writing nothing.
import { eq } from 'drizzle-orm';
import { cartLines, orders } from '@comptoir/db/schema';
import type { PlacedOrder } from '@comptoir/shared/cart';
import { SETTING_KEYS, type SettingKey, type SettingValue } from '@comptoir/shared/domain';
import { ENCOURS_MESSAGES, type Encours } from '@comptoir/shared/encours';
import type { PaymentMethod } from '@comptoir/shared/payment';
import {
  createArticle,
  createCarrier,
  createCustomer,
  createDeliveryAddress,
  createFamily,
  createOrder,
  createUnit,
} from '../../test/factories';
import { buildAppAs, createCustomerUser, loginAs, type App, type SessionHeaders } from '../../test/helpers';
import { writeSetting } from '../settings/settings.service';

describe('credit limit (encours)', () => {
  let app: App;
  let admin: SessionHeaders;
  let carrierId: number;

  beforeAll(async () => {
    ({ app, headers: admin } = await buildAppAs('admin'));
    await createUnit(app, 'U', 'Unité');
    const familyCode = (await createFamily(app, { code: 'GO', label: 'Gros œuvre' })).code;
    // 100 € HT, 120 € TTC a piece; no shipping fee type: carriage is free.
    await createArticle(app, { code: 'BET', designation1: 'Bétonnière', priceHt: 100, familyCode });
    carrierId = (await createCarrier(app, { name: 'Retrait agence', position: 1, pickup: true })).id;
  });
  afterAll(() => app.close());

  const set = <K extends SettingKey>(key: K, value: SettingValue<K>) => writeSetting(app.db, key, value);
  async function settings(active: '0' | '1', blockOnError: '0' | '1', blockOffline: '0' | '1') {
    await set(SETTING_KEYS.activateEncoursChecking, active);
    await set(SETTING_KEYS.blockOnEncoursError, blockOnError);
    await set(SETTING_KEYS.blockOfflinePayment, blockOffline);
  }

  /** A professional customer with a credit limit, an address, and orders on account already outstanding. */
  async function customer(creditLimit: number | null, outstandingTtc = 0) {
    const row = await createCustomer(app, { creditLimit, isProfessional: true });
    if (outstandingTtc > 0) await createOrder(app, { customerCode: row.code, amountTtc: outstandingTtc });
    const user = await createCustomerUser(app, row.code);
    const address = await createDeliveryAddress(app, { customerCode: row.code, isDefault: true });
    return { code: row.code, headers: await loginAs(app, user), addressId: address.id };
  }

  async function order(who: Awaited<ReturnType<typeof customer>>, pieces: number, method: PaymentMethod) {
    await app.inject({
      method: 'POST',
      url: '/rest/panier/lignes',
      headers: who.headers,
      payload: { codeArticle: 'BET', quantite: pieces },
    });
    const answer = await app.inject({
      method: 'POST',
      url: '/rest/panier/commande',
      headers: who.headers,
      payload: {
        adresseId: who.addressId,
        transporteurId: carrierId,
        modeReglement: method,
      },
    });
    return { status: answer.statusCode, body: answer.json() as PlacedOrder & { message: string } };
  }
  const ordersOf = (code: string) => app.db.$count(orders, eq(orders.customerCode, code));

  describe('GET /rest/compte/encours', () => {
    it('gives the limit, the orders on account not invoiced yet, and what remains', async () => {
      const who = await customer(5000, 1200);
      await createOrder(app, { customerCode: who.code, amountTtc: 300, status: 'E_LIV' });
      await createOrder(app, { customerCode: who.code, amountTtc: 900, status: 'E_FAC' }); // invoiced
      await createOrder(app, { customerCode: who.code, amountTtc: 700, cartType: 'VAL' }); // paid by card
      await createOrder(app, { customerCode: who.code, amountTtc: 400, cartType: 'AT2' }); // cheque
      await settings('1', '1', '0');
      const answer = await app.inject({ url: '/rest/compte/encours', headers: who.headers });
      expect(answer.statusCode).toBe(200);
      expect(answer.json()).toEqual({ plafond: 5000, utilise: 1500, disponible: 3500, controle: true });
    });

    it('has no limit for a customer without one, and says when checking is off', async () => {
      const who = await customer(null, 250.5);
      await settings('0', '0', '0');
      const answer = await app.inject({ url: '/rest/compte/encours', headers: who.headers });
      expect(answer.json()).toEqual({ plafond: null, utilise: 250.5, disponible: null, controle: false });
    });

    it('is for customer accounts only', async () => {
      expect((await app.inject({ url: '/rest/compte/encours', headers: admin })).statusCode).toBe(403);
      expect((await app.inject({ url: '/rest/compte/encours' })).statusCode).toBe(401);
    });
  });

  describe('checkout', () => {
    it('checks nothing while activateEncoursChecking is off', async () => {
      await settings('0', '1', '1');
      const who = await customer(1000, 900);
      const placed = await order(who, 5, 'compte');
      expect(placed.status).toBe(200);
      expect(placed.body.avertissement).toBeUndefined();
    });

    it('refuses an order on account over the limit with blockOnEncoursError, writing nothing', async () => {
      await settings('1', '1', '0');
      const who = await customer(1000, 700); // 300 left; 3 pieces = 360 TTC
      const refused = await order(who, 3, 'compte');
      expect(refused.status).toBe(400);
      expect(refused.body.message).toBe(ENCOURS_MESSAGES.refused('300,00\u00a0€'));
      expect(await ordersOf(who.code)).toBe(1);
      const lines = await app.db.select().from(cartLines);
      expect(lines.some((line) => line.quantity === 3)).toBe(true); // the cart is kept

      // Two pieces (240 TTC) stay within: placed; then the limit is used by it.
      await app.inject({
        method: 'PATCH',
        url: `/rest/panier/lignes/${lines.find((line) => line.quantity === 3)!.id}`,
        headers: who.headers,
        payload: { quantite: 2 },
      });
      const placed = await app.inject({
        method: 'POST',
        url: '/rest/panier/commande',
        headers: who.headers,
        payload: { adresseId: who.addressId, transporteurId: carrierId, modeReglement: 'compte' },
      });
      expect(placed.statusCode).toBe(200);
      expect(placed.json().typePanier).toBe('TER');
      const encours = (
        await app.inject({ url: '/rest/compte/encours', headers: who.headers })
      ).json() as Encours;
      expect(encours).toMatchObject({ utilise: 940, disponible: 60 });
    });

    it('accepts it with a warning otherwise', async () => {
      await settings('1', '0', '0');
      const who = await customer(1000, 700);
      const placed = await order(who, 3, 'compte');
      expect(placed.status).toBe(200);
      expect(placed.body.typePanier).toBe('TER');
      expect(placed.body.avertissement).toBe(ENCOURS_MESSAGES.warning('300,00\u00a0€'));
      expect(await ordersOf(who.code)).toBe(2);
    });

    it('never limits a customer without a limit', async () => {
      await settings('1', '1', '1');
      const who = await customer(null, 100_000);
      expect((await order(who, 50, 'compte')).status).toBe(200);
    });

    it('refuses cheque and transfer over the limit with blockOfflinePayment, but not a card', async () => {
      await settings('1', '0', '1');
      const who = await customer(1000, 950);
      for (const method of ['cheque', 'virement'] as const) {
        const refused = await order(who, 1, method);
        expect(refused.status).toBe(400);
        expect(refused.body.message).toBe(ENCOURS_MESSAGES.offlineRefused);
      }
      expect(await ordersOf(who.code)).toBe(1);
      const card = await order(who, 1, 'carte');
      expect(card.status).toBe(200);
      // Paid on the provider's page: waiting (ATT) until the provider confirms.
      expect(card.body.typePanier).toBe('ATT');
    });

    it('lets cheque and transfer through over the limit without blockOfflinePayment', async () => {
      await settings('1', '1', '0');
      const who = await customer(1000, 950);
      const placed = await order(who, 1, 'cheque');
      expect(placed.status).toBe(200);
      expect(placed.body.typePanier).toBe('AT2');
    });

    it('lets two concurrent orders on account of one customer through only while the remainder lasts', async () => {
      await settings('1', '1', '0');
      const who = await customer(1000, 700); // 300 left: one order of 240 passes, not two
      const second = await createCustomerUser(app, who.code);
      const other = { ...who, headers: await loginAs(app, second) };
      const results = await Promise.all([order(who, 2, 'compte'), order(other, 2, 'compte')]);
      expect(results.map((r) => r.status).sort()).toEqual([200, 400]);
      expect(await ordersOf(who.code)).toBe(2);
    });
  });
});
