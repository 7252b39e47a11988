// A number typed with a decimal point, on the real server, at a phone's width and a wide screen's
// (docs/contract/constants-and-formats.md, "Typed numbers"): the back office's fee amount ' 12.5 ' is saved as 12,50 € (it
// used to become 125) and an amount too large says so; a customer's cut length ' 2.5 ' m is priced and
// added as 2,5 m (it used to become 25), '1,5' pieces is refused under its field. Each fee and cart
// line this file makes is removed at its end.
import fs from 'node:fs';
import path from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DecoupeArticle } from '@comptoir/shared/dimensions';
import type { SearchResult } from '@comptoir/shared/search';
import type { ForfaitsTransportResponse } from '@comptoir/shared/shipping/contract';
import { expectAccessible, PHONE, WIDE_SCREEN } from './support/browser';
import { useShop } from './support/setup';
import { emptyCart } from './support/shop';

const FEES_URL = '/openweb/admin/admin_forfaitsTransport';
/** Where to write a screenshot of each field, when set (to look at them). */
const SHOTS = process.env.E2E_SCREENSHOTS;

async function shot(page: Page, name: string, target?: Locator) {
  if (!SHOTS) return;
  fs.mkdirSync(SHOTS, { recursive: true });
  const file = path.join(SHOTS, `${name}.png`);
  await (target ? target.screenshot({ path: file }) : page.screenshot({ path: file, fullPage: false }));
}

const shop = useShop();

describe.each([PHONE, WIDE_SCREEN])('typed numbers at $width px', (viewport) => {
  describe('the fee form', () => {
    let page: Page;
    const tranche = `Typée au point ${viewport.width} (E2E)`;
    const created: number[] = [];

    beforeAll(async () => {
      page = await shop.page('admin', { viewport });
      await page.getByRole('heading', { name: 'Accueil', level: 1 }).waitFor();
    });
    afterAll(async () => {
      for (const id of created) await page.request.delete(`/service/forfaitTransport/${id}`);
    });

    const feeForm = () => page.getByRole('form', { name: 'Ajouter un forfait' });
    const toast = (text: string | RegExp) =>
      page.locator('.mantine-Notification-description', { hasText: text });

    it("saves ' 12.5 ' as 12,50 € and says what is wrong with 99999999999", async () => {
      await page.goto(FEES_URL);
      await page.getByRole('heading', { name: 'Forfaits de transport', level: 1 }).waitFor();
      const form = feeForm();
      // A tranche of its own, from far above any demo cart, so that the fee prices nothing else.
      await form.getByRole('button', { name: 'Ajouter Tranche' }).click();
      const dialog = page.getByRole('dialog', { name: 'Ajouter une tranche' });
      await dialog.getByRole('textbox', { name: 'Libellé' }).fill(tranche);
      await dialog.getByRole('textbox', { name: /^Début/ }).fill('900 000.5');
      await dialog.getByRole('button', { name: 'Ajouter', exact: true }).click();
      await dialog.waitFor({ state: 'detached' });
      expect(await form.getByRole('combobox', { name: 'Tranche' }).inputValue()).toContain(tranche);

      const montant = form.getByRole('textbox', { name: 'Montant (€)' });
      expect(await montant.getAttribute('inputmode')).toBe('decimal');
      await montant.fill('99999999999');
      await montant.blur();
      await form
        .getByText('Forfait non valide : le montant doit être au plus 100\u202f000\u202f000,00\u00a0€')
        .waitFor();
      await shot(page, `fee-too-large-${viewport.width}`, form);
      await form.getByRole('button', { name: 'AJOUTER', exact: true }).click();
      await toast(/le montant doit être au plus 100/).waitFor();

      await montant.fill(' 12.5 ');
      expect(await montant.inputValue()).toBe(' 12.5 ');
      const saved = page.waitForResponse(
        (r) => r.request().method() === 'POST' && new URL(r.url()).pathname === '/service/forfaitTransport',
      );
      await form.getByRole('button', { name: 'AJOUTER', exact: true }).click();
      expect((await saved).status()).toBe(200);
      await toast('Forfait enregistré').waitFor();

      const schedule = (await (
        await page.request.get('/service/forfaitsTransport')
      ).json()) as ForfaitsTransportResponse;
      const fee = [...schedule.sans_agence, ...schedule.agences.flatMap((a) => a.groupes)]
        .flatMap((g) => g.forfaits)
        .find((f) => f.tranche?.libelle === tranche);
      expect(fee?.montant).toBe(12.5);
      created.push(fee!.id);
      const row = page.getByRole('textbox', { name: `Montant du forfait n°${fee!.id}`, exact: true });
      await row.waitFor();
      expect(await row.inputValue()).toBe('12,50');
      await row.scrollIntoViewIfNeeded();
      await shot(page, `fee-saved-${viewport.width}`);
      await expectAccessible(page);
    });
  });

  describe('a cut length', () => {
    let page: Page;

    beforeAll(async () => {
      page = await shop.page('customer', { viewport });
    });
    afterAll(async () => {
      if (page) await emptyCart(page);
    });

    it("prices and adds ' 2.5 ' m as 2,5 m, and refuses 1,5 pieces under the field", async () => {
      const found = (await (
        await page.request.get(`/rest/recherche/${encodeURIComponent('Fer à béton')}`)
      ).json()) as SearchResult;
      const bar = found.articles.find((a) => !a.hasDeclinaisons && / - 6 m/.test(a.designation));
      expect(bar, 'un fer à béton de 6 m sans déclinaison').toBeDefined();
      const cut = (await (
        await page.request.get(`/catalogue/articles/${bar!.codeArticle}/decoupe`)
      ).json()) as DecoupeArticle;
      expect(cut).toMatchObject({ surMesure: true, unite: 'BAR' });
      await emptyCart(page);

      await page.goto(bar!.link);
      // The bar sells at its standard 6 m by default: the cut is the choice beside it.
      await page.getByRole('button', { name: 'Découpe sur mesure' }).click();
      const form = page.getByRole('form', { name: 'Découpe sur mesure' });
      await form.waitFor();
      const pieces = form.getByRole('textbox', { name: 'Nombre de pièces' });
      await pieces.fill('1,5');
      await form
        .getByText('Nombre de pièces : un nombre entier est attendu', { exact: true })
        .first()
        .waitFor();
      await pieces.fill('2');
      const length = form.getByRole('textbox', { name: 'Longueur (m)' });
      expect(await length.getAttribute('inputmode')).toBe('decimal');
      await length.fill(' 2.5 ');
      // 2 pieces of 2,5 m cut from a 6 m bar: 2 × 2,5 / 6 = 0,833 BAR.
      await form.getByText('Quantité facturée : 0,833 BAR').waitFor();
      expect(await length.inputValue()).toBe(' 2.5 ');
      await shot(page, `cut-length-${viewport.width}`, form);
      await expectAccessible(page);
      await form.getByRole('button', { name: 'Ajouter au panier' }).click();
      await page.getByText('Article ajouté au panier').waitFor();

      await page.goto('/panier');
      const table = page.getByRole('table', { name: 'Lignes du panier' });
      await table.getByText('Découpe : 2 pièces de Longueur 2,5 m').waitFor();
      await shot(page, `cut-cart-${viewport.width}`);
    });
  });
});
