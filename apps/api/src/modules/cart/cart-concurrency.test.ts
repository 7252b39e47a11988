// Adds of one article to one cart, sent at once (a double-click, several tabs), end as one line holding
// their sum, the cart created once; one that would take the line past its bound is refused and leaves
// it as it was. On PostgreSQL the requests really overlap; PGlite runs them one by one.
import { CART_MESSAGES, CART_QUANTITY_MAX, type Cart } from '@comptoir/shared/cart';
import { createArticle, createCustomer } from '../../test/factories';
import { buildTestApp, createCustomerUser, loginAs, type App, type SessionHeaders } from '../../test/helpers';

let app: App;
beforeAll(async () => {
  app = await buildTestApp();
  await createArticle(app, { code: 'CIM', designation1: 'Ciment 35 kg', priceHt: 9.99 });
});
afterAll(() => app.close());

const newCustomer = async () =>
  loginAs(app, await createCustomerUser(app, (await createCustomer(app, { isProfessional: true })).code));
const add = (headers: SessionHeaders, quantite: number) =>
  app.inject({
    method: 'POST',
    url: '/rest/panier/lignes',
    headers,
    payload: { codeArticle: 'CIM', quantite },
  });
const cart = async (headers: SessionHeaders) =>
  (await app.inject({ url: '/rest/panier', headers })).json() as Cart;

describe('simultaneous adds to one cart', () => {
  it('merges 12 adds of one article, the first of the cart among them, into one line', async () => {
    const headers = await newCustomer();
    const answers = await Promise.all(Array.from({ length: 12 }, (_, i) => add(headers, i + 1)));
    expect(answers.map((answer) => answer.statusCode)).toEqual(Array(12).fill(200));
    expect((await cart(headers)).lignes).toEqual([
      expect.objectContaining({ codeArticle: 'CIM', quantite: 78 }),
    ]);
  });

  it('refuses the adds that would take the line past its bound and keeps the others', async () => {
    const headers = await newCustomer();
    expect((await add(headers, CART_QUANTITY_MAX - 10)).statusCode).toBe(200);
    const answers = await Promise.all(Array.from({ length: 6 }, () => add(headers, 4)));
    const refused = answers.filter((answer) => answer.statusCode === 400);
    expect(answers.length - refused.length).toBe(2);
    for (const answer of refused)
      expect(answer.json()).toMatchObject({ message: CART_MESSAGES.quantityTooLarge });
    expect((await cart(headers)).lignes).toEqual([
      expect.objectContaining({ codeArticle: 'CIM', quantite: CART_QUANTITY_MAX - 2 }),
    ]);
  });
});
