// The storefront catalogue in Chromium on the real server and its demo data: from the home to a root
// category (sub-families, articles, paging), a product page, a declinaison chosen with its stock label,
// the regroupement dropdowns, and axe on both pages. Expected contents come from the API itself.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import {
  attributeLabel,
  categorieList,
  familyPage,
  ficheArticle,
  matchVariant,
  STOCK_LABELS,
  type FamilyPage,
  type FicheArticle,
} from '@comptoir/shared/catalogue';
import { expectAccessible } from './support/browser';
import { useShop } from './support/setup';

async function getJson<T>(page: Page, url: string, parse: (value: unknown) => T): Promise<T> {
  const answer = await page.request.get(url);
  expect(answer.status()).toBe(200);
  return parse(await answer.json());
}

const family = (page: Page, code: string, pageIndex = 0, size = 24) =>
  getJson(page, `/catalogue/familles/${encodeURIComponent(code)}?page=${pageIndex}&size=${size}`, (v) =>
    familyPage.parse(v),
  );
const product = (page: Page, code: string) =>
  getJson(page, `/catalogue/articles/${encodeURIComponent(code)}`, (v) => ficheArticle.parse(v));

/** The first article with several declinaisons whose options differ, crawling the root families. */
async function findArticleWithDeclinaisons(page: Page): Promise<FicheArticle> {
  const roots = await getJson(page, '/catalogue/categories', (v) => categorieList.parse(v));
  for (const root of roots) {
    for (let index = 0; index * 96 < root.nbArticles; index++) {
      const { articles } = await family(page, root.code, index, 96);
      for (const card of articles.elements.filter((a) => a.hasDeclinaisons)) {
        const fiche = await product(page, card.codeArticle);
        const [first, second] = fiche.declinaisons;
        if (first && second && Object.keys(first.OPTIONS_REGPT).length > 0) return fiche;
      }
    }
  }
  throw new Error('Aucun article à déclinaisons dans les données de démonstration');
}

/** Leaves of the demo catalogue whose articles the demo gathers in measure regroupements. */
const MEASURE_LEAVES = [
  'Parpaings creux',
  'Fers à béton',
  'BA13 standard',
  'Tubes cuivre',
  'Chauffe-eau électriques',
];

/** An article of a measure regroupement: the families are walked down from the roots by label. */
async function findArticleInRegroupement(page: Page): Promise<FicheArticle> {
  const queue = (await getJson(page, '/catalogue/categories', (v) => categorieList.parse(v))).map(
    (r) => r.code,
  );
  while (queue.length > 0) {
    const current = await family(page, queue.shift()!, 0, 96);
    queue.push(...current.sousFamilles.map((f) => f.code));
    if (!MEASURE_LEAVES.includes(current.famille.libelle)) continue;
    for (const card of current.articles.elements) {
      const fiche = await product(page, card.codeArticle);
      if (fiche.regroupement && fiche.regroupement.articles.length > 1) return fiche;
    }
  }
  throw new Error('Aucun regroupement de plusieurs articles dans les données de démonstration');
}

const stockText = (label: string) => new RegExp(`^${label.replace(/[()]/g, '\\$&')}( \\(.+\\))?$`);

