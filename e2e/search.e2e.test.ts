// The storefront search in Chromium on the real server and its demo data, as a visitor: a word of a demo
// designation typed in the header opens the results, an article opens from them, then Enter leads to
// the full results page (axe on it). Reads only: no data is changed.
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { categorieList, familyPage } from '@comptoir/shared/catalogue';
import { menuActivities, subMenu } from '@comptoir/shared/menu';
import { searchResult } from '@comptoir/shared/search';
import { expectAccessible, WIDE_SCREEN } from './support/browser';
import { useShop } from './support/setup';
import { getJson } from './support/shop';

/** A word of at least 4 letters from the designation of a demo article. */
async function demoWord(page: Page): Promise<string> {
  const roots = await getJson(page, '/catalogue/categories', (v) => categorieList.parse(v));
  for (const root of roots) {
    const { articles } = await getJson(page, `/catalogue/familles/${encodeURIComponent(root.code)}`, (v) =>
      familyPage.parse(v),
    );
    const word = articles.elements
      .flatMap((article) => article.designation.split(/\s+/))
      .find((candidate) => /^\p{L}{4,}$/u.test(candidate));
    if (word) return word;
  }
  throw new Error('Aucune désignation utilisable dans les données de démonstration');
}

describe('storefront search', () => {
  const shop = useShop();
  let page: Page;

  beforeAll(async () => {
    // Wide: the header shows the activities' line from 1408 px (narrower, the menu button opens them).
    page = await shop.page('visitor', { viewport: WIDE_SCREEN });
  });

  it('finds articles as the visitor types, opens one, then shows all the results on Enter', async () => {
    await page.goto('/');
    const word = await demoWord(page);
    const expected = await getJson(page, `/rest/recherche/${encodeURIComponent(word)}`, (v) =>
      searchResult.parse(v),
    );
    expect(expected.articles.length).toBeGreaterThan(0);
    const first = expected.articles[0]!;

    const input = page.getByRole('combobox', { name: 'Rechercher un produit' });
    await input.fill(word.toUpperCase());
    const results = page.getByRole('listbox', { name: 'Résultats de la recherche' });
    await expect.poll(() => results.getByText(first.designation).first().isVisible()).toBe(true);
    await expect
      .poll(() => results.getByText(`Voir tous les résultats (${expected.totalResults})`).isVisible())
      .toBe(true);

    await results
      .getByRole('option', { name: new RegExp(first.designation) })
      .first()
      .click();
    await expect.poll(() => new URL(page.url()).pathname).toBe(first.link);
    await expect
      .poll(() => page.getByRole('heading', { level: 1, name: first.designation }).isVisible())
      .toBe(true);

    await input.fill(word);
    await input.press('Enter');
    await expect.poll(() => new URL(page.url()).pathname).toBe('/recherche');
    expect(new URL(page.url()).searchParams.get('q')).toBe(word);
    await expect
      .poll(() => page.getByRole('heading', { level: 1, name: `Résultats pour « ${word} »` }).isVisible())
      .toBe(true);
    await expect
      .poll(() => page.getByRole('main').getByRole('link', { name: first.designation }).count())
      .toBeGreaterThan(0);
    await expectAccessible(page);
  });

  it('opens the category menu of an activity on hover and caches it in local storage', async () => {
    await page.goto('/');
    const menu = await getJson(page, '/menu/activites', (v) => menuActivities.parse(v));
    const activity = menu.activites[0]!;
    const families = await getJson(page, `/submenu/${encodeURIComponent(activity.code)}`, (v) =>
      subMenu.parse(v),
    );
    const nav = page.getByRole('banner').getByRole('navigation', { name: 'Catégories' });
    await nav.getByRole('button', { name: activity.libelle }).hover();
    const family = families.items[0]!;
    await expect.poll(() => nav.getByRole('link', { name: family.LIBELLE }).isVisible()).toBe(true);
    expect(await page.evaluate(() => localStorage.getItem('openweb-menu.version'))).toBe(menu.version);
    expect(
      await page.evaluate(
        (key) => localStorage.getItem(key) !== null,
        `openweb-menu.submenu.${activity.code}`,
      ),
    ).toBe(true);
    await expectAccessible(page);
    await nav.getByRole('link', { name: family.LIBELLE }).click();
    await expect.poll(() => new URL(page.url()).pathname).toBe(family.LIEN);
  });
});
