// The ERP import page on the real server (docs/contract/erp-imports.md): a ZIP sent from the page,
// its progress bar while it runs (the server runs on PGlite here: a staged import serves the page
// meanwhile) and its counts in the history once imported; a customer-prices file and its report; a
// file with a bad row refused and its report read in the modal; axe on the page and the modal. Only
// families, articles and prices coded E2E-IMP… are created.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Page } from 'playwright-core';
import yazl from 'yazl';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectAccessible } from './support/browser';
import { useShop } from './support/setup';

const IMPORT_URL = '/openweb/admin/admin_importation';
const ARTICLE_HEADER = 'code_article;designation1;code_famille;prix_ht;taux_tva;unite_vente;actif';
// Large enough that the import outlasts the page's polling, so that its progress bar is seen.
const ROWS = 40_000;

function zipOf(files: Record<string, string>, target: string): Promise<void> {
  const archive = new yazl.ZipFile();
  for (const [name, content] of Object.entries(files)) archive.addBuffer(Buffer.from(content), name);
  archive.end();
  return new Promise((resolve, reject) => {
    archive.outputStream.pipe(fs.createWriteStream(target)).on('close', resolve).on('error', reject);
  });
}

describe('ERP imports', () => {
  const shop = useShop();
  let page: Page;
  let tmpDir: string;

  beforeAll(async () => {
    tmpDir = fs.mkdtempSync(path.join(os.tmpdir(), 'comptoir-e2e-import-'));
    page = await shop.page('admin');
    await page.getByRole('heading', { name: 'Accueil', level: 1 }).waitFor();
  });

  afterAll(async () => {
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

    // While it runs, the page shows its bar (on PGlite the rows are checked by batches between which
    // the page is served); then it lands in the history with every row, and no bar is left.
    // Attached, not visible: at 0 % the bar's section has no width.
    await page.getByRole('progressbar').first().waitFor({ state: 'attached', timeout: 60_000 });
    const row = history().getByRole('row').filter({ hasText: 'articles.csv' }).first();
    await row.filter({ hasText: 'Importé' }).waitFor({ timeout: 120_000 });
    await page.getByText('Aucun import en cours').waitFor();
    expect(await page.getByRole('progressbar').count()).toBe(0);
    await expectAccessible(page);
    await expect.poll(() => row.textContent()).toContain('Articles');
    const cells = await row.getByRole('cell').allTextContents();
    // Lues and Créées: every row of the file (French digit grouping).
    expect(cells.slice(4, 6).map((cell) => cell.replace(/\s/g, ''))).toEqual([String(ROWS), String(ROWS)]);
  });

  it('imports a customer-prices file and shows its report', async () => {
    const csvFile = path.join(tmpDir, 'tarifs-e2e.csv');
    fs.writeFileSync(
      csvFile,
      [
        'code_client;code_type;code_article;code_famille;code_agence;prix_net;remise',
        ';ART;;E2E-IMP-F;;;7',
        ';ART;E2E-IMP-1;;;2,5;',
        '',
      ].join('\r\n'),
    );
    await fileInput().setInputFiles(csvFile);
    await page.getByRole('button', { name: 'Importer' }).click();
    const row = history().getByRole('row').filter({ hasText: 'tarifs-e2e' }).first();
    await row.filter({ hasText: 'Importé' }).waitFor({ timeout: 60_000 });
    expect(await row.textContent()).toContain('Prix clients');
    const cells = await row.getByRole('cell').allTextContents();
    expect(cells.slice(4, 6)).toEqual(['2', '2']);
    await row.getByRole('button', { name: /^Voir le rapport de tarifs-e2e/ }).click();
    const dialog = page.getByRole('dialog', { name: /^Rapport de l’import de tarifs-e2e/ });
    await dialog.getByText('Aucune ligne rejetée').waitFor();
    await expectAccessible(page);
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });
  }, 120_000);

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
