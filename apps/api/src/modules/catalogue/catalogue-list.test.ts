// Sorting and filtering the articles of a category page and of the search results page.
import { familyPage } from '@comptoir/shared/catalogue';
import { searchPage } from '@comptoir/shared/search';
import {
  createAgency,
  createArticle,
  createCustomer,
  createCustomerPrice,
  createFamily,
  createStock,
  createUnit,
} from '../../test/factories';
import { buildTestApp, createCustomerUser, loginAs, type App } from '../../test/helpers';

let app: App;
let north: string;
let south: string;
beforeAll(async () => {
  app = await buildTestApp();
  north = (await createAgency(app, { label: 'Nord' })).code;
  south = (await createAgency(app, { label: 'Sud' })).code;
  await createUnit(app, 'U', 'Unité');
  await createFamily(app, { code: 'FIX', label: 'Fixation' });
  await createFamily(app, { code: 'FIX-OUT', label: 'Outils', parentCode: 'FIX' });
  const rows: NonNullable<Parameters<typeof createArticle>[1]>[] = [
    { code: 'V1', designation1: 'Vis bois 4x40', priceHt: 5, attributes: { MARQUE: 'Spit', ZOOM: 'x' } },
    { code: 'V2', designation1: 'Vis acier 6x60', priceHt: 12, attributes: { MARQUE: 'Fischer' } },
    { code: 'V3', designation1: 'Cheville nylon', priceHt: 3, attributes: { MARQUE: 'Spit', NORME: 'NF' } },
    { code: 'V4', designation1: 'Perceuse visseuse', priceHt: 99, familyCode: 'FIX-OUT' },
    { code: 'V5', designation1: 'Vis retirée', priceHt: 1, active: false },
  ];
  for (const article of rows) await createArticle(app, { familyCode: 'FIX', ...article });
  await createStock(app, { articleCode: 'V1', agencyCode: north, quantity: 10 });
  await createStock(app, { articleCode: 'V2', agencyCode: north, quantity: 0 });
  await createStock(app, { articleCode: 'V2', agencyCode: south, quantity: 20 });
  await createStock(app, { articleCode: 'V4', agencyCode: north, quantity: 2 });
});
afterAll(() => app.close());

async function family(query: string, headers: Record<string, string> = {}) {
  const response = await app.inject({ url: `/catalogue/familles/FIX?${query}`, headers });
  expect(response.statusCode, response.body).toBe(200);
  return familyPage.parse(response.json());
}
const codesOf = (page: { articles: { elements: { codeArticle: string }[] } }) =>
  page.articles.elements.map((article) => article.codeArticle);

