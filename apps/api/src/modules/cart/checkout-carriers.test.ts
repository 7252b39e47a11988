// The carriers the checkout offers: a carrier no fee rule prices is withheld (its 0 € would be free
// shipping by accident), pickup and a franco stay free; an order on a withheld carrier is refused.
import { eq } from 'drizzle-orm';
import { carriers, orders } from '@comptoir/db/schema';
import type { AdminHomeWarnings } from '@comptoir/shared/admin-home';
import type { Cart, CheckoutOptions } from '@comptoir/shared/cart';
import { SETTING_KEYS } from '@comptoir/shared/domain';
import { AVAILABILITY_MESSAGES, SHIPPING_WARNINGS } from '@comptoir/shared/shipping/availability';
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
  createZone,
} from '../../test/factories';
import { buildAppAs, createCustomerUser, loginAs, type App, type SessionHeaders } from '../../test/helpers';

let app: App;
let admin: SessionHeaders;
let zoneId: number;
let crane: number;
let pickup: number;
let shopper: { headers: SessionHeaders; addressId: number };

const options = async () => {
  const response = await app.inject({ url: '/rest/panier/livraison', headers: shopper.headers });
  expect(response.statusCode).toBe(200);
  return response.json() as CheckoutOptions;
};
const order = (transporteurId: number) =>
  app.inject({
    method: 'POST',
    url: '/rest/panier/commande',
    headers: shopper.headers,
    payload: { adresseId: shopper.addressId, transporteurId, modeReglement: 'cheque' },
  });
const warnings = async () =>
  ((await app.inject({ url: '/admin/accueil/alertes', headers: admin })).json() as AdminHomeWarnings).alertes;
const orderCount = async () => (await app.db.select({ id: orders.id }).from(orders)).length;

beforeAll(async () => {
  ({ app, headers: admin } = await buildAppAs('admin'));
  zoneId = (await createZone(app, { label: 'Proximité' })).id;
  await createUnit(app, 'SAC', 'Sac');
  const familyCode = (await createFamily(app, { code: 'GO', label: 'Gros œuvre' })).code;
  await createArticle(app, { code: 'CIM', familyCode, priceHt: 10, weight: 35, saleUnit: 'SAC' });
  await createSetting(app, SETTING_KEYS.shippingFeeType, 'poids');
  const band = await createBand(app, { label: 'Dès 0 kg', feeType: 'poids', start: 0 });
  await createShippingFee(app, { amount: 25, bandId: band.id, zoneId });
  crane = (await createCarrier(app, { name: 'Camion grue', position: 1 })).id;
  pickup = (await createCarrier(app, { name: 'Retrait agence', position: 2, pickup: true })).id;

  const customer = await createCustomer(app, { isProfessional: true });
  const user = await createCustomerUser(app, customer.code);
  const address = await createDeliveryAddress(app, {
    customerCode: customer.code,
    label: 'Chantier',
    city: 'Lyon',
    zoneId,
    isDefault: true,
  });
  shopper = { headers: await loginAs(app, user), addressId: address.id };
  const added = await app.inject({
    method: 'POST',
    url: '/rest/panier/lignes',
    headers: shopper.headers,
    payload: { codeArticle: 'CIM', quantite: 2 },
  });
  expect((added.json() as Cart).nbLignes).toBe(1);
});
afterAll(() => app.close());

it('offers a carrier the schedule prices, and warns of nothing', async () => {
  const offered = await options();
  expect(offered.transporteurs.map((c) => [c.nom, c.fraisHT])).toEqual([
    ['Camion grue', 25],
    ['Retrait agence', 0],
  ]);
  expect(offered.avisTransport).toBeNull();
  expect(await warnings()).toEqual([]);
});

it('after the whole schedule is deleted: only pickup is offered, an order on the crane truck is refused, the home warns', async () => {
  const reset = await app.inject({ method: 'DELETE', url: '/service/resetForfaitTransport', headers: admin });
  expect(reset.statusCode).toBe(200);

  const offered = await options();
  expect(offered.transporteurs.map((c) => c.nom)).toEqual(['Retrait agence']);
  expect(offered.avisTransport).toBe(AVAILABILITY_MESSAGES.pickupOnly);

  const before = await orderCount();
  const refused = await order(crane);
  expect(refused.statusCode).toBe(400);
  expect(refused.json()).toEqual({ message: AVAILABILITY_MESSAGES.carrierNotOffered });
  expect(await orderCount()).toBe(before);

  expect(await warnings()).toEqual([
    { message: SHIPPING_WARNINGS.emptySchedule, ecran: 'forfaits' },
    { message: SHIPPING_WARNINGS.carrierWithoutFee('Camion grue'), ecran: 'forfaits' },
  ]);

  // Without pickup, nothing can take the cart: the checkout says so.
  await app.db.update(carriers).set({ active: false }).where(eq(carriers.id, pickup));
  try {
    const none = await options();
    expect(none.transporteurs).toEqual([]);
    expect(none.avisTransport).toBe(AVAILABILITY_MESSAGES.noDelivery);
  } finally {
    await app.db.update(carriers).set({ active: true }).where(eq(carriers.id, pickup));
  }

  // Pickup stays free and can be ordered.
  const placed = await order(pickup);
  expect(placed.statusCode).toBe(200);
  expect(await orderCount()).toBe(before + 1);
});

it('offers a franco reached for free, and withholds a carrier linked to a forfait not in force', async () => {
  await app.inject({
    method: 'POST',
    url: '/rest/panier/lignes',
    headers: shopper.headers,
    payload: { codeArticle: 'CIM', quantite: 2 },
  });
  const band = await createBand(app, { label: 'Dès 0 kg (franco)', feeType: 'poids', start: 0 });
  await createShippingFee(app, { amount: 40, freeFrom: 15, bandId: band.id, zoneId });
  const euros = await createBand(app, { label: 'Dès 0 €', feeType: 'montant', start: 0 });
  const other = await createShippingFee(app, { amount: 12, bandId: euros.id, zoneId });
  const linked = await createCarrier(app, { name: 'Messagerie', position: 3, shippingFeeId: other.id });

  const offered = await options();
  expect(offered.transporteurs.map((c) => [c.nom, c.fraisHT])).toEqual([
    ['Camion grue', 0],
    ['Retrait agence', 0],
  ]);
  expect(offered.avisTransport).toBeNull();
  expect((await order(linked.id)).json()).toEqual({ message: AVAILABILITY_MESSAGES.carrierNotOffered });
  expect(await warnings()).toEqual([
    { message: SHIPPING_WARNINGS.carrierLinkBroken('Messagerie', other.id), ecran: 'transporteurs' },
  ]);
});
