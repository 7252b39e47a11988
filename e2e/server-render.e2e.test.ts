// The storefront drawn by the server for a visitor (docs/architecture/server-rendering.md), in
// Chromium: the category page's articles are in the HTML before any script runs, the app hydrates that
// HTML (the same elements, no hydration error in the console) and stays interactive; its dropdowns, a
// category page's sort and filters, and the mark the tests wait for (`<html data-interactive>`) wait
// for the hydration of the page itself, and what was typed in the search before it is searched.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { categorieList, familyPage } from '@comptoir/shared/catalogue';
import { CATEGORY_SELECTOR_LABELS } from '@comptoir/shared/category-selector';
import { searchResult } from '@comptoir/shared/search';
import { holdModules, untilInteractive } from './support/browser';
import { useShop } from './support/setup';

/** The sort and filters above a category page's articles (apps/web's list controls). */
const LIST_CONTROLS = { region: 'Trier et filtrer', sort: 'Trier par', inStock: 'En stock dans mon agence' };

/** The app's entry (index.html's module script). */
const ENTRY = /\/assets\/index-[\w-]+\.js$/;
/** The home page's own modules: the shop's layout and the page, loaded by the entry when it draws. */
const HOME_PAGE_MODULES = /\/assets\/(shop-layout|home)-[\w-]+\.js$/;

/** A category page's own modules. */
const CATEGORY_PAGE_MODULES = /\/assets\/(shop-layout|category)-[\w-]+\.js$/;

/** The console's errors and the page's uncaught ones: React reports a failed hydration in either. */
function collectErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  return errors;
}

