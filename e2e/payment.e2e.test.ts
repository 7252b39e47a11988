// The checkout's carriers and the hosted card payment in Chromium, as the demo customer: pickup at the
// agency costs nothing and says so once (on a 390 px phone), the card is paid on the test provider's
// hosted page (no card field anywhere on the shop), refused then accepted, each coming back to the order.
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { cart as cartSchema } from '@comptoir/shared/cart';
import { categorieList, familyPage } from '@comptoir/shared/catalogue';
import { PAYMENT_STATUS_LABELS } from '@comptoir/shared/domain';
import { useShop } from './support/setup';
import { openCheckout, payByCard, payOnTestProvider, acceptCgv } from './support/payment';
import { emptyCart } from './support/shop';

/** Empties the cart, then puts one article without declinaison in it (through the API). */
async function cartWithOneArticle(page: Page) {
  await emptyCart(page);
  const roots = categorieList.parse(await (await page.request.get('/catalogue/categories')).json());
  for (const root of roots) {
    const { articles } = familyPage.parse(
      await (
        await page.request.get(`/catalogue/familles/${encodeURIComponent(root.code)}?page=0&size=48`)
      ).json(),
    );
    const simple = articles.elements.find((a) => !a.hasDeclinaisons);
    if (!simple) continue;
    const added = await page.request.post('/rest/panier/lignes', {
      data: { codeArticle: simple.codeArticle, quantite: 1 },
    });
    expect(added.status()).toBe(200);
    return;
  }
  throw new Error('Aucun article sans déclinaison dans les données de démonstration');
}

describe('checkout: free pickup and hosted card payment', () => {
  const shop = useShop();
  let page: Page;

  beforeAll(async () => {
    page = await shop.page('customer');
  });

  it('on a phone: pickup is free and said once; the card refused on the provider’s page leaves the order waiting', async () => {
    await page.setViewportSize({ width: 390, height: 844 });
    await cartWithOneArticle(page);
    const carriers = await openCheckout(page);
    await carriers.getByRole('radio', { name: 'Retrait en agence' }).check();
    // Its price heading: 'Gratuit' (said once for every carrier that costs nothing).
    await carriers
      .getByText(/^Gratuit/)
      .first()
      .waitFor();
    const summary = page.getByRole('region', { name: 'Récapitulatif' });
    await summary.getByText('Gratuit', { exact: true }).waitFor();
    const text = await page.getByRole('main').innerText();
    expect(text).not.toMatch(/Frais de port :/);
    expect(text).not.toMatch(/zone/i);
    // Nothing runs off the phone's screen.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

    const orderId = await payByCard(page, 'refused');
    const main = page.getByRole('main');
    await main.getByText(/paiement refusé, en attente de validation/).waitFor();
    await main.getByText(PAYMENT_STATUS_LABELS.ATT).first().waitFor();
    expect(orderId).toBeGreaterThan(0);
  });

  it('at 1440 px: a delivery carrier, the card accepted on the provider’s page: the order is validated', async () => {
    await page.setViewportSize({ width: 1440, height: 900 });
    await cartWithOneArticle(page);
    const carriers = await openCheckout(page);
    await carriers.getByRole('radio', { name: 'Comptoir Livraison' }).check();
    await page.getByRole('radio', { name: 'Carte bancaire' }).check();
    await acceptCgv(page);
    await page.getByRole('button', { name: 'Valider la commande' }).click();
    await payOnTestProvider(page, 'accepted');
    const main = page.getByRole('main');
    await main.getByText(PAYMENT_STATUS_LABELS.VAL).first().waitFor();
    await main.getByText(/enregistrée et transmise/).waitFor();
    expect(cartSchema.parse(await (await page.request.get('/rest/panier')).json()).nbLignes).toBe(0);
  });
});
