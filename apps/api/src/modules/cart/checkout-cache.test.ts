// The checkout page reads the carriers and the fee schedule through the answer cache: a change of
// a carrier, a forfait or a band is shown at the next request after its commit's notification
// (migration 0022), and the order placed is priced by what the transaction reads, not by the cache.
import { eq } from 'drizzle-orm';
import { bands, carriers, orders, shippingFees } from '@comptoir/db/schema';
import type { CheckoutOptions, PlacedOrder } from '@comptoir/shared/cart';
import { SETTING_KEYS } from '@comptoir/shared/domain';
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
import { buildTestApp, createCustomerUser, loginAs, type App, type SessionHeaders } from '../../test/helpers';

let app: App;
let headers: SessionHeaders;
let addressId: number;
let truck: number;
let fee: number;
let band: number;

beforeAll(async () => {
  app = await buildTestApp({ answerCache: true });
  const zoneId = (await createZone(app, { label: 'Proximité' })).id;
  await createUnit(app, 'SAC', 'Sac');
  const familyCode = (await createFamily(app, { code: 'GO', label: 'Gros œuvre' })).code;
  await createArticle(app, {
    familyCode,
    code: 'CIM',
    designation1: 'Ciment',
    priceHt: 10,
    weight: 35,
    saleUnit: 'SAC',
  });
  await createSetting(app, SETTING_KEYS.shippingFeeType, 'poids');
  band = (await createBand(app, { label: 'Dès 0 kg', feeType: 'poids', start: 0 })).id;
  fee = (await createShippingFee(app, { amount: 25, bandId: band, zoneId })).id;
  truck = (await createCarrier(app, { name: 'Camion', position: 1 })).id;
  const customer = await createCustomer(app, { isProfessional: true });
  addressId = (await createDeliveryAddress(app, { customerCode: customer.code, zoneId, isDefault: true })).id;
  headers = await loginAs(app, await createCustomerUser(app, customer.code));
  const added = await app.inject({
    method: 'POST',
    url: '/rest/panier/lignes',
    headers,
    payload: { codeArticle: 'CIM', quantite: 2 },
  });
  expect(added.statusCode, added.body).toBe(200);
});
afterAll(() => app.close());

async function options(): Promise<CheckoutOptions> {
  const response = await app.inject({ url: '/rest/panier/livraison', headers });
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as CheckoutOptions;
}
const poll = <T>(read: () => Promise<T>) => expect.poll(read, { timeout: 2000, interval: 20 });

describe('the checkout page with the answer cache', () => {
  it('shows a changed forfait, band and carrier, and prices the order as the database says', async () => {
    expect((await options()).transporteurs).toEqual([
      expect.objectContaining({ nom: 'Camion', fraisHT: 25 }),
    ]);

    await app.db.update(shippingFees).set({ amount: 30 }).where(eq(shippingFees.id, fee));
    await poll(async () => (await options()).transporteurs[0]?.fraisHT).toBe(30);
    // A band of another fee type: the forfait leaves the schedule in force.
    await app.db.update(bands).set({ feeType: 'montant' }).where(eq(bands.id, band));
    await poll(async () => (await options()).transporteurs[0]?.fraisHT).not.toBe(30);
    await app.db.update(bands).set({ feeType: 'poids' }).where(eq(bands.id, band));
    await poll(async () => (await options()).transporteurs[0]?.fraisHT).toBe(30);

    await app.db.update(carriers).set({ name: 'Camion grue' }).where(eq(carriers.id, truck));
    await poll(async () => (await options()).transporteurs.map((t) => t.nom)).toEqual(['Camion grue']);
    await createCarrier(app, { name: 'Retrait agence', position: 2, pickup: true });
    await poll(async () => (await options()).transporteurs.map((t) => t.nom)).toEqual([
      'Camion grue',
      'Retrait agence',
    ]);

    const placed = await app.inject({
      method: 'POST',
      url: '/rest/panier/commande',
      headers,
      payload: { adresseId: addressId, transporteurId: truck, modeReglement: 'compte' },
    });
    expect(placed.statusCode, placed.body).toBe(200);
    const [order] = await app.db
      .select({ shippingFee: orders.shippingFee })
      .from(orders)
      .where(eq(orders.id, (placed.json() as PlacedOrder).id));
    expect(order!.shippingFee).toBe(30);
  });
});
