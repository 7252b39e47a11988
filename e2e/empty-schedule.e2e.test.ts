// An empty fee schedule on the real server with the demo data (docs/contract/checkout-and-payments.md, Checkout and The
// back-office home): after 'Supprimer l'ensemble des forfaits existants', the checkout offers pickup
// alone and says why, or says that nothing can deliver once pickup is off too; an order on the crane
// truck is refused; the back-office home warns. Axe at 390 and 1440 px.
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { cart as cartSchema } from '@comptoir/shared/cart';
import { AVAILABILITY_MESSAGES, SHIPPING_WARNINGS } from '@comptoir/shared/shipping/availability';
import { expectAccessible } from './support/browser';
import { useShop } from './support/setup';
import { openCheckout } from './support/payment';
import { accessibleAtBothWidths, simpleArticleCodes } from './support/shop';

describe('an empty fee schedule', () => {
  // A server of its own: the shared one's schedule stays whole for the other files' deliveries.
  const shop = useShop({ own: {} });
  let admin: Page;
  let shopper: Page;

  beforeAll(async () => {
    admin = await shop.page('admin');
    await admin.getByRole('heading', { name: 'Accueil', level: 1 }).waitFor();
    shopper = await shop.page('customer');
    const [code] = await simpleArticleCodes(shopper, 1);
    const added = await shopper.request.post('/rest/panier/lignes', {
      data: { codeArticle: code, quantite: 2 },
    });
    expect(added.status()).toBe(200);
    expect(cartSchema.parse(await added.json()).nbLignes).toBe(1);
  });

  it('with the demo schedule, the checkout offers its delivery carriers and the home warns of nothing', async () => {
    const carriers = await openCheckout(shopper);
    await carriers.getByRole('radio', { name: 'Camion grue' }).waitFor();
    await carriers.getByRole('radio', { name: 'Retrait en agence' }).waitFor();
    expect(await shopper.getByText(AVAILABILITY_MESSAGES.pickupOnly).count()).toBe(0);
    const warned = admin.waitForResponse((r) => r.url().endsWith('/admin/accueil/alertes'));
    await admin.goto('/openweb/admin/admin_accueil');
    expect(await (await warned).json()).toEqual({ alertes: [] });
    expect(await admin.getByRole('alert').filter({ hasText: 'À corriger' }).count()).toBe(0);
  });

  it('deletes every forfait: the checkout offers pickup alone and says why, the crane truck is refused', async () => {
    await admin.goto('/openweb/admin/admin_forfaitsTransport');
    const panel = admin.getByRole('region', { name: 'Type de forfait' });
    await panel.getByRole('button', { name: "Supprimer l'ensemble des forfaits existants" }).click();
    const dialog = admin.getByRole('dialog', { name: 'Supprimer tous les forfaits de transport' });
    await dialog.getByRole('button', { name: 'Tout supprimer' }).click();
    await admin.getByText('Pas de forfait existant').waitFor();

    const carriers = await openCheckout(shopper);
    await carriers.getByText(AVAILABILITY_MESSAGES.pickupOnly).waitFor();
    await expect.poll(() => carriers.getByRole('radio').allInnerTexts()).toHaveLength(1);
    await carriers.getByRole('radio', { name: 'Retrait en agence' }).waitFor();
    expect(await carriers.getByText(/quel que soit le transporteur/).count()).toBe(0);
    await accessibleAtBothWidths(shopper);

    // The crane truck, asked for all the same, is refused and nothing is ordered.
    const options = (await (await shopper.request.get('/rest/panier/livraison')).json()) as {
      adresseId: number;
    };
    const refused = await shopper.request.post('/rest/panier/commande', {
      data: { adresseId: options.adresseId, transporteurId: 2, modeReglement: 'cheque' },
    });
    expect(refused.status()).toBe(400);
    expect(((await refused.json()) as { message: string }).message).toBe(
      AVAILABILITY_MESSAGES.carrierNotOffered,
    );
    expect(cartSchema.parse(await (await shopper.request.get('/rest/panier')).json()).nbLignes).toBe(1);
  });

  it('warns on the back-office home, with a link to the fee schedule', async () => {
    await admin.goto('/openweb/admin/admin_accueil');
    const alert = admin.getByRole('alert').filter({ hasText: 'À corriger' });
    await alert.getByText(SHIPPING_WARNINGS.emptySchedule).waitFor();
    await alert.getByText(SHIPPING_WARNINGS.carrierWithoutFee('Camion grue')).waitFor();
    await alert.getByText(SHIPPING_WARNINGS.carrierWithoutFee('Comptoir Livraison')).waitFor();
    expect(await alert.getByText(/Retrait en agence/).count()).toBe(0);
    await accessibleAtBothWidths(admin);
    await alert.getByRole('link', { name: 'Ouvrir les forfaits de transport' }).click();
    await admin.getByRole('heading', { name: 'Forfaits de transport', level: 1 }).waitFor();
  });

  it('with pickup off too, the checkout says that nothing can deliver', async () => {
    const off = await admin.request.post('/service/transporteur/4/etat', { data: { etat: false } });
    expect(off.status()).toBe(200);
    const carriers = await openCheckout(shopper);
    await carriers.getByText(AVAILABILITY_MESSAGES.noDelivery).waitFor();
    expect(await carriers.getByRole('radio').count()).toBe(0);
    expect(await shopper.getByRole('button', { name: 'Valider la commande' }).isDisabled()).toBe(true);
    await expectAccessible(shopper);
  });
});
