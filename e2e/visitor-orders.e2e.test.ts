// Ordering without an account in Chromium, on a server of this file's own (temporary accounts on, the
// test customer over a tiny credit limit with offline payments blocked): a visitor checks out through
// the temporary-account form; with 'Commande sans compte' off a visitor's cart asks to log in; turned on
// on the settings screen, visitors in other browser contexts fill carts of their own (the drawn quantity
// waiting for the product page's hydration) and order as the visitor customer; the customer over its
// limit cannot choose cheque or transfer. axe at 1440 and 390 px.
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { cart as cartSchema, checkoutOptions } from '@comptoir/shared/cart';
import { categorieList, familyPage, type ArticleCard } from '@comptoir/shared/catalogue';
import { STOREFRONT_ACCESS_MESSAGES } from '@comptoir/shared/connection-settings';
import { PAYMENT_STATUS_LABELS, SETTING_KEYS } from '@comptoir/shared/domain';
import { ENCOURS_MESSAGES } from '@comptoir/shared/encours';
import { CUSTOMER } from './support/accounts';
import { holdModules, untilInteractive } from './support/browser';
import { useShop } from './support/setup';
import { answerOnTestProvider, payOnTestProvider, acceptCgv } from './support/payment';
import { accessibleAtBothWidths } from './support/shop';

const VISITOR_CUSTOMER = 'C000002';

/** An article without declinaisons nor cut to size, priced between 20 and 200 € HT. */
async function findArticle(page: Page): Promise<ArticleCard> {
  const roots = categorieList.parse(await (await page.request.get('/catalogue/categories')).json());
  for (const root of roots) {
    const family = familyPage.parse(
      await (await page.request.get(`/catalogue/familles/${root.code}?page=0&size=96`)).json(),
    );
    for (const found of family.articles.elements) {
      if (found.hasDeclinaisons || (found.prixHT ?? 0) < 20 || (found.prixHT ?? 0) > 200) continue;
      const cut = (await (
        await page.request.get(`/catalogue/articles/${found.codeArticle}/decoupe`)
      ).json()) as {
        surMesure?: boolean;
      };
      if (!cut.surMesure) return found;
    }
  }
  throw new Error('Aucun article entre 20 et 200 € HT dans les données de démonstration');
}

async function addToCart(page: Page, article: ArticleCard) {
  await page.goto(article.lien);
  await page.getByRole('button', { name: 'Ajouter au panier' }).click();
  await page.getByText('Article ajouté au panier').first().waitFor();
}

/** The checkout with the first carrier and `method` (a card is paid on the provider's page). */
async function checkout(page: Page, method: string) {
  await page.goto('/panier/commande');
  await page.getByRole('heading', { level: 1, name: 'Commande' }).waitFor();
  await page
    .getByRole('radiogroup', { name: /Transporteur/ })
    .getByRole('radio')
    .first()
    .check();
  await page.getByRole('radio', { name: method }).check();
}

