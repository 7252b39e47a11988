// The customer's account in Chromium on the real server and its demo data: delivery addresses added,
// edited and deleted; an order of the account put back in the cart; a quick order of five lines with
// one unknown code; a forgotten password reset through the mailed link (read from DATA_DIR/mails)
// then changed again from the account; axe on each page, at 1440 px and on a 390 px phone.
import fs from 'node:fs';
import path from 'node:path';
import { simpleParser } from 'mailparser';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { cart as cartSchema } from '@comptoir/shared/cart';
import { accountOrderList, orderDetail } from '@comptoir/shared/orders/contract';
import { customerAt } from '@comptoir/db/demo/customers';
import { PHONE, expectAccessible, launchBrowser, login, loginAsCustomer, newPage } from './support/browser';
import {
  emptyCart,
  getJson,
  quickOrderWithOneUnknownCode,
  requestPasswordReset,
  resetPasswordThroughLink,
} from './support/shop';

describe('the customer account', () => {
  let browser: Browser;
  let page: Page;

  beforeAll(async () => {
    browser = await launchBrowser();
    page = await newPage(browser);
    await loginAsCustomer(page);
    await page.waitForURL((url) => url.pathname !== '/connexion');
    await emptyCart(page);
  });
  afterAll(async () => {
    await emptyCart(page);
    await page?.context().close();
    await browser?.close();
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
    const orders = await getJson(page, '/rest/compte/mouvements?page=0', (v) => accountOrderList.parse(v));
    const newest = orders.elements[0]!;
    const detail = await getJson(page, `/rest/compte/mouvements/${newest.id}`, (v) => orderDetail.parse(v));
    await page.goto('/compte');
    await page.getByRole('button', { name: `Commander à nouveau la commande ${newest.numero}` }).click();
    await page
      .getByText(/ajoutée?s? au panier|Aucune ligne ajoutée/)
      .first()
      .waitFor();
    await expectAccessible(page);
    const cart = await getJson(page, '/rest/panier', (v) => cartSchema.parse(v));
    expect(cart.lignes.length).toBeGreaterThan(0);
    for (const line of cart.lignes) {
      const ordered = detail.lignes.find(
        (l) => l.codeArticle === line.codeArticle && l.codeDeclinaison === line.codeDeclinaison,
      );
      expect(ordered, line.codeArticle).toBeDefined();
      expect(
        detail.lignes.some((l) => l.codeArticle === line.codeArticle && l.chantier === line.chantier),
      ).toBe(true);
    }
    await emptyCart(page);
  });

  it('quick order on a phone: five lines, one unknown code in red, the other four added', async () => {
    await page.setViewportSize(PHONE);
    await quickOrderWithOneUnknownCode(page);
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

/** The newest mail written to `address` under DATA_DIR/mails once there are more than `before`. */
async function newestMailTo(address: string, before: number) {
  const dir = path.join(inject('dataDir'), 'mails');
  const read = async () => {
    const files = fs.existsSync(dir)
      ? fs
          .readdirSync(dir)
          .filter((f) => f.endsWith('.eml'))
          .sort()
      : [];
    const mails = await Promise.all(files.map((f) => simpleParser(fs.readFileSync(path.join(dir, f)))));
    return mails.filter((mail) => JSON.stringify(mail.to).toLowerCase().includes(address));
  };
  await expect.poll(async () => (await read()).length).toBeGreaterThan(before);
  return (await read()).at(-1)!;
}

describe('the forgotten password', () => {
  let browser: Browser;
  let page: Page;
  const email = demoPrivateEmail();

  beforeAll(async () => {
    browser = await launchBrowser();
    page = await newPage(browser);
  });
  afterAll(async () => {
    await page?.context().close();
    await browser?.close();
  });

  it('mails a link, sets a new password, logs in with it, then changes it from the account', async () => {
    await requestPasswordReset(page, email);

    const mail = await newestMailTo(email, 0);
    expect(mail.subject).toMatch(/réinitialisation de votre mot de passe$/);
    await resetPasswordThroughLink(page, mail.text ?? '', 'Oublie-puis-retrouve-2026');

    await login(page, { login: 'demo-particulier', password: 'Oublie-puis-retrouve-2026' });
    await page.waitForURL((url) => url.pathname !== '/connexion');
    await page.goto('/compte/mot-de-passe');
    await page.getByLabel('Mot de passe actuel').fill('Oublie-puis-retrouve-2026');
    await page.getByLabel('Nouveau mot de passe').fill('Encore-change-2026');
    await page.getByRole('button', { name: 'Changer le mot de passe' }).click();
    await page.getByText('Mot de passe modifié : vos autres sessions sont fermées').waitFor();
    await expectAccessible(page);
  });
});
