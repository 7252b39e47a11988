// The customer's account in Chromium on the real server and its demo data: delivery addresses added,
// edited and deleted; an order of the account put back in the cart; a quick order with an unknown code,
// a declinaison, a cut to size and a parent code without its declinaison; the home's 'Commandé récemment'
// (and none for a visitor); a forgotten password reset through the mailed link (read from DATA_DIR/mails)
// then changed again from the account; axe on each page, at 1440 px and on a 390 px phone.
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cart as cartSchema } from '@comptoir/shared/cart';
import { familyPage, categorieList, ficheArticle, type FicheArticle } from '@comptoir/shared/catalogue';
import { checkQuantity } from '@comptoir/shared/quantity-rules';
import { searchResult } from '@comptoir/shared/search';
import { recentArticles } from '@comptoir/shared/account';
import { decoupeArticle } from '@comptoir/shared/dimensions';
import { accountOrderList, orderDetail } from '@comptoir/shared/orders/contract';
import { customerAt } from '@comptoir/db/demo/customers';
import { PHONE, expectAccessible } from './support/browser';
import { useShop } from './support/setup';
import {
  emptyCart,
  getJson,
  simpleArticleCodes,
  requestPasswordReset,
  newestMailTo,
  resetPasswordThroughLink,
} from './support/shop';

/** The first article with declinaisons of the catalogue's first families, and its declinaisons' codes. */
async function articleWithVariants(
  page: Page,
): Promise<{ code: string; designation: string; variants: string[] }> {
  for (const root of await getJson(page, '/catalogue/categories', (v) => categorieList.parse(v))) {
    const { articles } = await getJson(
      page,
      `/catalogue/familles/${encodeURIComponent(root.code)}?page=0&size=96`,
      (v) => familyPage.parse(v),
    );
    const found = articles.elements.find((article) => article.hasDeclinaisons);
    if (!found) continue;
    const product = await getJson(page, `/catalogue/articles/${encodeURIComponent(found.codeArticle)}`, (v) =>
      ficheArticle.parse(v),
    );
    return {
      code: found.codeArticle,
      designation: found.designation,
      variants: product.declinaisons.map((variant) => variant.HIDDEN_CODE_DECLINAISON),
    };
  }
  throw new Error('Aucun article à déclinaisons dans les données de démonstration');
}

/** A rebar sold by the bar of 6 m (BAR: length variable in the demo), without declinaisons. */
async function barCutToSize(page: Page): Promise<string> {
  const found = await getJson(page, `/rest/recherche/${encodeURIComponent('Fer à béton')}`, (v) =>
    searchResult.parse(v),
  );
  const bar = found.articles.find((a) => !a.hasDeclinaisons && / - 6 m/.test(a.designation));
  expect(bar, 'un fer à béton de 6 m sans déclinaison').toBeDefined();
  return bar!.codeArticle;
}

/**
 * The customer's newest order whose every line the shop still sells as ordered: the demo's history,
 * dated from today, also holds withdrawn articles and articles cut to size ordered without their cut,
 * which a reorder rightly leaves out (the API tests cover those refusals).
 */
function sellableAsOrdered(
  fiche: FicheArticle,
  line: { quantite: number; codeDeclinaison: string; decoupe: unknown },
) {
  const stock =
    fiche.declinaisons.find((d) => d.HIDDEN_CODE_DECLINAISON === line.codeDeclinaison)?.STOCK ?? fiche.STOCK;
  if (stock.INFO_STOCK === 'indisponible' && fiche.vente.delaiCommande === null) return false;
  return line.decoupe !== null || checkQuantity(line.quantite, fiche.vente, fiche.libUnitTarif, false).ok;
}

async function newestReorderableOrder(page: Page) {
  const orders = await getJson(page, '/rest/compte/mouvements?page=0', (v) => accountOrderList.parse(v));
  for (const order of orders.elements) {
    const detail = await getJson(page, `/rest/compte/mouvements/${order.id}`, (v) => orderDetail.parse(v));
    let sellable = detail.lignes.length > 0;
    for (const line of detail.lignes) {
      if (!sellable) break;
      const code = encodeURIComponent(line.codeArticle);
      // A withdrawn article answers 404 to both.
      const product = await page.request.get(`/catalogue/articles/${code}`);
      const cut = product.ok() ? await page.request.get(`/catalogue/articles/${code}/decoupe`) : null;
      sellable =
        cut !== null &&
        cut.ok() &&
        (!decoupeArticle.parse(await cut.json()).surMesure || line.decoupe !== null) &&
        // Sold as it stands: its quantity as the article's rule takes it, not unavailable.
        sellableAsOrdered(ficheArticle.parse(await product.json()), line);
    }
    if (sellable) return { order, detail };
  }
  throw new Error('Aucune commande du client dont toutes les lignes sont encore en vente');
}

