// Hostile ERP files dropped into a running server's folder (docs/import-erp.md, Limits): a 2 MB ZIP
// whose CSV is a header and one 2 GiB line, a 3 MB ZIP holding 1 GiB of rows, a CSV with a 20 MB line, a ZIP whose entry climbs out of
// the folder, a symbolic link to /etc/passwd and a cell with a NUL byte. The server refuses each
// (.err, with the reason in the history), keeps answering, and its memory stays under the bound.
import fs from 'node:fs';
import path from 'node:path';
import { asc } from 'drizzle-orm';
import { importJobs } from '@comptoir/db/schema';
import { IMPORT_MESSAGES } from '@comptoir/shared/imports/kinds';
import { bombZip, zipWithNames } from '../modules/imports/test-support';
import {
  createScratchDatabase,
  makeDataDir,
  sleep,
  startServer,
  type ScratchDatabase,
  type ServerProcess,
} from './support';

/** The documented bound of the server's resident memory while it imports any file (docs/import-erp.md). */
const RSS_BOUND_MB = 512;
const HEADER = 'code_article;designation1;code_famille;prix_ht;taux_tva;unite_vente;actif\n';

let scratch: ScratchDatabase;
let dataDir: string;
let server: ServerProcess | undefined;

beforeAll(async () => {
  scratch = await createScratchDatabase();
  dataDir = makeDataDir();
});

afterAll(async () => {
  await server?.stop();
  await scratch?.drop();
  if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
});

const rssMb = (pid: number) => {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+) kB/.exec(status)![1]) / 1024;
};

it('refuses ZIP bombs, a 20 MB line, a zip slip, a symlink and a NUL, staying up and bounded', async () => {
  server = await startServer({
    databaseUrl: scratch.url,
    dataDir,
    sessionSecret: 'secret-de-session-des-fichiers-hostiles-0123456789',
    env: { IMPORT_POLL_MS: '200' },
  });
  const pid = server.child.pid!;
  const importsDir = path.join(dataDir, 'files', 'imports');
  fs.mkdirSync(importsDir, { recursive: true });
  const idle = rssMb(pid);

  const bomb = await bombZip('articles.csv', HEADER, 2048);
  expect(bomb.length).toBeLessThan(3 * 1024 * 1024);
  // 1 GiB of rows (32-byte rows, 33 million of them) in a 3 MB archive.
  const row = Buffer.from('R;Article;FAM;10;20;U;1;;;;;;;;\n');
  const rows = await bombZip('articles.csv', HEADER, 1024, Buffer.alloc(1024 * 1024, row));
  const files = {
    'articles-bombe.zip': bomb,
    'articles-lignes.zip': rows,
    'articles-ligne.csv': HEADER + 'A'.repeat(20 * 1024 * 1024),
    'articles-glissement.zip': await zipWithNames(
      { 'XX/agences.csv': 'x' },
      { 'XX/agences.csv': '../agences.csv' },
    ),
    'articles-nul.csv': `${HEADER}N1;avec\u0000nul;FAM;10;20;U;1\n`,
  };
  const past = new Date(Date.now() - 60_000);
  for (const [name, content] of Object.entries(files)) {
    // Written aside, then moved in whole, as an ERP should.
    fs.writeFileSync(path.join(dataDir, name), content);
    fs.utimesSync(path.join(dataDir, name), past, past);
    fs.renameSync(path.join(dataDir, name), path.join(importsDir, name));
  }

  fs.symlinkSync('/etc/passwd', path.join(importsDir, 'articles-lien.csv'));
  const refused = [...Object.keys(files), 'articles-lien.csv'];

  let peak = idle;
  const end = Date.now() + 25_000;
  const done = () => refused.every((name) => fs.existsSync(path.join(importsDir, `${name}.err`)));
  while (!done()) {
    expect(server.alive()).toBe(true);
    peak = Math.max(peak, rssMb(pid));
    if (Date.now() > end) throw new Error(`not refused in time: ${fs.readdirSync(importsDir).join(', ')}`);
    await sleep(50);
  }
  expect((await fetch(`${server.baseURL}/healthz`)).status).toBe(200);
  expect(peak).toBeLessThan(RSS_BOUND_MB);
  console.info(
    `RSS: idle ${idle.toFixed(0)} MB, peak ${peak.toFixed(0)} MB, after ${rssMb(pid).toFixed(0)} MB`,
  );

  const jobs = await scratch.handle.db.select().from(importJobs).orderBy(asc(importJobs.id));
  expect(Object.fromEntries(jobs.map((job) => [job.fileName, [job.status, job.message]]))).toEqual({
    'articles-bombe.zip': ['erreur', expect.stringContaining('(limite IMPORT_MAX_ZIP_RATIO : 200)')],
    'articles-lignes.zip': ['erreur', expect.stringContaining('(limite IMPORT_MAX_ZIP_RATIO : 200)')],
    'articles-ligne.csv': ['erreur', 'ligne 2 : plus de 1 048 576 octets (limite IMPORT_MAX_LINE_BYTES)'],
    'articles-glissement.zip': ['erreur', IMPORT_MESSAGES.unsafeEntryPath],
    'articles-lien.csv': ['erreur', IMPORT_MESSAGES.symlink],
    'articles-nul.csv': ['erreur', null],
  });
  const nul = jobs.find((job) => job.fileName === 'articles-nul.csv')!;
  expect(nul.rejects).toEqual([
    expect.objectContaining({ ligne: 2, motif: expect.stringContaining('caractère nul interdit') }),
  ]);
});
