// The demo generator's ERP files (npm run demo -- --erp-files DIR) read back by the import pipeline:
// imported into the very shop the generator loaded, every file is accepted and every row unchanged —
// the files say exactly what the database holds — and the documents ZIP brings the invoices and
// delivery notes of the shop's own orders.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { inArray } from 'drizzle-orm';
import { writeErpFiles } from '@comptoir/db/demo/erp-files';
import { loadDemoData } from '@comptoir/db/demo/load';
import { orderDocuments, orders } from '@comptoir/db/schema';
import { buildAppAs, type App, type SessionHeaders } from '../../test/helpers';
import { drop, settled } from './test-support';

const NOW = new Date('2026-11-23T12:00:00Z');

let app: App;
let admin: SessionHeaders;
let dir: string;
beforeAll(async () => {
  ({ app, headers: admin } = await buildAppAs('admin', { config: { importPollMs: 0 } }));
  await loadDemoData(app.db, { scale: 0.05, now: NOW });
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'comptoir-erp-files-'));
});
afterAll(async () => {
  await app.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

it('writes files that re-import into the demo shop without changing a row', async () => {
  const written = await writeErpFiles(dir, { scale: 0.05, now: NOW });
  expect(written['articles.csv']).toBe(200);
  expect(written['agences.csv']).toBeGreaterThan(0);
  expect(written['tarifs.csv']).toBeGreaterThan(0);
  const csvFiles = Object.keys(written).filter((name) => name.endsWith('.csv'));
  for (const name of csvFiles) await drop(app, name, fs.readFileSync(path.join(dir, name)));
  const jobs = (await settled(app, admin)).historique;
  expect(jobs.map((job) => [job.entree, job.statut, job.message]).sort()).toEqual(
    csvFiles.sort().map((name) => [name, 'ok', null]),
  );
  for (const job of jobs) {
    expect(job.lues).toBe(written[job.entree]);
    expect([job.entree, job.inchangees]).toEqual([job.entree, job.lues]);
  }
});

// The loader writes no documents (the server does, at its first start): the demo shop takes them as
// new, then as unchanged.
it("writes the demo orders' invoices and delivery notes as a documents ZIP, index and PDFs", async () => {
  const zipFile = fs.readFileSync(path.join(dir, 'documents.zip'));
  const count = (await writeErpFiles(dir, { scale: 0.05, now: NOW, only: ['documents'] }))['documents.zip']!;
  expect(count).toBeGreaterThan(0);
  expect(fs.readFileSync(path.join(dir, 'documents.zip')).equals(zipFile)).toBe(true);
  await drop(app, 'documents.zip', zipFile);
  await drop(app, 'documents-2.zip', zipFile);
  const jobs = (await settled(app, admin)).historique.filter((job) => job.type === 'documents');
  const byFile = (name: string) => jobs.find((job) => job.fichier === name)!;
  expect(byFile('documents.zip')).toMatchObject({ statut: 'ok', lues: count, creees: count });
  expect(byFile('documents-2.zip')).toMatchObject({ statut: 'ok', lues: count, inchangees: count });
  const index = await app.db.select().from(orderDocuments);
  expect(index).toHaveLength(count);
  const known = await app.db
    .select({ number: orders.number })
    .from(orders)
    .where(inArray(orders.number, [...new Set(index.map((d) => d.orderNumber))]));
  expect(known).toHaveLength(new Set(index.map((d) => d.orderNumber)).size);
  for (const document of index)
    expect(
      fs.readFileSync(path.join(app.config.documentsDir, document.storedFile)).subarray(0, 5).toString(),
    ).toBe('%PDF-');
});