describe('storefront catalogue', () => {
  const shop = useShop();

  it('goes from the home to a category, pages forward and opens a product', async () => {
    const page = await shop.page();
    const roots = await getJson(page, '/catalogue/categories', (v) => categorieList.parse(v));
    const root = roots.find((r) => r.nbArticles > 24);
    expect(root).toBeDefined();
    const first: FamilyPage = await family(page, root!.code);
    const second: FamilyPage = await family(page, root!.code, 1);

    await page.goto('/');
    await page
      .getByRole('main')
      .getByRole('link', { name: new RegExp(`^${root!.libelle}`) })
      .click();
    await expect.poll(() => new URL(page.url()).pathname).toBe(`/catalogue/${root!.code}`);
    await expect.poll(() => page.getByRole('heading', { level: 1 }).innerText()).toBe(root!.libelle);
    const subFamilies = page.getByRole('navigation', { name: 'Sous-familles' });
    for (const sub of first.sousFamilles)
      await expect.poll(() => subFamilies.getByRole('link', { name: sub.libelle }).count()).toBe(1);
    const grid = page.getByRole('list', { name: 'Articles' });
    await expect.poll(() => grid.getByRole('listitem').count()).toBe(first.articles.elements.length);
    await expect
      .poll(() => grid.getByRole('link', { name: first.articles.elements[0]!.designation }).count())
      .toBeGreaterThan(0);
    await expectAccessible(page);

    await page.getByRole('button', { name: 'Page suivante' }).click();
    await expect.poll(() => new URL(page.url()).search).toBe('?page=2');
    // The last tile: the page is scrolled down to reach it.
    const target = second.articles.elements.at(-1)!;
    await expect.poll(() => grid.getByRole('link', { name: target.designation }).count()).toBeGreaterThan(0);

    await grid.getByRole('link', { name: target.designation }).first().click();
    await expect.poll(() => new URL(page.url()).pathname).toBe(target.lien);
    await expect.poll(() => page.getByRole('heading', { level: 1 }).innerText()).toBe(target.designation);
    // A new page opens at its top; back restores where the list was, forward comes back to the product.
    expect(await page.evaluate(() => window.scrollY)).toBe(0);
    await page.goBack();
    await expect.poll(() => new URL(page.url()).search).toBe('?page=2');
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(0);
    await page.goForward();
    await expect.poll(() => page.getByRole('heading', { level: 1 }).innerText()).toBe(target.designation);
    const breadcrumb = page.getByRole('navigation', { name: "Fil d'Ariane" });
    await expect.poll(() => breadcrumb.getByRole('link', { name: root!.libelle }).count()).toBe(1);
    await expect.poll(() => page.getByText(`Réf. ${target.codeArticle}`).count()).toBe(1);
    // The demo's image URLs are served (drawn placeholders): no broken image.
    const fiche = await product(page, target.codeArticle);
    if (fiche.image)
      await expect
        .poll(() =>
          page
            .getByRole('main')
            .getByRole('img', { name: target.designation })
            .evaluate((img) => (img as HTMLImageElement).naturalWidth),
        )
        .toBeGreaterThan(0);
    if (fiche.image) {
      // The page's main picture: sized before it loads, fetched at once and first.
      const main = page.getByRole('main').getByRole('img', { name: target.designation });
      expect(await main.getAttribute('loading')).toBe('eager');
      expect(await main.getAttribute('fetchpriority')).toBe('high');
      expect(Number(await main.getAttribute('width'))).toBeGreaterThan(0);
      expect(Number(await main.getAttribute('height'))).toBeGreaterThan(0);
    }
    await expectAccessible(page);
    await page.context().close();
  });

  it('lets a customer choose a declinaison and see its stock in its agency', async () => {
    const page = await shop.page('customer');
    await expect.poll(() => new URL(page.url()).pathname).not.toBe('/connexion');
    const fiche = await findArticleWithDeclinaisons(page);
    const [firstDeclinaison, other] = fiche.declinaisons as [
      FicheArticle['declinaisons'][number],
      FicheArticle['declinaisons'][number],
    ];
    const attribute = Object.keys(other.OPTIONS_REGPT).find(
      (key) => other.OPTIONS_REGPT[key] !== firstDeclinaison.OPTIONS_REGPT[key],
    )!;
    const value = other.OPTIONS_REGPT[attribute]!;
    const expected = matchVariant(fiche.declinaisons, firstDeclinaison.OPTIONS_REGPT, attribute, value)!;

    await page.goto(`/article/${encodeURIComponent(fiche.codeArticle)}`);
    await expect.poll(() => page.getByRole('heading', { level: 1 }).innerText()).toBe(fiche.designation1);
    const declinaisons = page.getByRole('region', { name: 'Déclinaisons' });
    await declinaisons.getByLabel(attributeLabel(attribute)).selectOption(value);
    await expect
      .poll(() => declinaisons.getByText(stockText(STOCK_LABELS[expected.STOCK.INFO_STOCK])).count())
      .toBe(1);
    await expect
      .poll(() => declinaisons.getByText(expected.designation, { exact: false }).count())
      .toBeGreaterThan(0);
    await expect.poll(() => page.getByRole('button', { name: 'Ajouter au panier' }).count()).toBe(1);
    await expectAccessible(page);
    await page.context().close();
  });

  it('navigates between the articles of a regroupement', async () => {
    const page = await shop.page();
    const found = await findArticleInRegroupement(page);
    const grouping = found.regroupement!;
    const attribute = grouping.attributs[0]!;
    const here = grouping.articles.find((a) => a.HIDDEN_CODE_ARTICLE === found.codeArticle)!;
    const next = grouping.articles.find(
      (a) => a.OPTIONS_REGPT[attribute.propriete] !== here.OPTIONS_REGPT[attribute.propriete],
    )!;
    await page.goto(`/article/${encodeURIComponent(found.codeArticle)}`);
    await page.getByLabel(attribute.designation).selectOption(next.OPTIONS_REGPT[attribute.propriete]!);
    await expect.poll(() => new URL(page.url()).pathname).toBe(next.LIEN_FICHE);
    await expect.poll(() => page.getByRole('heading', { level: 1 }).innerText()).toBe(next.designation);
    await page.context().close();
  });
});