const shop = useShop();

describe('the customer account', () => {
  let page: Page;

  beforeAll(async () => {
    page = await shop.page('customer');
    await emptyCart(page);
  });
  afterAll(async () => {
    if (page) await emptyCart(page);
  });

  it('adds, edits and deletes a delivery address, the zone shown from the postal code', async () => {
    await page.goto('/compte/adresses');
    await page.getByRole('heading', { name: 'Mes adresses de livraison' }).waitFor();
    await page.getByRole('button', { name: 'Ajouter une adresse' }).click();
    const dialog = page.getByRole('dialog', { name: 'Nouvelle adresse' });
    await dialog.getByLabel('Nom de l’adresse (chantier, dépôt…)').fill('Chantier e2e');
    await dialog.getByRole('textbox', { name: /^Adresse/ }).fill('4 rue des Essais');
    await dialog.getByLabel('Code postal').fill('690');
    await dialog.getByLabel('Ville').fill('Lyon');
    await dialog.getByRole('button', { name: 'Enregistrer' }).click();
    await dialog.getByText('Code postal invalide : 5 chiffres').waitFor();
    await expectAccessible(page);
    await dialog.getByLabel('Code postal').fill('69003');
    await dialog.getByRole('button', { name: 'Enregistrer' }).click();
    const card = page.getByRole('listitem', { name: 'Chantier e2e' });
    await card.getByText('69003 Lyon').waitFor();
    await card.getByText(/^Zone de livraison : /).waitFor();

    await card.getByRole('button', { name: 'Modifier l’adresse Chantier e2e' }).click();
    const edit = page.getByRole('dialog', { name: 'Modifier l’adresse' });
    await edit.getByLabel('Ville').fill('Lyon 3e');
    await edit.getByRole('button', { name: 'Enregistrer' }).click();
    await card.getByText('69003 Lyon 3e').waitFor();
    await expectAccessible(page);

    await card.getByRole('button', { name: 'Supprimer l’adresse Chantier e2e' }).click();
    await page
      .getByRole('dialog', { name: 'Supprimer l’adresse' })
      .getByRole('button', { name: 'Supprimer' })
      .click();
    await card.waitFor({ state: 'detached' });
  });

  it("puts an order's lines back in the cart with their chantier", async () => {
    const { order, detail } = await newestReorderableOrder(page);
    await page.goto('/compte');
    await page.getByRole('button', { name: `Commander à nouveau la commande ${order.numero}` }).click();
    const count = detail.lignes.length;
    await page
      .getByText(`${count} ligne${count > 1 ? 's' : ''} ajoutée${count > 1 ? 's' : ''} au panier`, {
        exact: true,
      })
      .first()
      .waitFor();
    await expectAccessible(page);
    const cart = await getJson(page, '/rest/panier', (v) => cartSchema.parse(v));
    expect(cart.lignes.map((line) => [line.codeArticle, line.codeDeclinaison, line.chantier]).sort()).toEqual(
      detail.lignes.map((line) => [line.codeArticle, line.codeDeclinaison, line.chantier]).sort(),
    );
    await emptyCart(page);
  });

  it("shows the articles of the customer's latest orders on the home, and adds one to the cart", async () => {
    const { articles } = await getJson(page, '/rest/compte/articles-recents', (v) => recentArticles.parse(v));
    expect(articles.length).toBeGreaterThan(0);
    await page.goto('/');
    const block = page.getByRole('list', { name: 'Commandé récemment' });
    await block.getByRole('link', { name: articles[0]!.designation, exact: true }).first().waitFor();
    expect(await block.getByRole('listitem').count()).toBe(articles.length);
    await expectAccessible(page);
    // One sold as it is: an article with declinaisons, or cut to size, is chosen on its page.
    let simple: (typeof articles)[number] | undefined;
    const buyable = articles.filter(
      (a) =>
        !a.hasDeclinaisons &&
        a.vente.minimum === null &&
        a.vente.multiple === null &&
        (a.infoStock.INFO_STOCK !== 'indisponible' || a.vente.delaiCommande !== null),
    );
    for (const article of buyable) {
      const cut = await getJson(
        page,
        `/catalogue/articles/${encodeURIComponent(article.codeArticle)}/decoupe`,
        (v) => decoupeArticle.parse(v),
      );
      if (!cut.surMesure) {
        simple = article;
        break;
      }
    }
    expect(simple, 'an article sold as it is among the recent ones').toBeDefined();
    if (simple) {
      await block
        .getByRole('button', { name: `Ajouter au panier : ${simple.designation}` })
        .first()
        .click();
      await page.getByText('Article ajouté au panier').first().waitFor();
      const cart = await getJson(page, '/rest/panier', (v) => cartSchema.parse(v));
      expect(cart.lignes.map((line) => line.codeArticle)).toContain(simple.codeArticle);
      await emptyCart(page);
    }

    // A visitor gets neither the block nor a call for it.
    const visitor = await shop.page();
    const asked: string[] = [];
    visitor.on('request', (request) => asked.push(new URL(request.url()).pathname));
    await visitor.goto('/');
    await visitor.getByRole('heading', { name: 'Nos catégories' }).waitFor();
    await visitor.waitForLoadState('networkidle');
    expect(await visitor.getByRole('heading', { name: 'Commandé récemment' }).count()).toBe(0);
    expect(asked).not.toContain('/rest/compte/articles-recents');
    expect(asked.filter((url) => url.includes('recently-ordered'))).toEqual([]);
    await visitor.context().close();
  });

  it('quick order on a phone: an unknown code in red, a declinaison, a cut, a parent code reported', async () => {
    await page.setViewportSize(PHONE);
    const codes = await simpleArticleCodes(page, 4);
    const parent = await articleWithVariants(page);
    const bar = await barCutToSize(page);
    const variant = parent.variants[0]!;
    await page.goto('/compte/commande-rapide');
    const lines = [
      `${codes[0]} 2`,
      `${codes[1]};3`,
      'INCONNU-E2E 1',
      `${codes[2]}\t1`,
      `${codes[3]},5`,
      `${parent.code}.${variant} 2`,
      `${bar} 3 2`,
      `${parent.code} 1`,
    ];
    await page.getByLabel('Lignes « code quantité »').fill(lines.join('\n'));
    await page.getByRole('button', { name: 'Vérifier' }).click();
    const table = page.getByRole('table', { name: 'Lignes de la commande rapide' });
    await table.getByText('Code article inconnu').waitFor();
    expect(await table.locator('tbody tr').count()).toBe(8);
    expect(await table.locator('tbody tr[data-found="false"]').count()).toBe(1);
    await table.getByText('Découpe : 3 pièces de Longueur 2 m').waitFor();
    await table.getByText(/^Article à déclinaisons : indiquez le code de l’une d’elles/).waitFor();
    await expectAccessible(page);

    await page.getByRole('button', { name: 'Tout ajouter au panier' }).click();
    await page
      .getByText(
        `6 lignes ajoutées au panier. Non ajoutés : INCONNU-E2E (Code article inconnu), ${parent.designation} (Article à déclinaisons`,
        { exact: false },
      )
      .waitFor();
    const cart = await getJson(page, '/rest/panier', (v) => cartSchema.parse(v));
    expect(cart.lignes.map((l) => [l.codeArticle, l.codeDeclinaison, l.quantite]).sort()).toEqual(
      [
        [codes[0], '', 2],
        [codes[1], '', 3],
        [codes[2], '', 1],
        [codes[3], '', 5],
        [parent.code, variant, 2],
        // 3 pieces of 2 m cut from 6 m bars: 1 bar priced.
        [bar, '', 1],
      ].sort(),
    );
    expect(cart.lignes.find((l) => l.codeArticle === bar)?.decoupe).toMatchObject({
      nbPieces: 3,
      dimensions: { longueur: 2 },
    });
    await expectAccessible(page);
    await page.setViewportSize({ width: 1440, height: 900 });
  });
});

