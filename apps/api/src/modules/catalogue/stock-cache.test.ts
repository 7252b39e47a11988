// With the answer cache, a product page's rows and a family's tiles are kept once for every agency, and
// the stock apart, per article: each customer still sees its own agency's stock, and a stock change
// (an import) is shown at the next request after its commit's notification.
import { and, eq } from 'drizzle-orm';
import { stock } from '@comptoir/db/schema';
import { familyPage, ficheArticle, infoStockOf, type InfoStock } from '@comptoir/shared/catalogue';
import {
  createAgency,
  createArticle,
  createCustomer,
  createFamily,
  createStock,
  createVariant,
} from '../../test/factories';
import { buildTestApp, createCustomerUser, loginAs, type App, type SessionHeaders } from '../../test/helpers';

let app: App;
let north: string;
let south: string;
let atNorth: SessionHeaders;
let atSouth: SessionHeaders;
let nowhere: SessionHeaders;

beforeAll(async () => {
  app = await buildTestApp({ answerCache: true });
  north = (await createAgency(app, { label: 'Nord' })).code;
  south = (await createAgency(app, { label: 'Sud' })).code;
  const elsewhere = (await createAgency(app, { label: 'Ailleurs' })).code;
  await createFamily(app, { code: 'PE', label: 'Peintures' });
  await createArticle(app, { code: 'PEINT', familyCode: 'PE', designation1: 'Peinture' });
  await createVariant(app, { articleCode: 'PEINT', code: 'B', designation: 'Blanc' });
  await createVariant(app, { articleCode: 'PEINT', code: 'G', designation: 'Gris' });
  await createStock(app, { articleCode: 'PEINT', variantCode: 'B', agencyCode: north, quantity: 12 });
  await createStock(app, { articleCode: 'PEINT', variantCode: 'G', agencyCode: north, quantity: 0 });
  await createStock(app, { articleCode: 'PEINT', variantCode: 'G', agencyCode: south, quantity: 3 });
  const customerAt = async (agencyCode: string) =>
    loginAs(app, await createCustomerUser(app, (await createCustomer(app, { agencyCode })).code));
  atNorth = await customerAt(north);
  atSouth = await customerAt(south);
  nowhere = await customerAt(elsewhere);
});
afterAll(() => app.close());

async function productStock(headers?: SessionHeaders) {
  const response = await app.inject({ url: '/catalogue/articles/PEINT', headers });
  expect(response.statusCode, response.body).toBe(200);
  const body = ficheArticle.parse(response.json());
  return [body.STOCK, ...body.declinaisons.map((variant) => variant.STOCK)];
}

async function tileStock(headers?: SessionHeaders): Promise<InfoStock | undefined> {
  const response = await app.inject({ url: '/catalogue/familles/PE', headers });
  expect(response.statusCode, response.body).toBe(200);
  return familyPage.parse(response.json()).articles.elements.find((card) => card.codeArticle === 'PEINT')
    ?.infoStock;
}

const stocked = infoStockOf;
const poll = <T>(read: () => Promise<T>) => expect.poll(read, { timeout: 2000, interval: 20 });

describe('the stock of kept pages', () => {
  it('shows each customer its own agency’s stock, on the product page and on the tiles', async () => {
    // Twice each: the second answer comes from what the first kept.
    for (let time = 0; time < 2; time++) {
      expect(await productStock(atNorth)).toEqual([stocked(12), stocked(12), stocked(0)]);
      expect(await productStock(atSouth)).toEqual([stocked(3), stocked(null), stocked(3)]);
      expect(await productStock(nowhere)).toEqual([stocked(null), stocked(null), stocked(null)]);
      expect(await productStock()).toEqual([stocked(15), stocked(12), stocked(3)]);
      expect(await tileStock(atNorth)).toEqual(stocked(12));
      expect(await tileStock(atSouth)).toEqual(stocked(3));
      expect(await tileStock(nowhere)).toEqual(stocked(null));
    }
  });

  it('shows a stock change at the next request, at that agency only', async () => {
    await app.db
      .update(stock)
      .set({ quantity: 40 })
      .where(and(eq(stock.articleCode, 'PEINT'), eq(stock.variantCode, 'G'), eq(stock.agencyCode, south)));
    await poll(() => productStock(atSouth)).toEqual([stocked(40), stocked(null), stocked(40)]);
    await poll(() => tileStock(atSouth)).toEqual(stocked(40));
    expect(await productStock(atNorth)).toEqual([stocked(12), stocked(12), stocked(0)]);
    expect(await productStock()).toEqual([stocked(52), stocked(12), stocked(40)]);
  });
});
