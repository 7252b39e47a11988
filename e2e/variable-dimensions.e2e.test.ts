// The variable-dimensions screen on the real server with the demo data (docs/contract/variable-dimensions-and-articles-cut-to-size.md, "Variable
// dimensions and articles cut to size"): add a line for a unit not yet saved, delete a saved line, save;
// 'Annuler' forgets changes; 'Valider' saves and lands on the home; axe on the screen. The demo's M2, PLQ
// and BAR lines are never touched: then a customer orders a bar cut to size from its product page, and
// the administrator finds its dimensions on the order detail and in the order's export file.
import fs from 'node:fs/promises';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import type { DecoupeArticle, LigneDimensionSaved } from '@comptoir/shared/dimensions';
import { orderListResponse } from '@comptoir/shared/orders/contract';
import { parseOrderExport } from '@comptoir/shared/orders/export-format';
import type { SearchResult } from '@comptoir/shared/search';
import { CUSTOMER } from './support/accounts';
import { expectAccessible } from './support/browser';
import { useShop } from './support/setup';
import { payOnTestProvider, acceptCgv } from './support/payment';

const URL = '/openweb/admin/admin_dimensionsVariables';
const TITLE = 'Choisir les dimensions variables pour chaque unité';

const shop = useShop();

describe('variable dimensions', () => {
  let page: Page;

  beforeAll(async () => {
    page = await shop.page('admin');
    await page.getByRole('heading', { name: 'Accueil', level: 1 }).waitFor();
  });

  const table = () => page.getByRole('table', { name: 'Dimensions variables par unité' });
  const toast = (text: string) => page.locator('.mantine-Notification-description', { hasText: text });
  const saved = async () =>
    (
      (await (await page.request.get('/admin/dimensionsVariables/liste')).json()) as LigneDimensionSaved[]
    ).map((line) => line.codeUnite);
  const checkbox = (dimension: string, unit: string) =>
    table().getByRole('checkbox', { name: `${dimension} variable pour ${unit}` });

  it('is reached from the navigation and passes axe', async () => {
    await page.getByRole('link', { name: 'Dimensions variables' }).first().click();
    await page.getByRole('heading', { name: TITLE, level: 1 }).waitFor();
    expect(new globalThis.URL(page.url()).pathname).toBe(URL);
    await checkbox('Longueur', 'M2').waitFor();
    expect(await checkbox('Longueur', 'M2').isChecked()).toBe(true);
    expect(await checkbox('Largeur', 'M2').isChecked()).toBe(true);
    expect(await checkbox('Hauteur', 'M2').isChecked()).toBe(false);
    await expectAccessible(page);
  });

  it('adds a line for a unit not saved yet, deletes a saved line, and saves both', async () => {
    expect(await saved()).toContain('ML');
    await page.getByRole('button', { name: 'Ajouter une nouvelle unité' }).click();
    const unit = table().getByRole('combobox', { name: 'Unité de la nouvelle ligne 1' });
    // Units that already have a line are not offered.
    const offered = await unit.locator('option').allTextContents();
    expect(offered.some((label) => label.startsWith('M2 '))).toBe(false);
    expect(offered).toContain('L - Litre');
    await unit.selectOption('L');
    await checkbox('Contenance', 'L').check();
    await expectAccessible(page);

    await table().getByRole('button', { name: 'Supprimer la ligne ML' }).click();
    await checkbox('Longueur', 'ML').waitFor({ state: 'detached' });
    // Nothing is saved yet.
    expect(await saved()).toContain('ML');
    expect(await saved()).not.toContain('L');

    await page.getByRole('button', { name: 'Enregistrer', exact: true }).click();
    await toast('Dimensions variables enregistrées').waitFor();
    expect(await saved()).toContain('L');
    expect(await saved()).not.toContain('ML');
    await page.reload();
    await checkbox('Contenance', 'L').waitFor();
    expect(await checkbox('Contenance', 'L').isChecked()).toBe(true);
  });

  it('refuses a new line without its unit with the server’s French message', async () => {
    await page.getByRole('button', { name: 'Ajouter une nouvelle unité' }).click();
    await page.getByRole('button', { name: 'Enregistrer', exact: true }).click();
    await toast("Choisissez l'unité de la nouvelle ligne").waitFor();
    expect(await saved()).not.toContain('');
  });

  it('forgets every change on Annuler', async () => {
    await page.getByRole('button', { name: 'Annuler' }).click();
    await table().getByRole('combobox').waitFor({ state: 'detached' });
    await table().getByRole('button', { name: 'Supprimer la ligne L' }).click();
    await page.getByRole('button', { name: 'Annuler' }).click();
    await checkbox('Contenance', 'L').waitFor();
    expect(await saved()).toContain('L');
  });

  it('puts things back with Valider, which saves and lands on the home', async () => {
    await table().getByRole('button', { name: 'Supprimer la ligne L' }).click();
    await page.getByRole('button', { name: 'Ajouter une nouvelle unité' }).click();
    await table().getByRole('combobox', { name: 'Unité de la nouvelle ligne 1' }).selectOption('ML');
    await checkbox('Longueur', 'ML').check();
    await page.getByRole('button', { name: 'Valider' }).click();
    await page.getByRole('heading', { name: 'Accueil', level: 1 }).waitFor();
    expect(new globalThis.URL(page.url()).pathname).toBe('/openweb/admin/admin_accueil');
    const lines = await saved();
    expect(lines).toContain('ML');
    expect(lines).not.toContain('L');
  });
});

