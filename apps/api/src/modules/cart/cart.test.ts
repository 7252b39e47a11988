import fs from 'node:fs';
import { eq } from 'drizzle-orm';
import { articles, cartLines, orderLines, orders, siteTags } from '@comptoir/db/schema';
import {
  CART_MESSAGES,
  CART_QUANTITY_MAX,
  type Cart,
  type CheckoutOptions,
  type PlacedOrder,
} from '@comptoir/shared/cart';
import { PAYMENT_STATUS_LABELS, SETTING_KEYS } from '@comptoir/shared/domain';
import { formatEuros } from '@comptoir/shared/format';
import type { AccountOrderList } from '@comptoir/shared/orders/contract';
import { exportFileName } from '@comptoir/shared/orders/export-format';
import {
  createArticle,
  createBand,
  createCarrier,
  createCustomer,
  createDeliveryAddress,
  createFamily,
  createSetting,
  createShippingFee,
  createUnit,
  createVariant,
  createZone,
  orderRow,
} from '../../test/factories';
import { buildAppAs, createCustomerUser, loginAs, type App, type SessionHeaders } from '../../test/helpers';
import { reconcileOrderFiles } from '../orders/order-export.service';
import { placeOrder } from './checkout.service';
import {
  createTestProvider,
  type HostedPaymentRequest,
  type PaymentProvider,
} from '../payments/payments.service';
import { cardUnavailableMessage } from '@comptoir/shared/payment';
import { PICKUP_FREE } from '@comptoir/shared/shipping/messages';