describe('the storefront drawn by the server', () => {
  const shop = useShop();

  async function firstFamily(page: Page) {
    const roots = categorieList.parse(await (await page.request.get('/catalogue/categories')).json());
    const root = roots.find((r) => r.nbArticles > 0)!;
    const answer = await page.request.get(`/catalogue/familles/${encodeURIComponent(root.code)}`);
    return { root, family: familyPage.parse(await answer.json()) };
  }

  it('sends a visitor’s category page with its articles, drawn before any script', async () => {
    // No script runs here: the page never becomes interactive.
    const page = await shop.page('visitor', { awaitInteractive: false });
    const { root, family } = await firstFamily(page);
    await page.route(ENTRY, (route) => route.abort());
    await page.goto(root.lien);
    expect(await page.getByRole('heading', { level: 1 }).innerText()).toBe(root.libelle);
    const grid = page.getByRole('list', { name: 'Articles' });
    expect(await grid.getByRole('listitem').count()).toBe(family.articles.elements.length);
    expect(
      await grid.getByRole('link', { name: family.articles.elements[0]!.designation }).count(),
    ).toBeGreaterThan(0);
  });

  it('hydrates it without error, keeping the drawn elements, and stays interactive', async () => {
    const page = await shop.page();
    const errors = collectErrors(page);
    const { root, family } = await firstFamily(page);
    const target = family.articles.elements[0]!;
    // The entry waits until the drawn page is marked: the marks must survive the hydration.
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(ENTRY, async (route) => {
      await held;
      await route.continue();
    });
    const link = page
      .getByRole('list', { name: 'Articles' })
      .getByRole('link', { name: target.designation })
      .first();
    // Not waiting for DOMContentLoaded: it waits for the held module script.
    await page.goto(root.lien, { waitUntil: 'commit' });
    await link.waitFor();
    await link.evaluate((element) => {
      (element as HTMLElement & { drawnByServer?: boolean }).drawnByServer = true;
      (window as Window & { sameDocument?: boolean }).sameDocument = true;
    });
    release();
    // React marks the elements it hydrated with its own properties.
    await expect
      .poll(() => link.evaluate((element) => Object.keys(element).some((key) => key.startsWith('__react'))))
      .toBe(true);
    expect(
      await link.evaluate((element) => (element as HTMLElement & { drawnByServer?: boolean }).drawnByServer),
    ).toBe(true);

    await link.click();
    await expect.poll(() => new URL(page.url()).pathname).toBe(target.lien);
    await expect.poll(() => page.getByRole('heading', { level: 1 }).innerText()).toBe(target.designation);
    // Opened by the app's router, not by a new load of the page.
    expect(await page.evaluate(() => (window as Window & { sameDocument?: boolean }).sameDocument)).toBe(
      true,
    );
    expect(errors).toEqual([]);
  });

  it('keeps its drawn dropdowns disabled, and the page unmarked, until its own modules have come and hydrated it', async () => {
    const page = await shop.page();
    const errors = collectErrors(page);
    const roots = categorieList.parse(await (await page.request.get('/catalogue/categories')).json());
    // The drawn dropdowns wait for the page's modules (a choice made before the hydration would be
    // reset by it), and so does the mark the tests wait for before they act.
    const release = await holdModules(page, HOME_PAGE_MODULES);
    await page.goto('/', { waitUntil: 'commit' });
    const selector = page.getByRole('region', { name: CATEGORY_SELECTOR_LABELS.title });
    const first = selector.getByLabel(CATEGORY_SELECTOR_LABELS.level(0), { exact: true });
    expect(await first.isDisabled(), 'la liste dessinée par le serveur, avant les scripts').toBe(true);
    release();
    await untilInteractive(page);
    expect(await first.isDisabled(), 'la liste, une fois la page interactive').toBe(false);
    await first.selectOption({ label: roots[0]!.libelle });
    await expect
      .poll(() => selector.getByRole('link', { name: CATEGORY_SELECTOR_LABELS.go }).getAttribute('href'))
      .toBe(roots[0]!.lien);
    expect(errors).toEqual([]);
  });

  it('keeps a category page’s sort and filters disabled until the page is hydrated', async () => {
    const page = await shop.page();
    const errors = collectErrors(page);
    const { root } = await firstFamily(page);
    const release = await holdModules(page, CATEGORY_PAGE_MODULES);
    await page.goto(root.lien, { waitUntil: 'commit' });
    const controls = page.getByRole('region', { name: LIST_CONTROLS.region });
    const sort = controls.getByRole('combobox', { name: LIST_CONTROLS.sort });
    const inStock = controls.getByRole('checkbox', { name: LIST_CONTROLS.inStock });
    await sort.waitFor();
    expect(await sort.isDisabled(), 'le tri dessiné par le serveur, avant les scripts').toBe(true);
    expect(await inStock.isDisabled(), 'le filtre dessiné par le serveur, avant les scripts').toBe(true);
    release();
    await untilInteractive(page);
    expect(await sort.isDisabled(), 'le tri, une fois la page interactive').toBe(false);
    await sort.selectOption('designation');
    await expect.poll(() => new URL(page.url()).searchParams.get('tri')).toBe('designation');
    await inStock.check();
    await expect.poll(() => new URL(page.url()).searchParams.get('enStock')).toBe('1');
    expect(await sort.inputValue()).toBe('designation');
    expect(errors).toEqual([]);
  });

  it('searches what a visitor typed in the header before the hydration', async () => {
    const page = await shop.page();
    const expected = searchResult.parse(await (await page.request.get('/rest/recherche/vis')).json());
    expect(expected.articles.length).toBeGreaterThan(0);
    const release = await holdModules(page, HOME_PAGE_MODULES);
    await page.goto('/', { waitUntil: 'commit' });
    const input = page.getByRole('combobox', { name: 'Rechercher un produit' });
    await input.fill('vis');
    expect(await page.evaluate(() => document.documentElement.dataset.interactive)).toBeUndefined();
    release();
    await untilInteractive(page);
    const results = page.getByRole('listbox', { name: 'Résultats de la recherche' });
    await expect
      .poll(() => results.getByText(expected.articles[0]!.designation).first().isVisible())
      .toBe(true);
    expect(await input.inputValue()).toBe('vis');
  });
});
