import { eq } from 'drizzle-orm';
import { articles as articlesTable, groupingArticles, groupings } from '@comptoir/db/schema';
import type { ArticleMeasures, ArticlesResponse, ArticleSearchResponse } from '@comptoir/shared/groupings';
import { createAgency, createArticle, createFamily, createStock, createVariant } from '../../test/factories';
import { buildAppAs, type App, type SessionHeaders } from '../../test/helpers';

let app: App;
let admin: SessionHeaders;
let root: string;
let child: string;
beforeAll(async () => {
  ({ app, headers: admin } = await buildAppAs('admin'));
  root = (await createFamily(app, { label: 'Menuiserie' })).code;
  child = (await createFamily(app, { label: 'Portes', parentCode: root })).code;
  await createArticle(app, {
    code: 'AR1',
    designation1: 'Porte pleine chêne',
    familyCode: child,
    length: 2040,
    width: 830,
    dimensionUnit: 'mm',
    attributes: { ESSENCE: 'Chêne', ZOOM: 'z.png' },
  });
  await createArticle(app, { code: 'AR2', designation1: 'Porte vitrée Pin', familyCode: child });
  await createArticle(app, {
    code: 'AR3',
    designation1: 'Plinthe chêne',
    familyCode: root,
    weight: 1.5,
    weightUnit: 'kg',
  });
  await createArticle(app, {
    code: 'AR4',
    designation1: 'Porte ancienne chêne',
    familyCode: child,
    active: false,
  });
  await createVariant(app, {
    articleCode: 'AR2',
    code: 'V1',
    designation: 'Porte vitrée pin 73',
    options: { LARGEUR_PORTE: '73' },
  });
  await createVariant(app, {
    articleCode: 'AR2',
    code: 'V2',
    designation: 'Porte vitrée pin 83',
    options: { LARGEUR_PORTE: '83' },
  });
  const agency = await createAgency(app);
  await createStock(app, { articleCode: 'AR1', agencyCode: agency.code, quantity: 4 });
  await createStock(app, { articleCode: 'AR3', agencyCode: agency.code, quantity: 0 });
});
afterAll(() => app.close());

const get = (url: string, query: Record<string, string> = {}) => app.inject({ url, query, headers: admin });
const rows = (body: ArticlesResponse) =>
  body.list.map((row) =>
    row.codeDeclinaison ? `${row.codeArticle}.${row.codeDeclinaison}` : row.codeArticle,
  );

describe('GET /service/articles', () => {
  it('lists the active articles of a family subtree by designation, one row per declinaison', async () => {
    const response = await get('/service/articles', { codeFamille: root });
    expect(response.statusCode).toBe(200);
    const body = response.json() as ArticlesResponse;
    expect(rows(body)).toEqual(['AR3', 'AR1', 'AR2.V1', 'AR2.V2']);
    expect(body.pages).toBe(1);
    expect(body.list[2]).toEqual({
      codeArticle: 'AR2',
      codeDeclinaison: 'V1',
      designation1: 'Porte vitrée pin 73',
      codeFamille: child,
      regroupement: null,
    });
  });

  it('says which grouping an article already belongs to', async () => {
    const [grouping] = await app.db
      .insert(groupings)
      .values({ title: 'Portes pin', masterArticleCode: 'AR1' })
      .returning();
    await app.db.insert(groupingArticles).values({ groupingId: grouping!.id, articleCode: 'AR1' });
    try {
      const body = (await get('/service/articles', { codeFamille: root })).json() as ArticlesResponse;
      expect(body.list.map((row) => [row.codeArticle, row.regroupement])).toEqual([
        ['AR3', null],
        ['AR1', { id: grouping!.id, titre: 'Portes pin' }],
        ['AR2', null],
        ['AR2', null],
      ]);
    } finally {
      await app.db.delete(groupings).where(eq(groupings.id, grouping!.id));
    }
  });

  it('keeps to the family itself with familleExact, and one row per article with filterArticlesFields', async () => {
    const exact = (await get('/service/articles', { codeFamille: root, familleExact: 'true' })).json();
    expect(rows(exact as ArticlesResponse)).toEqual(['AR3']);
    const perArticle = await get('/service/articles', { codeFamille: child, filterArticlesFields: 'true' });
    expect(rows(perArticle.json() as ArticlesResponse)).toEqual(['AR1', 'AR2']);
  });

  it('searches words in the designation (accents and case ignored) or a code prefix', async () => {
    const body = (await get('/service/articles', { queryString: 'CHENE' })).json() as ArticlesResponse;
    expect(rows(body)).toEqual(['AR3', 'AR1']);
    expect(rows((await get('/service/articles', { queryString: 'ar2' })).json())).toEqual([
      'AR2.V1',
      'AR2.V2',
    ]);
    expect(rows((await get('/service/articles', { queryString: 'porte 83' })).json())).toEqual(['AR2.V2']);
    expect((await get('/service/articles', { queryString: 'zzzz' })).json()).toEqual({ list: [], pages: 0 });
  });

  it('refuses a one-character search and a bad page', async () => {
    const short = await get('/service/articles', { queryString: ' a ' });
    expect(short.statusCode).toBe(400);
    expect(short.json().message).toContain('au moins 2 caractères');
    expect((await get('/service/articles', { page: '-1' })).statusCode).toBe(400);
  });

  it('is for administrators only', async () => {
    expect((await app.inject({ url: '/service/articles' })).statusCode).toBe(401);
  });
});