describe('ordering without an account', () => {
  let article: ArticleCard;

  const shop = useShop({
    own: {
      settings: {
        [SETTING_KEYS.allowAnonymousAccess]: '1',
        [SETTING_KEYS.visiteurCodeClient]: VISITOR_CUSTOMER,
        [SETTING_KEYS.allowAnonymousCommande]: '0',
        [SETTING_KEYS.anonymousAccount]: '1',
        [SETTING_KEYS.typeClientTemporaire]: 'PAR',
        [SETTING_KEYS.activateEncoursChecking]: '1',
        [SETTING_KEYS.blockOfflinePayment]: '1',
      },
      creditLimits: { [CUSTOMER.code]: 1 },
      invoicedCustomers: [CUSTOMER.code],
    },
  });

  beforeAll(async () => {
    const probe = await shop.page();
    article = await findArticle(probe);
    await probe.context().close();
  });

  it('checks a visitor out through the temporary-account form', async () => {
    const page = await shop.page();
    await page.goto('/connexion');
    await page.getByRole('link', { name: /commander sans compte/ }).click();
    await expect.poll(() => new URL(page.url()).pathname).toBe('/inscription');
    const form = page.getByRole('form', { name: 'Commander sans compte' });
    await form.getByLabel(/^Adresse e-mail/).waitFor();
    await accessibleAtBothWidths(page);

    await form.getByLabel(/^Adresse e-mail/).fill(`passage-${Date.now().toString(36)}@exemple.fr`);
    await form.getByLabel(/^Nom et prénom/).fill('Claire Martin');
    await form.locator('input[name="ligne1"]').fill('3 place du Marché');
    await form.getByLabel(/^Code postal/).fill('74000');
    await form.getByLabel(/^Ville/).fill('Annecy');
    await form.getByRole('button', { name: 'Continuer sans compte' }).click();
    await page.waitForURL((url) => url.pathname === '/');
    const me = (await (await page.request.get('/auth/me')).json()) as { codeClient: string };
    expect(me.codeClient).toMatch(/^WEB\d{6}$/);

    await addToCart(page, article);
    await checkout(page, 'Carte bancaire');
    await accessibleAtBothWidths(page);
    await acceptCgv(page);
    await page.getByRole('button', { name: 'Valider la commande' }).click();
    await payOnTestProvider(page, 'accepted');
    await page.getByRole('main').getByText(PAYMENT_STATUS_LABELS.VAL).first().waitFor();
    await page.context().close();
  }, 180_000);

  it("with 'Commande sans compte' off, a visitor's cart asks to log in and the server refuses it", async () => {
    const page = await shop.page();
    await page.goto(article.lien);
    await page.getByRole('link', { name: 'Connectez-vous pour commander' }).waitFor();
    expect(await page.getByRole('button', { name: 'Ajouter au panier' }).count()).toBe(0);
    await page.goto('/panier');
    await page.getByText(STOREFRONT_ACCESS_MESSAGES.orderLoginRequired).waitFor();
    const link = page.getByRole('main').getByRole('link', { name: 'Se connecter' });
    expect(await link.getAttribute('href')).toBe('/connexion?redirectTo=%2Fpanier');
    await accessibleAtBothWidths(page);
    const refused = await page.request.post('/rest/panier/lignes', {
      data: { codeArticle: article.codeArticle, quantite: 1 },
    });
    expect(refused.status()).toBe(401);
    expect(((await refused.json()) as { message: string }).message).toBe(
      STOREFRONT_ACCESS_MESSAGES.orderLoginRequired,
    );
    await page.context().close();
  }, 180_000);

  // Two visitors, both ordering as the visitor customer, kept from one test to the next.
  let first: Page;
  let second: Page;

  it('turned on on the settings screen: visitors in two browsers fill carts of their own', async () => {
    const admin = await shop.page('admin');
    await admin.getByRole('heading', { name: 'Accueil', level: 1 }).waitFor();
    await admin.goto('/openweb/admin/admin_parametresConnexion');
    const ordering = admin.getByRole('switch', { name: /^Commande sans compte/ });
    await ordering.waitFor({ state: 'attached' });
    expect(await ordering.isChecked()).toBe(false);
    await ordering.click({ force: true });
    const saved = admin.waitForResponse(
      (r) => r.request().method() === 'PUT' && new URL(r.url()).pathname === '/admin/parametres/connexion',
    );
    await admin.getByRole('button', { name: 'Enregistrer' }).click();
    expect((await saved).status()).toBe(200);
    await admin.context().close();

    first = await shop.page();
    second = await shop.page();
    await addToCart(first, article);
    await first.goto('/panier');
    await first.getByRole('link', { name: article.designation }).first().waitFor();
    await accessibleAtBothWidths(first);

    // The other visitor does not see that cart.
    await second.goto('/panier');
    await second.getByText('Votre panier est vide').waitFor();
    const secondCart = cartSchema.parse(await (await second.request.get('/rest/panier')).json());
    expect(secondCart.nbLignes).toBe(0);
    await second.context().close();
  }, 180_000);

  it('keeps a drawn quantity disabled until the product page is hydrated, then adds what is typed', async () => {
    // The product page's own modules come late: a quantity typed before the hydration would stay in
    // the field but not in the form's state (1 would be added).
    const page = await shop.page();
    const release = await holdModules(page, /\/assets\/(shop-layout|product)-[\w-]+\.js$/);
    await page.goto(article.lien, { waitUntil: 'commit' });
    const quantity = page.getByRole('textbox', { name: 'Quantité' });
    await quantity.waitFor();
    expect(await quantity.isDisabled(), 'la quantité dessinée par le serveur, avant les scripts').toBe(true);
    release();
    await untilInteractive(page);
    expect(await quantity.isDisabled(), 'la quantité, une fois la page interactive').toBe(false);
    await quantity.fill('3');
    await page.getByRole('button', { name: 'Ajouter au panier' }).click();
    await page.getByText('Article ajouté au panier').first().waitFor();
    const cart = cartSchema.parse(await (await page.request.get('/rest/panier')).json());
    expect(cart.lignes.map((line) => [line.codeArticle, line.quantite])).toEqual([[article.codeArticle, 3]]);
    await page.context().close();
  }, 180_000);

  it('a visitor types its own address, accepts the CGV, pays by card, and gets the confirmation', async () => {
    await first.goto('/panier/commande');
    await first.getByRole('heading', { level: 1, name: 'Commande' }).waitFor();
    // Never the visitor customer's address: only what this visitor types.
    const addresses = first.getByRole('radiogroup', { name: /Votre adresse de livraison/ });
    await addresses.getByText('Saisissez l’adresse où livrer la commande.').waitFor();
    const typed = first.getByRole('group', { name: 'Nouvelle adresse de livraison' });
    await typed.getByRole('textbox', { name: /^Adresse/ }).fill('12 rue des Lilas');
    await typed.getByRole('textbox', { name: /^Code postal/ }).fill('69 007');
    await typed.getByRole('textbox', { name: /^Ville/ }).fill('Lyon');
    await typed.getByRole('button', { name: 'Utiliser cette adresse' }).click();
    await addresses.getByRole('radio', { name: 'Livraison à Lyon' }).waitFor();
    expect(await addresses.getByRole('radio', { name: 'Livraison à Lyon' }).isChecked()).toBe(true);
    await first.getByText('12 rue des Lilas, 69007 Lyon').waitFor();
    const options = checkoutOptions.parse(await (await first.request.get('/rest/panier/livraison')).json());
    expect(options.adresses.map((a) => a.ligne1)).toEqual(['12 rue des Lilas']);

    await first.getByRole('textbox', { name: /^Nom et prénom/ }).fill('Jeanne Martin');
    await first.getByRole('textbox', { name: /^Courriel/ }).fill('jeanne.martin@exemple.fr');
    expect(await first.getByRole('checkbox', { name: /facturation identique/ }).isChecked()).toBe(true);
    await first
      .getByRole('radiogroup', { name: /Transporteur/ })
      .getByRole('radio')
      .first()
      .check();
    await first.getByRole('radio', { name: 'Carte bancaire' }).check();
    expect(await first.getByRole('radio', { name: 'Paiement en compte' }).count()).toBe(0);
    // Without the CGV accepted, the order cannot be placed.
    expect(await first.getByRole('button', { name: 'Valider la commande' }).isDisabled()).toBe(true);
    const cgvLink = first.getByRole('link', { name: /conditions générales de vente/ });
    expect(await cgvLink.getAttribute('href')).toBe('/conditions-generales-de-vente');
    await acceptCgv(first);
    await accessibleAtBothWidths(first);
    await first.getByRole('button', { name: 'Valider la commande' }).click();
    // Back from the provider's page to the checkout page itself: a visitor has no account.
    await answerOnTestProvider(first, 'accepted');
    await first.waitForURL(/\/panier\/commande\?paiement=accepted&commande=/);
    await first
      .getByRole('status')
      .getByText(/^Commande W\d{4}-\d{6} enregistrée et transmise$/)
      .waitFor();
    const emptied = cartSchema.parse(await (await first.request.get('/rest/panier')).json());
    expect(emptied.nbLignes).toBe(0);
    await first.context().close();
  }, 180_000);

  it('shows the legal pages from every page’s footer; the back office’s “Pages du site” edits them', async () => {
    const visitor = await shop.page();
    await visitor.goto('/');
    const footer = visitor.getByRole('navigation', { name: 'Informations légales' });
    await footer.getByRole('link', { name: 'Contact' }).click();
    await visitor.getByRole('heading', { level: 1, name: 'Contact' }).waitFor();
    await visitor.getByRole('heading', { level: 2, name: 'Nos agences' }).waitFor();
    await visitor.getByRole('heading', { level: 3, name: 'Lyon Gerland' }).waitFor();
    await visitor
      .getByText(/Horaires : Lundi au vendredi/)
      .first()
      .waitFor();
    await accessibleAtBothWidths(visitor);
    await footer.getByRole('link', { name: 'Conditions générales de vente' }).click();
    await visitor.getByRole('heading', { level: 1, name: 'Conditions générales de vente' }).waitFor();
    await visitor.getByText(/^Version 1 du /).waitFor();
    await visitor.getByRole('heading', { level: 2, name: /Article 1/ }).waitFor();
    await accessibleAtBothWidths(visitor);

    const admin = await shop.page('admin');
    await admin.getByRole('heading', { name: 'Accueil', level: 1 }).waitFor();
    await admin.getByRole('navigation').getByRole('link', { name: 'Pages du site' }).first().click();
    await admin.getByRole('heading', { level: 1, name: 'Pages du site' }).waitFor();
    await admin.getByText('Mentions légales', { exact: true }).click();
    await admin.getByRole('heading', { level: 2, name: 'Mentions légales' }).waitFor();
    const text = admin.getByRole('textbox', { name: /Texte \(Markdown\)/ });
    await text.fill('## Éditeur\n\nComptoir **Lyon** <script>window.hacked = 1</script>');
    await admin.getByRole('button', { name: 'Aperçu' }).click();
    const preview = admin.getByRole('region', { name: 'Aperçu de la page' });
    await preview.getByRole('heading', { level: 2, name: 'Éditeur' }).waitFor();
    // The script is shown as text, never run.
    await preview.getByText(/<script>window\.hacked = 1<\/script>/).waitFor();
    await accessibleAtBothWidths(admin);
    await admin.getByRole('button', { name: 'Enregistrer' }).click();
    await admin.getByText('Page « Mentions légales » enregistrée : version 2').first().waitFor();
    await admin
      .getByRole('table', { name: /Versions/ })
      .getByRole('cell', { name: '2', exact: true })
      .first()
      .waitFor();
    await admin.context().close();

    await visitor.goto('/mentions-legales');
    await visitor.getByRole('heading', { level: 2, name: 'Éditeur' }).waitFor();
    expect(await visitor.evaluate(() => (window as { hacked?: number }).hacked)).toBeUndefined();
    await accessibleAtBothWidths(visitor);
    await visitor.context().close();
  }, 180_000);

  it('disables cheque and transfer, with the reason, for a customer over its limit', async () => {
    const page = await shop.page('customer');
    await addToCart(page, article);
    await checkout(page, 'Carte bancaire');
    expect(await page.getByRole('radio', { name: 'Chèque' }).isDisabled()).toBe(true);
    expect(await page.getByRole('radio', { name: 'Virement' }).isDisabled()).toBe(true);
    expect(await page.getByText(ENCOURS_MESSAGES.offlineRefused).count()).toBe(2);
    await accessibleAtBothWidths(page);
    // The server refuses them all the same.
    const options = checkoutOptions.parse(await (await page.request.get('/rest/panier/livraison')).json());
    const refused = await page.request.post('/rest/panier/commande', {
      data: {
        adresseId: options.adresseId,
        transporteurId: options.transporteurs[0]!.id,
        modeReglement: 'cheque',
        versionCGV: options.cgv?.version,
      },
    });
    expect(refused.status()).toBe(400);
    expect(((await refused.json()) as { message: string }).message).toBe(ENCOURS_MESSAGES.offlineRefused);
    await page.context().close();
  }, 180_000);
});
