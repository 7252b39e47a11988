import { articles, families, units } from '@comptoir/db/schema';
import { SALES_PLAN_MESSAGES } from '@comptoir/shared/sales-plan';
import { buildTestApp, createAdmin, loginAs, type App } from '../../test/helpers';

let app: App;
let admin: { cookie: string };
beforeAll(async () => {
  app = await buildTestApp();
  admin = await loginAs(app, await createAdmin(app));
  await app.db.insert(units).values({ code: 'U', label: 'Unité' });
  await app.db.insert(families).values([
    { code: 'MEN', label: 'Menuiserie', level: 1, position: 2 },
    { code: 'GO', label: 'Gros œuvre', level: 1, position: 1 },
    { code: 'GO-GRA', label: 'Granulats', level: 2, parentCode: 'GO', position: 2 },
    { code: 'GO-CIM', label: 'Ciments', level: 2, parentCode: 'GO', position: 1 },
    { code: 'GO-CIM-GRIS', label: 'Ciments gris', level: 3, parentCode: 'GO-CIM' },
    { code: 'GO-CIM-BLANC', label: 'Ciments blancs', level: 3, parentCode: 'GO-CIM' },
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
      article('A2', 'GO-CIM-GRIS'),
      article('A3', 'GO-CIM-GRIS'),
      article('A4', 'GO-CIM-BLANC', false),
      article('A5', 'GO-GRA'),
      article('A6', 'MEN'),
    ]);
});
afterAll(() => app.close());

const get = (url: string) => app.inject({ url, headers: admin });

describe('GET /service/planVente', () => {
  it('lists every family in tree order with its level, parent and active articles of its subtree', async () => {
    const response = await get('/service/planVente');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual([
      { codeFamille: 'GO', libelleFamille: 'Gros œuvre', nbArt: 4, niveau: 1, codeParent: null },
      { codeFamille: 'GO-CIM', libelleFamille: 'Ciments', nbArt: 2, niveau: 2, codeParent: 'GO' },
      {
        codeFamille: 'GO-CIM-BLANC',
        libelleFamille: 'Ciments blancs',
        nbArt: 0,
        niveau: 3,
        codeParent: 'GO-CIM',
      },
      {
        codeFamille: 'GO-CIM-GRIS',
        libelleFamille: 'Ciments gris',
        nbArt: 2,
        niveau: 3,
        codeParent: 'GO-CIM',
      },
      { codeFamille: 'GO-GRA', libelleFamille: 'Granulats', nbArt: 1, niveau: 2, codeParent: 'GO' },
      { codeFamille: 'MEN', libelleFamille: 'Menuiserie', nbArt: 1, niveau: 1, codeParent: null },
    ]);
  });
});

describe('GET /service/planVente/rootCategories and /service/planVente/:code', () => {
  it('lists the roots', async () => {
    const response = await get('/service/planVente/rootCategories');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual([
      { codeFamille: 'GO', libelleFamille: 'Gros œuvre', nbArt: 4 },
      { codeFamille: 'MEN', libelleFamille: 'Menuiserie', nbArt: 1 },
    ]);
  });

  it('lists the sub-families of a family, none for a leaf, 404 for an unknown code', async () => {
    expect((await get('/service/planVente/GO')).json()).toEqual([
      { codeFamille: 'GO-CIM', libelleFamille: 'Ciments', nbArt: 2 },
      { codeFamille: 'GO-GRA', libelleFamille: 'Granulats', nbArt: 1 },
    ]);
    expect((await get('/service/planVente/MEN')).json()).toEqual([]);
    const unknown = await get('/service/planVente/NOPE');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ message: SALES_PLAN_MESSAGES.notFound });
  });
});
