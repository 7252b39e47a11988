// A customer's whole path through the storefront in Chromium, on a server of this file's own whose mails
// go to a real SMTP server started here: home → the activities' menu → a search with a typo → a category
// page sorted by price and filtered (in stock, price range) → a product → the cart → checkout with pickup
// (no fee) and the card accepted on the test provider's page → the confirmation mail → the account → the
// order → reorder; once on a 390 px phone, once at 1440 px. Then: a card refused (the order waits, the
// payment-refused mail), a quick order with one unknown code, and a forgotten password reset through the
// mailed link. axe on every storefront page, at both widths.
import type { ParsedMail } from 'mailparser';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cart as cartSchema } from '@comptoir/shared/cart';
import { familyPage, type ArticleCard } from '@comptoir/shared/catalogue';
import { PAYMENT_STATUS_LABELS } from '@comptoir/shared/domain';
import { menuActivities, subMenu } from '@comptoir/shared/menu';
import { accountOrderList } from '@comptoir/shared/orders/contract';
import { searchResult } from '@comptoir/shared/search';
import { startSmtpServer, type TestSmtpServer } from '../apps/api/src/test/smtp-server';
import { CUSTOMER } from './support/accounts';
import { PHONE, WIDE_SCREEN, expectAccessible, loginThroughPage } from './support/browser';
import { useShop } from './support/setup';
import { openCheckout, payByCard } from './support/payment';
import {
  accessibleAtBothWidths,
  emptyCart,
  getJson,
  quickOrderWithOneUnknownCode,
  requestPasswordReset,
  resetPasswordThroughLink,
  simpleArticleCodes,
} from './support/shop';

const CUSTOMER_EMAIL = 'achats.forez@exemple.fr';
const TYPO = 'cimment';

/** The mail received to `address` whose subject is (or matches) `subject`. */
async function mailTo(smtp: TestSmtpServer, address: string, subject: string | RegExp): Promise<ParsedMail> {
  const matches = (text: string) => (typeof subject === 'string' ? text === subject : subject.test(text));
  const find = () =>
    smtp.received.find(
      (mail) => JSON.stringify(mail.to).toLowerCase().includes(address) && matches(mail.subject ?? ''),
    );
  await expect.poll(() => find() !== undefined).toBe(true);
  return find()!;
}

/** Whether an article has neither declinaisons nor a cut to size: 'Ajouter au panier' adds it as is. */
async function addableAsIs(page: Page, article: ArticleCard): Promise<boolean> {
  if (article.hasDeclinaisons || article.prixHT === undefined) return false;
  const cut = await getJson(page, `/catalogue/articles/${article.codeArticle}/decoupe`, (v) => v as object);
  return !(cut as { surMesure?: boolean }).surMesure;
}

/** Opens the activities' menu (the phone's button and drawer, the wide screen's line) and an activity. */
async function openMenu(page: Page, phone: boolean) {
  const { activites } = await getJson(page, '/menu/activites', (v) => menuActivities.parse(v));
  const activity = activites[0]!;
  const { items } = await getJson(page, `/submenu/${encodeURIComponent(activity.code)}`, (v) =>
    subMenu.parse(v),
  );
  const banner = page.getByRole('banner');
  if (phone) {
    await banner.getByRole('button', { name: 'Menu des catégories' }).click();
    const drawer = page.getByRole('dialog', { name: 'Catégories' });
    await drawer.getByRole('button', { name: activity.libelle, exact: true }).click();
    await drawer.getByRole('link', { name: items[0]!.LIBELLE, exact: true }).waitFor();
    await expectAccessible(page);
    await page.keyboard.press('Escape');
    await drawer.waitFor({ state: 'hidden' });
  } else {
    const nav = banner.getByRole('navigation', { name: 'Catégories' });
    await nav.getByRole('button', { name: activity.libelle, exact: true }).hover();
    await nav.getByRole('link', { name: items[0]!.LIBELLE, exact: true }).waitFor();
    await expectAccessible(page);
    await page.keyboard.press('Escape');
    await page.getByRole('heading', { level: 1 }).hover();
  }
}

