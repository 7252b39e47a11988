// Sign-up and the credit limit in Chromium, on a server of this file's own whose settings let
// professionals sign up and check credit limits (blocking): a visitor signs up as a professional at
// 390 px wide (a bad SIRET refused first) and orders on account; the test customer, given a limit of
// 1 000 € with nothing outstanding, sees it on its cart, is refused an order on account over it and
// places one under it (the checkout disables on account with the reason, the server refuses it too).
// axe on the sign-up page and the cart.
import { acceptCgv } from './support/payment';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { cart as cartSchema, checkoutOptions } from '@comptoir/shared/cart';
import { categorieList, familyPage, type ArticleCard } from '@comptoir/shared/catalogue';
import { SETTING_KEYS } from '@comptoir/shared/domain';
import { ENCOURS_LABELS } from '@comptoir/shared/encours';
import { formatEuros } from '@comptoir/shared/format';
import { PAYMENT_STATUS_LABELS } from '@comptoir/shared/domain';
import { SIGNUP_MESSAGES } from '@comptoir/shared/signup';
import { CUSTOMER } from './support/accounts';
import { expectAccessible } from './support/browser';
import { useShop } from './support/setup';
import { emptyCart } from './support/shop';

const LIMIT = 1000;

/** An article without declinaisons priced between 20 and 200 € HT. */
async function findArticle(page: Page): Promise<ArticleCard> {
  const roots = categorieList.parse(await (await page.request.get('/catalogue/categories')).json());
  for (const root of roots) {
    const family = familyPage.parse(
      await (await page.request.get(`/catalogue/familles/${root.code}?page=0&size=96`)).json(),
    );
    const found = family.articles.elements.find(
      (a) => !a.hasDeclinaisons && (a.prixHT ?? 0) >= 20 && (a.prixHT ?? 0) <= 200,
    );
    if (found) return found;
  }
  throw new Error('Aucun article entre 20 et 200 € HT dans les données de démonstration');
}

/** Checkout with the first carrier, paying on account. */
async function payOnAccount(page: Page) {
  await page.goto('/panier/commande');
  await page.getByRole('heading', { level: 1, name: 'Commande' }).waitFor();
  await page
    .getByRole('radiogroup', { name: /Transporteur/ })
    .getByRole('radio')
    .first()
    .check();
  await page.getByRole('radio', { name: 'Paiement en compte' }).check();
  await acceptCgv(page);
  await page.getByRole('button', { name: 'Valider la commande' }).click();
}

