import { eq } from 'drizzle-orm';
import { articles, groupingArticles, groupings, settings } from '@comptoir/db/schema';
import { familyPage, ficheArticle } from '@comptoir/shared/catalogue';
import { SETTING_KEYS } from '@comptoir/shared/domain';
import {
  createAgency,
  createArticle,
  createCustomer,
  createFamily,
  createSetting,
  createStock,
  createUnit,
  createVariant,
} from '../../test/factories';
import { buildTestApp, createAdmin, createCustomerUser, loginAs, type App } from '../../test/helpers';

let app: App;
let north: string;
let south: string;
beforeAll(async () => {
  app = await buildTestApp();
  north = (await createAgency(app, { label: 'Nord' })).code;
  south = (await createAgency(app, { label: 'Sud' })).code;
  await createUnit(app, 'U', 'Unité');
  await createUnit(app, 'SAC', 'Sac');
  for (const family of [
    { code: 'GO', label: 'Gros œuvre', position: 1 },
    { code: 'GO-CIM', label: 'Ciments', parentCode: 'GO', position: 2 },
    { code: 'GO-CIM-GRIS', label: 'Ciments gris', parentCode: 'GO-CIM' },
    { code: 'GO-BET', label: 'Bétons', parentCode: 'GO', position: 1 },
    { code: 'MEN', label: 'Menuiserie', position: 2 },
    { code: 'AAA', label: 'Vide', position: 3 },
  ])
    await createFamily(app, family);
  // 10 € HT, unit U, designation 'Article <code>' unless told.
  for (const article of [
    { code: 'A1', familyCode: 'GO' },
    { code: 'A2', familyCode: 'GO-CIM' },
    { code: 'A3', familyCode: 'GO-CIM-GRIS' },
    { code: 'A4', familyCode: 'GO-CIM-GRIS', active: false },
    { code: 'A5', familyCode: 'MEN' },
    {
      code: 'P1',
      familyCode: 'GO-CIM-GRIS',
      designation1: 'Ciment gris CEM II 35 kg',
      designation2: 'Sac papier',
      description: 'Pour maçonnerie courante.',
      priceHt: 8.5,
      vatRate: 20,
      saleUnit: 'SAC',
      stockUnit: 'SAC',
      weight: 35,
      weightUnit: 'kg',
      length: 600,
      dimensionUnit: 'mm',
      image: '/images/articles/P1.svg',
      attributes: { MARQUE: 'Vicat', DESIGNATION_COMMERCIALE: 'caché', TYPE_CIMENT: 'CEM II' },
    },
    {
      code: 'P2',
      familyCode: 'GO-CIM-GRIS',
      designation1: 'Ciment gris CEM II 25 kg',
      weight: 25,
      weightUnit: 'kg',
    },
    {
      code: 'P3',
      familyCode: 'GO-CIM-GRIS',
      designation1: 'Ciment gris CEM II 50 kg',
      weight: 50,
      active: false,
    },
    ...Array.from({ length: 30 }, (_, i) => ({
      code: `M${String(i).padStart(2, '0')}`,
      familyCode: 'MEN',
      designation1: `Menuiserie ${String(i).padStart(2, '0')}`,
    })),
  ])
    await createArticle(app, article);
  await createVariant(app, {
    articleCode: 'A2',
    code: 'G',
    designation: 'Gris',
    options: { COULEUR: 'Gris' },
    priceHt: 11,
  });
  await createVariant(app, {
    articleCode: 'A2',
    code: 'B',
    designation: 'Blanc',
    options: { COULEUR: 'Blanc' },
  });
  for (const row of [
    { articleCode: 'A1', agencyCode: north, quantity: 3 },
    { articleCode: 'A1', agencyCode: south, quantity: 40 },
    { articleCode: 'A2', variantCode: 'G', agencyCode: north, quantity: 0 },
    { articleCode: 'A2', variantCode: 'G', agencyCode: south, quantity: 8 },
    { articleCode: 'A2', variantCode: 'B', agencyCode: north, quantity: 12 },
    { articleCode: 'P1', agencyCode: north, quantity: 0 },
  ])
    await createStock(app, row);
  const [grouping] = await app.db
    .insert(groupings)
    .values({
      title: 'Ciment gris CEM II',
      masterArticleCode: 'P1',
      attributes: [
        { propriete: 'poids', nature: 'ERP', affichage: 'SEL', designation: 'Poids', suffixe: ' kg' },
      ],
    })
    .returning();
  await app.db.insert(groupingArticles).values([
    { groupingId: grouping!.id, articleCode: 'P1', position: 0 },
    { groupingId: grouping!.id, articleCode: 'P2', position: 1 },
    { groupingId: grouping!.id, articleCode: 'P3', position: 2 },
  ]);
});
afterAll(() => app.close());

