// The customer's cart in Chromium on the real server and its demo data, as the demo customer: an article
// added from its product page and another through the API, a quantity changed, a line tagged with a new
// chantier and found in the products per chantier, the checkout paid by card (the test provider's hosted
// page: accepted),
// the order's detail page, then the order in the account's list; axe on the cart, checkout and account.
// It places exactly one order (the newest): the back-office tests compute what they expect from the API.
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { cart as cartSchema, type Cart } from '@comptoir/shared/cart';
import { categorieList, familyPage, type ArticleCard } from '@comptoir/shared/catalogue';
import { PAYMENT_STATUS_LABELS } from '@comptoir/shared/domain';
import { accountOrderList } from '@comptoir/shared/orders/contract';
import { expectAccessible } from './support/browser';
import { payOnTestProvider, acceptCgv } from './support/payment';
import { useShop } from './support/setup';
import { emptyCart, getJson } from './support/shop';

const currentCart = (page: Page): Promise<Cart> => getJson(page, '/rest/panier', (v) => cartSchema.parse(v));

/** Two active articles without declinaisons, from the first root family that has them. */
async function findSimpleArticles(page: Page): Promise<[ArticleCard, ArticleCard]> {
  const roots = await getJson(page, '/catalogue/categories', (v) => categorieList.parse(v));
  for (const root of roots) {
    const { articles } = await getJson(
      page,
      `/catalogue/familles/${encodeURIComponent(root.code)}?page=0&size=96`,
      (v) => familyPage.parse(v),
    );
    const simple = articles.elements.filter((a) => !a.hasDeclinaisons);
    if (simple.length >= 2) return [simple[0]!, simple[1]!];
  }
  throw new Error('Aucun article sans déclinaison dans les données de démonstration');
}

describe('cart and checkout', () => {
  const shop = useShop();
  let page: Page;

  beforeAll(async () => {
    page = await shop.page('customer');
    // Start from an empty cart whatever ran before.
    await emptyCart(page);
  });

  it('adds articles, changes a quantity, tags a chantier, pays by card and finds the order in the account', async () => {
    const [first, second] = await findSimpleArticles(page);

    // From the product page's button.
    await page.goto(first.lien);
    await page.getByRole('button', { name: 'Ajouter au panier' }).click();
    await page.getByText('Article ajouté au panier').waitFor();
    await expect
      .poll(() =>
        page
          .getByRole('banner')
          .getByRole('link', { name: /^Panier \(/ })
          .getAttribute('aria-label'),
      )
      .toBe('Panier (1 article)');
    // Through the API, from the page's context.
    const added = await page.request.post('/rest/panier/lignes', {
      data: { codeArticle: second.codeArticle, quantite: 2 },
    });
    expect(added.status()).toBe(200);

    await page.goto('/panier');
    const table = page.getByRole('table', { name: 'Lignes du panier' });
    await table.getByRole('link', { name: second.designation }).waitFor();
    await expect
      .poll(() =>
        page
          .getByRole('banner')
          .getByRole('link', { name: /^Panier \(/ })
          .getAttribute('aria-label'),
      )
      .toBe('Panier (2 articles)');

    // Quantity: sent when the field is left.
    const quantity = table.getByRole('textbox', { name: `Quantité : ${first.designation}` });
    await quantity.fill('3');
    await quantity.press('Tab');
    await expect.poll(async () => (await currentCart(page)).lignes[0]?.quantite).toBe(3);

    // A new chantier on the second line: the widget comes back to its select, showing it.
    const chantier = `Chantier E2E ${Date.now().toString(36)}`;
    await table.getByRole('button', { name: `Nouveau chantier : ${second.designation}` }).click();
    await table
      .getByRole('textbox', { name: `Nom du nouveau chantier : ${second.designation}` })
      .fill(chantier);
    await table.getByRole('button', { name: 'Ajouter' }).click();
    const select = table.getByRole('combobox', { name: `Chantier : ${second.designation}` });
    await expect.poll(() => select.inputValue()).toBe(chantier);
    expect(await table.getByRole('combobox', { name: `Chantier : ${first.designation}` }).inputValue()).toBe(
      '',
    );

    const byTag = page.getByRole('region', { name: 'Produits par chantier' });
    await byTag.getByRole('button', { name: chantier }).click();
    await byTag.getByRole('link', { name: second.designation }).waitFor();
    expect(await byTag.getByRole('link').count()).toBe(1);
    await expectAccessible(page);

    // Checkout.
    const cartBefore = await currentCart(page);
    await page.getByRole('link', { name: 'Commander' }).click();
    await expect.poll(() => new URL(page.url()).pathname).toBe('/panier/commande');
    await page.getByRole('heading', { level: 1, name: 'Commande' }).waitFor();
    const carriers = page.getByRole('radiogroup', { name: /Transporteur/ });
    await carriers.getByRole('radio').first().check();
    await page.getByRole('radio', { name: 'Carte bancaire' }).check();
    await page.getByRole('textbox', { name: /Votre référence/ }).fill('E2E-PANIER');
    await expectAccessible(page);
    await acceptCgv(page);
    await page.getByRole('button', { name: 'Valider la commande' }).click();
    await payOnTestProvider(page, 'accepted');

    // The order's detail page.
    await expect.poll(() => new URL(page.url()).pathname).toMatch(/^\/compte\/detail-mouvement\/\d+$/);
    const orderId = Number(new URL(page.url()).pathname.split('/').at(-1));
    const main = page.getByRole('main');
    await main.getByText(PAYMENT_STATUS_LABELS.VAL).first().waitFor();
    await main.getByText(cartBefore.lignes[1]!.designation).first().waitFor();
    expect((await currentCart(page)).nbLignes).toBe(0);
    await expect
      .poll(() =>
        page
          .getByRole('banner')
          .getByRole('link', { name: /^Panier \(/ })
          .getAttribute('aria-label'),
      )
      .toBe('Panier (0 article)');

    // The account lists it first.
    const orders = await getJson(page, '/rest/compte/mouvements', (v) => accountOrderList.parse(v));
    const placed = orders.elements[0]!;
    expect(placed).toMatchObject({
      id: orderId,
      refClient: 'E2E-PANIER',
      libelleModeReglement: 'Carte bancaire',
      libelleStatutPaiement: PAYMENT_STATUS_LABELS.VAL,
    });
    await page.goto('/compte');
    const link = page.getByRole('table', { name: 'Mes commandes' }).getByRole('link', {
      name: `Commande ${placed.numero}`,
    });
    await link.waitFor();
    await expectAccessible(page);
    await link.click();
    await expect.poll(() => new URL(page.url()).pathname).toBe(`/compte/detail-mouvement/${orderId}`);
  });
});
