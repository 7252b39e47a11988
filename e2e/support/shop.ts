// Storefront steps and reads several browser tests share: the API read from a page's context, the cart
// emptied, axe at both widths, a quick order with one unknown code, a forgotten password reset through
// its mailed link, the newest mail sent to an address. A step's `check` is the axe scan of its page (at the current width by default).

type Check = (page: Page) => Promise<void>;
import fs from 'node:fs';
import path from 'node:path';
import { simpleParser } from 'mailparser';
import type { Page } from 'playwright-core';
import { expect, inject } from 'vitest';
import { cart as cartSchema } from '@comptoir/shared/cart';
import { categorieList, familyPage } from '@comptoir/shared/catalogue';
import { PHONE, WIDE_SCREEN, expectAccessible } from './browser';

/** GET `url` from the page's context (its session), expecting 200, the answer parsed. */
export async function getJson<T>(page: Page, url: string, parse: (value: unknown) => T): Promise<T> {
  const answer = await page.request.get(url);
  expect(answer.status(), url).toBe(200);
  return parse(await answer.json());
}

/** Removes every line of the page's cart, through the API. */
export async function emptyCart(page: Page) {
  for (const line of (await getJson(page, '/rest/panier', (v) => cartSchema.parse(v))).lignes)
    expect((await page.request.delete(`/rest/panier/lignes/${line.id}`)).status()).toBe(200);
}

/** axe at both widths the storefront must serve, and nothing running off the phone's screen. */
export async function accessibleAtBothWidths(page: Page) {
  const before = page.viewportSize();
  await page.setViewportSize(WIDE_SCREEN);
  await expectAccessible(page);
  await page.setViewportSize(PHONE);
  await expectAccessible(page);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
  await page.setViewportSize(before ?? WIDE_SCREEN);
}

/**
 * Codes of `count` active articles without declinaisons that take any whole quantity (no minimum nor
 * multiple, not unavailable where the page's viewer buys), from the catalogue's first families.
 */
export async function simpleArticleCodes(page: Page, count: number): Promise<string[]> {
  const codes: string[] = [];
  for (const root of await getJson(page, '/catalogue/categories', (v) => categorieList.parse(v))) {
    const { articles } = await getJson(
      page,
      `/catalogue/familles/${encodeURIComponent(root.code)}?page=0&size=24`,
      (v) => familyPage.parse(v),
    );
    for (const article of articles.elements)
      if (
        !article.hasDeclinaisons &&
        article.vente.minimum === null &&
        article.vente.multiple === null &&
        (article.infoStock.INFO_STOCK !== 'indisponible' || article.vente.delaiCommande !== null) &&
        codes.length < count
      )
        codes.push(article.codeArticle);
    if (codes.length === count) return codes;
  }
  throw new Error('Pas assez d’articles sans déclinaison dans les données de démonstration');
}

/**
 * The quick order of a logged-in customer with an empty cart: five lines typed in the ways the parser
 * reads, one of an unknown code shown in red; the other four go to the cart, with their quantities.
 */
export async function quickOrderWithOneUnknownCode(page: Page, check: Check = expectAccessible) {
  const codes = await simpleArticleCodes(page, 4);
  await page.goto('/compte/commande-rapide');
  const lines = [`${codes[0]} 2`, `${codes[1]};3`, 'INCONNU-E2E 1', `${codes[2]}\t1`, `${codes[3]},5`];
  await page.getByLabel('Lignes « code quantité »').fill(lines.join('\n'));
  await page.getByRole('button', { name: 'Vérifier' }).click();
  const table = page.getByRole('table', { name: 'Lignes de la commande rapide' });
  const unknown = table.getByText('Code article inconnu');
  await unknown.waitFor();
  expect(await table.locator('tbody tr').count()).toBe(5);
  expect(await table.locator('tbody tr[data-found="false"]').count()).toBe(1);
  const [red, green, blue] = (await unknown.evaluate((element) => getComputedStyle(element).color))
    .match(/\d+/g)!
    .map(Number);
  expect(red!).toBeGreaterThan(Math.max(green!, blue!) * 2);
  await check(page);

  await page.getByRole('button', { name: 'Tout ajouter au panier' }).click();
  await page
    .getByText('4 lignes ajoutées au panier. Non ajouté : INCONNU-E2E (Code article inconnu)')
    .waitFor();
  const cart = await getJson(page, '/rest/panier', (v) => cartSchema.parse(v));
  expect(cart.lignes.map((l) => [l.codeArticle, l.quantite]).sort()).toEqual(
    [
      [codes[0], 2],
      [codes[1], 3],
      [codes[2], 1],
      [codes[3], 5],
    ].sort(),
  );
}

/** From the login page, 'Mot de passe oublié ?' asked for `email`: the page's answer shows. */
export async function requestPasswordReset(page: Page, email: string, check: Check = expectAccessible) {
  await page.goto('/connexion');
  await page.getByRole('link', { name: 'Mot de passe oublié ?' }).click();
  await page.getByLabel('Adresse e-mail').fill(email);
  await check(page);
  await page.getByRole('button', { name: 'Envoyer le lien' }).click();
  await page.getByText(/Si un compte correspond à cette adresse/).waitFor();
}

/** Follows the link of a password-reset mail's text and sets `password` there. */
export async function resetPasswordThroughLink(
  page: Page,
  mailText: string,
  password: string,
  check: Check = expectAccessible,
) {
  const link = new URL(/https?:\/\/[^\s]+\/mot-de-passe-oublie\/nouveau\?jeton=[\w-]+/.exec(mailText)![0]);
  await page.goto(link.pathname + link.search);
  await page.getByRole('textbox', { name: /^Nouveau mot de passe/ }).fill(password);
  await check(page);
  await page.getByRole('button', { name: 'Enregistrer le mot de passe' }).click();
  await page.getByText('Mot de passe modifié : connectez-vous avec le nouveau').waitFor();
}

/** The newest mail written to `address` under DATA_DIR/mails once there are more than `before`. */
export async function newestMailTo(address: string, before: number) {
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
