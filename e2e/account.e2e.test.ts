// The customer's account in Chromium on the real server and its demo data: delivery addresses added,
// edited and deleted; an order of the account put back in the cart; a quick order of five lines with
// one unknown code; the home's 'Commandé récemment' (and none for a visitor); a forgotten password reset through the mailed link (read from DATA_DIR/mails)
// then changed again from the account; axe on each page, at 1440 px and on a 390 px phone.
import fs from 'node:fs';
import path from 'node:path';
import { simpleParser } from 'mailparser';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { cart as cartSchema } from '@comptoir/shared/cart';
import { familyPage, categorieList } from '@comptoir/shared/catalogue';
import { recentArticles } from '@comptoir/shared/account';
import { decoupeArticle } from '@comptoir/shared/dimensions';
import { accountOrderList, orderDetail } from '@comptoir/shared/orders/contract';
import { customerAt } from '@comptoir/db/demo/customers';
import { expectAccessible, launchBrowser, login, loginAsCustomer, newPage } from './support/browser';

const PHONE = { width: 390, height: 844 };

async function json<T>(page: Page, url: string, schema: { parse: (value: unknown) => T }): Promise<T> {
  const answer = await page.request.get(url);
  expect(answer.status(), url).toBe(200);
  return schema.parse(await answer.json());
}

async function emptyCart(page: Page) {
  for (const line of (await json(page, '/rest/panier', cartSchema)).lignes)
    expect((await page.request.delete(`/rest/panier/lignes/${line.id}`)).status()).toBe(200);
}

/** Codes of `count` active articles without declinaisons, from the catalogue's first families. */
async function simpleArticleCodes(page: Page, count: number): Promise<string[]> {
  const codes: string[] = [];
  for (const root of await json(page, '/catalogue/categories', categorieList)) {
    const { articles } = await json(
      page,
      `/catalogue/familles/${encodeURIComponent(root.code)}?page=0&size=24`,
      familyPage,
    );
    for (const article of articles.elements)
      if (!article.hasDeclinaisons && codes.length < count) codes.push(article.codeArticle);
    if (codes.length === count) return codes;
  }
  throw new Error('Pas assez d’articles sans déclinaison dans les données de démonstration');
}

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
    const orders = await json(page, '/rest/compte/mouvements?page=0', accountOrderList);
    const newest = orders.elements[0]!;
    const detail = await json(page, `/rest/compte/mouvements/${newest.id}`, orderDetail);
    await page.goto('/compte');
    await page.getByRole('button', { name: `Commander à nouveau la commande ${newest.numero}` }).click();
    await page
      .getByText(/ajoutée?s? au panier|Aucune ligne ajoutée/)
      .first()
      .waitFor();
    await expectAccessible(page);
    const cart = await json(page, '/rest/panier', cartSchema);
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

  it("shows the articles of the customer's latest orders on the home, and adds one to the cart", async () => {
    const { articles } = await json(page, '/rest/compte/articles-recents', recentArticles);
    expect(articles.length).toBeGreaterThan(0);
    await page.goto('/');
    const block = page.getByRole('list', { name: 'Commandé récemment' });
    await block.getByRole('link', { name: articles[0]!.designation, exact: true }).first().waitFor();
    expect(await block.getByRole('listitem').count()).toBe(articles.length);
    await expectAccessible(page);
    // One sold as it is: an article with declinaisons, or cut to size, is chosen on its page.
    let simple: (typeof articles)[number] | undefined;
    for (const article of articles.filter((a) => !a.hasDeclinaisons)) {
      const cut = await json(
        page,
        `/catalogue/articles/${encodeURIComponent(article.codeArticle)}/decoupe`,
        decoupeArticle,
      );
      if (!cut.surMesure) {
        simple = article;
        break;
      }
    }
    expect(simple, 'an article sold as it is among the recent ones').toBeDefined();
    if (simple) {
      await block
        .getByRole('button', { name: `Ajouter au panier : ${simple.designation}` })
        .first()
        .click();
      await page.getByText('Article ajouté au panier').first().waitFor();
      const cart = await json(page, '/rest/panier', cartSchema);
      expect(cart.lignes.map((line) => line.codeArticle)).toContain(simple.codeArticle);
      await emptyCart(page);
    }

    // A visitor gets neither the block nor a call for it.
    const visitor = await newPage(browser);
    const asked: string[] = [];
    visitor.on('request', (request) => asked.push(new URL(request.url()).pathname));
    await visitor.goto('/');
    await visitor.getByRole('heading', { name: 'Nos catégories' }).waitFor();
    await visitor.waitForLoadState('networkidle');
    expect(await visitor.getByRole('heading', { name: 'Commandé récemment' }).count()).toBe(0);
    expect(asked).not.toContain('/rest/compte/articles-recents');
    expect(asked.filter((url) => url.includes('recently-ordered'))).toEqual([]);
    await visitor.context().close();
  });

  it('quick order on a phone: five lines, one unknown code in red, the other four added', async () => {
    await page.setViewportSize(PHONE);
    const codes = await simpleArticleCodes(page, 4);
    await page.goto('/compte/commande-rapide');
    const lines = [`${codes[0]} 2`, `${codes[1]};3`, 'INCONNU-E2E 1', `${codes[2]}\t1`, `${codes[3]},5`];
    await page.getByLabel('Lignes « code quantité »').fill(lines.join('\n'));
    await page.getByRole('button', { name: 'Vérifier' }).click();
    const table = page.getByRole('table', { name: 'Lignes de la commande rapide' });
    await table.getByText('Code article inconnu').waitFor();
    expect(await table.locator('tbody tr').count()).toBe(5);
    expect(await table.locator('tbody tr[data-found="false"]').count()).toBe(1);
    await expectAccessible(page);

    await page.getByRole('button', { name: 'Tout ajouter au panier' }).click();
    await page.getByText('4 lignes ajoutées au panier. Non ajouté : INCONNU-E2E (Article inconnu)').waitFor();
    const cart = await json(page, '/rest/panier', cartSchema);
    expect(cart.lignes.map((l) => [l.codeArticle, l.quantite]).sort()).toEqual(
      [
        [codes[0], 2],
        [codes[1], 3],
        [codes[2], 1],
        [codes[3], 5],
      ].sort(),
    );
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
    await page.goto('/connexion');
    await page.getByRole('link', { name: 'Mot de passe oublié ?' }).click();
    await page.getByLabel('Adresse e-mail').fill(email);
    await expectAccessible(page);
    await page.getByRole('button', { name: 'Envoyer le lien' }).click();
    await page.getByText(/Si un compte correspond à cette adresse/).waitFor();

    const mail = await newestMailTo(email, 0);
    expect(mail.subject).toMatch(/réinitialisation de votre mot de passe$/);
    const link = /https?:\/\/[^\s]+\/mot-de-passe-oublie\/nouveau\?jeton=[\w-]+/.exec(mail.text ?? '')![0];
    await page.goto(new URL(link).pathname + new URL(link).search);
    await page.getByRole('textbox', { name: /^Nouveau mot de passe/ }).fill('Oublie-puis-retrouve-2026');
    await expectAccessible(page);
    await page.getByRole('button', { name: 'Enregistrer le mot de passe' }).click();
    await page.getByText('Mot de passe modifié : connectez-vous avec le nouveau').waitFor();

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
