import { articles, families, units } from '@comptoir/db/schema';
import { buildTestApp, type App } from '../../test/helpers';

let app: App;
beforeAll(async () => {
  app = await buildTestApp();
  await app.db.insert(units).values({ code: 'U', label: 'Unité' });
  await app.db.insert(families).values([
    { code: 'GO', label: 'Gros œuvre', level: 1, position: 1 },
    { code: 'GO-CIM', label: 'Ciments', level: 2, parentCode: 'GO' },
    { code: 'GO-CIM-GRIS', label: 'Ciments gris', level: 3, parentCode: 'GO-CIM' },
    { code: 'MEN', label: 'Menuiserie', level: 1, position: 2 },
    { code: 'AAA', label: 'Vide', level: 1, position: 3 },
  ]);
  const article = (code: string, familyCode: string, active = true) => ({
    code,
    designation1: `Article ${code}`,
    familyCode,
    priceHt: 10,
    saleUnit: 'U',
    stockUnit: 'U',
    prepUnit: 'U',
    active,
  });
  await app.db
    .insert(articles)
    .values([
      article('A1', 'GO'),
      article('A2', 'GO-CIM'),
      article('A3', 'GO-CIM-GRIS'),
      article('A4', 'GO-CIM-GRIS', false),
      article('A5', 'MEN'),
    ]);
});
afterAll(() => app.close());

describe('GET /catalogue/categories', () => {
  it('lists the root families in order with the active articles of their whole subtree, without a session', async () => {
    const response = await app.inject({ url: '/catalogue/categories' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual([
      { code: 'GO', libelle: 'Gros œuvre', lien: '/catalogue/GO', nbArticles: 3 },
      { code: 'MEN', libelle: 'Menuiserie', lien: '/catalogue/MEN', nbArticles: 1 },
      { code: 'AAA', libelle: 'Vide', lien: '/catalogue/AAA', nbArticles: 0 },
    ]);
  });
});
