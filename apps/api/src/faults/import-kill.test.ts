// The server killed (SIGKILL) in the middle of an ERP import, then started again on the same database
// and drop folder: the articles are as they were before the import, the file is put back in the queue
// and imported again, and the dead import shows as interrupted in the history.
import fs from 'node:fs';
import path from 'node:path';
import { asc } from 'drizzle-orm';
import { articles, importJobs } from '@comptoir/db/schema';
import type { ImportList } from '@comptoir/shared/imports/contract';
import { createArticle, createFamily } from '../test/factories';
import {
  accountWithSession,
  createScratchDatabase,
  makeDataDir,
  sleep,
  startServer,
  type ScratchDatabase,
  type ServerProcess,
} from './support';

const SESSION_SECRET = 'secret-de-session-des-imports-interrompus-0123456789';
const ROWS = 100_000;
const HEADER = 'code_article;designation1;code_famille;prix_ht;taux_tva;unite_vente;actif';

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

const start = () =>
  startServer({
    databaseUrl: scratch.url,
    dataDir,
    sessionSecret: SESSION_SECRET,
    env: { IMPORT_POLL_MS: '200', IMPORT_STALE_MS: '2000' },
  });

const articleRows = () =>
  scratch.handle.db
    .select({ code: articles.code, priceHt: articles.priceHt, designation1: articles.designation1 })
    .from(articles)
    .orderBy(asc(articles.code));

async function until<T>(
  what: string,
  probe: () => Promise<T | undefined | false>,
  timeoutMs = 90_000,
): Promise<T> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value) return value;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await sleep(100);
  }
}

it('leaves the tables as before and requeues the file when killed mid-import', async () => {
  const family = await createFamily(scratch.handle, { code: 'FAM' });
  for (const code of ['A000001', 'A000002', 'A000003'])
    await createArticle(scratch.handle, { code, familyCode: family.code, priceHt: 1 });
  const before = await articleRows();

  const importsDir = path.join(dataDir, 'files', 'imports');
  fs.mkdirSync(importsDir, { recursive: true });
  const lines = Array.from({ length: ROWS }, (_, i) => {
    const code = `A${String(i + 1).padStart(6, '0')}`;
    return `${code};Article ${code};FAM;${(i % 500) + 2}.25;20;U;1`;
  });
  const file = path.join(importsDir, 'articles.csv');
  fs.writeFileSync(file, `${HEADER}\n${lines.join('\n')}\n`);
  const past = new Date(Date.now() - 60_000);
  fs.utimesSync(file, past, past);

  const { cookie } = await accountWithSession(scratch.handle.db, SESSION_SECRET, null);
  server = await start();
  // The import page's progress, as it polls it, moves while the import runs (PostgreSQL: the
  // server answers other requests meanwhile).
  const progress = async () => {
    const list = (await (
      await fetch(`${server!.baseURL}/admin/importation/imports`, { headers: { cookie } })
    ).json()) as ImportList;
    return list.enCours[0]?.lignesTraitees ?? 0;
  };
  const first = await until('a first progress', async () => (await progress()) > 0 && (await progress()));
  await until('more progress', async () => (await progress()) > first);
  // Killed once the import has written a good part of its rows (in its open transaction).
  await until('the import to be well under way', async () => {
    const [job] = await scratch.handle.db.select().from(importJobs);
    return job && job.status === 'en_cours' && job.rowsDone >= 10_000;
  });
  server.child.kill('SIGKILL');
  await server.exited;

  expect(await articleRows()).toEqual(before);
  expect(fs.readdirSync(importsDir)).toEqual(['articles.csv.encours']);

  server = await start();
  await until('the file to be imported again', async () =>
    fs.existsSync(path.join(importsDir, 'articles.csv.ok')),
  );
  const jobs = await scratch.handle.db.select().from(importJobs).orderBy(asc(importJobs.id));
  expect(jobs.map((job) => [job.status, job.created, job.updated])).toEqual([
    ['interrompu', 0, 0],
    ['ok', ROWS - 3, 3],
  ]);
  expect(jobs[0]!.message).toBe('import interrompu (serveur arrêté) : le fichier a été remis dans la file');
  expect((await articleRows()).length).toBe(ROWS);
});
