import { describe, expect, it } from 'vitest';
import { expectAccessible, loginThroughPage } from './support/browser';
import { useShop } from './support/setup';
import { ADMIN } from './support/accounts';

describe('foundation', () => {
  const shop = useShop();

  it('serves a French page, the health check and the API documentation', async () => {
    const home = await fetch(`${shop.baseURL}/`);
    expect(home.headers.get('content-type')).toContain('text/html');
    expect(await home.text()).toContain('lang="fr"');
    expect((await fetch(`${shop.baseURL}/healthz`)).status).toBe(200);
    const docs = (await (await fetch(`${shop.baseURL}/docs/json`)).json()) as {
      paths: Record<string, unknown>;
    };
    expect(Object.keys(docs.paths)).toEqual(expect.arrayContaining(['/auth/login', '/service/agences']));
  });

  it('lets an administrator log in and reach the back-office home', async () => {
    const page = await shop.page();
    await page.goto('/openweb/admin/admin_accueil');
    await page.waitForURL(/\/connexion/);
    await expectAccessible(page);
    await loginThroughPage(page, ADMIN);
    await page.waitForURL(/\/openweb\/admin\/admin_accueil/);
    await expect.poll(() => page.getByRole('main').innerText()).toMatch(/Commandes du jour/i);
    await expectAccessible(page);
    await page.context().close();
  });

  it('shows the root categories on the storefront home', async () => {
    const page = await shop.page();
    await page.goto('/');
    const categories = (await (await fetch(`${shop.baseURL}/catalogue/categories`)).json()) as {
      libelle: string;
    }[];
    expect(categories.length).toBeGreaterThanOrEqual(3);
    const main = page.getByRole('main');
    for (const category of categories) {
      await main.getByRole('link', { name: new RegExp(category.libelle) }).waitFor();
    }
    await expectAccessible(page);
    await page.context().close();
  });

  it('answers an unknown page with the application and its not-found page', async () => {
    const page = await shop.page();
    await page.goto('/une-page-qui-n-existe-pas');
    await expect.poll(() => page.getByRole('main').innerText()).toContain('Page introuvable');
    await page.context().close();
  });

  it('keeps a customer out of the back office', async () => {
    const page = await shop.page('customer');
    await expect.poll(() => new URL(page.url()).pathname).toBe('/');
    await page.goto('/openweb/admin/admin_accueil');
    await expect
      .poll(() => page.getByRole('main').innerText())
      .toContain('Accès réservé aux administrateurs');
    const answer = await page.request.get('/service/agences');
    expect(answer.status()).toBe(403);
    await page.context().close();
  });
});
