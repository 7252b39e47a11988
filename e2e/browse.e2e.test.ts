// Browsing the storefront in Chromium on the real server and its demo data, at 1440 and 390 px: a search
// with a typo finds the article; the search panel is a combobox worked with the keyboard; a category page
// sorted by price and filtered in stock, kept in the URL (the back button undoes the filter); the search
// results filtered by a brand of the articles found. Axe on each. Reads only, as a logged-in customer
// (who sees prices and its agency's stock).
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { categorieList, familyPage } from '@comptoir/shared/catalogue';
import { searchPage, searchResult } from '@comptoir/shared/search';
import { expectAccessible } from './support/browser';
import { useShop } from './support/setup';
import { getJson } from './support/shop';

/** A demo article's designation word of at least 6 letters, and the article. */
async function demoArticle(page: Page): Promise<{ word: string; designation: string }> {
  const roots = await getJson(page, '/catalogue/categories', (v) => categorieList.parse(v));
  for (const root of roots) {
    const { articles } = await getJson(page, `/catalogue/familles/${encodeURIComponent(root.code)}`, (v) =>
      familyPage.parse(v),
    );
    for (const article of articles.elements) {
      const word = article.designation.split(/\s+/).find((candidate) => /^\p{Ll}{6,}$/u.test(candidate));
      if (word) return { word, designation: article.designation };
    }
  }
  throw new Error('Aucune désignation utilisable dans les données de démonstration');
}

