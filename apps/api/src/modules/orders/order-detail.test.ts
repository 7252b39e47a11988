// GET /rest/compte/mouvements/:id (the order detail page) and GET /admin/parametres/commandes.
import { settings } from '@comptoir/db/schema';
import { AUTH_MESSAGES } from '@comptoir/shared/auth';
import { SETTING_KEYS } from '@comptoir/shared/domain';
import type { OrderDetail } from '@comptoir/shared/orders/contract';
import { ORDER_NOT_FOUND } from '@comptoir/shared/orders/labels';
import {
  createAgency,
  createCarrier,
  createCustomer,
  createOrder,
  createSetting,
  createZone,
} from '../../test/factories';
import { buildAppAs, createCustomerUser, loginAs, type App, type SessionHeaders } from '../../test/helpers';

let app: App;
let admin: SessionHeaders;
beforeAll(async () => {
  ({ app, headers: admin } = await buildAppAs('admin'));
});
afterAll(() => app.close());

const detail = (id: number | string, headers: { cookie?: string } = admin, codeClient?: string) =>
  app.inject({
    url: `/rest/compte/mouvements/${id}${codeClient === undefined ? '' : `?codeClient=${codeClient}`}`,
    headers,
  });

describe('GET /rest/compte/mouvements/:id', () => {
  let order: Awaited<ReturnType<typeof createOrder>>;
  let owner: SessionHeaders;
  let other: SessionHeaders;
  beforeAll(async () => {
    const agency = await createAgency(app, { label: 'Agence de Rennes' });
    const customer = await createCustomer(app, { name: 'Couverture Le Goff', agencyCode: agency.code });
    const zone = await createZone(app, { label: 'Zone Bretagne' });
    const carrier = await createCarrier(app, { name: 'Messagerie actuelle' });
    order = await createOrder(
      app,
      {
        customerCode: customer.code,
        orderedAt: new Date('2024-05-02T07:15:00Z'),
        customerReference: 'Toiture mairie',
        webOrderId: 'OEC-55',
        movementType: 'web',
        status: 'E_LIVPAR',
        cartType: 'VAL',
        paymentLabel: 'Carte bancaire',
        paymentValidatedBy: 'admin',
        paymentValidatedAt: new Date('2024-05-03T09:00:00Z'),
        exportedAt: new Date('2024-05-03T09:00:01Z'),
        amountHt: 60,
        amountVat: 12,
        amountTtc: 72,
        shippingFee: 9.9,
        deliveryLabel: 'Mairie',
        deliveryLine1: '1 place de la Mairie',
        deliveryLine2: 'Entrée B',
        deliveryPostalCode: '35000',
        deliveryCity: 'Rennes',
        deliveryZoneId: zone.id,
        carrierId: carrier.id,
        carrierName: 'Messagerie du jour de la commande',
      },
      // Stored out of order: the answer sorts by position.
      [
        {
          position: 2,
          articleCode: 'ARD-01',
          designation: 'Ardoise naturelle',
          quantity: 40,
          unit: 'U',
          unitPriceHt: 1,
          amountHt: 40,
          vatRate: 20,
        },
        {
          position: 1,
          articleCode: 'CRO-02',
          variantCode: 'GRIS',
          designation: 'Crochet inox',
          siteTag: 'Mairie',
          quantity: 4,
          unit: 'BTE',
          unitPriceHt: 5,
          amountHt: 20,
          vatRate: 20,
        },
      ],
    );
    owner = await loginAs(app, await createCustomerUser(app, customer.code));
    other = await loginAs(app, await createCustomerUser(app));
  });

  const expected = (): OrderDetail => ({
    entete: {
      id: order.id,
      numero: order.number,
      date: Date.parse('2024-05-02T07:15:00Z') / 1000,
      dateValidationPaiement: Date.parse('2024-05-03T09:00:00Z') / 1000,
      dateExport: Date.parse('2024-05-03T09:00:01Z') / 1000,
      refClient: 'Toiture mairie',
      webCdeId: 'OEC-55',
      typeWebMouvement: 'web',
      etat: 'E_LIVPAR',
      libelleStatut: 'Commande validée web partiellement livrée',
      typePanier: 'VAL',
      libelleTypePanier: 'Paiement validé',
      libelleModeReglement: 'Carte bancaire',
      codeAgence: order.agencyCode,
      libelleAgence: 'Agence de Rennes',
      codeClient: order.customerCode,
      libelleClient: 'Couverture Le Goff',
      adresseLivraison: {
        libelle: 'Mairie',
        ligne1: '1 place de la Mairie',
        ligne2: 'Entrée B',
        codePostal: '35000',
        ville: 'Rennes',
        zone: 'Zone Bretagne',
      },
      transporteur: 'Messagerie du jour de la commande',
      numeroExpedition: null,
      lienSuivi: null,
    },
    lignes: [
      {
        codeArticle: 'CRO-02',
        codeDeclinaison: 'GRIS',
        designation: 'Crochet inox',
        chantier: 'Mairie',
        quantite: 4,
        unite: 'BTE',
        prixUnitaireHT: 5,
        montantHT: 20,
        tauxTVA: 20,
        decoupe: null,
      },
      {
        codeArticle: 'ARD-01',
        codeDeclinaison: '',
        designation: 'Ardoise naturelle',
        chantier: null,
        quantite: 40,
        unite: 'U',
        prixUnitaireHT: 1,
        montantHT: 40,
        tauxTVA: 20,
        decoupe: null,
      },
    ],
    totaux: { montantHT: 60, montantTVA: 12, montantTTC: 72, fraisPort: 9.9 },
  });

  it('shows any order to an administrator, with or without its codeClient', async () => {
    const response = await detail(order.id);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual(expected());
    expect((await detail(order.id, admin, order.customerCode)).json()).toEqual(expected());
  });

  it("answers 404 to an administrator giving another customer's code", async () => {
    const response = await detail(order.id, admin, 'AUTRE');
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ message: ORDER_NOT_FOUND });
  });

  it('shows its own order to the customer, whatever codeClient says', async () => {
    expect((await detail(order.id, owner, order.customerCode)).json()).toEqual(expected());
    expect((await detail(order.id, owner, 'AUTRE')).json()).toEqual(expected());
  });

  it("answers another customer's order as if it did not exist", async () => {
    const foreign = await detail(order.id, other, order.customerCode);
    const missing = await detail(987_654, other);
    expect([foreign.statusCode, missing.statusCode]).toEqual([404, 404]);
    expect(foreign.json()).toEqual({ message: ORDER_NOT_FOUND });
    expect(foreign.body).toBe(missing.body);
  });

  it('answers 401 without a session', async () => {
    const response = await detail(order.id, {});
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ message: AUTH_MESSAGES.notLoggedIn });
  });

  it('answers 404 for an unknown order, 400 for a bad id', async () => {
    expect((await detail(987_654)).statusCode).toBe(404);
    const bad = await detail('abc');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe(
      'Paramètre « id » invalide : identifiant de commande attendu (entier positif)',
    );
  });

  it("uses the carrier's name when the order kept none, and the movement label alone without etat", async () => {
    const carrier = await createCarrier(app, { name: 'Transports Ouest' });
    const plain = await createOrder(app, { carrierId: carrier.id, movementType: 'cde', status: null });
    const { entete } = (await detail(plain.id)).json() as OrderDetail;
    expect(entete).toMatchObject({
      transporteur: 'Transports Ouest',
      libelleStatut: 'Commande',
      adresseLivraison: {
        libelle: null,
        ligne1: null,
        ligne2: null,
        codePostal: null,
        ville: null,
        zone: null,
      },
    });
  });
});