/** The first private demo customer with an e-mail: the one `npm start` gives the login demo-particulier. */
function demoPrivateEmail(): string {
  for (let index = 0; ; index++) {
    const { row } = customerAt(index, new Date());
    if (!row.isProfessional && row.email) return row.email;
  }
}

describe('the forgotten password', () => {
  let page: Page;
  const email = demoPrivateEmail();

  beforeAll(async () => {
    page = await shop.page();
  });

  it('mails a link, sets a new password, logs in with it, then changes it from the account', async () => {
    await requestPasswordReset(page, email);

    const mail = await newestMailTo(email, 0);
    expect(mail.subject).toMatch(/réinitialisation de votre mot de passe$/);
    await resetPasswordThroughLink(page, mail.text ?? '', 'Oublie-puis-retrouve-2026');

    // A session of its own: the password changed below closes the account's other sessions.
    const session = await shop.page(
      { login: 'demo-particulier', password: 'Oublie-puis-retrouve-2026' },
      { fresh: true, open: '/compte/mot-de-passe' },
    );
    await session.getByLabel('Mot de passe actuel').fill('Oublie-puis-retrouve-2026');
    await session.getByLabel('Nouveau mot de passe').fill('Encore-change-2026');
    await session.getByRole('button', { name: 'Changer le mot de passe' }).click();
    await session.getByText('Mot de passe modifié : vos autres sessions sont fermées').waitFor();
    await expectAccessible(session);
  });
});
