// The imported-files page on the real server (docs/contract/imported-files.md): files dropped in
// FILES_DIR/imports listed with their size and state, paged by 50; download, put back in the queue,
// delete after a confirmation; 'Retour' to the import page; axe on the page and its dialog.
import fs from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { ImportList } from '@comptoir/shared/imports/contract';
import { expectAccessible } from './support/browser';
import { useShop } from './support/setup';

const PAGE_URL = '/openweb/admin/admin_fichierimportation';

describe('imported files', () => {
  const shop = useShop();
  let page: Page;
  const importsDir = path.join(inject('dataDir'), 'files', 'imports');
  const written: string[] = [];

  function drop(name: string, content: string | Buffer, ageSeconds: number) {
    const file = path.join(importsDir, name);
    fs.writeFileSync(file, content);
    const when = new Date(Date.now() - ageSeconds * 1000);
    fs.utimesSync(file, when, when);
    written.push(name);
  }

  beforeAll(async () => {
    fs.mkdirSync(importsDir, { recursive: true });
    // 52 processed files: two pages. The newest three are the ones the test acts on.
    drop('e2e-tarifs.zip.err', Buffer.alloc(Math.round(1.2 * 1024 * 1024)), 1);
    drop('e2e-clients.csv.ok', 'code;nom\nC1;Dupont\n', 2);
    drop('e2e-stock.csv.ok', 'article;agence;quantite\n', 3);
    for (let i = 0; i < 49; i++) drop(`e2e-ancien-${String(i).padStart(2, '0')}.zip.ok`, 'x', 100 + i);
    page = await shop.page('admin');
    await page.getByRole('heading', { name: 'Accueil', level: 1 }).waitFor();
  });

  afterAll(async () => {
    for (const name of fs.readdirSync(importsDir))
      if (name.startsWith('e2e-')) fs.rmSync(path.join(importsDir, name), { force: true });
  });

  const table = () => page.getByRole('table', { name: 'Fichiers du dossier d’import' });
  const row = (name: string) => table().getByRole('row').filter({ hasText: name });
  const toast = (text: string) => page.locator('.mantine-Notification-description', { hasText: text });

  it('lists the files with their size and state, 50 a page, from the navigation', async () => {
    await page
      .getByRole('navigation', { name: "Écrans d'administration" })
      .getByRole('link', { name: 'Fichiers importés' })
      .click();
    await page.getByRole('heading', { name: 'Fichiers importés', level: 1 }).waitFor();
    expect(new URL(page.url()).pathname).toBe(PAGE_URL);
    await row('e2e-tarifs.zip.err').waitFor();
    await expect.poll(() => row('e2e-tarifs.zip.err').textContent()).toContain('1,2 Mo');
    expect(await row('e2e-tarifs.zip.err').textContent()).toContain('Refusé');
    expect(await row('e2e-clients.csv.ok').textContent()).toContain('Importé');
    expect(await table().getByRole('row').count()).toBe(51); // header + 50
    await expectAccessible(page);

    await page.getByRole('button', { name: 'Page 2', exact: true }).click();
    await row('e2e-ancien-48.zip.ok').waitFor();
  });

  it('downloads a file', async () => {
    await page.goto(PAGE_URL);
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('link', { name: 'Télécharger e2e-clients.csv.ok' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe('e2e-clients.csv.ok');
    expect(fs.readFileSync(await download.path(), 'utf8')).toBe('code;nom\nC1;Dupont\n');
  });

  it('puts a refused file back in the queue', async () => {
    /** How many imports of the file the history shows (the drop folder's poller may import it again at once). */
    const importsOfFile = async () => {
      const answer = await page.request.get('/admin/importation/imports?page=0');
      const { enCours, historique } = (await answer.json()) as ImportList;
      return [...enCours, ...historique].filter((job) => job.fichier === 'e2e-tarifs.zip').length;
    };
    const importsBefore = await importsOfFile();
    await page.goto(PAGE_URL);
    await page
      .getByRole('button', { name: 'Remettre e2e-tarifs.zip.err en attente (renommer en .zip)' })
      .click();
    await toast('Fichier remis en attente : e2e-tarifs.zip').waitFor();
    // Queued again: waiting, claimed by the poller, or already refused again (it is no ZIP) by a new
    // import, which the history then shows.
    const now = fs.readdirSync(importsDir).filter((name) => name.startsWith('e2e-tarifs.zip'));
    expect(now).toHaveLength(1);
    if (now[0] === 'e2e-tarifs.zip.err') expect(await importsOfFile()).toBeGreaterThan(importsBefore);
    else expect(['e2e-tarifs.zip', 'e2e-tarifs.zip.encours']).toContain(now[0]);
    await expect.poll(() => row('e2e-tarifs.zip').count()).toBe(1);
  });

  it('deletes a file after a confirmation', async () => {
    await page.goto(PAGE_URL);
    await page.getByRole('button', { name: 'Supprimer e2e-stock.csv.ok' }).click();
    const dialog = page.getByRole('dialog', { name: 'Supprimer le fichier' });
    await dialog.getByText('Supprimer définitivement le fichier « e2e-stock.csv.ok » ?').waitFor();
    await expectAccessible(page);
    await dialog.getByRole('button', { name: 'Supprimer' }).click();
    await toast('Fichier supprimé').waitFor();
    await expect.poll(() => row('e2e-stock.csv.ok').count()).toBe(0);
    expect(fs.existsSync(path.join(importsDir, 'e2e-stock.csv.ok'))).toBe(false);
  });

  it("toasts 'Error fetching fichiers importation' when the list fails, and goes back with 'Retour'", async () => {
    await page.route('**/admin/fichierimportation/fetch**', (route) =>
      route.fulfill({ status: 500, contentType: 'application/json', body: '{"message":"Erreur critique"}' }),
    );
    await page.goto(PAGE_URL);
    await toast('Error fetching fichiers importation').waitFor();
    await table().getByText('Aucune donnée à afficher').waitFor();
    await page.unroute('**/admin/fichierimportation/fetch**');
    await page.getByRole('link', { name: 'Retour' }).click();
    await expect.poll(() => new URL(page.url()).pathname).toBe('/openweb/admin/admin_importation');
  });
});
