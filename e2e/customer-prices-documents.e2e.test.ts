// The customer's own prices and documents on the real server with the demo data (docs/contract/customer-prices.md
// and order-documents.md): the demo customer has net prices of its own; logged in, it
// sees its price on the product page, pays it in the cart and finds it on its order, while a visitor
// sees the list price; it opens an invoiced order and downloads its invoice's PDF (axe on the page).
import fs from 'node:fs';
import { acceptCgv } from './support/payment';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildCustomerPrices } from '@comptoir/db/demo/prices';
import type { FicheArticle } from '@comptoir/shared/catalogue';
import type { OrderDocument } from '@comptoir/shared/documents';
import { formatEuros, formatUnitPrice } from '@comptoir/shared/format';
import { CUSTOMER } from './support/accounts';
import { expectAccessible } from './support/browser';
import { useShop } from './support/setup';

// The demo set at scale 1 (320 customers, 2 100 articles): the customer's first net price.
const own = buildCustomerPrices(320, 2100, new Date()).find(
  (row) => row.customerCode === CUSTOMER.code && row.articleCode,
)!;
const code = own.articleCode!;
const price = own.netPrice!;

describe('customer prices and documents', () => {
  // A server of its own: the shared one's customer and settings are changed by the files before.
  const shop = useShop({ own: {} });
  let page: Page;

  beforeAll(async () => {
    page = await shop.page('customer');
    // Logged in once the header shows the account (the cart link is a visitor's too).
    await page.getByRole('banner').getByRole('button', { name: CUSTOMER.login }).waitFor();
  });

  it('shows a visitor the list price, and the customer its own on the product page, the cart and the order', async () => {
    const visitor = await fetch(`${shop.baseURL}/catalogue/articles/${code}`);
    const listed = ((await visitor.json()) as FicheArticle).prixHT;
    expect(listed).toBeGreaterThan(price);

    await page.goto(`/article/${code}`);
    const main = page.getByRole('main');
    await main
      .getByText(`${formatEuros(price)} HT`, { exact: false })
      .first()
      .waitFor()
      .catch(async () => {
        throw new Error(`Prix ${formatEuros(price)} absent de la page : ${await main.innerText()}`);
      });
    expect(await main.getByText(`${formatEuros(listed)} HT`, { exact: false }).count()).toBe(0);

    await main.getByRole('button', { name: 'Ajouter au panier' }).click();
    await page.getByText('Article ajouté au panier').waitFor();
    await page.goto('/panier');
    const cart = page.getByRole('table', { name: 'Lignes du panier' });
    const line = cart.getByRole('row').filter({ hasText: code });
    await expect.poll(() => line.textContent()).toContain(formatUnitPrice(price));

    await page.getByRole('link', { name: 'Commander' }).click();
    await page.getByRole('heading', { level: 1, name: 'Commande' }).waitFor();
    await page
      .getByRole('radiogroup', { name: /Transporteur/ })
      .getByRole('radio')
      .first()
      .check();
    await page.getByRole('radio', { name: 'Chèque' }).check();
    await acceptCgv(page);
    await page.getByRole('button', { name: 'Valider la commande' }).click();
    await page.waitForURL(/\/compte\/detail-mouvement\/\d+$/).catch(async () => {
      throw new Error(`Commande non passée : ${await page.getByRole('main').innerText()}`);
    });
    const orderLine = page.getByRole('main').getByRole('row').filter({ hasText: code });
    await expect.poll(() => orderLine.textContent()).toContain(formatUnitPrice(price));
  });

  /** The first of the customer's orders (newest first) that has an invoice. */
  async function orderWithInvoice(): Promise<{ id: number; invoice: OrderDocument }> {
    for (let pageNumber = 0; pageNumber < 5; pageNumber++) {
      const list = (await (await page.request.get(`/rest/compte/mouvements?page=${pageNumber}`)).json()) as {
        elements: { id: number }[];
      };
      for (const order of list.elements) {
        const documents = (await (
          await page.request.get(`/rest/compte/mouvements/${order.id}/documents`)
        ).json()) as OrderDocument[];
        const invoice = documents.find((d) => d.type === 'facture');
        if (invoice) return { id: order.id, invoice };
      }
    }
    throw new Error('Aucune commande facturée avec document dans les données de démonstration');
  }

  it("lists an order's invoice and delivery note and downloads the PDF", async () => {
    const { id, invoice } = await orderWithInvoice();
    await page.goto(`/compte/detail-mouvement/${id}`);
    const table = page.getByRole('table', { name: 'Factures et bons de livraison' });
    await table.getByRole('row').filter({ hasText: invoice.numero }).waitFor();
    expect(await table.getByText('Bon de livraison').count()).toBe(1);
    await expectAccessible(page);

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      table.getByRole('link', { name: `Télécharger Facture ${invoice.numero} (PDF)` }).click(),
    ]);
    expect(download.suggestedFilename()).toBe(`facture-${invoice.numero}.pdf`);
    expect(
      fs
        .readFileSync(await download.path())
        .subarray(0, 5)
        .toString(),
    ).toBe('%PDF-');
  });
});
