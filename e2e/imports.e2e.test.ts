// The ERP import page on the real server (docs/contract.md, ERP imports): a ZIP sent from the page,
// its counts in the history once imported (the server runs on PGlite here: the progress bar is polled
// on PostgreSQL in apps/api/src/faults/import-kill.test.ts); a file with a bad row refused and
// its report read in the modal; axe on the page and the modal. Only families and articles coded
// E2E-IMP… are created.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import yazl from 'yazl';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectAccessible, launchBrowser, loginAsAdmin, newPage } from './support/browser';

const IMPORT_URL = '/openweb/admin/admin_importation';
const ARTICLE_HEADER = 'code_article;designation1;code_famille;prix_ht;taux_tva;unite_vente;actif';
const ROWS = 20_000;

function zipOf(files: Record<string, string>, target: string): Promise<void> {
  const archive = new yazl.ZipFile();
  for (const [name, content] of Object.entries(files)) archive.addBuffer(Buffer.from(content), name);
  archive.end();
  return new Promise((resolve, reject) => {
    archive.outputStream.pipe(fs.createWriteStream(target)).on('close', resolve).on('error', reject);
  });
}

describe('ERP imports', () => {
  let browser: Browser;
  let page: Page;
  let tmpDir: string;

  beforeAll(async () => {
    tmpDir = fs.mkdtempSync(path.join(os.tmpdir(), 'comptoir-e2e-import-'));
    browser = await launchBrowser();
    page = await newPage(browser);
    await loginAsAdmin(page);
    await page.getByRole('heading', { name: 'Accueil', level: 1 }).waitFor();
  });

  afterAll(async () => {
    await page?.context().close();
    await browser?.close();
    fs.rmSync(tmpDir, { recursive: true, force: true });
  });

  const history = () => page.getByRole('table', { name: 'Historique des imports' });
  // Mantine's FileInput is a button labelled 'Fichier ERP (.zip ou .csv)' over a hidden file input.
  const fileInput = () => page.locator('input[type="file"]');

  it('sends a ZIP and shows its counts in the history once imported', async () => {
    await page.getByRole('link', { name: 'Imports ERP' }).first().click();
    await page.getByRole('heading', { name: 'Imports ERP', level: 1 }).waitFor();
    expect(new URL(page.url()).pathname).toBe(IMPORT_URL);
    await page.getByRole('button', { name: 'Fichier ERP (.zip ou .csv)' }).waitFor();
    await expectAccessible(page);

    const articles = Array.from(
      { length: ROWS },
      (_, i) => `E2E-IMP-${i};Article importé ${i};E2E-IMP-F;${(i % 100) + 1}.5;20;U;1`,
    );
    const zipFile = path.join(tmpDir, 'livraison-erp.zip');
    await zipOf(
      {
        'familles.csv':
          'code_famille;libelle;code_parent;code_activite;libelle_activite\r\nE2E-IMP-F;Famille importée E2E;;E2E-IMP-A;Activité E2E\r\n',
        'articles.csv': `${ARTICLE_HEADER}\r\n${articles.join('\r\n')}\r\n`,
      },
      zipFile,
    );
    await fileInput().setInputFiles(zipFile);
    await page.getByRole('button', { name: 'Importer' }).click();

    // On the embedded database (PGlite: one connection) the server answers nothing while an import's
    // transaction runs, so the bar is not polled here; on PostgreSQL it is (faults/import-kill.test.ts).
    // The import lands in the history with every row, and no bar is left.
    const row = history().getByRole('row').filter({ hasText: 'articles.csv' }).first();
    await row.filter({ hasText: 'Importé' }).waitFor({ timeout: 120_000 });
    await page.getByText('Aucun import en cours').waitFor();
    expect(await page.getByRole('progressbar').count()).toBe(0);
    await expectAccessible(page);
    await expect.poll(() => row.textContent()).toContain('Articles');
    const cells = await row.getByRole('cell').allTextContents();
    // Lues and Créées: every row of the file (20 000, French digit grouping).
    expect(cells.slice(4, 6).map((cell) => cell.replace(/\s/g, ''))).toEqual(['20000', '20000']);
  }, 240_000);

  it('refuses a file with a bad row and shows its report', async () => {
    const csvFile = path.join(tmpDir, 'articles-faux.csv');
    fs.writeFileSync(
      csvFile,
      `${ARTICLE_HEADER}\r\nE2E-IMP-X1;Bon;E2E-IMP-F;1;20;U;1\r\nE2E-IMP-X2;Mauvais prix;E2E-IMP-F;un euro;20;U;1\r\n`,
    );
    await fileInput().setInputFiles(csvFile);
    await page.getByRole('button', { name: 'Importer' }).click();
    const row = history().getByRole('row').filter({ hasText: 'articles-faux' }).first();
    await row.filter({ hasText: 'Refusé' }).waitFor({ timeout: 60_000 });
    await row.getByRole('button', { name: /^Voir le rapport de articles-faux/ }).click();
    const dialog = page.getByRole('dialog', { name: /^Rapport de l’import de articles-faux/ });
    await dialog.waitFor();
    const rejected = dialog.getByRole('table', { name: 'Lignes rejetées' }).getByRole('row').nth(1);
    await rejected.filter({ hasText: 'nombre attendu' }).waitFor();
    expect(await rejected.getByRole('cell').allTextContents()).toEqual([
      expect.stringMatching(/^articles-faux.*\.csv$/),
      '3',
      'prix_ht',
      'nombre attendu (par exemple 12.5 ou 12,5)',
    ]);
    await expectAccessible(page);
    const download = await Promise.all([
      page.waitForEvent('download'),
      dialog.getByRole('link', { name: /^Télécharger le rapport/ }).click(),
    ]);
    const report = fs.readFileSync((await download[0].path())!, 'utf8');
    expect(report).toContain(';3;prix_ht;nombre attendu (par exemple 12.5 ou 12,5)');
  }, 120_000);
});