describe('GET /catalogue/familles/:code, sorted and filtered', () => {
  it('sorts by designation (relevance), by price either way', async () => {
    expect(codesOf(await family(''))).toEqual(['V3', 'V4', 'V2', 'V1']);
    expect(codesOf(await family('tri=designation'))).toEqual(['V3', 'V4', 'V2', 'V1']);
    expect(codesOf(await family('tri=prix-croissant'))).toEqual(['V3', 'V1', 'V2', 'V4']);
    expect(codesOf(await family('tri=prix-decroissant'))).toEqual(['V4', 'V2', 'V1', 'V3']);
    const paged = await family('tri=prix-croissant&size=2&page=1');
    expect(codesOf(paged)).toEqual(['V2', 'V4']);
    expect(paged.articles.total).toBe(4);
  });

  it('filters by a price range (HT, bounds included), blank bounds ignored', async () => {
    expect(codesOf(await family('prixMin=5&prixMax=12'))).toEqual(['V2', 'V1']);
    expect(codesOf(await family('prixMin=&prixMax=4'))).toEqual(['V3']);
    const bad = await app.inject({ url: '/catalogue/familles/FIX?prixMin=20&prixMax=10' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toMatch(/prix minimum doit être inférieur ou égal au prix maximum/i);
    expect((await app.inject({ url: '/catalogue/familles/FIX?prixMin=abc' })).statusCode).toBe(400);
    expect((await app.inject({ url: '/catalogue/familles/FIX?tri=hasard' })).statusCode).toBe(400);
  });

  it('reads a price bound typed with a decimal comma or point, and refuses a second separator', async () => {
    expect(codesOf(await family('prixMin=4,5&prixMax=12.0'))).toEqual(
      codesOf(await family('prixMin=4.5&prixMax=12')),
    );
    const twice = await app.inject({ url: '/catalogue/familles/FIX?prixMin=12.5.3' });
    expect(twice.statusCode).toBe(400);
    expect(twice.json().message).toMatch(/prixMin.*un seul séparateur décimal/);
    const negative = await app.inject({ url: '/catalogue/familles/FIX?prixMax=-1' });
    expect(negative.json().message).toMatch(/Le prix doit être un nombre positif/i);
  });

  it('filters by the attributes of the family’s articles, offered with their counts', async () => {
    const page = await family('');
    expect(page.attributs).toEqual([
      {
        nom: 'MARQUE',
        libelle: 'Marque',
        valeurs: [
          { valeur: 'Fischer', nombre: 1 },
          { valeur: 'Spit', nombre: 2 },
        ],
      },
      { nom: 'NORME', libelle: 'Norme', valeurs: [{ valeur: 'NF', nombre: 1 }] },
    ]);
    expect(codesOf(await family('attribut=MARQUE:Spit'))).toEqual(['V3', 'V1']);
    // Values of one attribute are alternatives; attributes all apply.
    expect(codesOf(await family('attribut=MARQUE:Spit&attribut=MARQUE:Fischer'))).toEqual(['V3', 'V2', 'V1']);
    expect(codesOf(await family('attribut=MARQUE:Spit&attribut=NORME:NF'))).toEqual(['V3']);
    expect((await app.inject({ url: '/catalogue/familles/FIX?attribut=MARQUE' })).statusCode).toBe(400);
  });

  it('keeps articles in stock at the customer’s agency (all agencies for a visitor)', async () => {
    expect(codesOf(await family('enStock=1'))).toEqual(['V4', 'V2', 'V1']);
    const customer = await createCustomerUser(app, (await createCustomer(app, { agencyCode: north })).code);
    const headers = await loginAs(app, customer);
    const inStock = await family('enStock=1&tri=prix-croissant', headers);
    expect(codesOf(inStock)).toEqual(['V1', 'V4']);
    expect(inStock.articles.total).toBe(2);
  });

  it('sorts and filters by the customer’s own prices', async () => {
    const customer = await createCustomer(app, { agencyCode: south });
    await createCustomerPrice(app, { customerCode: customer.code, articleCode: 'V4', netPrice: 4 });
    const headers = await loginAs(app, await createCustomerUser(app, customer.code));
    expect(codesOf(await family('tri=prix-croissant', headers))).toEqual(['V3', 'V4', 'V1', 'V2']);
    const cheap = await family('prixMax=4', headers);
    expect(cheap.articles.elements.map((a) => [a.codeArticle, a.prixHT])).toEqual([
      ['V3', 3],
      ['V4', 4],
    ]);
  });
});

describe('GET /rest/recherche/:text/tout, sorted and filtered', () => {
  const all = async (query: string) => {
    const response = await app.inject({ url: `/rest/recherche/vis/tout?${query}` });
    expect(response.statusCode, response.body).toBe(200);
    return searchPage.parse(response.json()).elements.map((article) => article.codeArticle);
  };

  it('keeps the search’s relevance by default, and sorts and filters on demand', async () => {
    // Designation-prefix matches first ('Vis …'), then the others ('Perceuse visseuse').
    expect(await all('')).toEqual(['V2', 'V1', 'V4']);
    expect(await all('tri=prix-decroissant')).toEqual(['V4', 'V2', 'V1']);
    expect(await all('tri=designation')).toEqual(['V4', 'V2', 'V1']);
    expect(await all('prixMax=20&enStock=1')).toEqual(['V2', 'V1']);
    expect((await app.inject({ url: '/rest/recherche/vis/tout?prixMin=-1' })).statusCode).toBe(400);
  });

  it('offers the attributes of every article found, with their counts, and filters by them', async () => {
    const facets = async (query: string) => {
      const response = await app.inject({ url: `/rest/recherche/vis/tout?${query}` });
      return searchPage.parse(response.json()).attributs;
    };
    // 'vis' finds V1, V2 and V4 (not V3, nor the withdrawn V5); ZOOM is technical, never offered.
    const found = [
      {
        nom: 'MARQUE',
        libelle: 'Marque',
        valeurs: [
          { valeur: 'Fischer', nombre: 1 },
          { valeur: 'Spit', nombre: 1 },
        ],
      },
    ];
    expect(await facets('')).toEqual(found);
    // The offer stays that of the articles found whatever the filters, as on a category page.
    expect(await facets('attribut=MARQUE:Spit&enStock=1')).toEqual(found);
    expect(await all('attribut=MARQUE:Spit')).toEqual(['V1']);
    expect(await all('attribut=MARQUE:Spit&attribut=MARQUE:Fischer')).toEqual(['V2', 'V1']);
    expect(await all('attribut=MARQUE:Fischer&tri=prix-croissant&prixMax=10')).toEqual([]);
    expect(await all('attribut=NORME:NF')).toEqual([]);
    const bad = await app.inject({ url: '/rest/recherche/vis/tout?attribut=MARQUE' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toMatch(/NOM:valeur/);
  });

  it('offers no attribute when nothing is found', async () => {
    const response = await app.inject({ url: '/rest/recherche/introuvable/tout' });
    expect(searchPage.parse(response.json())).toMatchObject({ total: 0, elements: [], attributs: [] });
  });
});