describe('the tracking link of the order detail', () => {
  it("links the shipment number to the carrier's tracking page, and shows none without a number", async () => {
    const carrier = await createCarrier(app, {
      name: 'Rhône Express',
      trackingUrl: 'https://suivi.example/colis/{numero}',
    });
    const shipped = await createOrder(app, { carrierId: carrier.id, shipmentNumber: 'RX 42/7' });
    const waiting = await createOrder(app, { carrierId: carrier.id });
    const read = async (id: number) =>
      ((await app.inject({ url: `/rest/compte/mouvements/${id}`, headers: admin })).json() as OrderDetail)
        .entete;
    expect(await read(shipped.id)).toMatchObject({
      numeroExpedition: 'RX 42/7',
      lienSuivi: 'https://suivi.example/colis/RX%2042%2F7',
    });
    expect(await read(waiting.id)).toMatchObject({ numeroExpedition: null, lienSuivi: null });
  });
});

describe('GET /admin/parametres/commandes', () => {
  const read = async () => (await app.inject({ url: '/admin/parametres/commandes', headers: admin })).json();

  it("answers '1' when the setting was never stored, then the stored value", async () => {
    expect(await read()).toEqual({ actions: '1' });
    await createSetting(app, SETTING_KEYS.orderActions, '0');
    expect(await read()).toEqual({ actions: '0' });
    await app.db.update(settings).set({ value: 'oui' });
    expect(await read()).toEqual({ actions: '1' });
  });
});
