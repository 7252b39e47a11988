// Memory of the ERP import pipeline on hostile files (docs/import-erp.md, Limits), on a fresh PGlite
// folder: the process's resident memory before, at its peak while the file is imported by the very
// pipeline the server runs, and 2 s after. Run once by hand, not by CI:
//
//   npx tsx bench/import-hostile.ts line50|bomb|bomb-no-ratio
//
// line50: articles.csv, a header and one 50 MB line; bomb: a 2 MB ZIP whose articles.csv is a header
// and one 2 GiB line; bomb-no-ratio: the same with the ratio and entry limits lifted, so that the
// entry is inflated and the line limit alone stops it. Results: bench/results/2026-12-02-import-hostile.md.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { importJobs } from '@comptoir/db/schema';
import { nameInState } from '@comptoir/shared/imports';
import { importClaimedFile } from '../apps/api/src/modules/imports/imports.service';
import { bombZip } from '../apps/api/src/modules/imports/test-support';
import { importRuntime, openPgliteIn } from './import-runtime';

const HEADER = 'code_article;designation1;code_famille;prix_ht;taux_tva;unite_vente;actif\n';
const mb = (bytes: number) => Math.round(bytes / 1024 / 1024);

const which = process.argv[2] ?? 'line50';
const bomb = which.startsWith('bomb');
const work = fs.mkdtempSync(path.join(os.tmpdir(), 'comptoir-hostile-'));
const handle = await openPgliteIn(work);
await handle.migrate();
const runtime = importRuntime(handle.db, work, {
  staged: true,
  ...(which === 'bomb-no-ratio'
    ? { limits: { maxLineBytes: 1_048_576, maxEntryBytes: 2 ** 40, maxZipRatio: 1e6 } }
    : {}),
});
const { importsDir } = runtime;
const queuedName = bomb ? 'articles-bombe.zip' : 'articles-ligne.csv';
const file = path.join(importsDir, nameInState(queuedName, 'running'));
if (bomb) fs.writeFileSync(file, await bombZip('articles.csv', HEADER, 2048));
else {
  // Written by blocks: the bench holds none of it.
  const fd = fs.openSync(file, 'w');
  fs.writeSync(fd, HEADER);
  const block = Buffer.alloc(1024 * 1024, 0x41);
  for (let i = 0; i < 50; i++) fs.writeSync(fd, block);
  fs.closeSync(fd);
}
const size = fs.statSync(file).size;
await new Promise((resolve) => setTimeout(resolve, 1000));

const before = process.memoryUsage.rss();
let peak = before;
const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage.rss())), 10);
const started = performance.now();
await importClaimedFile(runtime, queuedName, 'dossier');
const seconds = (performance.now() - started) / 1000;
peak = Math.max(peak, process.memoryUsage.rss());
clearInterval(sampler);
await new Promise((resolve) => setTimeout(resolve, 2000));
const after = process.memoryUsage.rss();
const [job] = await handle.db.select().from(importJobs);
console.log(
  JSON.stringify({
    which,
    fileMb: mb(size),
    rssBefore: mb(before),
    rssPeak: mb(peak),
    rssAfter: mb(after),
    seconds: seconds.toFixed(2),
    status: job?.status,
    message: job?.message,
  }),
);
await handle.close();
fs.rmSync(work, { recursive: true, force: true });
