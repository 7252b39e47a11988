import { searchPage, searchResult, searchSettings } from '@comptoir/shared/search';
import { SETTING_KEYS } from '@comptoir/shared/domain';
import {
  createAgency,
  createArticle,
  createFamily,
  createSetting,
  createStock,
  createUnit,
  createVariant,
} from '../../test/factories';
import { buildTestApp, untilChangesHeard, writeSilently, type App } from '../../test/helpers';
import { and, eq } from 'drizzle-orm';
import { articles, stock } from '@comptoir/db/schema';

let app: App;
beforeAll(async () => {
  app = await buildTestApp();
  const agency = (await createAgency(app, { label: 'Nord' })).code;
  await createUnit(app, 'SAC', 'Sac');
  await createFamily(app, { code: 'GO', label: 'Gros œuvre' });
  await createFamily(app, { code: 'GO-CIM', label: 'Ciments et chaux', parentCode: 'GO' });
  await createFamily(app, { code: 'PEI', label: 'Peinture' });
  const article = (code: string, designation1: string, familyCode = 'GO-CIM', active = true) =>
    createArticle(app, {
      code,
      designation1,
      familyCode,
      saleUnit: 'SAC',
      stockUnit: 'SAC',
      prepUnit: 'SAC',
      active,
    });
  await article('CIM001', 'Ciment gris CEM II 35 kg');
  await article('CIM002', 'Ciment blanc 25 kg');
  await article('CIM003', 'Ciment prompt retiré', 'GO-CIM', false);
  await article('ENDUIT1', 'Enduit de façade ciment');
  await article('XCIMENT', 'Chaux pour ciment');
  await article('PEI001', 'Peinture façade blanche', 'PEI');
  for (let i = 0; i < 30; i++) {
    const n = String(i).padStart(2, '0');
    await article(`BLOC${n}`, `Bloc béton creux ${n}`, 'GO');
  }
  await createStock(app, { articleCode: 'CIM001', agencyCode: agency, quantity: 40 });
  await createVariant(app, { code: 'V1', articleCode: 'CIM002', designation: 'Palette' });
});
afterAll(() => app.close());

async function get(text: string) {
  const response = await app.inject({ url: `/rest/recherche/${encodeURIComponent(text)}` });
  expect(response.statusCode).toBe(200);
  return searchResult.parse(response.json());
}
const codes = (result: { articles: { codeArticle: string }[] }) => result.articles.map((a) => a.codeArticle);