/**
 * Sorted by price and kept in stock and in a price range around one article that can be added as is:
 * the URL carries it all, and the page shows what the API answers for it.
 */
async function sortAndFilter(page: Page, familyCode: string): Promise<ArticleCard> {
  await page.getByLabel('Trier par', { exact: true }).first().selectOption({ label: 'Prix croissant' });
  await expect.poll(() => new URL(page.url()).searchParams.get('tri')).toBe('prix-croissant');
  // By the keyboard: on a phone the sticky header may cover the box's spot while the page scrolls.
  await page.getByRole('checkbox', { name: 'En stock dans mon agence' }).focus();
  await page.keyboard.press('Space');
  await expect.poll(() => new URL(page.url()).searchParams.get('enStock')).toBe('1');

  const inStock = await getJson(
    page,
    `/catalogue/familles/${familyCode}?tri=prix-croissant&enStock=1&size=96`,
    (v) => familyPage.parse(v),
  );
  let article: ArticleCard | undefined;
  for (const candidate of inStock.articles.elements)
    if (await addableAsIs(page, candidate)) {
      article = candidate;
      break;
    }
  if (!article) throw new Error(`Aucun article en stock sans déclinaison ni découpe dans ${familyCode}`);
  const low = Math.floor(article.prixHT!);
  const high = Math.ceil(article.prixHT!) + 1;
  await page.getByRole('textbox', { name: 'Prix min. HT (€)' }).fill(String(low));
  await page.getByRole('textbox', { name: 'Prix max. HT (€)' }).fill(String(high));
  await page.getByRole('button', { name: 'Appliquer' }).click();
  await expect.poll(() => new URL(page.url()).searchParams.get('prixMax')).toBe(String(high));
  const url = new URL(page.url());
  expect(Object.fromEntries(url.searchParams)).toMatchObject({
    tri: 'prix-croissant',
    enStock: '1',
    prixMin: String(low),
    prixMax: String(high),
  });

  const shown = await getJson(page, `/catalogue/familles/${familyCode}${url.search}`, (v) =>
    familyPage.parse(v),
  );
  expect(shown.articles.elements.map((a) => a.codeArticle)).toContain(article.codeArticle);
  for (const [i, a] of shown.articles.elements.entries()) {
    expect(a.prixHT!).toBeGreaterThanOrEqual(low);
    expect(a.prixHT!).toBeLessThanOrEqual(high);
    expect(['enStock', 'quantiteLimitee']).toContain(a.infoStock.INFO_STOCK);
    if (i > 0) expect(a.prixHT!).toBeGreaterThanOrEqual(shown.articles.elements[i - 1]!.prixHT!);
  }
  const tiles = page.getByRole('list', { name: 'Articles' });
  await expect.poll(() => tiles.getByRole('listitem').count()).toBe(shown.articles.elements.length);
  await tiles.getByRole('link', { name: article.designation }).first().waitFor();
  return article;
}

