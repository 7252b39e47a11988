// The orders back office (docs/contract/orders.md) in Chromium on the real server and its demo data:
// the list and its filters, paging, re-export, download, payment validation, the order detail, for an
// administrator and for a customer. Expected rows come from the API itself (same session), so the
// checks hold whatever day the demo data was generated.
import fs from 'node:fs/promises';
import type { BrowserContext, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { CART_TYPES, ORDER_STATUSES, PAYMENT_STATUS_LABELS } from '@comptoir/shared/domain';
import { formatDate, formatIsoDay } from '@comptoir/shared/format';
import {
  orderListResponse,
  type OrderListItem,
  type OrderListResponse,
} from '@comptoir/shared/orders/contract';
import {
  EXPORT_FORMAT_MARKER,
  EXPORT_FORMAT_VERSION,
  parseOrderExport,
} from '@comptoir/shared/orders/export-format';
import { orderStatusLabel, paymentStatusLabel } from '@comptoir/shared/orders/labels';
import { CUSTOMER } from './support/accounts';
import { expectAccessible } from './support/browser';
import { useShop } from './support/setup';

const LIST = '/openweb/admin/admin_commandes';
const TABLE = 'Liste des commandes';

/** GET /admin/commandes/fetch with the session of `page`. */
async function fetchOrders(
  page: Page,
  query: Record<string, string | number> = {},
): Promise<OrderListResponse> {
  const params = new URLSearchParams(
    Object.entries({ page: 0, size: 20, ...query }).map(([k, v]) => [k, String(v)]),
  );
  const answer = await page.request.get(`/admin/commandes/fetch?${params.toString()}`);
  expect(answer.status()).toBe(200);
  return orderListResponse.parse(await answer.json());
}

/** The texts of one column of the orders table, by its title; [] while it loads or when it is empty. */
function column(page: Page, title: string): Promise<string[]> {
  return page.evaluate(
    ({ name, title }) => {
      const table = document.querySelector(`table[aria-label="${name}"]`);
      if (!table || table.getAttribute('aria-busy') === 'true') return [];
      const titles = [...table.querySelectorAll('thead th')].map((th) => th.textContent);
      const index = titles.indexOf(title);
      return [...table.querySelectorAll('tbody tr')]
        .map((tr) => tr.querySelectorAll('td'))
        .filter((cells) => cells.length === titles.length)
        .map((cells) =>
          // One line per line of text (innerText puts blank lines around paragraphs).
          (cells[index] as HTMLElement).innerText
            .split('\n')
            .map((line) => line.trim())
            .filter(Boolean)
            .join('\n'),
        );
    },
    { name: TABLE, title },
  );
}

/** The voucher numbers shown, in order (second line of the reference column). */
const shownNumeros = async (page: Page) =>
  (await column(page, 'Référence / N° de bon')).map((text) => text.split('\n').at(-1)!);

async function openList(context: BrowserContext): Promise<Page> {
  const page = await context.newPage();
  await page.goto(LIST);
  await page.getByRole('heading', { level: 1, name: TABLE }).waitFor();
  return page;
}

describe('orders back office', () => {
  const shop = useShop();
  let admin: BrowserContext;

  beforeAll(async () => {
    admin = await shop.context('admin');
  });

  it('lists the 20 newest orders with every payment status and every order status', async () => {
    const page = await openList(admin);
    const expected = await fetchOrders(page);
    expect(expected.elements).toHaveLength(20);
    await expect.poll(() => shownNumeros(page)).toEqual(expected.elements.map((o) => o.numero));

    // The demo data shows every typePanier and every etat on the first page.
    const payments = await column(page, 'Règlement');
    for (const cartType of CART_TYPES)
      expect(payments.some((text) => text.endsWith(PAYMENT_STATUS_LABELS[cartType]))).toBe(true);
    expect(payments).toEqual(
      expected.elements.map((o) => `${o.libelleModeReglement ?? '—'}\n${paymentStatusLabel(o.typePanier)}`),
    );
    const statuses = await column(page, 'Statut');
    expect(statuses).toEqual(
      expected.elements.map((o) => orderStatusLabel(o.typeWebMouvement, o.etat, o.typePanier)),
    );
    for (const etat of ORDER_STATUSES)
      expect(
        expected.elements.some((o) => o.etat === etat),
        `etat ${etat} sur la première page`,
      ).toBe(true);
    expect(await column(page, 'Date')).toEqual(expected.elements.map((o) => formatDate(o.date)));

    const pages = Math.ceil(expected.total / 20);
    await page.getByRole('button', { name: `Page ${pages}`, exact: true }).waitFor();
    await expectAccessible(page);
    await page.close();
  });

  it('filters by customer, chosen in the searchable picker', async () => {
    const page = await openList(admin);
    const first = (await fetchOrders(page)).elements[0]!;
    const expected = await fetchOrders(page, { codeClient: first.codeClient });
    await expect.poll(() => shownNumeros(page)).toHaveLength(20);

    // Part of the name (not its start: the search looks inside names).
    await page.getByRole('combobox', { name: 'Client' }).fill(first.libelleClient.slice(1));
    await page
      .getByRole('option', { name: `${first.libelleClient} (${first.codeClient})`, exact: true })
      .click();
    await page.getByRole('button', { name: 'Rechercher' }).click();

    await expect.poll(() => shownNumeros(page)).toEqual(expected.elements.map((o) => o.numero));
    const customers = await column(page, 'Client');
    expect(customers.every((text) => text.startsWith(`${first.libelleClient} (${first.codeClient})`))).toBe(
      true,
    );
    await page.close();
  });

  it('filters by date range, both days included', async () => {
    const page = await openList(admin);
    // A day a little in the past, with orders.
    const older = (await fetchOrders(page, { page: 2 })).elements[0]!;
    const day = formatIsoDay(older.date);
    const expected = await fetchOrders(page, { dateDebut: day, dateFin: day });
    expect(expected.total).toBeGreaterThan(0);

    await page.getByLabel('Entre le').fill(day);
    await page.getByLabel('Et le').fill(day);
    await page.getByRole('button', { name: 'Rechercher' }).click();

    await expect.poll(() => shownNumeros(page)).toEqual(expected.elements.map((o) => o.numero));
    const shownDay = formatDate(new Date(`${day}T12:00:00+01:00`)).slice(0, 8);
    expect((await column(page, 'Date')).every((text) => text.startsWith(shownDay))).toBe(true);
    await page.close();
  });

  it('pages forward, keeping the list in order', async () => {
    const page = await openList(admin);
    const first = await fetchOrders(page);
    const second = await fetchOrders(page, { page: 1 });
    await expect.poll(() => shownNumeros(page)).toEqual(first.elements.map((o) => o.numero));

    await page.getByRole('button', { name: 'Page 2', exact: true }).click();
    await expect.poll(() => shownNumeros(page)).toEqual(second.elements.map((o) => o.numero));
    expect(second.elements.some((o) => first.elements.some((f) => f.id === o.id))).toBe(false);
    await expect
      .poll(() => page.getByRole('button', { name: 'Page 2', exact: true }).getAttribute('aria-current'))
      .toBe('page');
    await page.close();
  });

  /** A validated order of the first page (it can be re-exported and downloaded). */
  const validatedOrder = async (page: Page): Promise<OrderListItem> =>
    (await fetchOrders(page)).elements.find((o) => o.typePanier === 'TER' || o.typePanier === 'VAL')!;

  it('re-exports an order after the confirmation', async () => {
    const page = await openList(admin);
    const order = await validatedOrder(page);
    await expect.poll(() => shownNumeros(page)).toContain(order.numero);

    await page.getByRole('button', { name: `Renvoyer la commande ${order.numero}`, exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Renvoyer la commande' });
    await dialog.getByText('Etes-vous sûr(e) de vouloir renvoyer cette commande ?').waitFor();
    await dialog.getByRole('button', { name: 'Renvoyer', exact: true }).click();

    await page
      .getByRole('status')
      .filter({ hasText: `La commande ${order.id} a été ré-expedié` })
      .waitFor();
    await dialog.waitFor({ state: 'hidden' });
    await expectAccessible(page);
    await page.close();
  });

  it("downloads an order's file for the ERP", async () => {
    const page = await openList(admin);
    const order = await validatedOrder(page);
    await expect.poll(() => shownNumeros(page)).toContain(order.numero);

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page
        .getByRole('button', { name: `Télécharger le fichier de la commande ${order.numero}`, exact: true })
        .click(),
    ]);
    const content = await fs.readFile(await download.path(), 'utf8');
    expect(content.startsWith(`${EXPORT_FORMAT_MARKER};${EXPORT_FORMAT_VERSION}\r\n`)).toBe(true);
    const file = parseOrderExport(content);
    expect(file.numero).toBe(order.numero);
    expect(file.codeClient).toBe(order.codeClient);
    // The list is still there: the download did not leave the page.
    expect(new URL(page.url()).pathname).toBe(LIST);
    await page.close();
  });

  it('validates the payment of an order awaiting it, in a new tab', async () => {
    const page = await openList(admin);
    const order = (await fetchOrders(page)).elements.find((o) => o.typePanier === 'AT2')!;
    expect(order).toBeDefined();
    await expect.poll(() => shownNumeros(page)).toContain(order.numero);

    const [tab] = await Promise.all([
      admin.waitForEvent('page'),
      page.getByRole('link', { name: new RegExp(`^Valider le paiement ${order.numero}`) }).click(),
    ]);
    await tab.getByRole('heading', { level: 1, name: 'Validation du règlement' }).waitFor();
    expect(new URL(tab.url()).search).toBe(`?id=${order.numero}`);
    const confirm = tab.getByRole('button', { name: 'Confirmer la réception du paiement' });
    await confirm.waitFor();
    await tab.getByText('En attente de validation du règlement', { exact: true }).waitFor();
    await expectAccessible(tab);

    await confirm.click();
    const dialog = tab.getByRole('dialog', { name: 'Confirmer la réception du paiement' });
    await dialog.getByRole('button', { name: 'Confirmer', exact: true }).click();
    await tab
      .getByRole('status')
      .filter({ hasText: `Le paiement de la commande ${order.numero} a été validé` })
      .waitFor();
    await tab.getByText('Paiement validé', { exact: true }).waitFor();
    expect(await confirm.count()).toBe(0);
    await expectAccessible(tab);
    await tab.close();

    // The list shows the new payment status.
    const after = (await fetchOrders(page)).elements.find((o) => o.id === order.id)!;
    expect(after.typePanier).toBe('VAL');
    await page.reload();
    await expect
      .poll(async () => (await column(page, 'Règlement'))[(await shownNumeros(page)).indexOf(order.numero)])
      .toMatch(/Paiement validé$/);
    await page.close();
  });

  it('opens the detail of an order in a new tab', async () => {
    const page = await openList(admin);
    const order = (await fetchOrders(page)).elements[0]!;
    await expect.poll(() => shownNumeros(page)).toContain(order.numero);

    const [tab] = await Promise.all([
      admin.waitForEvent('page'),
      page.getByRole('link', { name: new RegExp(`^Voir la commande ${order.numero}`) }).click(),
    ]);
    await tab.getByRole('heading', { level: 1, name: `Commande ${order.numero}` }).waitFor();
    expect(new URL(tab.url()).pathname).toBe(`/compte/detail-mouvement/${order.id}`);
    const lines = tab.getByRole('table', { name: 'Lignes de la commande' });
    await lines.waitFor();
    expect(await lines.locator('tbody tr').count()).toBeGreaterThan(0);
    await tab
      .getByText(orderStatusLabel(order.typeWebMouvement, order.etat), { exact: true })
      .first()
      .waitFor();
    await expectAccessible(tab);
    await tab.close();
    await page.close();
  });

  it("shows a customer its own order, and not another customer's", async () => {
    const lookup = await admin.newPage();
    const own = (await fetchOrders(lookup, { codeClient: CUSTOMER.code })).elements[0]!;
    const other = (await fetchOrders(lookup)).elements.find((o) => o.codeClient !== CUSTOMER.code)!;
    await lookup.close();
    expect(own).toBeDefined();

    const page = await shop.page('customer');
    await expect.poll(() => new URL(page.url()).pathname).toBe('/');

    await page.goto(`/compte/detail-mouvement/${own.id}?codeClient=${CUSTOMER.code}`);
    await page.getByRole('heading', { level: 1, name: `Commande ${own.numero}` }).waitFor();
    await page.getByRole('table', { name: 'Lignes de la commande' }).waitFor();
    await expectAccessible(page);

    await page.goto(`/compte/detail-mouvement/${other.id}?codeClient=${other.codeClient}`);
    await page.getByRole('heading', { level: 1, name: 'Commande introuvable' }).waitFor();
    expect(await page.getByText(other.numero).count()).toBe(0);
    await page.context().close();
  });
});