/** The prices shown on the tiles, in order ('12,50 € HT / Sac' → 12.5). */
async function tilePrices(page: Page): Promise<number[]> {
  const texts = await page
    .getByRole('list', { name: 'Articles' })
    .getByText(/€ HT \//)
    .allTextContents();
  return texts.map((text) =>
    Number(
      text
        .split('€')[0]!
        .replace(/[\s\u202f\u00a0]/g, '')
        .replace(',', '.'),
    ),
  );
}

for (const viewport of [
  { width: 1440, height: 900 },
  { width: 390, height: 844 },
]) {
  describe(`browsing at ${viewport.width} px`, () => {
    const shop = useShop();
    let page: Page;

    beforeAll(async () => {
      page = await shop.page('customer', { viewport });
    });

    it('finds an article typed with a typo, and works the panel with the keyboard', async () => {
      await page.goto('/');
      const { word, designation } = await demoArticle(page);
      // One letter doubled: 'ciment' → 'cimment'.
      const typo = `${word.slice(0, 3)}${word[2]}${word.slice(3)}`;
      const expected = await getJson(page, `/rest/recherche/${encodeURIComponent(typo)}`, (v) =>
        searchResult.parse(v),
      );
      expect(expected.articles.map((article) => article.designation)).toContain(designation);

      const input = page.getByRole('combobox', { name: 'Rechercher un produit' });
      await input.fill(typo);
      const results = page.getByRole('listbox', { name: 'Résultats de la recherche' });
      await expect
        .poll(() => results.getByRole('option', { name: new RegExp(designation) }).count())
        .toBeGreaterThan(0);
      await expect.poll(() => input.getAttribute('aria-expanded')).toBe('true');
      await expectAccessible(page);

      // Arrow keys move the active option while the focus stays in the field.
      await input.press('ArrowDown');
      const firstId = await results.getByRole('option').first().getAttribute('id');
      await expect.poll(() => input.getAttribute('aria-activedescendant')).toBe(firstId);
      await input.press('ArrowDown');
      const secondId = await results.getByRole('option').nth(1).getAttribute('id');
      await expect.poll(() => input.getAttribute('aria-activedescendant')).toBe(secondId);
      await input.press('ArrowUp');
      await expect.poll(() => input.getAttribute('aria-activedescendant')).toBe(firstId);
      expect(await page.evaluate(() => document.activeElement?.getAttribute('role'))).toBe('combobox');

      // Esc closes the panel and keeps the text.
      await input.press('Escape');
      await expect.poll(() => results.count()).toBe(0);
      expect(await input.inputValue()).toBe(typo);

      // Enter on the active option opens it.
      await input.press('ArrowDown');
      await expect.poll(() => results.count()).toBe(1);
      await input.press('ArrowDown');
      await input.press('Enter');
      await expect.poll(() => new URL(page.url()).pathname).toBe(expected.articles[0]!.link);
      await expect
        .poll(() =>
          page.getByRole('heading', { level: 1, name: expected.articles[0]!.designation }).isVisible(),
        )
        .toBe(true);
    });

    it('sorts a category page by price and keeps only what is in stock, in the URL', async () => {
      const roots = await getJson(page, '/catalogue/categories', (v) => categorieList.parse(v));
      const root = roots.find((family) => family.nbArticles > 24) ?? roots[0]!;
      await page.goto(root.lien);
      await expect
        .poll(() => page.getByRole('heading', { level: 1, name: root.libelle }).isVisible())
        .toBe(true);
      const all = familyPage.parse(await (await page.request.get(`/catalogue/familles/${root.code}`)).json());

      await page.getByLabel('Trier par', { exact: true }).first().selectOption({ label: 'Prix croissant' });
      await expect.poll(() => new URL(page.url()).searchParams.get('tri')).toBe('prix-croissant');
      await expect
        .poll(async () => {
          const prices = await tilePrices(page);
          return prices.length > 1 && prices.every((price, i) => i === 0 || prices[i - 1]! <= price);
        })
        .toBe(true);

      // By the keyboard: on a phone the sticky header may cover the box's spot while the page scrolls.
      await page.getByRole('checkbox', { name: 'En stock dans mon agence' }).focus();
      await page.keyboard.press('Space');
      await expect.poll(() => new URL(page.url()).searchParams.get('enStock')).toBe('1');
      const filtered = familyPage.parse(
        await (
          await page.request.get(`/catalogue/familles/${root.code}?tri=prix-croissant&enStock=1`)
        ).json(),
      );
      expect(filtered.articles.total).toBeLessThanOrEqual(all.articles.total);
      expect(
        filtered.articles.elements.every(
          (a) => a.infoStock.INFO_STOCK === 'enStock' || a.infoStock.INFO_STOCK === 'quantiteLimitee',
        ),
      ).toBe(true);
      await expect
        .poll(() =>
          page
            .getByText(
              new RegExp(
                `^${filtered.articles.total.toLocaleString('fr-FR').replace(/\s/g, '\\s')} articles?$`,
              ),
            )
            .count(),
        )
        .toBeGreaterThan(0);
      const first = filtered.articles.elements[0];
      if (first)
        await expect
          .poll(() =>
            page
              .getByRole('list', { name: 'Articles' })
              .getByRole('link', { name: first.designation })
              .first()
              .isVisible(),
          )
          .toBe(true);
      await expectAccessible(page);

      // The back button undoes the filter, the sort stays.
      await page.goBack();
      await expect.poll(() => new URL(page.url()).searchParams.get('enStock')).toBe(null);
      expect(new URL(page.url()).searchParams.get('tri')).toBe('prix-croissant');
      await expect
        .poll(() => page.getByRole('checkbox', { name: 'En stock dans mon agence' }).isChecked())
        .toBe(false);
    });

    it('filters the search results by an attribute of the articles found, kept in the URL', async () => {
      const { word } = await demoArticle(page);
      const all = searchPage.parse(
        await (await page.request.get(`/rest/recherche/${encodeURIComponent(word)}/tout`)).json(),
      );
      // Every demo article has a brand: the rarest one found narrows the list.
      const brand = all.attributs.find((attribute) => attribute.nom === 'MARQUE');
      expect(brand, `les marques des articles trouvés pour « ${word} »`).toBeDefined();
      const rarest = [...brand!.valeurs].sort((a, b) => a.nombre - b.nombre)[0]!;
      await page.goto(`/recherche?q=${encodeURIComponent(word)}`);
      const group = page.getByRole('group', { name: 'Marque' });
      await expect.poll(() => group.isVisible()).toBe(true);

      // By the keyboard: on a phone the sticky header may cover the box's spot while the page scrolls.
      await group.getByRole('checkbox', { name: `${rarest.valeur} (${rarest.nombre})` }).focus();
      await page.keyboard.press('Space');
      await expect
        .poll(() => new URL(page.url()).searchParams.getAll('attribut'))
        .toEqual([`MARQUE:${rarest.valeur}`]);
      await expect
        .poll(() =>
          page
            .getByText(`${rarest.nombre} article${rarest.nombre > 1 ? 's' : ''} trouvé`, { exact: false })
            .count(),
        )
        .toBeGreaterThan(0);
      await expectAccessible(page);

      await page.getByRole('button', { name: 'Effacer les filtres' }).focus();
      await page.keyboard.press('Enter');
      await expect.poll(() => new URL(page.url()).searchParams.getAll('attribut')).toEqual([]);
    });
  });
}