describe('GET /catalogue/categories', () => {
  it('lists the root families in order with the active articles of their whole subtree, without a session', async () => {
    const response = await app.inject({ url: '/catalogue/categories' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual([
      { code: 'GO', libelle: 'Gros œuvre', lien: '/catalogue/GO', nbArticles: 5 },
      { code: 'MEN', libelle: 'Menuiserie', lien: '/catalogue/MEN', nbArticles: 31 },
      { code: 'AAA', libelle: 'Vide', lien: '/catalogue/AAA', nbArticles: 0 },
    ]);
  });
});

describe('GET /catalogue/familles/:code', () => {
  it('gives the family, its breadcrumb, its sub-families and the active articles of its subtree', async () => {
    const response = await app.inject({ url: '/catalogue/familles/GO' });
    expect(response.statusCode).toBe(200);
    const body = familyPage.parse(response.json());
    expect(body.famille).toEqual({ code: 'GO', libelle: 'Gros œuvre', lien: '/catalogue/GO' });
    expect(body.fil).toEqual([body.famille]);
    expect(body.sousFamilles).toEqual([
      { code: 'GO-BET', libelle: 'Bétons', lien: '/catalogue/GO-BET', nbArticles: 0 },
      { code: 'GO-CIM', libelle: 'Ciments', lien: '/catalogue/GO-CIM', nbArticles: 4 },
    ]);
    expect(body.affichageStock).toBe('all');
    expect(body.articles.total).toBe(5);
    expect(body.articles.elements.map((a) => a.codeArticle)).toEqual(['A1', 'A2', 'A3', 'P2', 'P1']);
    expect(body.articles.elements[0]).toEqual({
      codeArticle: 'A1',
      designation: 'Article A1',
      lien: '/article/A1',
      image: '/images/articles/A1.svg',
      prixHT: 10,
      prixTTC: 12,
      uniteTarif: 'Unité',
      uniteStock: 'Unité',
      // A visitor sees the stock of all agencies together.
      infoStock: { INFO_STOCK: 'enStock', NB_STOCK: 43 },
      hasDeclinaisons: false,
      vente: { decimales: 0, minimum: null, multiple: null, delaiCommande: null },
    });
    expect(body.articles.elements[1]).toMatchObject({ codeArticle: 'A2', hasDeclinaisons: true });
    expect(body.articles.elements[2]!.infoStock).toEqual({ INFO_STOCK: 'surCommande', NB_STOCK: null });
  });

  it('gives a deep family its breadcrumb from the root', async () => {
    const body = familyPage.parse((await app.inject({ url: '/catalogue/familles/GO-CIM-GRIS' })).json());
    expect(body.fil.map((f) => f.code)).toEqual(['GO', 'GO-CIM', 'GO-CIM-GRIS']);
    expect(body.sousFamilles).toEqual([]);
    expect(body.articles.elements.map((a) => a.codeArticle)).toEqual(['A3', 'P2', 'P1']);
  });

  it('pages the articles (24 by default, size up to 96)', async () => {
    const first = familyPage.parse((await app.inject({ url: '/catalogue/familles/MEN' })).json());
    expect(first.articles).toMatchObject({ total: 31, page: 0, size: 24 });
    expect(first.articles.elements).toHaveLength(24);
    const second = familyPage.parse((await app.inject({ url: '/catalogue/familles/MEN?page=1' })).json());
    expect(first.articles.elements[0]!.codeArticle).toBe('A5');
    expect(second.articles.elements.map((a) => a.codeArticle)).toEqual([
      'M23',
      'M24',
      'M25',
      'M26',
      'M27',
      'M28',
      'M29',
    ]);
    const small = familyPage.parse(
      (await app.inject({ url: '/catalogue/familles/MEN?page=3&size=10' })).json(),
    );
    expect(small.articles.elements.map((a) => a.codeArticle)).toEqual(['M29']);
    expect((await app.inject({ url: '/catalogue/familles/MEN?size=97' })).statusCode).toBe(400);
  });

  it('shows a customer the stock of its agency', async () => {
    const customer = await createCustomerUser(app, (await createCustomer(app, { agencyCode: north })).code);
    const response = await app.inject({
      url: '/catalogue/familles/GO',
      headers: await loginAs(app, customer),
    });
    const body = familyPage.parse(response.json());
    const byCode = Object.fromEntries(body.articles.elements.map((a) => [a.codeArticle, a.infoStock]));
    expect(byCode.A1).toEqual({ INFO_STOCK: 'quantiteLimitee', NB_STOCK: 3 });
    expect(byCode.A2).toEqual({ INFO_STOCK: 'enStock', NB_STOCK: 12 });
    expect(byCode.P1).toEqual({ INFO_STOCK: 'indisponible', NB_STOCK: 0 });
  });

  it('keeps what every viewer sees alike until an article changes', async () => {
    const before = familyPage.parse((await app.inject({ url: '/catalogue/familles/MEN' })).json());
    expect(before.articles.total).toBe(31);
    await createArticle(app, {
      code: 'M-NEW',
      familyCode: 'MEN',
      designation1: 'Menuiserie 00 bis',
      attributes: { ESSENCE: 'Chêne' },
    });
    const added = familyPage.parse((await app.inject({ url: '/catalogue/familles/MEN' })).json());
    expect(added.articles.total).toBe(32);
    expect(added.articles.elements.map((a) => a.codeArticle).slice(0, 3)).toEqual(['A5', 'M00', 'M-NEW']);
    expect(added.attributs).toEqual([
      { nom: 'ESSENCE', libelle: 'Essence', valeurs: [{ valeur: 'Chêne', nombre: 1 }] },
    ]);
    await app.db.update(articles).set({ active: false }).where(eq(articles.code, 'M-NEW'));
    const withdrawn = familyPage.parse((await app.inject({ url: '/catalogue/familles/MEN' })).json());
    expect(withdrawn.articles.total).toBe(31);
    expect(withdrawn.attributs).toEqual([]);
    expect(withdrawn.articles.elements.map((a) => a.codeArticle)).toEqual(
      before.articles.elements.map((a) => a.codeArticle),
    );
  });

  it('pages a large family alike before and past the first codes it keeps', async () => {
    await createFamily(app, { code: 'VOL', label: 'Volume', position: 9 });
    const codes = Array.from({ length: 1_000 }, (_, i) => `V${String(i).padStart(4, '0')}`);
    // Designations in the reverse order of the codes: the list follows the designation.
    await app.db.insert(articles).values(
      codes.map((code, i) => ({
        code,
        familyCode: 'VOL',
        designation1: `Volume ${String(999 - i).padStart(4, '0')}`,
        priceHt: 1,
        saleUnit: 'U',
        stockUnit: 'U',
        prepUnit: 'U',
      })),
    );
    const pageOf = async (page: number) =>
      familyPage.parse((await app.inject({ url: `/catalogue/familles/VOL?page=${page}&size=96` })).json())
        .articles;
    const byDesignation = [...codes].reverse();
    for (const page of [0, 9, 10]) {
      const list = await pageOf(page);
      expect(list.total).toBe(1_000);
      expect(list.elements.map((a) => a.codeArticle)).toEqual(byDesignation.slice(page * 96, page * 96 + 96));
    }
  });

  it('answers 404 Famille introuvable for an unknown code', async () => {
    const response = await app.inject({ url: '/catalogue/familles/NOPE' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ message: 'Famille introuvable' });
  });
});

describe('GET /catalogue/articles/:code', () => {
  it('gives the product: designations, breadcrumb, prices, units, measures, shown attributes, regroupement', async () => {
    const response = await app.inject({ url: '/catalogue/articles/P1' });
    expect(response.statusCode).toBe(200);
    const body = ficheArticle.parse(response.json());
    expect(body).toMatchObject({
      codeArticle: 'P1',
      designation1: 'Ciment gris CEM II 35 kg',
      designation2: 'Sac papier',
      description: 'Pour maçonnerie courante.',
      famille: { code: 'GO-CIM-GRIS', libelle: 'Ciments gris', lien: '/catalogue/GO-CIM-GRIS' },
      image: '/images/articles/P1.svg',
      prixHT: 8.5,
      prixTTC: 10.2,
      tauxTVA: 20,
      libUnitTarif: 'Sac',
      libUnitStock: 'Sac',
      libUnitPrepa: 'Unité',
      STOCK: { INFO_STOCK: 'indisponible', NB_STOCK: 0 },
      declinaisons: [],
    });
    expect(body.fil.map((f) => f.code)).toEqual(['GO', 'GO-CIM', 'GO-CIM-GRIS']);
    expect(body.mesures).toEqual([
      { nom: 'longueur', libelle: 'Longueur', valeur: 600, unite: 'mm' },
      { nom: 'poids', libelle: 'Poids', valeur: 35, unite: 'kg' },
    ]);
    expect(body.attributs).toEqual([
      { nom: 'Marque', valeur: 'Vicat' },
      { nom: 'Type ciment', valeur: 'CEM II' },
    ]);
    // The inactive P3 is left out.
    expect(body.regroupement).toEqual({
      id: expect.any(Number),
      titre: 'Ciment gris CEM II',
      attributs: [{ propriete: 'poids', designation: 'Poids' }],
      articles: [
        {
          HIDDEN_CODE_ARTICLE: 'P1',
          designation: 'Ciment gris CEM II 35 kg',
          LIEN_FICHE: '/article/P1',
          OPTIONS_REGPT: { poids: '35 kg' },
        },
        {
          HIDDEN_CODE_ARTICLE: 'P2',
          designation: 'Ciment gris CEM II 25 kg',
          LIEN_FICHE: '/article/P2',
          OPTIONS_REGPT: { poids: '25 kg' },
        },
      ],
    });
  });

  it('gives the declinaisons with their stock: all agencies for a visitor or an administrator', async () => {
    const admin = await createAdmin(app);
    for (const headers of [{}, await loginAs(app, admin)]) {
      const body = ficheArticle.parse((await app.inject({ url: '/catalogue/articles/A2', headers })).json());
      expect(body.STOCK).toEqual({ INFO_STOCK: 'enStock', NB_STOCK: 20 });
      expect(body.declinaisons).toEqual([
        {
          HIDDEN_CODE_DECLINAISON: 'B',
          designation: 'Blanc',
          OPTIONS_REGPT: { COULEUR: 'Blanc' },
          prixHT: 10,
          prixTTC: 12,
          STOCK: { INFO_STOCK: 'enStock', NB_STOCK: 12 },
          INTERRO_STOCK: null,
        },
        {
          HIDDEN_CODE_DECLINAISON: 'G',
          designation: 'Gris',
          OPTIONS_REGPT: { COULEUR: 'Gris' },
          prixHT: 11,
          prixTTC: 13.2,
          STOCK: { INFO_STOCK: 'enStock', NB_STOCK: 8 },
          INTERRO_STOCK: null,
        },
      ]);
      expect(body.regroupement).toBeNull();
    }
  });

  it("gives a customer its agency's stock of each declinaison", async () => {
    const customer = await createCustomerUser(app, (await createCustomer(app, { agencyCode: north })).code);
    const response = await app.inject({
      url: '/catalogue/articles/A2',
      headers: await loginAs(app, customer),
    });
    const body = ficheArticle.parse(response.json());
    expect(body.declinaisons.map((d) => [d.HIDDEN_CODE_DECLINAISON, d.STOCK])).toEqual([
      ['B', { INFO_STOCK: 'enStock', NB_STOCK: 12 }],
      ['G', { INFO_STOCK: 'indisponible', NB_STOCK: 0 }],
    ]);
    const other = await createCustomerUser(app, (await createCustomer(app)).code);
    const elsewhere = ficheArticle.parse(
      (await app.inject({ url: '/catalogue/articles/A2', headers: await loginAs(app, other) })).json(),
    );
    expect(elsewhere.STOCK).toEqual({ INFO_STOCK: 'surCommande', NB_STOCK: null });
  });

  it("counts only the article's own declinaison, when another article has one of the same code", async () => {
    // Declinaison codes repeat from article to article (01, 02… in the ERP's files).
    await createVariant(app, { articleCode: 'A4', code: 'G', designation: 'Gris' });
    await createStock(app, { articleCode: 'A4', variantCode: 'G', agencyCode: north, quantity: 500 });
    const body = ficheArticle.parse((await app.inject({ url: '/catalogue/articles/A2' })).json());
    expect(body.declinaisons.map((d) => [d.HIDDEN_CODE_DECLINAISON, d.STOCK])).toEqual([
      ['B', { INFO_STOCK: 'enStock', NB_STOCK: 12 }],
      ['G', { INFO_STOCK: 'enStock', NB_STOCK: 8 }],
    ]);
  });

  it('sends a customer of an agency with a stock-query URL there (INTERRO_STOCK), never a visitor', async () => {
    const agency = await createAgency(app, {
      label: 'Interrogeable',
      stockQueryUrl: 'https://stock.example/q?a={codeArticle}&d={codeDeclinaison}&ag={codeAgence}',
    });
    const customer = await createCustomerUser(
      app,
      (await createCustomer(app, { agencyCode: agency.code })).code,
    );
    const body = ficheArticle.parse(
      (await app.inject({ url: '/catalogue/articles/A2', headers: await loginAs(app, customer) })).json(),
    );
    expect(body.INTERRO_STOCK).toBe(`https://stock.example/q?a=A2&d=&ag=${agency.code}`);
    expect(body.declinaisons.map((d) => d.INTERRO_STOCK)).toEqual([
      `https://stock.example/q?a=A2&d=B&ag=${agency.code}`,
      `https://stock.example/q?a=A2&d=G&ag=${agency.code}`,
    ]);
    const visitor = ficheArticle.parse((await app.inject({ url: '/catalogue/articles/A2' })).json());
    expect(visitor.INTERRO_STOCK).toBeNull();
    expect(visitor.declinaisons.every((d) => d.INTERRO_STOCK === null)).toBe(true);
  });

  it('follows the stock display setting', async () => {
    await createSetting(app, SETTING_KEYS.stockDisplay, 'picto');
    try {
      const body = ficheArticle.parse((await app.inject({ url: '/catalogue/articles/A1' })).json());
      expect(body.affichageStock).toBe('picto');
    } finally {
      await app.db.delete(settings);
    }
  });

  it('answers 404 Article introuvable for an unknown or inactive article', async () => {
    for (const code of ['NOPE', 'A4']) {
      const response = await app.inject({ url: `/catalogue/articles/${code}` });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ message: 'Article introuvable' });
    }
  });
});

describe('GET /images/articles/:file', () => {
  it('draws a picture of the article, named by its designation, the same every time', async () => {
    const response = await app.inject({ url: '/images/articles/P1.svg' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^image\/svg\+xml/);
    expect(response.body).toMatch(/^<svg [^>]*role="img" aria-label="[^"]+"/);
    expect(response.body).not.toContain('<text');
    expect((await app.inject({ url: '/images/articles/P1.svg' })).body).toBe(response.body);
  });

  it('answers 404 for an unknown article or another file type', async () => {
    expect((await app.inject({ url: '/images/articles/NOPE.svg' })).statusCode).toBe(404);
    expect((await app.inject({ url: '/images/articles/P1.png' })).statusCode).toBe(404);
  });
});
