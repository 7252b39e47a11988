// The variable-dimensions screen on the real server with the demo data (docs/contract.md, "Variable
// dimensions and articles cut to size"): add a line for a unit not yet saved, delete a saved line, save;
// 'Annuler' forgets changes; 'Valider' saves and lands on the home; axe on the screen. The demo's M2, PLQ
// and BAR lines, which the storefront test orders from, are never touched.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LigneDimensionSaved } from '@comptoir/shared/dimensions';
import { expectAccessible, launchBrowser, loginAsAdmin, newPage } from './support/browser';

const URL = '/openweb/admin/admin_dimensionsVariables';
const TITLE = 'Choisir les dimensions variables pour chaque unité';

describe('variable dimensions', () => {
  let browser: Browser;
  let page: Page;

  beforeAll(async () => {
    browser = await launchBrowser();
    page = await newPage(browser);
    await loginAsAdmin(page);
    await page.getByRole('heading', { name: 'Accueil', level: 1 }).waitFor();
  });

  afterAll(async () => {
    await page?.context().close();
    await browser?.close();
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
