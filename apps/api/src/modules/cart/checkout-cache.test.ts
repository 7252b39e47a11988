// The checkout page reads the carriers and the fee schedule through the answer cache: a change of
// a carrier, a forfait or a band is shown at the next request after its commit's notification
// (migration 0022), and the order placed is priced by what the transaction reads, not by the cache.
// A line added to the cart is checked through the cache too (its article, declinaisons and cut).
import { eq } from 'drizzle-orm';
import {
  articles,
  bands,
  carriers,
  orders,
  shippingFees,
  variableDimensions,
  variants,
} from '@comptoir/db/schema';
import { CART_MESSAGES, type CheckoutOptions, type PlacedOrder } from '@comptoir/shared/cart';
import { DIMENSION_MESSAGES } from '@comptoir/shared/dimensions';
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

describe('a line added to the cart with the answer cache', () => {
  /** The cart's refusal of the line, or null when it takes it. */
  async function refusal(codeArticle: string): Promise<string | null> {
    const response = await app.inject({
      method: 'POST',
      url: '/rest/panier/lignes',
      headers,
      payload: { codeArticle, quantite: 1 },
    });
    return response.statusCode === 200 ? null : (response.json() as { message: string }).message;
  }

  it('sees a unit now cut to size, a new declinaison and a withdrawn article once their commit is heard', async () => {
    await createArticle(app, {
      familyCode: 'GO',
      code: 'PLQ',
      designation1: 'Plaque de plâtre',
      saleUnit: 'M2',
    });
    expect(await refusal('PLQ')).toBeNull();

    await app.db.insert(variableDimensions).values({ unitCode: 'M2', length: true, width: true });
    await poll(() => refusal('PLQ')).toBe(DIMENSION_MESSAGES.dimensionsRequired);
    await app.db.insert(variants).values({ articleCode: 'PLQ', code: 'BA13', designation: 'Plaque BA13' });
    await poll(() => refusal('PLQ')).toBe(CART_MESSAGES.variantRequired);
    await app.db.update(articles).set({ active: false }).where(eq(articles.code, 'PLQ'));
    await poll(() => refusal('PLQ')).toBe(CART_MESSAGES.inactiveArticle);
  });
});
