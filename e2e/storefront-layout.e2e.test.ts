// The storefront's layout in Chromium on the real server and its demo data, on a 390 × 844 phone and a
// 1440 × 900 screen: an anonymous home load without a console error; the activities (menu button and drawer on
// the phone, one line of them on the wide screen) leading to a category; the search; a product's price, stock
// and 'Ajouter au panier' in the first screen; cart, checkout, account and order detail without sideways
// scrolling; axe on each page. Reads only, apart from one cart line of the demo customer (removed at the end):
// no order is placed.
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { cart as cartSchema } from '@comptoir/shared/cart';
import { familyPage, type ArticleCard } from '@comptoir/shared/catalogue';
import { menuActivities, subMenu } from '@comptoir/shared/menu';
import { PHONE, WIDE_SCREEN, expectAccessible } from './support/browser';
import { useShop } from './support/setup';
import { getJson } from './support/shop';

/** The first activity, its first family, and an article of that family without declinaisons. */
async function demoPath(page: Page) {
  const { activites } = await getJson(page, '/menu/activites', (v) => menuActivities.parse(v));
  const activity = activites[0]!;
  const { items } = await getJson(page, `/submenu/${encodeURIComponent(activity.code)}`, (v) =>
    subMenu.parse(v),
  );
  const family = items[0]!;
  const { articles } = await getJson(
    page,
    `/catalogue/familles/${encodeURIComponent(family.CODE)}?page=0&size=48`,
    (v) => familyPage.parse(v),
  );
  const article: ArticleCard | undefined = articles.elements.find((a) => !a.hasDeclinaisons);
  if (!article) throw new Error(`Aucun article simple dans ${family.CODE}`);
  return { activity, family, article };
}

/** Whether the page scrolls sideways (its content wider than the window). */
const scrollsSideways = (page: Page) =>
  page.evaluate(() => document.scrollingElement!.scrollWidth > window.innerWidth);

/** Whether the element is wholly inside the window, page scrolled to the top. */
async function inFirstScreen(page: Page, locator: ReturnType<Page['locator']>) {
  const box = await locator.boundingBox();
  const size = page.viewportSize()!;
  return (
    box !== null &&
    box.y >= 0 &&
    box.x >= 0 &&
    box.y + box.height <= size.height &&
    box.x + box.width <= size.width
  );
}

const shop = useShop();