describe('the whole path of a shopper', () => {
  let smtp: TestSmtpServer;

  beforeAll(async () => {
    smtp = await startSmtpServer();
  });
  afterAll(async () => {
    await smtp?.close();
  });
  // A server of its own, started once the SMTP server is (the hooks run in order), closed before it.
  const shop = useShop({
    own: { customerEmails: { [CUSTOMER.code]: CUSTOMER_EMAIL } },
    env: () => ({ SMTP_URL: smtp.url }),
  });

  /** A page of its own at `viewport`, the test customer logged in, its cart empty. */
  async function customerPage(viewport: { width: number; height: number }): Promise<Page> {
    const page = await shop.page('customer', { viewport });
    await emptyCart(page);
    return page;
  }

  for (const viewport of [PHONE, WIDE_SCREEN]) {
    const phone = viewport.width === PHONE.width;

    it(`at ${viewport.width} px: from the home to a card order, its mail, and the order again`, async () => {
      const page = await customerPage(viewport);

      // Home, then the activities' menu.
      await page.goto('/');
      await page.getByRole('heading', { level: 1, name: 'Nos catégories' }).waitFor();
      await expectAccessible(page);
      await openMenu(page, phone);

      // A search with a typo finds the family; its option leads to the category page.
      const found = await getJson(page, `/rest/recherche/${TYPO}`, (v) => searchResult.parse(v));
      const family = found.categories.find((category) => /^ciments?$/i.test(category.libelle));
      expect(family, `familles trouvées pour « ${TYPO} »`).toBeDefined();
      expect(found.articles.some((article) => /ciment/i.test(article.designation))).toBe(true);
      const input = page.getByRole('banner').getByRole('combobox', { name: 'Rechercher un produit' });
      await input.fill(TYPO);
      const results = page.getByRole('listbox', { name: 'Résultats de la recherche' });
      const option = results.getByRole('option', { name: family!.libelle, exact: true });
      await option.waitFor();
      await expectAccessible(page);
      await option.click();
      await expect.poll(() => new URL(page.url()).pathname).toBe(family!.link);
      await page.getByRole('heading', { level: 1, name: family!.libelle }).waitFor();

      // Sorted and filtered, then the product.
      const article = await sortAndFilter(page, family!.id);
      await expectAccessible(page);
      await page
        .getByRole('list', { name: 'Articles' })
        .getByRole('link', { name: article.designation })
        .first()
        .click();
      await expect.poll(() => new URL(page.url()).pathname).toBe(article.lien);
      await page.getByRole('heading', { level: 1, name: article.designation }).waitFor();
      await expectAccessible(page);
      await page.getByRole('button', { name: 'Ajouter au panier' }).click();
      await page.getByText('Article ajouté au panier').first().waitFor();

      // The cart, then the checkout: pickup costs nothing, the card is paid on the provider's page.
      await page
        .getByRole('banner')
        .getByRole('link', { name: /^Panier \(/ })
        .click();
      const lines = page.getByRole('table', { name: 'Lignes du panier' });
      await lines.getByRole('link', { name: article.designation }).first().waitFor();
      await expectAccessible(page);
      await page.getByRole('link', { name: 'Commander' }).click();
      await page.getByRole('heading', { level: 1, name: 'Commande' }).waitFor();
      const carriers = page.getByRole('radiogroup', { name: /Transporteur/ });
      await carriers.getByRole('radio', { name: 'Retrait en agence' }).check();
      const summary = page.getByRole('region', { name: 'Récapitulatif' });
      await summary.getByText('Gratuit', { exact: true }).waitFor();
      expect(await page.getByRole('main').innerText()).not.toMatch(/Frais de port :/);
      const orderId = await payByCard(page, 'accepted');
      const main = page.getByRole('main');
      await main.getByText(/enregistrée et transmise/).waitFor();
      await main.getByText(PAYMENT_STATUS_LABELS.VAL).first().waitFor();
      await expectAccessible(page);

      // The confirmation mail, through the SMTP server.
      const orders = await getJson(page, '/rest/compte/mouvements?page=0', (v) => accountOrderList.parse(v));
      const placed = orders.elements[0]!;
      expect(placed.id).toBe(orderId);
      const mail = await mailTo(
        smtp,
        CUSTOMER_EMAIL,
        `Comptoir : confirmation de votre commande ${placed.numero}`,
      );
      expect(mail.to).toMatchObject({ text: CUSTOMER_EMAIL });
      expect(mail.text).toContain(article.designation);
      expect(mail.text).toContain(`/compte/detail-mouvement/${orderId}`);

      // The account, the order, then the order again.
      await page.getByRole('banner').getByRole('button', { name: CUSTOMER.login, exact: true }).click();
      await page.getByRole('menuitem', { name: 'Mon compte' }).click();
      const table = page.getByRole('table', { name: 'Mes commandes' });
      await table.getByRole('link', { name: `Commande ${placed.numero}` }).click();
      await expect.poll(() => new URL(page.url()).pathname).toBe(`/compte/detail-mouvement/${orderId}`);
      await page.getByRole('heading', { level: 1, name: new RegExp(placed.numero) }).waitFor();
      await main.getByText(article.designation).first().waitFor();
      await expectAccessible(page);
      await page.goBack();
      await table.getByRole('button', { name: `Commander à nouveau la commande ${placed.numero}` }).click();
      await page.getByText('1 ligne ajoutée au panier').first().waitFor();
      await expectAccessible(page);
      const cart = await getJson(page, '/rest/panier', (v) => cartSchema.parse(v));
      expect(cart.lignes.map((line) => [line.codeArticle, line.quantite])).toEqual([
        [article.codeArticle, 1],
      ]);
      await page.goto('/panier');
      await lines.getByRole('link', { name: article.designation }).first().waitFor();
      await emptyCart(page);
      await page.context().close();
      // The longest walk of the suite (about 45 s alone, twice that with other builds beside it): a time
      // limit, not a speed check.
    }, 150_000);
  }

  it('a card refused on the provider’s page: the order waits and the customer is told by mail', async () => {
    const page = await customerPage(WIDE_SCREEN);
    const [code] = await simpleArticleCodes(page, 1);
    const added = await page.request.post('/rest/panier/lignes', {
      data: { codeArticle: code, quantite: 2 },
    });
    expect(added.status()).toBe(200);
    const carriers = await openCheckout(page);
    await carriers.getByRole('radio', { name: 'Retrait en agence' }).check();
    // The checkout and the provider's page passed axe at both widths on the whole path above.
    const orderId = await payByCard(page, 'refused', async () => {});
    const main = page.getByRole('main');
    await main.getByText(/paiement refusé, en attente de validation/).waitFor();
    await main.getByText(PAYMENT_STATUS_LABELS.ATT).first().waitFor();
    await accessibleAtBothWidths(page);

    const orders = await getJson(page, '/rest/compte/mouvements?page=0', (v) => accountOrderList.parse(v));
    const waiting = orders.elements.find((order) => order.id === orderId)!;
    expect(waiting.libelleStatutPaiement).toBe(PAYMENT_STATUS_LABELS.ATT);
    const mail = await mailTo(
      smtp,
      CUSTOMER_EMAIL,
      `Comptoir : paiement refusé pour la commande ${waiting.numero}`,
    );
    expect(mail.to).toMatchObject({ text: CUSTOMER_EMAIL });
    await page.context().close();
  });

  it('quick order: five lines, the unknown code in red, the other four added', async () => {
    const page = await customerPage(PHONE);
    await quickOrderWithOneUnknownCode(page, accessibleAtBothWidths);
    await emptyCart(page);
    await page.context().close();
  });

  it('forgotten password: the mailed link sets a new one, which logs in', async () => {
    const page = await shop.page('visitor', { viewport: PHONE });
    await requestPasswordReset(page, CUSTOMER_EMAIL, accessibleAtBothWidths);
    const mail = await mailTo(smtp, CUSTOMER_EMAIL, /réinitialisation de votre mot de passe$/);
    expect(mail.to).toMatchObject({ text: CUSTOMER_EMAIL });
    const password = 'Retrouve-par-courriel-2026';
    await resetPasswordThroughLink(page, mail.text ?? '', password, accessibleAtBothWidths);
    await loginThroughPage(page, { login: CUSTOMER.login, password });
    await page.waitForURL((url) => url.pathname !== '/connexion');
    const me = (await (await page.request.get('/auth/me')).json()) as { login: string };
    expect(me.login).toBe(CUSTOMER.login);
    await page.context().close();
  });
});
