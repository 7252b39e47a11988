// The demo generator's ERP files (npm run demo -- --erp-files DIR) read back by the import pipeline:
// imported into the very shop the generator loaded, every file is accepted and every row unchanged —
// the files say exactly what the database holds.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { writeErpFiles } from '@comptoir/db/demo/erp-files';
import { loadDemoData } from '@comptoir/db/demo/load';
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
  for (const name of Object.keys(written)) await drop(app, name, fs.readFileSync(path.join(dir, name)));
  const jobs = (await settled(app, admin)).historique;
  expect(jobs.map((job) => [job.entree, job.statut, job.message]).sort()).toEqual(
    Object.keys(written)
      .sort()
      .map((name) => [name, 'ok', null]),
  );
  for (const job of jobs) {
    expect(job.lues).toBe(written[job.entree]);
    expect([job.entree, job.inchangees]).toEqual([job.entree, job.lues]);
  }
});
