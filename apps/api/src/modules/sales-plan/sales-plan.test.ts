import { SALES_PLAN_MESSAGES } from '@comptoir/shared/sales-plan';
import { createArticle, createFamily } from '../../test/factories';
import { buildAppAs, type App, type SessionHeaders } from '../../test/helpers';

let app: App;
let admin: SessionHeaders;
beforeAll(async () => {
  ({ app, headers: admin } = await buildAppAs('admin'));
  for (const family of [
    { code: 'MEN', label: 'Menuiserie', position: 2 },
    { code: 'GO', label: 'Gros œuvre', position: 1 },
    { code: 'GO-GRA', label: 'Granulats', parentCode: 'GO', position: 2 },
    { code: 'GO-CIM', label: 'Ciments', parentCode: 'GO', position: 1 },
    { code: 'GO-CIM-GRIS', label: 'Ciments gris', parentCode: 'GO-CIM' },
    { code: 'GO-CIM-BLANC', label: 'Ciments blancs', parentCode: 'GO-CIM' },
  ])
    await createFamily(app, family);
  await createArticle(app, { code: 'A1', familyCode: 'GO' });
  await createArticle(app, { code: 'A2', familyCode: 'GO-CIM-GRIS' });
  await createArticle(app, { code: 'A3', familyCode: 'GO-CIM-GRIS' });
  await createArticle(app, { code: 'A4', familyCode: 'GO-CIM-BLANC', active: false });
  await createArticle(app, { code: 'A5', familyCode: 'GO-GRA' });
  await createArticle(app, { code: 'A6', familyCode: 'MEN' });
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
