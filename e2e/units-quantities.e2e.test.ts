// Units and quantities on the real server with the demo data (docs/contract/quantities-and-units.md;
// Articles cut to size), at 390 and 1440 px: a plasterboard bought by the piece (a fractional quantity
// raised, with its notice) and cut to size (pieces out of range refused naming the bound), its line in
// the cart raised again with its notice, and the quick order's 'Prêt' with the raised quantity.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { cart as cartSchema } from '@comptoir/shared/cart';
import type { DecoupeArticle } from '@comptoir/shared/dimensions';
import type { SearchResult } from '@comptoir/shared/search';
import { PHONE, WIDE_SCREEN, expectAccessible } from './support/browser';
import { useShop } from './support/setup';
import { emptyCart, getJson } from './support/shop';

const SHOTS = process.env.E2E_SCREENSHOTS;

describe('units and quantities', () => {
  const shop = useShop();

  /** A plain article of the search for `text` that the customer may order, sold in `unit`. */
  async function orderable(page: Page, text: string, unit: string) {
    const found = (await (
      await page.request.get(`/rest/recherche/${encodeURIComponent(text)}`)
    ).json()) as SearchResult;
    const article = found.articles.find(
      (a) =>
        !a.hasDeclinaisons &&
        a.uniteTarif === unit &&
        a.vente.multiple === null &&
        a.vente.minimum === null &&
        (a.infoStock.INFO_STOCK !== 'indisponible' || a.vente.delaiCommande !== null),
    );
    expect(article, `un article « ${text} » vendu par ${unit}`).toBeDefined();
    return article!;
  }

  for (const viewport of [PHONE, WIDE_SCREEN]) {
    it(`buys a plasterboard by the piece and cut to size at ${viewport.width} px`, async () => {
      const page = await shop.page('customer', { viewport });
      await emptyCart(page);
      const board = await orderable(page, 'BA13', 'Plaque');
      const cut = (await (
        await page.request.get(`/catalogue/articles/${board.codeArticle}/decoupe`)
      ).json()) as DecoupeArticle;
      expect(cut.surMesure).toBe(true);
      expect(cut.dimensions.every((d) => d.standard !== null)).toBe(true);

      // By the piece: the standard plaque, chosen first; 1,5 plaque raised to 2, and said so.
      await page.goto(board.link);
      const byPiece = page.getByRole('button', { name: /À la pièce standard/ });
      await byPiece.waitFor();
      expect(await byPiece.getAttribute('aria-pressed')).toBe('true');
      await page.getByRole('textbox', { name: 'Quantité' }).fill('1,5');
      await page.getByRole('button', { name: 'Ajouter au panier' }).click();
      await page.getByText('Vendu à l’unité : quantité portée à 2').waitFor();
      await page.getByText('Article ajouté au panier').first().waitFor();
      expect(await page.getByRole('textbox', { name: 'Quantité' }).inputValue()).toBe('2');
      await expectAccessible(page);
      if (SHOTS) await page.screenshot({ path: `${SHOTS}/piece-${viewport.width}.png`, fullPage: true });

      // The toast gone (on a phone it covers the breadcrumb, which axe then finds too small).
      await page.getByText('Article ajouté au panier').first().waitFor({ state: 'hidden' });

      // Cut to size: 0 pieces refused naming the bound (never clamped to 1), then 2 pieces of 1,2 × 0,6.
      await page.getByRole('button', { name: 'Découpe sur mesure' }).click();
      const form = page.getByRole('form', { name: 'Découpe sur mesure' });
      await form.getByRole('textbox', { name: 'Longueur (m)' }).fill('1,2');
      await form.getByRole('textbox', { name: 'Largeur (m)' }).fill('0,6');
      await form.getByRole('textbox', { name: 'Nombre de pièces' }).fill('0');
      await form.getByText('Nombre de pièces : 1 au minimum').waitFor();
      expect(await form.getByRole('button', { name: 'Ajouter au panier' }).isDisabled()).toBe(true);
      await form.getByRole('textbox', { name: 'Nombre de pièces' }).fill('99999');
      await form.getByText(/Nombre de pièces : 9\s999 au maximum/).waitFor();
      await form.getByRole('textbox', { name: 'Nombre de pièces' }).fill('2');
      await form.getByText('Quantité facturée : 0,48 plaque').waitFor();
      // Scrolled to the fields, the breadcrumb is under the sticky header: axe would count it too small.
      await page.evaluate(() => window.scrollTo(0, 0));
      await expectAccessible(page);
      if (SHOTS) await page.screenshot({ path: `${SHOTS}/cut-${viewport.width}.png`, fullPage: true });
      await form.getByRole('button', { name: 'Ajouter au panier' }).click();
      await expect
        .poll(async () => (await getJson(page, '/rest/panier', (v) => cartSchema.parse(v))).lignes.length)
        .toBe(2);
      const lines = (await getJson(page, '/rest/panier', (v) => cartSchema.parse(v))).lignes;
      expect(lines.map((line) => [line.quantite, line.decoupe?.nbPieces ?? null])).toEqual([
        [2, null],
        [0.48, 2],
      ]);

      // The cart: 2,5 plaques typed are raised to 3, and said so under the field.
      await page.goto('/panier');
      const quantity = page.getByRole('textbox', { name: `Quantité : ${board.designation}` });
      await quantity.fill('2,5');
      await quantity.press('Enter');
      await page.getByText('Vendu à l’unité : quantité portée à 3').waitFor();
      await expect
        .poll(
          async () => (await getJson(page, '/rest/panier', (v) => cartSchema.parse(v))).lignes[0]!.quantite,
        )
        .toBe(3);
      await expectAccessible(page);
      if (SHOTS) await page.screenshot({ path: `${SHOTS}/cart-${viewport.width}.png`, fullPage: true });
      await page.context().close();
    });
  }

  for (const viewport of [PHONE, WIDE_SCREEN])
    it(`raises a tile's quantity to the multiple the article is sold by at ${viewport.width} px`, async () => {
      const page = await shop.page('customer', { viewport });
      await emptyCart(page);
      const found = (await (
        await page.request.get(`/rest/recherche/${encodeURIComponent('Bloc béton creux')}`)
      ).json()) as SearchResult;
      const block = found.articles.find(
        (a) =>
          !a.hasDeclinaisons &&
          a.vente.multiple === 10 &&
          (a.infoStock.INFO_STOCK !== 'indisponible' || a.vente.delaiCommande !== null),
      );
      expect(block, 'un bloc béton vendu par 10').toBeDefined();
      await page.goto(`/recherche?${new URLSearchParams({ q: block!.designation }).toString()}`);
      const quantity = page.getByRole('textbox', { name: `Quantité de ${block!.designation}` }).first();
      expect(await quantity.inputValue()).toBe('10');
      await quantity.fill('15');
      await page
        .getByRole('button', { name: `Ajouter au panier : ${block!.designation}` })
        .first()
        .click();
      await page.getByText('Vendu par 10 : quantité portée à 20').first().waitFor();
      await expect
        .poll(
          async () => (await getJson(page, '/rest/panier', (v) => cartSchema.parse(v))).lignes[0]?.quantite,
        )
        .toBe(20);
      await page.getByText('Article ajouté au panier').first().waitFor({ state: 'hidden' });
      await expectAccessible(page);
      if (SHOTS) await page.screenshot({ path: `${SHOTS}/tile-${viewport.width}.png` });
      await page.context().close();
    });

  it('raises a fractional quantity of a whole unit in the quick order, with its notice', async () => {
    const page = await shop.page('customer', { viewport: PHONE });
    await emptyCart(page);
    const sack = await orderable(page, 'Ciment', 'Sac');
    await page.goto('/compte/commande-rapide');
    await page.getByLabel('Lignes « code quantité »').fill(`${sack.codeArticle} 1,5`);
    await page.getByRole('button', { name: 'Vérifier' }).click();
    const row = page.getByRole('row').filter({ hasText: sack.codeArticle });
    await row.getByText('Prêt').waitFor();
    await row.getByText('Vendu à l’unité : quantité portée à 2').waitFor();
    await row.getByText('2 sacs').waitFor();
    await expectAccessible(page);
    await page.setViewportSize(WIDE_SCREEN);
    await expectAccessible(page);
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/quick-order.png`, fullPage: true });
    await page.getByRole('button', { name: 'Tout ajouter au panier' }).click();
    await expect
      .poll(async () => (await getJson(page, '/rest/panier', (v) => cartSchema.parse(v))).lignes[0]?.quantite)
      .toBe(2);
    await page.context().close();
  });
});
