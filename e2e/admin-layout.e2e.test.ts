// The back office on a 390 × 844 phone, on the real server and its demo data, logged in as an
// administrator: every screen of the navigation opens without the page scrolling sideways, and nothing in
// it sticks out of the window — what is wider than its room scrolls inside its own named frame that the
// keyboard can reach. The carriers' 'Etat' checkboxes and actions, and the fee schedule's buttons, amount
// and franco fields and delete buttons, are all in the window's width; so are the edit views: the three
// steps of a carrier's form, a variant grouping with its article picker, a selection model's dialog.
// Reads only: nothing is saved.
// On a server of its own, with the demo data as loaded.
import type { Locator, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { PHONE, expectAccessible } from './support/browser';
import { useShop } from './support/setup';

const ADMIN = '/openweb/admin';

/** The navigation's screens, in its order, by their link text. */
const SCREENS = [
  { name: 'Accueil', path: `${ADMIN}/admin_accueil` },
  { name: 'Liste des commandes', path: `${ADMIN}/admin_commandes` },
  { name: 'Comptes', path: `${ADMIN}/admin_comptes` },
  { name: 'Transporteurs', path: `${ADMIN}/admin_transporteurs` },
  { name: 'Forfaits de transport', path: `${ADMIN}/admin_forfaitsTransport` },
  { name: 'Dimensions variables', path: `${ADMIN}/admin_dimensionsVariables` },
  { name: 'Fichiers importés', path: `${ADMIN}/admin_fichierimportation` },
  { name: 'Paramètres de connexion', path: `${ADMIN}/admin_parametresConnexion` },
  { name: 'Regroupements de variantes', path: `${ADMIN}/admin_regroupements` },
  { name: 'Modèles de sélection', path: `${ADMIN}/admin_selectionModeles` },
  { name: 'Statistiques', path: `${ADMIN}/admin_statistiques` },
  { name: 'Pages du site', path: `${ADMIN}/admin_pagesSite` },
  { name: 'Imports ERP', path: `${ADMIN}/admin_importation` },
] as const;

/** Whether the page scrolls sideways (its content wider than the 390 px window). */
const scrollsSideways = (page: Page) =>
  page.evaluate((width) => document.documentElement.scrollWidth > width, PHONE.width);

/**
 * What sticks out of the window sideways: the visible elements of <main> (or of the open dialog) past
 * its left or right edge, unless a frame between them and the page scrolls sideways — which must then be
 * a named region in the tab order (listed too when it is not).
 */
function outOfReach(page: Page, root: 'main' | 'dialog' = 'main'): Promise<string[]> {
  return page.evaluate((rootSelector) => {
    const width = window.innerWidth;
    const top = document.querySelector(rootSelector);
    if (!top) return [`rien à vérifier : ${rootSelector} absent`];
    const describe = (element: Element) =>
      `${element.tagName.toLowerCase()} « ${(element.textContent ?? '').trim().slice(0, 50)} »`;
    const problems: string[] = [];
    for (const element of top.querySelectorAll('*')) {
      const box = element.getBoundingClientRect();
      if (box.width === 0 || box.height === 0) continue;
      if (box.left >= -0.5 && box.right <= width + 0.5) continue;
      let frame: Element | null = element.parentElement;
      while (frame && frame !== top) {
        const style = getComputedStyle(frame);
        if (/auto|scroll/.test(style.overflowX) && frame.scrollWidth > frame.clientWidth) break;
        if (style.overflowX === 'hidden' || style.overflowX === 'clip') break;
        frame = frame.parentElement;
      }
      if (!frame || frame === top) {
        problems.push(`${describe(element)} : ${Math.round(box.left)} → ${Math.round(box.right)} px`);
      } else if (
        getComputedStyle(frame).overflowX !== 'hidden' &&
        getComputedStyle(frame).overflowX !== 'clip' &&
        !(
          frame.getAttribute('role') === 'region' &&
          frame.getAttribute('aria-label') &&
          frame.getAttribute('tabindex') === '0'
        )
      ) {
        problems.push(`cadre défilant sans nom ni focus autour de ${describe(element)}`);
      }
    }
    return [...new Set(problems)];
  }, DIALOG_OR_MAIN[root]);
}

const DIALOG_OR_MAIN = { main: 'main', dialog: '[role="dialog"]' } as const;

/** Whether the element lies within the window's width once scrolled to (a phone reaches it by scrolling down). */
async function withinWidth(page: Page, locator: ReturnType<Page['locator']>) {
  await locator.scrollIntoViewIfNeeded();
  const box = await locator.boundingBox();
  return (
    box !== null &&
    box.x >= 0 &&
    box.x + box.width <= page.viewportSize()!.width &&
    (await locator.isVisible())
  );
}

describe('back office on a 390 px phone', () => {
  // A server of its own: the shared one's fee schedule is reset by the shipping tests, which may run
  // first, and this file needs the demo's fees to check their fields.
  const shop = useShop({ own: {} });
  let page: Page;

  beforeAll(async () => {
    page = await shop.page('admin', { viewport: PHONE });
  });

  /** Opens the screen at `path` and the first row of its table named `tableName` (its title's button). */
  async function openFirstRow(path: string, tableName: string) {
    await page.goto(path);
    const table = page.getByRole('table', { name: tableName });
    await expect.poll(() => table.getAttribute('aria-busy')).toBe('false');
    await table.locator('tbody tr td:first-child button').first().click();
  }

  /** Nothing of the open dialog sticks out of the window, each of its buttons within it. */
  async function expectDialogFits(dialog: Locator, context = '') {
    await dialog.waitFor();
    await page.waitForLoadState('networkidle');
    expect(await scrollsSideways(page), context).toBe(false);
    expect(await outOfReach(page, 'dialog'), context).toEqual([]);
    for (const button of await dialog.getByRole('button').all())
      if (await button.isVisible())
        expect(await withinWidth(page, button), `${await button.innerText()} ${context}`).toBe(true);
  }

  async function closeDialog(dialog: Locator) {
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });
  }

  it('lists every screen in the navigation, opened from the menu button', async () => {
    await page.goto(SCREENS[0].path);
    const button = page.getByRole('button', { name: 'Ouvrir la navigation' });
    await button.click();
    const navigation = page.getByRole('navigation', { name: "Écrans d'administration" });
    await navigation.getByRole('link').first().waitFor();
    const links = await navigation.getByRole('link').evaluateAll((anchors) =>
      anchors.map((a) => ({
        name: a.textContent?.trim(),
        path: new URL((a as HTMLAnchorElement).href).pathname,
      })),
    );
    expect(links).toEqual(SCREENS.map(({ name, path }) => ({ name, path })));
    // Every link in the drawer is within the window.
    for (const { name } of SCREENS)
      expect(await withinWidth(page, navigation.getByRole('link', { name, exact: true })), name).toBe(true);
  });

  it.each(SCREENS)('$name: the page does not scroll sideways and nothing sticks out', async ({ path }) => {
    await page.goto(path);
    await page.getByRole('heading', { level: 1 }).waitFor();
    await page.waitForLoadState('networkidle');
    // Tables show their rows (or their empty text), not their loading state.
    await expect.poll(() => page.locator('main table[aria-busy="true"]').count()).toBe(0);
    expect(await scrollsSideways(page)).toBe(false);
    expect(await outOfReach(page)).toEqual([]);
    await expectAccessible(page);
  });

  it("shows the carriers' 'Etat' and every action of each carrier within the window", async () => {
    await page.goto(`${ADMIN}/admin_transporteurs`);
    const table = page.getByRole('table', { name: 'Transporteurs' });
    await expect.poll(() => table.getAttribute('aria-busy')).toBe('false');
    // The column keeps its header for assistive technology, each card shows it as a label.
    expect(await table.getByRole('columnheader', { name: 'Etat' }).count()).toBe(1);
    const names = await table.locator('tbody tr td:first-child').allInnerTexts();
    expect(names.length).toBeGreaterThan(1);
    for (const [index, name] of names.entries()) {
      const checkbox = table.getByRole('checkbox', { name: `${name} actif`, exact: true });
      expect(await withinWidth(page, checkbox), `${name} actif`).toBe(true);
      const row = table.locator('tbody tr').nth(index);
      expect(await withinWidth(page, row.locator('td[data-label="Etat"]')), `Etat de ${name}`).toBe(true);
      for (const action of [`Editer ${name}`, `Supprimer ${name}`, `Monter ${name}`, `Descendre ${name}`])
        expect(
          await withinWidth(page, table.getByRole('button', { name: action, exact: true })),
          action,
        ).toBe(true);
    }
    expect(await scrollsSideways(page)).toBe(false);
  });

  it("shows the fee schedule's buttons and each fee's fields and actions within the window", async () => {
    await page.goto(`${ADMIN}/admin_forfaitsTransport`);
    await page.getByRole('heading', { level: 2, name: 'Forfaits existants' }).waitFor();
    for (const name of ['Changer de type', "Supprimer l'ensemble des forfaits existants", 'Ajouter Tranche'])
      expect(await withinWidth(page, page.getByRole('button', { name, exact: true })), name).toBe(true);
    const amounts = page.getByRole('textbox', { name: /^Montant du forfait n°\d+$/ });
    await amounts.first().waitFor();
    const count = await amounts.count();
    expect(count).toBeGreaterThan(3);
    for (let index = 0; index < count; index++) {
      const label = (await amounts.nth(index).getAttribute('aria-label'))!;
      const id = label.replace(/^\D+/, '');
      expect(await withinWidth(page, amounts.nth(index)), label).toBe(true);
      const franco = page.getByRole('textbox', { name: `Franco du forfait n°${id}`, exact: true });
      expect(await withinWidth(page, franco), `Franco n°${id}`).toBe(true);
      const remove = page.getByRole('button', { name: `Supprimer le forfait n°${id}`, exact: true });
      expect(await withinWidth(page, remove), `Supprimer n°${id}`).toBe(true);
    }
    // The simulator's last button, at the bottom of the page.
    expect(await withinWidth(page, page.getByRole('button', { name: 'Simuler', exact: true }))).toBe(true);
    expect(await scrollsSideways(page)).toBe(false);
  });

  it("keeps each step of a carrier's form within the window, the fee table scrolling in its own frame", async () => {
    await page.goto(`${ADMIN}/admin_transporteurs`);
    const table = page.getByRole('table', { name: 'Transporteurs' });
    await expect.poll(() => table.getAttribute('aria-busy')).toBe('false');
    const name = (await table.locator('tbody tr td:first-child').first().innerText()).trim();
    await table.getByRole('button', { name: `Editer ${name}`, exact: true }).click();
    const dialog = page.getByRole('dialog');
    for (const step of [0, 1, 2]) {
      if (step > 0) await dialog.getByRole('button', { name: 'Suivant', exact: true }).click();
      await expect.poll(() => dialog.locator('[aria-current="step"]').count()).toBeGreaterThan(0);
      // The fee step's table shows its fees, not its loading state.
      if (step === 1) {
        const fees = dialog.getByRole('table', { name: 'Forfait de transport' });
        await expect.poll(() => fees.getAttribute('aria-busy')).toBe('false');
        expect(await fees.getByRole('radio').count()).toBeGreaterThan(3);
      }
      await expectDialogFits(dialog, `(étape ${step})`);
    }
    await closeDialog(dialog);
  });

  it("keeps a variant grouping's edit view within the window", async () => {
    await openFirstRow(`${ADMIN}/admin_regroupements`, 'Regroupements par titre');
    await page.getByRole('button', { name: 'Enregistrer le regroupement', exact: true }).waitFor();
    await page.waitForLoadState('networkidle');
    expect(await scrollsSideways(page)).toBe(false);
    expect(await outOfReach(page)).toEqual([]);
    for (const name of ['Retour', 'Enregistrer le regroupement', 'Supprimer le regroupement'])
      expect(await withinWidth(page, page.getByRole('button', { name, exact: true })), name).toBe(true);
    await expectAccessible(page);
    // Its article picker too.
    await page.getByRole('button', { name: 'Choix des articles', exact: true }).click();
    await expectDialogFits(page.getByRole('dialog'));
    await closeDialog(page.getByRole('dialog'));
  });

  it("keeps a selection model's dialog within the window", async () => {
    await openFirstRow(`${ADMIN}/admin_selectionModeles`, 'Modèles de sélection par nom');
    const dialog = page.getByRole('dialog', { name: 'Modèle de sélection' });
    await expectDialogFits(dialog);
    await closeDialog(dialog);
  });
});