describe.each([
  { name: 'phone', viewport: PHONE },
  { name: 'wide screen', viewport: WIDE_SCREEN },
])('storefront layout on a $name', ({ viewport }) => {
  const phone = viewport.width === PHONE.width;
  let visitor: Page;
  let customer: Page;
  const consoleErrors: string[] = [];

  beforeAll(async () => {
    visitor = await shop.page('visitor', { viewport });
    visitor.on('console', (message) => {
      if (message.type() === 'error') consoleErrors.push(message.text());
    });
    visitor.on('pageerror', (error) => consoleErrors.push(error.message));
    customer = await shop.page('customer', { viewport });
  });

  it('loads the home as a visitor without any console error, and passes axe', async () => {
    const me = await visitor.request.get('/auth/me');
    expect(me.status()).toBe(200);
    expect(await me.json()).toEqual({ connecte: false });
    await visitor.goto('/');
    await visitor.getByRole('heading', { level: 1, name: 'Nos catégories' }).waitFor();
    await visitor.waitForLoadState('networkidle');
    expect(consoleErrors).toEqual([]);
    expect(await scrollsSideways(visitor)).toBe(false);
    await expectAccessible(visitor);
  });

  it('opens the activities and goes to a category, which passes axe', async () => {
    const { activity, family } = await demoPath(visitor);
    await visitor.goto('/');
    const banner = visitor.getByRole('banner');
    if (phone) {
      const button = banner.getByRole('button', { name: 'Menu des catégories' });
      expect(await banner.getByRole('navigation', { name: 'Catégories' }).isVisible()).toBe(false);
      await button.click();
      const drawer = visitor.getByRole('dialog', { name: 'Catégories' });
      await drawer.waitFor();
      expect(await button.getAttribute('aria-expanded')).toBe('true');
      await expectAccessible(visitor);
      // Esc closes it and gives the focus back to the button.
      await visitor.keyboard.press('Escape');
      await drawer.waitFor({ state: 'hidden' });
      expect(await button.evaluate((element) => element === document.activeElement)).toBe(true);
      // Keyboard only: Enter opens the drawer, then an activity, then a family link.
      await visitor.keyboard.press('Enter');
      await drawer.waitFor();
      const activityButton = drawer.getByRole('button', { name: activity.libelle, exact: true });
      await activityButton.focus();
      await visitor.keyboard.press('Enter');
      expect(await activityButton.getAttribute('aria-expanded')).toBe('true');
      const link = drawer.getByRole('link', { name: family.LIBELLE, exact: true });
      await link.focus();
      await visitor.keyboard.press('Enter');
      await drawer.waitFor({ state: 'hidden' });
    } else {
      expect(await banner.getByRole('button', { name: 'Menu des catégories' }).isVisible()).toBe(false);
      const nav = banner.getByRole('navigation', { name: 'Catégories' });
      // The activities arrive with the menu's answer, after the first paint.
      await nav.getByRole('button', { name: activity.libelle, exact: true }).waitFor();
      // Every activity on one line, and name, search, cart and account on one row above it.
      const tops = await nav
        .getByRole('button')
        .evaluateAll((buttons) => buttons.map((b) => Math.round(b.getBoundingClientRect().top)));
      expect(tops.length).toBeGreaterThan(1);
      expect(new Set(tops).size).toBe(1);
      const rowTops = await Promise.all(
        [
          banner.getByRole('link', { name: 'Comptoir' }),
          banner.getByRole('combobox', { name: 'Rechercher un produit' }),
          banner.getByRole('link', { name: /^Panier/ }),
          banner.getByRole('link', { name: 'Se connecter' }),
        ].map(async (locator) => {
          const box = (await locator.boundingBox())!;
          return box.y + box.height / 2;
        }),
      );
      expect(Math.max(...rowTops) - Math.min(...rowTops)).toBeLessThan(8);
      await nav.getByRole('button', { name: activity.libelle, exact: true }).hover();
      await nav.getByRole('link', { name: family.LIBELLE, exact: true }).click();
    }
    await expect.poll(() => new URL(visitor.url()).pathname).toBe(family.LIEN);
    await visitor.getByRole('heading', { level: 1, name: family.LIBELLE }).waitFor();
    expect(await scrollsSideways(visitor)).toBe(false);
    await expectAccessible(visitor);
  });

  it('searches from a field wide enough to read its results', async () => {
    const { article } = await demoPath(visitor);
    await visitor.goto('/');
    const input = visitor.getByRole('banner').getByRole('combobox', { name: 'Rechercher un produit' });
    const field = (await input.boundingBox())!;
    // Full width on the phone (the page's side margins aside).
    expect(field.width).toBeGreaterThanOrEqual(phone ? viewport.width - 40 : 400);
    await input.fill(article.designation);
    const results = visitor.getByRole('listbox', { name: 'Résultats de la recherche' });
    const first = results.getByRole('option', { name: new RegExp(article.designation) }).first();
    await first.waitFor();
    // The list inside the panel: the panel's padding aside, nearly the phone's width.
    expect((await results.boundingBox())!.width).toBeGreaterThanOrEqual(phone ? viewport.width - 80 : 400);
    expect(await inFirstScreen(visitor, first)).toBe(true);
    await expectAccessible(visitor);
    await input.press('Enter');
    await expect.poll(() => new URL(visitor.url()).pathname).toBe('/recherche');
  });

  it("shows a product's price, stock and 'Ajouter au panier' in the first screen, and passes axe", async () => {
    const { article } = await demoPath(customer);
    await customer.goto(article.lien);
    await customer.getByRole('heading', { level: 1, name: article.designation }).waitFor();
    const price = customer.getByText(/ HT \/ /).first();
    const stock = customer.locator('main [data-stock]').first();
    const add = customer.getByRole('button', { name: 'Ajouter au panier' });
    await add.waitFor();
    for (const element of [price, stock, add]) expect(await inFirstScreen(customer, element)).toBe(true);
    expect(await scrollsSideways(customer)).toBe(false);
    await expectAccessible(customer);
  });

  it('shows the cart, the checkout, the account and an order without sideways scrolling, and they pass axe', async () => {
    const { article } = await demoPath(customer);
    const added = await customer.request.post('/rest/panier/lignes', {
      data: { codeArticle: article.codeArticle, quantite: 1 },
    });
    expect(added.status()).toBe(200);
    try {
      await customer.goto('/panier');
      const table = customer.getByRole('table', { name: 'Lignes du panier' });
      await table.getByRole('link', { name: article.designation }).first().waitFor();
      // The chantier select and its button show their whole text.
      const newTag = table.getByRole('button', { name: /^Nouveau chantier/ }).first();
      expect(await newTag.evaluate((button) => button.scrollWidth <= button.clientWidth)).toBe(true);
      expect(await scrollsSideways(customer)).toBe(false);
      await expectAccessible(customer);

      await customer.getByRole('link', { name: 'Commander' }).click();
      await customer.getByRole('heading', { level: 1, name: 'Commande' }).waitFor();
      await customer.waitForLoadState('networkidle');
      expect(await scrollsSideways(customer)).toBe(false);
      await expectAccessible(customer);

      await customer.goto('/compte');
      const orders = customer.getByRole('table', { name: 'Mes commandes' });
      const firstOrder = orders.getByRole('link').first();
      await firstOrder.waitFor();
      expect(await scrollsSideways(customer)).toBe(false);
      await expectAccessible(customer);

      await firstOrder.click();
      await expect.poll(() => new URL(customer.url()).pathname).toMatch(/^\/compte\/detail-mouvement\/\d+$/);
      await customer.getByRole('table').first().waitFor();
      await customer.waitForLoadState('networkidle');
      expect(await scrollsSideways(customer)).toBe(false);
      await expectAccessible(customer);
    } finally {
      const { lignes } = await getJson(customer, '/rest/panier', (v) => cartSchema.parse(v));
      for (const line of lignes.filter((l) => l.codeArticle === article.codeArticle))
        await customer.request.delete(`/rest/panier/lignes/${line.id}`);
    }
  });
});