describe('an article cut to size, from the product page to the export file', () => {
  let customer: Page;
  let admin: Page;

  beforeAll(async () => {
    customer = await shop.page('customer');
    admin = await shop.page('admin');
    await admin.getByRole('heading', { name: 'Accueil', level: 1 }).waitFor();
  });

  it('orders 3 pieces of 2 m of a 6 m bar and finds them in the back office and the file', async () => {
    // A rebar sold by the bar (BAR: length variable in the demo), without declinaisons.
    const found = (await (
      await customer.request.get(`/rest/recherche/${encodeURIComponent('Fer à béton')}`)
    ).json()) as SearchResult;
    const bar = found.articles.find(
      (a) =>
        !a.hasDeclinaisons &&
        / - 6 m/.test(a.designation) &&
        (a.infoStock.INFO_STOCK !== 'indisponible' || a.vente.delaiCommande !== null),
    );
    expect(bar, 'un fer à béton de 6 m sans déclinaison').toBeDefined();
    const cut = (await (
      await customer.request.get(`/catalogue/articles/${bar!.codeArticle}/decoupe`)
    ).json()) as DecoupeArticle;
    expect(cut).toMatchObject({ surMesure: true, unite: 'BAR' });
    for (const line of (
      (await (await customer.request.get('/rest/panier')).json()) as { lignes: { id: number }[] }
    ).lignes)
      await customer.request.delete(`/rest/panier/lignes/${line.id}`);

    await customer.goto(bar!.link);
    // A 6 m bar is sold by the piece too: the cut is a choice beside it.
    await customer.getByRole('button', { name: 'Découpe sur mesure' }).click();
    const form = customer.getByRole('form', { name: 'Découpe sur mesure' });
    await form.waitFor();
    await form.getByRole('textbox', { name: 'Nombre de pièces' }).fill('3');
    await form.getByRole('textbox', { name: 'Longueur (m)' }).fill('7');
    await form.getByText('la pièce standard mesure 6 m').waitFor();
    await form.getByRole('textbox', { name: 'Longueur (m)' }).fill('2');
    await form.getByText('Quantité facturée : 1 barre').waitFor();
    await expectAccessible(customer);
    await form.getByRole('button', { name: 'Ajouter au panier' }).click();
    await customer.getByText('Article ajouté au panier').waitFor();

    await customer.goto('/panier');
    const table = customer.getByRole('table', { name: 'Lignes du panier' });
    await table.getByText('Découpe : 3 pièces de Longueur 2 m').waitFor();
    await expectAccessible(customer);

    await customer.getByRole('link', { name: 'Commander' }).click();
    await customer.getByRole('heading', { level: 1, name: 'Commande' }).waitFor();
    await customer
      .getByRole('radiogroup', { name: /Transporteur/ })
      .getByRole('radio')
      .first()
      .check();
    await customer.getByRole('radio', { name: 'Carte bancaire' }).check();
    await acceptCgv(customer);
    await customer.getByRole('button', { name: 'Valider la commande' }).click();
    const orderId = await payOnTestProvider(customer, 'accepted');
    await customer.getByRole('main').getByText('Découpe : 3 pièces de Longueur 2 m').waitFor();

    // The back office: the order detail, then the file for the ERP.
    await admin.goto(`/compte/detail-mouvement/${orderId}?codeClient=${CUSTOMER.code}`);
    await admin.getByRole('main').getByText('Découpe : 3 pièces de Longueur 2 m').waitFor();
    const orders = orderListResponse.parse(
      await (await admin.request.get('/admin/commandes/fetch?page=0&size=20')).json(),
    );
    const order = orders.elements.find((o) => o.id === orderId)!;
    await admin.goto('/openweb/admin/admin_commandes');
    const [download] = await Promise.all([
      admin.waitForEvent('download'),
      admin
        .getByRole('button', { name: `Télécharger le fichier de la commande ${order.numero}`, exact: true })
        .click(),
    ]);
    const file = parseOrderExport(await fs.readFile((await download.path())!, 'utf8'));
    expect(file.lignes).toHaveLength(1);
    expect(file.lignes[0]).toMatchObject({
      codeArticle: bar!.codeArticle,
      quantite: 1,
      unite: 'BAR',
      nbPieces: 3,
      longueur: 2,
      largeur: null,
    });
  });
});
