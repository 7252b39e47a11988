// The price shown is the price charged, in Chromium, on a server of this file's own (visitors browse and
// order under the anonymous customer code C000113, as in the reproduction): a visitor sees on the
// product page the unit price its cart then charges; a private customer sees prices incl. tax first
// (excl. tax below) on the product page and in its cart. At 1440 and 390 px, axe at both.
import fs from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { cart as cartSchema } from '@comptoir/shared/cart';
import { ficheArticle, type FicheArticle } from '@comptoir/shared/catalogue';
import { SETTING_KEYS } from '@comptoir/shared/domain';
import { formatShopPrice } from '@comptoir/shared/format';
import { unitPriceTtc } from '@comptoir/shared/money';
import { PHONE, WIDE_SCREEN } from './support/browser';
import { useShop } from './support/setup';
import { accessibleAtBothWidths, emptyCart, getJson } from './support/shop';

const ANONYMOUS_CUSTOMER = 'C000113';
const ARTICLE = '100595';
/** C000003 is the demo's first private customer (its third fixed customer type, 'PAR'). */
const PRIVATE = { login: 'particulier-e2e', password: 'e2e-particulier-mot-de-passe', code: 'C000003' };

const normalise = (text: string) => text.replace(/\s+/g, ' ').trim();
/** Where the screenshots go when SCREENSHOTS_DIR is set (to look at the pages). */
async function shoot(page: Page, name: string) {
  const dir = process.env.SCREENSHOTS_DIR;
  if (!dir) return;
  fs.mkdirSync(dir, { recursive: true });
  await page.screenshot({ path: path.join(dir, `${name}.png`), fullPage: true });
}

/** The unit price excl. tax the product page shows first (its first declinaison's when it has some). */
const shownPrice = (product: FicheArticle) => product.declinaisons[0]?.prixHT ?? product.prixHT!;

/** The product page's two price lines, as the shopper sees them (first, then below). */
async function priceLines(page: Page): Promise<string[]> {
  const main = page.getByRole('main');
  // A customer's page is drawn in the browser: its answer may come after the page is interactive.
  await main
    .getByText(/€ (HT|TTC) \//)
    .first()
    .waitFor();
  const lines = await main.locator('p').allInnerTexts();
  return lines.map(normalise).filter((text) => /€ (HT|TTC)/.test(text));
}

async function addThisArticle(page: Page) {
  await page.getByRole('button', { name: 'Ajouter au panier' }).click();
  await page.getByText('Article ajouté au panier').first().waitFor();
}

describe('the price shown is the price charged', () => {
  const shop = useShop({
    own: {
      settings: {
        [SETTING_KEYS.allowAnonymousAccess]: '1',
        [SETTING_KEYS.visiteurCodeClient]: ANONYMOUS_CUSTOMER,
        [SETTING_KEYS.allowAnonymousCommande]: '1',
        [SETTING_KEYS.showAnonymousPrices]: '1',
        [SETTING_KEYS.allowParAccount]: '0',
      },
      accounts: [PRIVATE],
    },
  });

  it.each([
    ['1440', WIDE_SCREEN],
    ['390', PHONE],
  ])(
    'a visitor under the anonymous customer code is charged the product page’s price (%s px)',
    async (width, viewport) => {
      const page = await shop.page('visitor', { viewport });
      const product = await getJson(page, `/catalogue/articles/${ARTICLE}`, (v) => ficheArticle.parse(v));
      const access = (await (await page.request.get('/catalogue/acces')).json()) as {
        affichageTTC: '0' | '1';
      };
      const ht = shownPrice(product);
      const expected = formatShopPrice(
        { ht, ttc: unitPriceTtc(ht, product.tauxTVA) },
        product.libUnitTarif,
        access.affichageTTC === '1',
      );

      await page.goto(`/article/${ARTICLE}`);
      const lines = await priceLines(page);
      expect(lines[0]).toBe(normalise(expected.main));
      expect(lines[1]).toContain(normalise(expected.other));
      await shoot(page, `visiteur-article-${width}`);
      await addThisArticle(page);

      const cart = await getJson(page, '/rest/panier', (v) => cartSchema.parse(v));
      expect(cart.lignes).toHaveLength(1);
      expect(cart.lignes[0]!.prixUnitaireHT).toBe(ht);
      expect(cart.totalTTC).toBe(unitPriceTtc(ht, product.tauxTVA));
      await page.goto('/panier');
      const row = page.getByRole('main').getByText(normalise(expected.main), { exact: false });
      await row.first().waitFor();
      await shoot(page, `visiteur-panier-${width}`);
      await accessibleAtBothWidths(page);
      await page.context().close();
    },
    120_000,
  );

  it.each([
    ['1440', WIDE_SCREEN],
    ['390', PHONE],
  ])(
    'a private customer sees prices incl. tax first, excl. tax below (%s px)',
    async (width, viewport) => {
      const page = await shop.page(PRIVATE, { viewport });
      await emptyCart(page);
      const product = await getJson(page, `/catalogue/articles/${ARTICLE}`, (v) => ficheArticle.parse(v));
      const ht = shownPrice(product);
      const expected = formatShopPrice(
        { ht, ttc: unitPriceTtc(ht, product.tauxTVA) },
        product.libUnitTarif,
        true,
      );
      expect(expected.main).toMatch(/TTC/);

      await page.goto(`/article/${ARTICLE}`);
      const lines = await priceLines(page);
      expect(lines[0]).toBe(normalise(expected.main));
      expect(lines[1]).toContain(normalise(expected.other));
      expect(lines[1]).toMatch(/HT/);
      await shoot(page, `particulier-article-${width}`);
      await accessibleAtBothWidths(page);
      await addThisArticle(page);

      await page.goto('/panier');
      await page.getByRole('main').getByText(normalise(expected.main)).first().waitFor();
      await page.getByText('Vos prix TTC, hors taxes en dessous').waitFor();
      const cart = await getJson(page, '/rest/panier', (v) => cartSchema.parse(v));
      expect(cart.lignes[0]!.prixUnitaireHT).toBe(ht);
      await shoot(page, `particulier-panier-${width}`);
      await emptyCart(page);
      await page.context().close();
    },
    120_000,
  );
});
