// The connection settings screen on the real server with the demo data (docs/contract/connection-settings.md, Connection
// settings): dependent fields disabled while their option is off, save with a toast, the history; and
// each effect seen by a visitor in a second browser context: anonymous access off (catalogue refused,
// the home invites to log in), prices hidden, the tariff agency chosen in the header. axe on the
// screen and on the storefront as an anonymous visitor. The settings are put back as found at the end.
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  agenceCourante,
  parametresConnexion,
  type ParametresConnexion,
} from '@comptoir/shared/connection-settings';
import { categorieList, familyPage } from '@comptoir/shared/catalogue';
import { expectAccessible, PHONE, WIDE_SCREEN } from './support/browser';
import { useShop } from './support/setup';

const SETTINGS_URL = '/openweb/admin/admin_parametresConnexion';

describe('connection settings', () => {
  const shop = useShop();
  let admin: Page;
  let visitor: Page;
  let initial: ParametresConnexion;

  beforeAll(async () => {
    admin = await shop.page('admin');
    await admin.getByRole('heading', { name: 'Accueil', level: 1 }).waitFor();
    initial = parametresConnexion.parse(
      await (await admin.request.get('/admin/parametres/connexion')).json(),
    );
    // Wide: the header shows the tariff agency from 1408 px (narrower, it is in the menu drawer).
    visitor = await shop.page('visitor', { viewport: WIDE_SCREEN });
  });

  afterAll(async () => {
    if (initial) await admin.request.put('/admin/parametres/connexion', { data: initial });
  });

  const toast = (text: string) => admin.locator('.mantine-Notification-description', { hasText: text });
  // A switch's accessible name is its label followed by its description.
  const flag = (name: string) => admin.getByRole('switch', { name: new RegExp(`^${name}`) });
  const saveAndWait = async () => {
    const saved = admin.waitForResponse(
      (r) => r.request().method() === 'PUT' && new URL(r.url()).pathname === '/admin/parametres/connexion',
    );
    await admin.getByRole('button', { name: 'Enregistrer' }).click();
    expect((await saved).status()).toBe(200);
    await toast('Paramètres de connexion enregistrés').first().waitFor();
  };
  async function choose(label: string, option: string) {
    await admin.getByRole('combobox', { name: label }).click();
    await admin.getByRole('option', { name: option, exact: true }).first().click();
  }

  it('is in the navigation, passes axe, and disables the dependent fields while their option is off', async () => {
    await admin.goto('/openweb/admin/admin_accueil');
    await admin.getByRole('navigation').getByRole('link', { name: 'Paramètres de connexion' }).click();
    await admin.getByRole('heading', { name: 'Paramètres de connexion', level: 1 }).waitFor();
    expect(new URL(admin.url()).pathname).toBe(SETTINGS_URL);
    await flag('Accès anonyme').waitFor({ state: 'attached' });
    await expectAccessible(admin);

    expect(await flag('Commande sans compte').isDisabled()).toBe(false);
    await flag('Accès anonyme').click({ force: true });
    expect(await flag('Accès anonyme').isChecked()).toBe(false);
    expect(await flag('Commande sans compte').isDisabled()).toBe(true);
    expect(await flag('Afficher les prix aux visiteurs anonymes').isDisabled()).toBe(true);
    expect(await flag("Refuser la commande au-delà de l'encours").isDisabled()).toBe(
      initial.activateEncoursChecking !== '1',
    );
    expect(await admin.getByRole('combobox', { name: 'Profil client temporaire' }).isDisabled()).toBe(
      initial.anonymousAccount !== '1',
    );
  });

  it('anonymous access off: saved, in the history, and the visitor is refused the catalogue', async () => {
    await saveAndWait();
    const history = admin.getByRole('table', {
      name: 'Historique des modifications des paramètres de connexion',
    });
    const row = history.getByRole('row').filter({ hasText: 'Accès anonyme' }).first();
    await row.waitFor();
    expect(await row.textContent()).toContain('OuiNon');
    expect(await row.textContent()).toContain('admin');

    await visitor.goto('/');
    await visitor.getByText('Veuillez vous connecter pour accéder au catalogue').waitFor();
    expect((await visitor.request.get('/catalogue/categories')).status()).toBe(401);
    expect((await visitor.request.get('/rest/recherche/ciment')).status()).toBe(401);
    await expectAccessible(visitor);
  });

  it('prices hidden: the visitor browses without any price', async () => {
    await flag('Accès anonyme').click({ force: true });
    await flag('Afficher les prix aux visiteurs anonymes').click({ force: true });
    expect(await flag('Afficher les prix aux visiteurs anonymes').isChecked()).toBe(false);
    await saveAndWait();

    const roots = categorieList.parse(await (await visitor.request.get('/catalogue/categories')).json());
    const root = roots.find((category) => category.nbArticles > 0)!;
    await visitor.goto(root.lien);
    await visitor.getByRole('heading', { name: root.libelle, level: 1 }).waitFor();
    await visitor.getByText('Connectez-vous pour voir les prix').first().waitFor();
    expect(await visitor.getByText(/€ HT/).count()).toBe(0);
    const page = familyPage.parse(
      await (await visitor.request.get(`/catalogue/familles/${root.code}`)).json(),
    );
    expect(page.articles.elements.every((article) => article.prixHT === undefined)).toBe(true);
    await expectAccessible(visitor);

    await visitor.goto(page.articles.elements[0]!.lien);
    await visitor.getByText('Connectez-vous pour voir les prix').first().waitFor();
    expect(await visitor.getByText(/€/).count()).toBe(0);
    await expectAccessible(visitor);
  });

  it('tariff agency chosen by the visitor: the header shows it and lets the visitor change it', async () => {
    await flag('Afficher les prix aux visiteurs anonymes').click({ force: true });
    await choose("Mode de sélection de l'agence de tarif", 'Agence choisie par le client');
    const agencies = (await (await admin.request.get('/service/agences')).json()) as {
      code_agence: string;
      libelle_agence: string;
    }[];
    const [first, second] = agencies;
    await choose('Agence de tarif par défaut', first!.libelle_agence);
    await saveAndWait();

    await visitor.goto('/');
    const select = visitor.getByRole('combobox', { name: 'Votre agence' });
    await select.waitFor();
    expect(await select.inputValue()).toBe(first!.code_agence);
    await expectAccessible(visitor);
    const chosen = visitor.waitForResponse(
      (r) => r.request().method() === 'POST' && r.url().endsWith('/rest/agence'),
    );
    await select.selectOption(second!.code_agence);
    expect((await chosen).status()).toBe(200);

    // Remembered for the browser session: a new page load keeps it.
    await visitor.reload();
    await visitor.getByRole('combobox', { name: 'Votre agence' }).waitFor();
    expect(await visitor.getByRole('combobox', { name: 'Votre agence' }).inputValue()).toBe(
      second!.code_agence,
    );
    const current = agenceCourante.parse(await (await visitor.request.get('/rest/agence')).json());
    expect(current.agence?.code_agence).toBe(second!.code_agence);

    // On a phone (390 px) the header fits the screen and the agency select is in the menu drawer.
    await visitor.setViewportSize(PHONE);
    await visitor.reload();
    await visitor.getByRole('button', { name: 'Menu des catégories' }).click();
    const drawer = visitor.getByRole('dialog', { name: 'Catégories' });
    await drawer.getByRole('combobox', { name: 'Votre agence' }).waitFor();
    expect(await drawer.getByRole('combobox', { name: 'Votre agence' }).inputValue()).toBe(
      second!.code_agence,
    );
    expect(await visitor.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await visitor.keyboard.press('Escape');
    await visitor.setViewportSize(WIDE_SCREEN);

    // 'Agence de tarif par défaut': the header only names the agency.
    await choose("Mode de sélection de l'agence de tarif", 'Agence de tarif par défaut');
    await saveAndWait();
    await visitor.reload();
    await visitor.getByText(`Votre agence : ${first!.libelle_agence}`).waitFor();
    expect(await visitor.getByRole('combobox', { name: 'Votre agence' }).count()).toBe(0);
  });
});