describe('GET /rest/recherche/:text', () => {
  it('finds active articles whatever the case and accents, in the shape of docs/contract/search.md (Search)', async () => {
    const result = await get('CIMENT');
    expect(codes(result)).not.toContain('CIM003');
    expect(codes(result)).toEqual(expect.arrayContaining(['CIM001', 'CIM002', 'ENDUIT1']));
    expect(result.articles.find((a) => a.codeArticle === 'CIM001')).toEqual({
      id: 'CIM001',
      link: '/article/CIM001',
      image: { src: '/images/articles/CIM001.svg', libelle: 'Ciment gris CEM II 35 kg' },
      designation: 'Ciment gris CEM II 35 kg',
      codeArticle: 'CIM001',
      isVariant: false,
      hasDeclinaisons: false,
      infoStock: { INFO_STOCK: 'enStock', NB_STOCK: 40 },
      uniteStock: 'Sac',
      prixHT: 10,
      prixTTC: 12,
      uniteTarif: 'Sac',
      vente: { decimales: 0, minimum: null, multiple: null, delaiCommande: null },
    });
    expect(result.articles.find((a) => a.codeArticle === 'CIM002')?.hasDeclinaisons).toBe(true);
    expect(codes(await get('FACADE'))).toEqual(['ENDUIT1', 'PEI001']);
    expect(codes(await get('  façade  '))).toEqual(['ENDUIT1', 'PEI001']);
  });

  it('needs every word in the designation, or a code prefix then words of the designation', async () => {
    expect(codes(await get('façade blanche'))).toEqual(['PEI001']);
    expect(codes(await get('ciment 25'))).toEqual(['CIM002']);
    expect(codes(await get('pei001 peinture'))).toEqual(['PEI001']);
    expect((await get('ciment peinture')).totalResults).toBe(0);
    expect(codes(await get('CIM00'))).toEqual(['CIM002', 'CIM001']);
    // A code is matched from its start only.
    expect((await get('IM001')).totalResults).toBe(0);
  });

  it('ranks code-prefix matches, then designation-prefix matches, first', async () => {
    const result = await get('cim');
    // By designation alone 'Chaux pour ciment' would come first.
    expect(codes(result)).toEqual(['CIM002', 'CIM001', 'XCIMENT', 'ENDUIT1']);
    expect(codes(await get('ciment'))).toEqual(['CIM002', 'CIM001', 'XCIMENT', 'ENDUIT1']);
  });

  it('answers at most 8 articles and 5 categories, with the total count', async () => {
    const result = await get('bloc');
    expect(result.articles).toHaveLength(8);
    expect(result.totalResults).toBe(30);
    expect((await get('ciments')).categories).toEqual([
      { id: 'GO-CIM', link: '/catalogue/GO-CIM', libelle: 'Ciments et chaux' },
    ]);
    expect((await get('gros')).categories.map((c) => c.id)).toEqual(['GO']);
  });

  it('tolerates one typo per word of 4 letters or more, exact matches first', async () => {
    expect(codes(await get('cimment'))).toEqual(['CIM002', 'CIM001', 'XCIMENT', 'ENDUIT1']);
    expect(codes(await get('faasde'))).toEqual([]);
    expect(codes(await get('peintrue blanche'))).toEqual(['PEI001']);
    expect(codes(await get('cimment 25'))).toEqual(['CIM002']);
    // 'Bloc' is found exactly; 'Blanc' (one letter away from 'blan') only through the typo, after.
    const blan = codes(await get('blan'));
    expect(blan.slice(0, 2)).toEqual(['CIM002', 'PEI001']);
    expect((await get('cimments')).categories.map((c) => c.id)).toEqual(['GO-CIM']);
  });

  it('treats LIKE wildcards as plain characters', async () => {
    expect((await get('%%%')).totalResults).toBe(0);
    expect((await get('___')).totalResults).toBe(0);
  });

  it('refuses a text shorter than 3 or longer than 60 characters (trimmed)', async () => {
    const short = await app.inject({ url: '/rest/recherche/%20ab%20' });
    expect(short.statusCode).toBe(400);
    expect(short.json().message).toBe('La recherche doit contenir au moins 3 caractères');
    const long = await app.inject({ url: `/rest/recherche/${'a'.repeat(61)}` });
    expect(long.statusCode).toBe(400);
    expect(long.json().message).toBe('La recherche ne peut pas dépasser 60 caractères');
    expect((await app.inject({ url: `/rest/recherche/${'a'.repeat(60)}` })).statusCode).toBe(200);
  });
});

describe('the search index', () => {
  it('is rebuilt as soon as an article is added, renamed or withdrawn', async () => {
    const cached = await buildTestApp({ answerCache: true });
    try {
      const find = async (text: string) =>
        codes(searchResult.parse((await cached.inject({ url: `/rest/recherche/${text}` })).json()));
      expect(await find('parpaing')).toEqual([]);
      await createUnit(cached, 'U', 'Unité');
      await createFamily(cached, { code: 'MAC', label: 'Maçonnerie' });
      await createArticle(cached, { code: 'PAR1', designation1: 'Parpaing 20', familyCode: 'MAC' });
      await expect.poll(() => find('parpaing'), { timeout: 2000, interval: 20 }).toEqual(['PAR1']);
      await cached.db.update(articles).set({ active: false }).where(eq(articles.code, 'PAR1'));
      await expect.poll(() => find('parpaing'), { timeout: 2000, interval: 20 }).toEqual([]);
    } finally {
      await cached.close();
    }
  });
});

