// Customer prices through the answer cache (docs/performance/http.md, A customer's pages): a customer's
// rules and its priced pages are kept, each customer still sees its own prices on the same page, and a
// change of customer_prices (what an ERP import writes, migration 0021) is seen at once.
import { eq } from 'drizzle-orm';
import { customerPrices } from '@comptoir/db/schema';
import type { FamilyPage, FicheArticle } from '@comptoir/shared/catalogue';
import {
  createAgency,
  createArticle,
  createCustomer,
  createCustomerPrice,
  createCustomerType,
  createFamily,
  createVariant,
} from '../../test/factories';
import {
  buildTestApp,
  createCustomerUser,
  loginAs,
  untilChangesHeard,
  writeSilently,
  type App,
  type SessionHeaders,
} from '../../test/helpers';

let app: App;
let family: string;
let type: string;
let agency: string;

beforeAll(async () => {
  app = await buildTestApp({ answerCache: true });
  family = (await createFamily(app, { label: 'Couverture' })).code;
  const subFamily = (await createFamily(app, { label: 'Tuiles', parentCode: family, level: 2 })).code;
  await createArticle(app, { code: 'TUILE', familyCode: subFamily, priceHt: 10 });
  await createArticle(app, { code: 'FAITIERE', familyCode: subFamily, priceHt: 20 });
  await createVariant(app, { articleCode: 'FAITIERE', code: 'ROUGE', designation: 'Rouge', priceHt: 30 });
  type = (await createCustomerType(app, { label: 'Couvreurs' })).code;
  agency = (await createAgency(app, { label: 'Nantes' })).code;
  // The type's discount on the whole family.
  await createCustomerPrice(app, { customerTypeCode: type, familyCode: family, discount: 10 });
});
afterAll(() => app.close());

async function customerSession(): Promise<{ code: string; headers: SessionHeaders }> {
  const customer = await createCustomer(app, { typeCode: type, agencyCode: agency });
  return { code: customer.code, headers: await loginAs(app, await createCustomerUser(app, customer.code)) };
}

const getJson = async <T>(url: string, headers?: SessionHeaders) => {
  const response = await app.inject({ url, headers });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<T>();
};

/** What a viewer pays on the family page, then on each product page (the article, then its declinaisons). */
async function pricesSeen(headers?: SessionHeaders) {
  const page = await getJson<FamilyPage>(`/catalogue/familles/${family}`, headers);
  const products = await Promise.all(
    ['FAITIERE', 'TUILE'].map((code) => getJson<FicheArticle>(`/catalogue/articles/${code}`, headers)),
  );
  return {
    page: Object.fromEntries(page.articles.elements.map((card) => [card.codeArticle, card.prixHT])),
    products: products.map((product) => [product.prixHT, ...product.declinaisons.map((d) => d.prixHT)]),
  };
}

/** Writes a rule without telling anyone: what a stale cache would keep showing. */
async function setNetPriceSilently(id: number, netPrice: number) {
  await writeSilently(app, 'customer_prices', (tx) =>
    tx.update(customerPrices).set({ netPrice }).where(eq(customerPrices.id, id)),
  );
}

describe('customer prices kept in the answer cache', () => {
  it('give each customer its own prices on the same pages, asked in turn, cold and warm', async () => {
    const [withNetPrice, withDiscount, typeOnly, sameAsFirst] = await Promise.all(
      [0, 1, 2, 3].map(() => customerSession()),
    );
    await createCustomerPrice(app, { customerCode: withNetPrice!.code, articleCode: 'TUILE', netPrice: 7 });
    await createCustomerPrice(app, { customerCode: sameAsFirst!.code, articleCode: 'TUILE', netPrice: 7 });
    await createCustomerPrice(app, { customerCode: withDiscount!.code, familyCode: family, discount: 50 });
    const expected = [
      [withNetPrice, { page: { FAITIERE: 18, TUILE: 7 }, products: [[18, 27], [7]] }],
      [withDiscount, { page: { FAITIERE: 10, TUILE: 5 }, products: [[10, 15], [5]] }],
      [typeOnly, { page: { FAITIERE: 18, TUILE: 9 }, products: [[18, 27], [9]] }],
      [sameAsFirst, { page: { FAITIERE: 18, TUILE: 7 }, products: [[18, 27], [7]] }],
      [undefined, { page: { FAITIERE: 20, TUILE: 10 }, products: [[20, 30], [10]] }],
    ] as const;
    for (let round = 0; round < 2; round++)
      for (const [session, prices] of expected)
        await expect
          .poll(() => pricesSeen(session?.headers), { timeout: 2000, interval: 20 })
          .toEqual(prices);
  });

  it('keeps the rules until customer_prices changes, then shows an import’s change at once', async () => {
    const customer = await customerSession();
    const other = await customerSession();
    const rule = await createCustomerPrice(app, {
      customerCode: customer.code,
      articleCode: 'TUILE',
      netPrice: 8,
    });
    await untilChangesHeard(app);
    await expect
      .poll(() => pricesSeen(customer.headers), { timeout: 2000, interval: 20 })
      .toMatchObject({
        page: { TUILE: 8 },
      });

    await setNetPriceSilently(rule.id, 6);
    expect((await pricesSeen(customer.headers)).page.TUILE).toBe(8); // kept: nothing said the table changed

    // What an ERP import's transaction writes: the customer's new price, and a first rule for the other.
    await app.db.transaction(async (tx) => {
      await tx.update(customerPrices).set({ netPrice: 6.5 }).where(eq(customerPrices.id, rule.id));
      await tx
        .insert(customerPrices)
        .values({ customerCode: other.code, articleCode: 'FAITIERE', netPrice: 11 });
    });
    await expect
      .poll(() => pricesSeen(customer.headers), { timeout: 2000, interval: 20 })
      .toEqual({
        page: { FAITIERE: 18, TUILE: 6.5 },
        products: [[18, 27], [6.5]],
      });
    // A declinaison without a rule of its own takes the article's net price.
    expect(await pricesSeen(other.headers)).toEqual({
      page: { FAITIERE: 11, TUILE: 9 },
      products: [[11, 11], [9]],
    });

    await app.db.delete(customerPrices).where(eq(customerPrices.id, rule.id));
    await expect
      .poll(() => pricesSeen(customer.headers), { timeout: 2000, interval: 20 })
      .toMatchObject({
        page: { TUILE: 9 },
      });
  });
});