describe('cart, chantier tags, checkout and account orders', () => {
  let app: App;
  let admin: SessionHeaders;
  let zoneId: number;
  let truck: number;
  let inactiveCarrier: number;

  // A professional customer with a default address in the priced zone.
  async function newCustomer(isProfessional = true) {
    const customer = await createCustomer(app, { isProfessional });
    const user = await createCustomerUser(app, customer.code);
    const address = await createDeliveryAddress(app, {
      customerCode: customer.code,
      label: 'Dépôt',
      city: 'Lyon',
      zoneId,
      isDefault: true,
    });
    return { customer, user, headers: await loginAs(app, user), addressId: address.id };
  }

  const get = <T>(url: string, headers: SessionHeaders) =>
    app.inject({ method: 'GET', url, headers }).then((r) => ({ status: r.statusCode, body: r.json() as T }));
  const send = <T>(
    method: 'POST' | 'PATCH' | 'DELETE',
    url: string,
    headers: SessionHeaders,
    payload?: object,
  ) =>
    app
      .inject({ method, url, headers, ...(payload && { payload }) })
      .then((r) => ({ status: r.statusCode, body: r.json() as T }));
  const add = (headers: SessionHeaders, codeArticle: string, quantite: number, codeDeclinaison?: string) =>
    send<Cart>('POST', '/rest/panier/lignes', headers, { codeArticle, quantite, codeDeclinaison });

  beforeAll(async () => {
    ({ app, headers: admin } = await buildAppAs('admin'));
    zoneId = (await createZone(app, { label: 'Proximité' })).id;
    await createUnit(app, 'U', 'Unité');
    await createUnit(app, 'SAC', 'Sac');
    const familyCode = (await createFamily(app, { code: 'GO', label: 'Gros œuvre' })).code;
    const article = (values: Parameters<typeof createArticle>[1]) =>
      createArticle(app, { familyCode, ...values });
    await article({ code: 'CIM', designation1: 'Ciment 35 kg', priceHt: 9.99, weight: 35, saleUnit: 'SAC' });
    await article({ code: 'VIS', designation1: 'Vis inox', priceHt: 0.125, vatRate: 5.5, weight: 0.01 });
    await article({ code: 'BAS', designation1: 'Bastaing', priceHt: 10, weight: 12 });
    await article({ code: 'OLD', designation1: 'Ancien article', priceHt: 1, active: false });
    await createVariant(app, {
      articleCode: 'BAS',
      code: '4M',
      designation: 'Bastaing 4 m',
      priceHt: 16.5,
      weight: 20,
    });
    await createVariant(app, { articleCode: 'BAS', code: '2M', designation: 'Bastaing 2 m' });
    await createSetting(app, SETTING_KEYS.shippingFeeType, 'poids');
    const band = await createBand(app, { label: 'Dès 0 kg', feeType: 'poids', start: 0 });
    await createShippingFee(app, { amount: 25, bandId: band.id, zoneId });
    truck = (await createCarrier(app, { name: 'Camion', position: 1 })).id;
    const inactive = await createCarrier(app, { name: 'Ancien transporteur', position: 0, active: false });
    inactiveCarrier = inactive.id;
    await createCarrier(app, { name: 'Retrait agence', position: 2, pickup: true });
  });
  afterAll(() => app.close());

  describe('cart', () => {
    it('refuses an add that would take a line past the largest quantity, and keeps the line as it was', async () => {
      const { headers } = await newCustomer();
      expect((await add(headers, 'CIM', CART_QUANTITY_MAX)).status).toBe(200);
      expect(await add(headers, 'CIM', 1)).toEqual({
        status: 400,
        body: expect.objectContaining({ message: CART_MESSAGES.quantityTooLarge }) as object,
      });
      expect((await get<Cart>('/rest/panier', headers)).body.lignes[0]?.quantite).toBe(CART_QUANTITY_MAX);
    });

    it('starts empty, adds lines, merges the same article and computes the totals', async () => {
      const { headers } = await newCustomer();
      expect((await get<Cart>('/rest/panier', headers)).body).toEqual({
        lignes: [],
        totalHT: 0,
        totalTVA: 0,
        totalTTC: 0,
        nbLignes: 0,
      });
      expect((await add(headers, 'CIM', 3)).status).toBe(200);
      await add(headers, 'VIS', 100);
      const { status, body } = await add(headers, 'CIM', 2);
      expect(status).toBe(200);
      expect(body.nbLignes).toBe(2);
      expect(body.lignes[0]).toMatchObject({
        codeArticle: 'CIM',
        codeDeclinaison: '',
        designation: 'Ciment 35 kg',
        lien: '/article/CIM',
        quantite: 5,
        unite: 'Sac',
        prixUnitaireHT: 9.99,
        montantHT: 49.95,
        tauxTVA: 20,
        chantier: null,
      });
      expect(body.lignes[1]).toMatchObject({ quantite: 100, montantHT: 12.5, tauxTVA: 5.5 });
      // VAT per rate, rounded to the cent: 49.95 × 20 % = 9.99; 12.50 × 5.5 % = 0.6875 → 0.69.
      expect(body).toMatchObject({ totalHT: 62.45, totalTVA: 10.68, totalTTC: 73.13 });
    });

    it('prices a declinaison at its own price, or the article price when it has none', async () => {
      const { headers } = await newCustomer();
      await add(headers, 'BAS', 2, '4M');
      const { body } = await add(headers, 'BAS', 1, '2M');
      expect(body.lignes.map((l) => [l.designation, l.codeDeclinaison, l.prixUnitaireHT])).toEqual([
        ['Bastaing 4 m', '4M', 16.5],
        ['Bastaing 2 m', '2M', 10],
      ]);
    });

    it('refuses unknown, inactive articles, a missing or unknown declinaison and bad quantities', async () => {
      const { headers } = await newCustomer();
      expect(await add(headers, 'NOPE', 1)).toEqual({
        status: 404,
        body: { message: CART_MESSAGES.unknownArticle },
      });
      expect(await add(headers, 'OLD', 1)).toEqual({
        status: 400,
        body: { message: CART_MESSAGES.inactiveArticle },
      });
      expect((await add(headers, 'BAS', 1)).body).toEqual({ message: CART_MESSAGES.variantRequired });
      expect((await add(headers, 'BAS', 1, 'XX')).status).toBe(404);
      const zero = await add(headers, 'CIM', 0);
      expect(zero.status).toBe(400);
      expect(zero.body).toMatchObject({ message: 'La quantité doit être supérieure à 0' });
      expect((await get<Cart>('/rest/panier', headers)).body.nbLignes).toBe(0);
    });

    it('changes a quantity and removes a line; another customer’s line is not found', async () => {
      const { headers } = await newCustomer();
      const other = await newCustomer();
      const line = (await add(headers, 'CIM', 1)).body.lignes[0]!;
      const patched = await send<Cart>('PATCH', `/rest/panier/lignes/${line.id}`, headers, { quantite: 4 });
      expect(patched.body.lignes[0]!.quantite).toBe(4);
      expect((await send('PATCH', `/rest/panier/lignes/${line.id}`, headers, { quantite: -1 })).status).toBe(
        400,
      );
      expect(await send('PATCH', `/rest/panier/lignes/${line.id}`, other.headers, { quantite: 1 })).toEqual({
        status: 404,
        body: { message: CART_MESSAGES.unknownLine },
      });
      expect((await send('DELETE', `/rest/panier/lignes/${line.id}`, other.headers)).status).toBe(404);
      expect((await send('DELETE', `/rest/panier/lignes/999999`, headers)).status).toBe(404);
      const removed = await send<Cart>('DELETE', `/rest/panier/lignes/${line.id}`, headers);
      expect(removed.body.nbLignes).toBe(0);
    });

    it('answers an administrator that the cart is for customer accounts', async () => {
      for (const response of [
        await get('/rest/panier', admin),
        await add(admin, 'CIM', 1),
        await get('/rest/panier/livraison', admin),
        await get('/tag/chantier/list', admin),
        await get('/rest/compte/mouvements', admin),
      ])
        expect(response).toEqual({ status: 403, body: { message: CART_MESSAGES.customerOnly } });
    });
  });

  describe('chantier tags', () => {
    it('tags a line, creating the customer’s tag, lists tags and the tagged products, and clears it', async () => {
      const { headers, customer } = await newCustomer();
      const cart = (await add(headers, 'CIM', 1)).body;
      const withVis = (await add(headers, 'VIS', 10)).body;
      const [cim, vis] = [cart.lignes[0]!.id, withVis.lignes[1]!.id];

      expect((await get('/tag/chantier/' + cim, headers)).body).toEqual({ tagName: '' });
      expect(await send('POST', '/tag/chantier/', headers, { id: cim, tagName: ' Villa Dupont ' })).toEqual({
        status: 200,
        body: { tagName: 'Villa Dupont' },
      });
      await send('POST', '/tag/chantier/', headers, { id: vis, tagName: 'Atelier' });
      expect((await get('/tag/chantier/' + cim, headers)).body).toEqual({ tagName: 'Villa Dupont' });
      expect((await get('/tag/chantier/list', headers)).body).toEqual(['Atelier', 'Villa Dupont']);
      expect(
        (await get(`/tag/chantier/details-panier/${encodeURIComponent('Villa Dupont')}`, headers)).body,
      ).toEqual([{ libelle: 'Ciment 35 kg', lien: '/article/CIM' }]);
      expect((await get<Cart>('/rest/panier', headers)).body.lignes.map((l) => l.chantier)).toEqual([
        'Villa Dupont',
        'Atelier',
      ]);
      // Adding the same article again makes an untagged line rather than growing the tagged one.
      expect((await add(headers, 'CIM', 1)).body.nbLignes).toBe(3);

      await send('POST', '/tag/chantier/', headers, { id: cim, tagName: '' });
      expect((await get('/tag/chantier/' + cim, headers)).body).toEqual({ tagName: '' });
      expect((await get('/tag/chantier/details-panier/Villa%20Dupont', headers)).body).toEqual([]);
      // A tag of 150 characters (accents encoded in the URL) reaches the route, not the router's 414.
      const long = `Résidence ${'é'.repeat(140)}`;
      expect(long).toHaveLength(150);
      expect(await get(`/tag/chantier/details-panier/${encodeURIComponent(long)}`, headers)).toMatchObject({
        status: 200,
        body: [],
      });
      // The tag stays offered by the picker.
      const stored = await app.db.select().from(siteTags).where(eq(siteTags.customerCode, customer.code));
      expect(stored.map((t) => t.name).sort()).toEqual(['Atelier', 'Villa Dupont']);
    });

    it('refuses another customer’s line, unknown lines and too long names', async () => {
      const { headers } = await newCustomer();
      const other = await newCustomer();
      const line = (await add(headers, 'CIM', 1)).body.lignes[0]!.id;
      expect((await send('POST', '/tag/chantier/', other.headers, { id: line, tagName: 'X' })).status).toBe(
        404,
      );
      expect((await get('/tag/chantier/' + line, other.headers)).status).toBe(404);
      expect((await get('/tag/chantier/list', other.headers)).body).toEqual([]);
      expect(await send('POST', '/tag/chantier/', headers, { id: line, tagName: 'x'.repeat(61) })).toEqual({
        status: 400,
        body: expect.objectContaining({ message: CART_MESSAGES.tagTooLong }) as object,
      });
    });
  });

  describe('checkout', () => {
    const order = (headers: SessionHeaders, body: object) =>
      send<PlacedOrder>('POST', '/rest/panier/commande', headers, body);
    const exportFiles = () =>
      fs.existsSync(app.config.exportsDir) ? fs.readdirSync(app.config.exportsDir) : [];

    it('offers the addresses, the active carriers by position with their fee, and the payment methods', async () => {
      const pro = await newCustomer(true);
      await add(pro.headers, 'CIM', 2);
      const { status, body } = await get<CheckoutOptions>('/rest/panier/livraison', pro.headers);
      expect(status).toBe(200);
      expect(body.adresses).toEqual([
        expect.objectContaining({ id: pro.addressId, libelle: 'Dépôt', zone: 'Proximité', parDefaut: true }),
      ]);
      expect(body.adresseId).toBe(pro.addressId);
      expect(body.transporteurs.map((c) => c.nom)).toEqual(['Camion', 'Retrait agence']);
      expect(body.transporteurs[0]).toMatchObject({
        fraisHT: 25,
        explication: `Frais de port : ${formatEuros(25)}`,
      });
      // Pickup is free, whatever the schedule says of the zone.
      expect(body.transporteurs[1]).toMatchObject({ fraisHT: 0, explication: PICKUP_FREE });
      expect(body.modesReglement.map((m) => m.code)).toEqual(['compte', 'carte', 'cheque', 'virement']);
      expect(body.panier.nbLignes).toBe(1);

      const particulier = await newCustomer(false);
      const options = (await get<CheckoutOptions>('/rest/panier/livraison', particulier.headers)).body;
      expect(options.modesReglement.map((m) => m.libelle)).toEqual(['Carte bancaire', 'Chèque', 'Virement']);
      expect(
        (await get(`/rest/panier/livraison?adresseId=${pro.addressId}`, particulier.headers)).status,
      ).toBe(400);
    });

    it('refuses an order whose amount the books cannot hold, and changes nothing', async () => {
      await createArticle(app, {
        code: 'GRUE',
        designation1: 'Grue à tour',
        priceHt: 200_000,
        familyCode: 'GO',
      });
      const { headers, addressId, customer } = await newCustomer(true);
      expect((await add(headers, 'GRUE', CART_QUANTITY_MAX)).status).toBe(200);
      const { status, body } = await order(headers, {
        adresseId: addressId,
        transporteurId: truck,
        modeReglement: 'compte',
      });
      expect({ status, message: (body as unknown as { message: string }).message }).toEqual({
        status: 400,
        message: CART_MESSAGES.orderTooLarge,
      });
      expect(await app.db.$count(orders, eq(orders.customerCode, customer.code))).toBe(0);
      expect((await get<Cart>('/rest/panier', headers)).body.nbLignes).toBe(1);
    });

    it('places an order on account for a professional: TER, exported, cart emptied, tags kept', async () => {
      const { headers, addressId, customer } = await newCustomer(true);
      const line = (await add(headers, 'CIM', 2)).body.lignes[0]!.id;
      await send('POST', '/tag/chantier/', headers, { id: line, tagName: 'Villa' });
      await add(headers, 'VIS', 100);
      const { status, body } = await order(headers, {
        adresseId: addressId,
        transporteurId: truck,
        modeReglement: 'compte',
        refClient: 'REF-42',
      });
      expect(status, JSON.stringify(body)).toBe(200);
      expect(body).toMatchObject({ typePanier: 'TER', statutPaiement: PAYMENT_STATUS_LABELS.TER });
      expect(body.numero).toMatch(/^W\d{4}-\d{6}$/);
      const row = await orderRow(app, body.id);
      expect(row).toMatchObject({
        movementType: 'web',
        status: null,
        customerCode: customer.code,
        agencyCode: customer.agencyCode,
        customerReference: 'REF-42',
        paymentLabel: 'Paiement en compte',
        cartType: 'TER',
        shippingFee: 25,
        // Lines 19.98 + 12.50, fee 25 → HT 57.48; VAT (19.98 + 25) × 20 % = 9.00 (8.996), 12.50 × 5.5 % = 0.69.
        amountHt: 57.48,
        amountVat: 9.69,
        amountTtc: 67.17,
        deliveryLabel: 'Dépôt',
        deliveryCity: 'Lyon',
        deliveryZoneId: zoneId,
        carrierId: truck,
        carrierName: 'Camion',
      });
      expect(row.webOrderId).toMatch(/^\d+$/);
      expect(row.exportedAt).not.toBeNull();
      const lines = await app.db.select().from(orderLines).where(eq(orderLines.orderId, body.id));
      expect(lines.map((l) => [l.position, l.articleCode, l.siteTag, l.amountHt])).toEqual([
        [1, 'CIM', 'Villa', 19.98],
        [2, 'VIS', null, 12.5],
      ]);
      expect(exportFiles().some((name) => name.includes(body.numero.replace(/[^A-Za-z0-9_-]/g, '')))).toBe(
        true,
      );
      expect((await get<Cart>('/rest/panier', headers)).body.nbLignes).toBe(0);
      expect((await get(`/rest/compte/mouvements/${body.id}`, headers)).status).toBe(200);
    });

    it('places the order when the export folder is out of reach: the file follows once it is back', async () => {
      const { headers, addressId } = await newCustomer(true);
      await add(headers, 'CIM', 1);
      const dir = app.config.exportsDir;
      fs.renameSync(dir, `${dir}.away`);
      // A file where the folder should be: nothing can be written into it.
      fs.writeFileSync(dir, '');
      let placed: { status: number; body: PlacedOrder };
      try {
        placed = await order(headers, {
          adresseId: addressId,
          transporteurId: truck,
          modeReglement: 'compte',
        });
      } finally {
        fs.rmSync(dir);
        fs.renameSync(`${dir}.away`, dir);
      }
      expect(placed.status, JSON.stringify(placed.body)).toBe(200);
      expect(placed.body.typePanier).toBe('TER');
      expect((await get<Cart>('/rest/panier', headers)).body.nbLignes).toBe(0);
      expect(await orderRow(app, placed.body.id)).toMatchObject({ cartType: 'TER', exportFilePending: true });
      await reconcileOrderFiles(app.db, dir, { startup: false, log: app.log, graceMs: 0 });
      expect(await orderRow(app, placed.body.id)).toMatchObject({ exportFilePending: false });
      expect(exportFiles()).toContain(exportFileName({ numero: placed.body.numero }));
    });

    it('pays by card on the provider’s page: ATT and not exported until the provider confirms', async () => {
      const { headers, addressId } = await newCustomer(false);
      await add(headers, 'CIM', 1);
      const before = exportFiles().length;
      const placed = await order(headers, {
        adresseId: addressId,
        transporteurId: truck,
        modeReglement: 'carte',
      });
      expect(placed.status).toBe(200);
      expect(placed.body).toMatchObject({
        typePanier: 'ATT',
        statutPaiement: PAYMENT_STATUS_LABELS.ATT,
        paiement: { url: expect.stringMatching(/^\/paiement-test\//) as unknown },
      });
      expect(exportFiles().length).toBe(before);
      const row = await orderRow(app, placed.body.id);
      expect(row).toMatchObject({ cartType: 'ATT', paymentLabel: 'Carte bancaire', exportedAt: null });
      expect((await get<Cart>('/rest/panier', headers)).body.nbLignes).toBe(0);
    });

    it('opens the session after the order, for the amount TTC with the fee; a failing provider leaves it ATT', async () => {
      const { user, headers, addressId } = await newCustomer(false);
      await add(headers, 'CIM', 1);
      const requests: HostedPaymentRequest[] = [];
      const failing: PaymentProvider = {
        ...createTestProvider('x'.repeat(32)),
        createSession: async (request) => {
          // The order is committed before the provider is asked anything.
          expect(await orderRow(app, request.orderId)).toMatchObject({ cartType: 'ATT' });
          requests.push(request);
          throw new Error('fournisseur injoignable');
        },
      };
      const placed = await placeOrder(
        app.db,
        app.config.exportsDir,
        failing,
        user,
        { adresseId: addressId, transporteurId: truck, modeReglement: 'carte' },
        app.log,
        app.mail,
      );
      expect(placed.typePanier).toBe('ATT');
      expect(placed.paiement).toBeUndefined();
      expect(placed.message).toBe(cardUnavailableMessage(placed.numero));
      // 9.99 + 25 HT, VAT 20 % = 7.00 (6.998): 41.99 TTC.
      expect(requests).toEqual([
        { orderId: placed.id, numero: placed.numero, amountTtc: 41.99, customerEmail: null },
      ]);
    });

    it('pays by cheque or transfer: AT2, not exported', async () => {
      const { headers, addressId } = await newCustomer(false);
      for (const [mode, label] of [
        ['cheque', 'Chèque'],
        ['virement', 'Virement'],
      ] as const) {
        await add(headers, 'CIM', 1);
        const placed = await order(headers, {
          adresseId: addressId,
          transporteurId: truck,
          modeReglement: mode,
        });
        expect(placed.body.typePanier).toBe('AT2');
        expect(await orderRow(app, placed.body.id)).toMatchObject({ paymentLabel: label, exportedAt: null });
      }
    });

    it('refuses, changing nothing: empty cart, foreign address, inactive carrier, on account for a private customer, a card number', async () => {
      const particulier = await newCustomer(false);
      const pro = await newCustomer(true);
      const base = { adresseId: particulier.addressId, transporteurId: truck, modeReglement: 'cheque' };
      expect(await order(particulier.headers, base)).toEqual({
        status: 400,
        body: { message: CART_MESSAGES.emptyCart },
      });
      await add(particulier.headers, 'CIM', 1);
      const count = async () => (await app.db.select({ id: orders.id }).from(orders)).length;
      const before = await count();
      const cases: [object, string][] = [
        [{ ...base, adresseId: pro.addressId }, CART_MESSAGES.unknownAddress],
        [{ ...base, transporteurId: inactiveCarrier }, CART_MESSAGES.unknownCarrier],
        [{ ...base, transporteurId: 999999 }, CART_MESSAGES.unknownCarrier],
        [{ ...base, modeReglement: 'compte' }, CART_MESSAGES.onAccountRefused],
        [
          { ...base, modeReglement: 'carte', carte: { numero: '4970100000001234' } },
          CART_MESSAGES.cardNumberRefused,
        ],
      ];
      for (const [body, message] of cases)
        expect(await order(particulier.headers, body)).toEqual({
          status: 400,
          body: expect.objectContaining({ message }) as object,
        });
      // An article withdrawn from sale since it was added.
      await add(particulier.headers, 'VIS', 1);
      await app.db.update(articles).set({ active: false }).where(eq(articles.code, 'VIS'));
      try {
        expect(await order(particulier.headers, base)).toEqual({
          status: 400,
          body: { message: `${CART_MESSAGES.inactiveArticle} : Vis inox` },
        });
      } finally {
        await app.db.update(articles).set({ active: true }).where(eq(articles.code, 'VIS'));
      }
      expect(await count()).toBe(before);
      expect((await get<Cart>('/rest/panier', particulier.headers)).body.nbLignes).toBe(2);
      const lines = await app.db.select().from(cartLines);
      expect(lines.length).toBeGreaterThan(0);
    });
  });

  describe('account orders', () => {
    it('lists the customer’s own orders, newest first, 20 per page', async () => {
      const { headers, addressId } = await newCustomer(true);
      const other = await newCustomer(true);
      const numeros: string[] = [];
      for (let n = 0; n < 21; n++) {
        await add(headers, 'CIM', 1);
        const placed = await send<PlacedOrder>('POST', '/rest/panier/commande', headers, {
          adresseId: addressId,
          transporteurId: truck,
          modeReglement: n === 20 ? 'cheque' : 'compte',
          refClient: `R${n}`,
        });
        numeros.push(placed.body.numero);
      }
      const first = (await get<AccountOrderList>('/rest/compte/mouvements', headers)).body;
      expect(first.total).toBe(21);
      expect(first.elements).toHaveLength(20);
      expect(first.elements[0]).toMatchObject({
        numero: numeros[20],
        refClient: 'R20',
        montantHT: 34.99,
        libelleStatut: 'Commande web : en attente de validation du règlement',
        libelleModeReglement: 'Chèque',
        libelleStatutPaiement: PAYMENT_STATUS_LABELS.AT2,
      });
      const second = (await get<AccountOrderList>('/rest/compte/mouvements?page=1', headers)).body;
      expect(second.elements.map((o) => o.numero)).toEqual([numeros[0]]);
      expect(second.total).toBe(21);
      // A page past the last still says how many there are.
      expect((await get<AccountOrderList>('/rest/compte/mouvements?page=5', headers)).body).toEqual({
        total: 21,
        elements: [],
      });
      expect((await get<AccountOrderList>('/rest/compte/mouvements', other.headers)).body).toEqual({
        total: 0,
        elements: [],
      });
      expect((await get('/rest/compte/mouvements?page=-1', headers)).status).toBe(400);
    });
  });
});