describe('the panel with the answer cache on, as in production', () => {
  let cached: App;
  let agency: string;
  beforeAll(async () => {
    cached = await buildTestApp({ answerCache: true });
    agency = (await createAgency(cached, { label: 'Sud' })).code;
    await createUnit(cached, 'SAC', 'Sac');
    await createFamily(cached, { code: 'GO', label: 'Gros œuvre' });
    await createArticle(cached, {
      code: 'MORT1',
      designation1: 'Mortier colle',
      familyCode: 'GO',
      saleUnit: 'SAC',
    });
    await createStock(cached, { articleCode: 'MORT1', agencyCode: agency, quantity: 5 });
  });
  afterAll(() => cached.close());

  const tile = async () => {
    const response = await cached.inject({ url: '/rest/recherche/mortier' });
    expect(response.statusCode).toBe(200);
    return searchResult.parse(response.json()).articles[0];
  };
  const stockShown = async () => (await tile())?.infoStock.NB_STOCK;

  /** Writes the stock without telling anyone: what a kept tile would keep showing. */
  const setStockSilently = (quantity: number) =>
    writeSilently(cached, 'stock', (tx) =>
      tx
        .update(stock)
        .set({ quantity })
        .where(and(eq(stock.articleCode, 'MORT1'), eq(stock.agencyCode, agency))),
    );

  it('keeps the tiles until their stock, price or the settings change, then shows the change', async () => {
    await expect.poll(stockShown, { timeout: 2000, interval: 20 }).toBe(5);
    await untilChangesHeard(cached);
    expect(await stockShown()).toBe(5);
    await setStockSilently(7);
    expect(await stockShown()).toBe(5); // kept: nothing said the stock changed
    await cached.db.update(stock).set({ quantity: 9 }).where(eq(stock.articleCode, 'MORT1'));
    await expect.poll(stockShown, { timeout: 2000, interval: 20 }).toBe(9);

    await cached.db.update(articles).set({ priceHt: 12.5 }).where(eq(articles.code, 'MORT1'));
    await expect.poll(async () => (await tile())?.prixHT, { timeout: 2000, interval: 20 }).toBe(12.5);

    await createSetting(cached, SETTING_KEYS.showAnonymousPrices, '0');
    await expect.poll(async () => (await tile())?.prixHT, { timeout: 2000, interval: 20 }).toBeUndefined();
    await cached.db.update(articles).set({ active: false }).where(eq(articles.code, 'MORT1'));
    await expect.poll(tile, { timeout: 2000, interval: 20 }).toBeUndefined();
  });

  it("keeps the results page's attributes per text until the articles change", async () => {
    const attributes = async () =>
      searchPage
        .parse((await cached.inject({ url: '/rest/recherche/mortier/tout' })).json())
        .attributs.map((facet) => facet.valeurs.map((v) => `${facet.nom}=${v.valeur}`))
        .flat();
    await createArticle(cached, { code: 'MORT2', designation1: 'Mortier joint', familyCode: 'GO' });
    await untilChangesHeard(cached);
    expect(await attributes()).toEqual([]);
    await writeSilently(cached, 'articles', (tx) =>
      tx
        .update(articles)
        .set({ attributes: { couleur: 'gris' } })
        .where(eq(articles.code, 'MORT2')),
    );
    expect(await attributes()).toEqual([]); // kept: nothing said the articles changed
    await cached.db
      .update(articles)
      .set({ attributes: { couleur: 'blanc' } })
      .where(eq(articles.code, 'MORT2'));
    await expect.poll(attributes, { timeout: 2000, interval: 20 }).toEqual(['couleur=blanc']);
  });

  it('refuses visitors at once when anonymous access is turned off', async () => {
    await createSetting(cached, SETTING_KEYS.allowAnonymousAccess, '0');
    await expect
      .poll(async () => (await cached.inject({ url: '/rest/recherche/mortier' })).statusCode, {
        timeout: 2000,
        interval: 20,
      })
      .toBe(401);
  });
});

describe('GET /rest/recherche/:text/tout', () => {
  it('pages all the articles by 24', async () => {
    const first = searchPage.parse((await app.inject({ url: '/rest/recherche/bloc/tout' })).json());
    expect(first).toMatchObject({ total: 30, page: 0, size: 24 });
    expect(first.elements).toHaveLength(24);
    const second = searchPage.parse((await app.inject({ url: '/rest/recherche/bloc/tout?page=1' })).json());
    expect(second.elements.map((a) => a.codeArticle)).toEqual([
      'BLOC24',
      'BLOC25',
      'BLOC26',
      'BLOC27',
      'BLOC28',
      'BLOC29',
    ]);
    expect((await app.inject({ url: '/rest/recherche/ab/tout' })).statusCode).toBe(400);
  });
});

describe('GET /catalogue/parametres', () => {
  it('gives the trigger length (3 by default) and the stock display mode', async () => {
    const read = async () =>
      searchSettings.parse((await app.inject({ url: '/catalogue/parametres' })).json());
    expect(await read()).toEqual({ longueurDeclenchement: 3, affichageStock: 'all' });
    await createSetting(app, SETTING_KEYS.searchTriggerLength, 4);
    await createSetting(app, SETTING_KEYS.stockDisplay, 'picto');
    expect(await read()).toEqual({ longueurDeclenchement: 4, affichageStock: 'picto' });
  });
});