describe('GET /service/articles/recherche', () => {
  it('flags the selected items, lists articles only, and can leave out those without stock', async () => {
    const body = (
      await get('/service/articles/recherche', { codeFamille: root, selectedItems: 'AR1,AR3' })
    ).json() as ArticleSearchResponse;
    expect(body.list.map((row) => [row.codeArticle, row.selectionne])).toEqual([
      ['AR3', true],
      ['AR1', true],
      ['AR2', false],
    ]);
    const available = (
      await get('/service/articles/recherche', { codeFamille: root, excludeUnavailableArticles: 'true' })
    ).json() as ArticleSearchResponse;
    expect(available.list.map((row) => row.codeArticle)).toEqual(['AR1']);
  });
});

describe('GET /service/article/', () => {
  it('gives the measures and their units', async () => {
    const response = await get('/service/article/', { articleCode: 'AR1' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      codeArticle: 'AR1',
      designation1: 'Porte pleine chêne',
      actif: true,
      longueur: 2040,
      largeur: 830,
      hauteur: null,
      densite: null,
      poids: null,
      diametre: null,
      contenance: null,
      uniteDimensions: 'mm',
      unitePoids: null,
    } satisfies ArticleMeasures);
  });

  it('answers 404 for an unknown article', async () => {
    const response = await get('/service/article/', { articleCode: 'NOPE' });
    expect(response.statusCode).toBe(404);
    expect(response.json().message).toBe('Article introuvable');
  });
});

describe('GET /service/optionsArticles', () => {
  it('gives the measures (ERP) and free attributes (OPT) of articles and declinaisons, never the technical ones', async () => {
    const response = await get('/service/optionsArticles', { articles: 'AR1,AR2.V2,NOPE,AR2.ZZ' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual([
      {
        article: 'AR1',
        options: [
          { propriete: 'longueur', nature: 'ERP', valeur: expect.stringMatching(/^2\s?040$/), unite: 'mm' },
          { propriete: 'largeur', nature: 'ERP', valeur: '830', unite: 'mm' },
          { propriete: 'ESSENCE', nature: 'OPT', valeur: 'Chêne', unite: '' },
        ],
      },
      {
        article: 'AR2.V2',
        options: [{ propriete: 'LARGEUR_PORTE', nature: 'OPT', valeur: '83', unite: '' }],
      },
    ]);
  });
});

describe('DELETE /service/article', () => {
  it('deactivates the article, keeps its row, and answers 404 for an unknown one', async () => {
    await createArticle(app, { code: 'AR9', familyCode: child });
    const response = await app.inject({
      method: 'DELETE',
      url: '/service/article',
      query: { codeArticle: 'AR9' },
      headers: admin,
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      message: 'Article désactivé',
      regroupementsModifies: 0,
      regroupementsSupprimes: 0,
    });
    const [row] = await app.db.select().from(articlesTable).where(eq(articlesTable.code, 'AR9'));
    expect(row?.active).toBe(false);
    expect(rows((await get('/service/articles', { queryString: 'ar9' })).json())).toEqual([]);
    expect((await app.inject({ url: '/catalogue/articles/AR9' })).statusCode).toBe(404);
    const unknown = await app.inject({
      method: 'DELETE',
      url: '/service/article',
      query: { codeArticle: 'NOPE' },
      headers: admin,
    });
    expect(unknown.statusCode).toBe(404);
  });
});
