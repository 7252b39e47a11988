// Carriers and shipping fees on the real server with the demo data (docs/contract/carriers.md, Carriers and
// Shipping fees): the carrier's 3-step form with a logo, edit, Etat and moves persisted, delete; a
// progressive tranche, a fee, the duplicate refused, an amount confirmed with 'valider', a delete, the
// simulator, the fee type, the reset; axe on both screens and their modals. Only rows this file creates
// are changed, except the fee type and the reset at the very end (the orders tests do not depend on
// fees).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ForfaitsTransportResponse, Transporteur } from '@comptoir/shared/shipping/contract';
import { expectAccessible } from './support/browser';
import { useShop } from './support/setup';

const CARRIERS_URL = '/openweb/admin/admin_transporteurs';
const FEES_URL = '/openweb/admin/admin_forfaitsTransport';

// A real 1×1 PNG: the server recognises logos by their content.
const PNG_1X1 = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

const CARRIER = 'Transports Alpins E2E';
const TRANCHE = 'Plus de 10 t (E2E)';

describe('shipping', () => {
  // A server of its own: the last test deletes every fee, and the other files deliver with the
  // shared server's schedule (a carrier no fee rule prices is not offered).
  const shop = useShop({ own: {} });
  let page: Page;
  let tmpDir: string;

  beforeAll(async () => {
    tmpDir = fs.mkdtempSync(path.join(os.tmpdir(), 'comptoir-e2e-logo-'));
    page = await shop.page('admin');
    // Logged in, the administrator is on the back-office home.
    await page.getByRole('heading', { name: 'Accueil', level: 1 }).waitFor();
  });

  afterAll(async () => {
    fs.rmSync(tmpDir, { recursive: true, force: true });
  });

  const toast = (text: string) => page.locator('.mantine-Notification-description', { hasText: text });
  const carriersTable = () => page.getByRole('table', { name: 'Transporteurs' });
  const carrierRow = (name: string) =>
    carriersTable()
      .getByRole('row')
      .filter({ has: page.getByRole('checkbox', { name: `${name} actif` }) });
  const answered = (method: string, pathPattern: RegExp) =>
    page.waitForResponse(
      (response) =>
        response.request().method() === method && pathPattern.test(new URL(response.url()).pathname),
    );

  async function carriersFromApi(): Promise<Transporteur[]> {
    return (await (await page.request.get('/service/transporteurs')).json()) as Transporteur[];
  }

  it('adds a carrier through the 3 steps with a logo', async () => {
    await page.goto(CARRIERS_URL);
    await page.getByRole('heading', { name: 'Gérez vos transporteurs' }).waitFor();
    await carrierRow('Comptoir Livraison').waitFor();
    await expectAccessible(page);

    await page.getByRole('button', { name: 'Ajouter un Transporteur' }).click();
    const dialog = page.getByRole('dialog', { name: 'Ajouter un Transporteur' });
    await dialog.waitFor();
    await expectAccessible(page);

    // The name is required: 'Transporteur invalide', the field says why, and the form stays on step 0.
    await dialog.getByRole('button', { name: 'Suivant' }).click();
    await toast('Transporteur invalide').waitFor();
    await dialog.getByText('Le nom du transporteur est obligatoire').waitFor();

    await dialog.getByRole('textbox', { name: 'Nom' }).fill(CARRIER);
    await dialog.getByRole('textbox', { name: 'Description' }).fill('Livraison en Savoie et en Isère.');
    const logoFile = path.join(tmpDir, 'logo.png');
    fs.writeFileSync(logoFile, PNG_1X1);
    const uploaded = answered('POST', /\/service\/transporteur\/logo\/upload$/);
    // The kit's file input opens the browser's file chooser, then shows the chosen file's name.
    const chooser = page.waitForEvent('filechooser');
    const logoField = dialog.getByRole('button', { name: /^Logo/ });
    await logoField.click();
    await (await chooser).setFiles(logoFile);
    expect((await uploaded).status()).toBe(200);
    await logoField.getByText('logo.png').waitFor();
    const preview = dialog.getByRole('img', { name: 'Aperçu du logo' });
    await preview.waitFor();
    await expect.poll(() => preview.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(1);
    await dialog.getByRole('textbox', { name: /URL de suivi/ }).fill('https://suivi.alpins.example/{numero}');
    await dialog.getByRole('button', { name: 'Suivant' }).click();

    await dialog.getByRole('radio', { name: 'Forfait n°1', exact: true }).check();
    await dialog.getByRole('button', { name: 'Suivant' }).click();

    await dialog.getByRole('checkbox', { name: 'Hayon élévateur (HAYON)' }).check();
    await dialog.getByRole('checkbox', { name: 'Délai : 48 h' }).check();
    await expectAccessible(page);
    const saved = answered('POST', /^\/service\/transporteur$/);
    await dialog.getByRole('button', { name: 'Ajouter', exact: true }).click();
    expect((await saved).status()).toBe(200);
    await dialog.waitFor({ state: 'detached' });

    const row = carrierRow(CARRIER);
    await row.waitFor();
    const logo = row.getByRole('img', { name: `Logo ${CARRIER}` });
    await expect.poll(() => logo.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(1);
    const created = (await carriersFromApi()).find((c) => c.nom === CARRIER);
    expect(created).toMatchObject({
      etat: true,
      id_forfait_transport: 1,
      tracking_url: 'https://suivi.alpins.example/{numero}',
      params: [{ LIB: 'Hayon élévateur', VAL: 'HAYON' }],
      options: [{ nom: 'Délai', valeur: '48 h' }],
    });
    expect(created?.logo).toMatch(/^\/logos\/.+\.png$/);
  });

  it('edits the carrier', async () => {
    await carrierRow(CARRIER)
      .getByRole('button', { name: `Editer ${CARRIER}` })
      .click();
    const dialog = page.getByRole('dialog', { name: `Modifier le transporteur « ${CARRIER} »` });
    await dialog.waitFor();
    const description = dialog.getByRole('textbox', { name: 'Description' });
    expect(await description.inputValue()).toBe('Livraison en Savoie et en Isère.');
    await description.fill('Livraison en Savoie, en Isère et dans l’Ain.');
    await dialog.getByRole('button', { name: 'Suivant' }).click();
    expect(await dialog.getByRole('radio', { name: 'Forfait n°1', exact: true }).isChecked()).toBe(true);
    await dialog.getByRole('button', { name: 'Suivant' }).click();
    await dialog.getByRole('checkbox', { name: 'Livraison sur chantier (CHANTIER)' }).check();
    await dialog.getByRole('button', { name: 'Ajouter' }).click();
    await dialog.waitFor({ state: 'detached' });
    await carrierRow(CARRIER).getByText('Livraison en Savoie, en Isère et dans l’Ain.').waitFor();
    const edited = (await carriersFromApi()).find((c) => c.nom === CARRIER);
    expect(edited?.params.map((p) => p.VAL).sort()).toEqual(['CHANTIER', 'HAYON']);
  });

  it('toggles Etat and keeps it after a reload', async () => {
    const box = carrierRow(CARRIER).getByRole('checkbox', { name: `${CARRIER} actif` });
    expect(await box.isChecked()).toBe(true);
    const saved = answered('POST', /^\/service\/transporteur\/\d+\/etat$/);
    await box.click();
    expect((await saved).status()).toBe(200);
    await page.reload();
    await carrierRow(CARRIER).waitFor();
    expect(
      await carrierRow(CARRIER)
        .getByRole('checkbox', { name: `${CARRIER} actif` })
        .isChecked(),
    ).toBe(false);
  });

  it('moves the carrier up and keeps its place after a reload', async () => {
    const before = await carriersFromApi();
    const index = before.findIndex((c) => c.nom === CARRIER);
    expect(index).toBe(before.length - 1);
    const row = carrierRow(CARRIER);
    expect(await row.getByRole('button', { name: `Descendre ${CARRIER}` }).isDisabled()).toBe(true);
    const moved = answered('POST', /^\/service\/transporteur\/\d+\/position$/);
    await row.getByRole('button', { name: `Monter ${CARRIER}` }).click();
    expect((await moved).status()).toBe(200);
    await page.reload();
    await carrierRow(CARRIER).waitFor();
    const names = await carriersTable()
      .getByRole('checkbox')
      .evaluateAll((boxes) => boxes.map((b) => b.getAttribute('aria-label')));
    expect(names.indexOf(`${CARRIER} actif`)).toBe(before.length - 2);
    expect(
      await carrierRow(CARRIER)
        .getByRole('cell', { name: String(before.length - 1), exact: true })
        .count(),
    ).toBe(1);
  });

  it('deletes the carrier', async () => {
    await carrierRow(CARRIER)
      .getByRole('button', { name: `Supprimer ${CARRIER}` })
      .click();
    const dialog = page.getByRole('dialog', { name: 'Supprimer le transporteur' });
    await dialog.waitFor();
    await expectAccessible(page);
    await dialog.getByRole('button', { name: 'Supprimer', exact: true }).click();
    await toast('Transporteur supprimé').waitFor();
    await carrierRow(CARRIER).waitFor({ state: 'detached' });
    expect((await carriersFromApi()).some((c) => c.nom === CARRIER)).toBe(false);
  });

  // ---------------------------------------------------------------- shipping fees

  const feeForm = () => page.getByRole('form', { name: 'Ajouter un forfait' });
  async function pick(scope: Locator, label: string, option: string | RegExp) {
    await scope.getByRole('combobox', { name: label, exact: true }).click();
    await page.getByRole('option', { name: option }).first().click();
  }
  async function scheduleFromApi(): Promise<ForfaitsTransportResponse> {
    return (await (await page.request.get('/service/forfaitsTransport')).json()) as ForfaitsTransportResponse;
  }
  async function createdForfaitId(): Promise<number> {
    const schedule = await scheduleFromApi();
    const all = [...schedule.sans_agence, ...schedule.agences.flatMap((a) => a.groupes)].flatMap(
      (g) => g.forfaits,
    );
    const found = all.find((f) => f.tranche?.libelle === TRANCHE);
    if (!found) throw new Error('forfait E2E introuvable');
    return found.id;
  }

  it('creates a progressive tranche that becomes the selected one', async () => {
    await page.goto(FEES_URL);
    await page.getByRole('heading', { name: 'Forfaits de transport', level: 1 }).waitFor();
    await page.getByRole('region', { name: 'Valeurs par défaut (toutes agences)' }).waitFor();
    await page
      .getByRole('region', { name: 'Type de forfait' })
      .getByText('Poids (kg)', { exact: true })
      .waitFor();
    await expectAccessible(page);

    await feeForm().getByRole('button', { name: 'Ajouter Tranche' }).click();
    const dialog = page.getByRole('dialog', { name: 'Ajouter une tranche' });
    await dialog.waitFor();
    await dialog.getByRole('textbox', { name: 'Libellé' }).fill(TRANCHE);
    await dialog.getByRole('textbox', { name: 'Début (Kg)' }).fill('10000');
    expect(await dialog.getByRole('textbox', { name: 'Interval (Kg)' }).count()).toBe(0);
    await dialog.getByRole('checkbox', { name: 'Progressive' }).check();
    await dialog.getByRole('textbox', { name: 'Interval (Kg)' }).fill('500');
    await expectAccessible(page);
    await dialog.getByRole('button', { name: 'Ajouter', exact: true }).click();
    await dialog.waitFor({ state: 'detached' });
    expect(await feeForm().getByRole('combobox', { name: 'Tranche' }).inputValue()).toContain(TRANCHE);
  });

  it('adds a fee, refuses the duplicate, and clears the criteria after the add', async () => {
    const form = feeForm();
    await pick(form, 'Agence', 'Grenoble (GRE)');
    await pick(form, 'Zone', 'Zone 1 - Proximité');
    await form.getByRole('textbox', { name: 'Montant (€)' }).fill('99');
    await form.getByRole('textbox', { name: 'Franco (€)' }).fill('3000');
    await form.getByRole('button', { name: 'AJOUTER', exact: true }).click();
    await toast('Forfait enregistré').waitFor();
    expect(await form.getByRole('combobox', { name: 'Tranche' }).inputValue()).toBe('');
    expect(await form.getByRole('textbox', { name: 'Montant (€)' }).inputValue()).toBe('');

    const id = await createdForfaitId();
    const grenoble = page.getByRole('region', { name: 'Agence : Grenoble (GRE)' });
    const montant = grenoble.getByRole('textbox', { name: `Montant du forfait n°${id}`, exact: true });
    await montant.waitFor();
    expect(await montant.inputValue()).toBe('99,00');

    // The same agency, zone, family and tranche again: refused by the server (409).
    await pick(form, 'Agence', 'Grenoble (GRE)');
    await pick(form, 'Zone', 'Zone 1 - Proximité');
    await pick(form, 'Tranche', new RegExp(TRANCHE.replace(/[()]/g, '\\$&')));
    // The Enter key adds too.
    const refused = answered('POST', /^\/service\/forfaitTransport$/);
    await form.getByRole('textbox', { name: 'Montant (€)' }).fill('50');
    await form.getByRole('textbox', { name: 'Montant (€)' }).press('Enter');
    expect((await refused).status()).toBe(409);
    await toast('Forfait déjà existant').waitFor();

    // The client refuses a forfait without tranche with the server's message, and sends nothing.
    await form.getByRole('button', { name: 'Effacer Tranche' }).click();
    await form.getByRole('button', { name: 'AJOUTER', exact: true }).click();
    await toast('Forfait non valide : la tranche est obligatoire').waitFor();
  });

  it("edits an amount, confirms it with 'valider' and keeps it after a reload", async () => {
    const id = await createdForfaitId();
    const montant = page.getByRole('textbox', { name: `Montant du forfait n°${id}`, exact: true });
    expect(await page.getByRole('button', { name: `valider le forfait n°${id}`, exact: true }).count()).toBe(
      0,
    );
    await montant.fill('120,5');
    const valider = page.getByRole('button', { name: `valider le forfait n°${id}`, exact: true });
    await valider.waitFor();
    const saved = answered('POST', /^\/service\/forfaitTransport$/);
    await valider.click();
    expect((await saved).status()).toBe(200);
    await valider.waitFor({ state: 'detached' });

    await page.reload();
    const reloaded = page.getByRole('textbox', { name: `Montant du forfait n°${id}`, exact: true });
    await reloaded.waitFor();
    expect(await reloaded.inputValue()).toBe('120,50');
  });

  it('deletes a fee after confirmation', async () => {
    const id = await createdForfaitId();
    await page.getByRole('button', { name: `Supprimer le forfait n°${id}`, exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Supprimer le forfait' });
    await dialog.waitFor();
    await expectAccessible(page);
    await dialog.getByRole('button', { name: 'Supprimer', exact: true }).click();
    await toast('Forfait supprimé').waitFor();
    await page
      .getByRole('textbox', { name: `Montant du forfait n°${id}`, exact: true })
      .waitFor({ state: 'detached' });
    await expect(createdForfaitId()).rejects.toThrow();
  });

  it('simulates a cart and explains the fee', async () => {
    const simulator = page.getByRole('form', { name: 'Simulateur' });
    await pick(simulator, 'Agence du client', 'Lyon Gerland (LYO)');
    await pick(simulator, 'Zone de livraison', 'Zone 1 - Proximité');
    const line = simulator.getByRole('group', { name: 'Ligne 1' });
    await line.getByRole('textbox', { name: 'Poids (kg)' }).fill('40');
    await line.getByRole('textbox', { name: 'Montant (€ HT)' }).fill('120');
    await simulator.getByRole('button', { name: 'Simuler' }).click();
    const result = page.getByRole('region', { name: 'Résultat de la simulation' });
    await result.waitFor();
    // The demo's default schedule, zone 1, 0 to 100 kg: 12 € (franco 800 € not reached).
    await result.getByText('12,00 €', { exact: true }).waitFor();
    await result.getByText(/^Forfait n°\d+ \(.*\) : tranche « De 0 à 100 kg »/).waitFor();
    await expectAccessible(page);
  });

  it('changes the fee type, then deletes every fee', async () => {
    const panel = page.getByRole('region', { name: 'Type de forfait' });
    await panel.getByRole('button', { name: 'Changer de type' }).click();
    let dialog = page.getByRole('dialog', { name: 'Changer de type de forfait de transport' });
    await dialog.waitFor();
    await expectAccessible(page);
    await dialog.getByRole('radio', { name: 'Montant (€ HT)' }).check();
    await dialog.getByRole('button', { name: 'Valider' }).click();
    await dialog.waitFor({ state: 'detached' });
    await panel.getByText('Montant (€ HT)', { exact: true }).waitFor();
    // The schedule by amount is now the one in force (its tranches are in €).
    await page.getByText('Moins de 150 €', { exact: true }).first().waitFor();

    await panel.getByRole('button', { name: "Supprimer l'ensemble des forfaits existants" }).click();
    dialog = page.getByRole('dialog', { name: 'Supprimer tous les forfaits de transport' });
    await dialog.waitFor();
    await dialog.getByRole('button', { name: 'Tout supprimer' }).click();
    await page.getByText('Pas de forfait existant').waitFor();
    expect(await scheduleFromApi()).toEqual({ sans_agence: [], agences: [] });
    await expectAccessible(page);
  });
});