describe('sign-up and credit limit', () => {
  const shop = useShop({
    own: {
      settings: {
        [SETTING_KEYS.allowProAccount]: '1',
        [SETTING_KEYS.activateEncoursChecking]: '1',
        [SETTING_KEYS.blockOnEncoursError]: '1',
      },
      creditLimits: { [CUSTOMER.code]: LIMIT },
      invoicedCustomers: [CUSTOMER.code],
    },
  });

  it('signs a professional up at 390 px and lets it order on account at once', async () => {
    const page = await shop.page();
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/connexion');
    await page.getByRole('link', { name: /Créer un compte/ }).click();
    await expect.poll(() => new URL(page.url()).pathname).toBe('/inscription');
    const form = page.getByRole('form', { name: 'Créer un compte' });
    await form.getByText('Vous êtes : un professionnel').waitFor();
    await expectAccessible(page);

    const email = `achats-${Date.now().toString(36)}@maconnerie-durand.fr`;
    await form.getByLabel(/^Raison sociale/).fill('Maçonnerie Durand');
    await form.getByLabel(/^SIRET/).fill('732 829 320 00075');
    await form.getByLabel(/^Nom et prénom du contact/).fill('Paul Durand');
    await form.getByLabel(/^Adresse e-mail/).fill(email);
    await form.getByLabel(/^Mot de passe/).fill('un mot de passe solide');
    await form.locator('input[name="ligne1"]').fill('12 rue des Tanneurs');
    await form.getByLabel(/^Code postal/).fill('69007');
    await form.getByLabel(/^Ville/).fill('Lyon');
    await form.getByRole('button', { name: 'Créer mon compte' }).click();
    await form.getByText(SIGNUP_MESSAGES.siretInvalid).waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

    await form.getByLabel(/^SIRET/).fill('732 829 320 00074');
    await form.getByRole('button', { name: 'Créer mon compte' }).click();
    // Argon2 hashes the password: give the sign-up the time a login takes on a busy machine.
    await page.waitForURL((url) => url.pathname === '/');
    const me = await (await page.request.get('/auth/me')).json();
    expect(me).toMatchObject({ login: email, role: 'client' });

    const article = await findArticle(page);
    await page.goto(article.lien);
    await page.getByRole('button', { name: 'Ajouter au panier' }).click();
    await page.getByText('Article ajouté au panier').waitFor();
    await payOnAccount(page);
    await page.waitForURL(/\/compte\/detail-mouvement\/\d+$/);
    await page.getByRole('main').getByText(PAYMENT_STATUS_LABELS.TER).first().waitFor();
    await page.context().close();
  });

  it('refuses an order on account over the credit limit and places one under it', async () => {
    const page = await shop.page('customer');
    await emptyCart(page);
    const article = await findArticle(page);
    const over = Math.ceil(LIMIT / article.prixHT!) + 1; // more than the limit HT alone
    expect(
      (
        await page.request.post('/rest/panier/lignes', {
          data: { codeArticle: article.codeArticle, quantite: over },
        })
      ).status(),
    ).toBe(200);

    await page.goto('/panier');
    const encours = page.getByRole('region', { name: ENCOURS_LABELS.title });
    await encours.getByText(ENCOURS_LABELS.limit).waitFor();
    expect(await encours.getByText(formatEuros(LIMIT)).count()).toBe(2); // the limit, and all of it left
    await expectAccessible(page);

    // The checkout does not offer what the server would refuse: on account is disabled, with the reason.
    await page.goto('/panier/commande');
    await page.getByRole('heading', { level: 1, name: 'Commande' }).waitFor();
    await page
      .getByRole('radiogroup', { name: /Transporteur/ })
      .getByRole('radio')
      .first()
      .check();
    expect(await page.getByRole('radio', { name: 'Paiement en compte' }).isDisabled()).toBe(true);
    await page.getByText(/^Commande refusée : elle dépasse votre encours autorisé/).waitFor();
    // And the server refuses it all the same.
    const options = checkoutOptions.parse(await (await page.request.get('/rest/panier/livraison')).json());
    const refused = await page.request.post('/rest/panier/commande', {
      data: {
        adresseId: options.adresseId,
        transporteurId: options.transporteurs[0]!.id,
        modeReglement: 'compte',
        versionCGV: options.cgv?.version,
      },
    });
    expect(refused.status()).toBe(400);
    expect(((await refused.json()) as { message: string }).message).toMatch(
      /^Commande refusée : elle dépasse votre encours autorisé/,
    );
    const kept = cartSchema.parse(await (await page.request.get('/rest/panier')).json());
    expect(kept.lignes[0]?.quantite).toBe(over);

    await page.request.patch(`/rest/panier/lignes/${kept.lignes[0]!.id}`, { data: { quantite: 1 } });
    await payOnAccount(page);
    await page.waitForURL(/\/compte\/detail-mouvement\/\d+$/);

    // The account shows what that order uses of the limit.
    await page.goto('/compte');
    const after = page.getByRole('region', { name: ENCOURS_LABELS.title });
    await after.getByText(ENCOURS_LABELS.used).waitFor();
    const used = (await (await page.request.get('/rest/compte/encours')).json()) as { utilise: number };
    expect(used.utilise).toBeGreaterThan(0);
    await after.getByText(formatEuros(used.utilise)).waitFor();
    await page.context().close();
  });
});
