// Benchmark of the ERP import pipeline (docs/import-erp.md): the demo catalogue's sales plan, then N
// article rows (400 000 by default) written as ERP files by the demo generator, imported by the very
// pipeline the server runs (claim, stream, batches, one transaction), three times: into an empty
// catalogue (every row created), the same file again (every row unchanged), and a file where every
// price changed (every row updated). On a fresh PostgreSQL database (created and dropped) or a fresh
// PGlite folder. Goals: 400 000 rows in ≤ 60 s on PostgreSQL, ≤ 3 min on PGlite. Meanwhile a probe
// queries the database every 20 ms, as the storefront would: its longest wait says how long the import
// kept the database from everyone else (on PGlite: the whole import when direct, the apply
// transaction only when staged, see docs/import-erp.md).
//
//   npm run bench -- import --database postgres|pglite [--rows N] [--mode direct|staged]
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { openDatabase, type DatabaseHandle } from '@comptoir/db/client';
import { writeErpFiles } from '@comptoir/db/demo/erp-files';
import { nameInState } from '@comptoir/shared/imports';
import { importJobs } from '@comptoir/db/schema';
import { desc, sql } from 'drizzle-orm';
import { importClaimedFile } from '../apps/api/src/modules/imports/imports.service';
import { importRuntime, openPgliteIn } from './import-runtime';

export interface ImportBenchOptions {
  database: 'postgres' | 'pglite';
  postgresUrl: string;
  rows: number;
  /** Staged (the server's choice on PGlite) or direct (one transaction per file); default: the server's. */
  mode?: 'direct' | 'staged';
  resultsDir: string;
  log: (line: string) => void;
}

interface Run {
  name: string;
  rows: number;
  seconds: number;
  created: number;
  updated: number;
  unchanged: number;
  status: string;
  /** The longest a probe query waited during the import, in seconds. */
  longestWait: number;
  /** The machine's load average (1 min) at the end of the run: the measure is only as good as the machine was idle. */
  load: number;
  /** The process's resident memory in MB (PGlite's thread included): before, peak during, after. */
  rss: { before: number; peak: number; after: number };
}

export async function runImportBenchmark(options: ImportBenchOptions): Promise<boolean> {
  const { log } = options;
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'comptoir-bench-import-'));
  const filesDir = path.join(work, 'erp');
  let handle: DatabaseHandle | undefined;
  let dropDatabase = async () => {};
  try {
    log(`Fichiers ERP : ${options.rows} articles…`);
    const written = await writeErpFiles(filesDir, { articles: options.rows, only: ['familles', 'articles'] });
    log(`  ${JSON.stringify(written)}`);
    if (options.database === 'postgres') {
      const name = `comptoir_bench_import_${randomBytes(4).toString('hex')}`;
      const admin = new pg.Client({ connectionString: options.postgresUrl });
      await admin.connect();
      await admin.query(`create database ${name}`);
      await admin.end();
      const url = new URL(options.postgresUrl);
      url.pathname = `/${name}`;
      handle = await openDatabase({ databaseUrl: url.toString() });
      dropDatabase = async () => {
        const dropper = new pg.Client({ connectionString: options.postgresUrl });
        await dropper.connect();
        await dropper.query(`drop database if exists ${name} with (force)`);
        await dropper.end();
      };
    } else {
      handle = await openPgliteIn(work);
    }
    await handle.migrate();
    const runtime = importRuntime(handle.db, work, {
      staged: options.mode ? options.mode === 'staged' : handle.kind === 'pglite',
    });
    const { importsDir } = runtime;
    const mode = runtime.staged ? 'staged' : 'direct';
    const db = handle.db;

    /** Puts `source` in the queue as `queuedName`, claims and imports it, and times it. */
    async function timed(name: string, source: string, queuedName: string): Promise<Run> {
      fs.copyFileSync(source, path.join(importsDir, nameInState(queuedName, 'running')));
      const started = performance.now();
      let running = true;
      let longestWait = 0;
      // The process's resident memory (PGlite's thread included) before, at its peak during, and after.
      const mb = () => Math.round(process.memoryUsage.rss() / 1024 / 1024);
      const rssBefore = mb();
      let rssPeak = rssBefore;
      // Measured from when the probe was due: with PGLITE_THREAD=0 PGlite runs in this thread, so a
      // timer (like a request arriving) may itself wait for the import before its query waits for the database.
      const probe = (async () => {
        while (running) {
          const due = performance.now() + 20;
          await new Promise((resolve) => setTimeout(resolve, 20));
          await db.execute(sql`select 1`);
          longestWait = Math.max(longestWait, performance.now() - due);
          rssPeak = Math.max(rssPeak, mb());
        }
      })();
      await importClaimedFile(runtime, queuedName, 'dossier');
      const seconds = (performance.now() - started) / 1000;
      running = false;
      await probe;
      const [job] = await db.select().from(importJobs).orderBy(desc(importJobs.id)).limit(1);
      const run = {
        name,
        rows: job!.read,
        seconds: Math.round(seconds * 10) / 10,
        created: job!.created,
        updated: job!.updated,
        unchanged: job!.unchanged,
        status: job!.status,
        longestWait: Math.round(longestWait / 100) / 10,
        load: Math.round(os.loadavg()[0]! * 100) / 100,
        rss: { before: rssBefore, peak: Math.max(rssPeak, mb()), after: mb() },
      };
      log(
        `  ${name} : ${run.rows} lignes en ${run.seconds} s (${Math.round(run.rows / seconds)} lignes/s) — ${job!.status}, créées ${run.created}, modifiées ${run.updated}, inchangées ${run.unchanged}, attente la plus longue d'une requête ${run.longestWait} s, RSS ${run.rss.before} → ${run.rss.peak} → ${run.rss.after} Mo${job!.message ? ` — ${job!.message}` : ''}`,
      );
      return run;
    }

    await timed('familles', path.join(filesDir, 'familles.csv'), 'familles.csv');
    const articles = path.join(filesDir, 'articles.csv');
    const runs: Run[] = [];
    runs.push(await timed('articles, base vide', articles, 'articles-1.csv'));
    runs.push(await timed('articles, même fichier', articles, 'articles-2.csv'));
    // Every price up by one cent: every row updated.
    const changed = path.join(filesDir, 'articles-prix.csv');
    const text = fs.readFileSync(articles, 'utf8');
    fs.writeFileSync(
      changed,
      text.replace(
        /^([^;\r\n]*;[^;\r\n]*;[^;\r\n]*;[^;\r\n]*;[^;\r\n]*;)(\d+(?:\.\d+)?)/gm,
        (_, head: string, price: string) => `${head}${(Number(price) + 0.01).toFixed(2)}`,
      ),
    );
    runs.push(await timed('articles, tous les prix changés', changed, 'articles-3.csv'));

    const goal = options.database === 'postgres' ? 60 : 180;
    const scaled = (run: Run) => (run.seconds * 400_000) / Math.max(1, run.rows);
    const passed = runs.every((run) => run.status === 'ok' && scaled(run) <= goal);
    const date = new Date().toISOString().slice(0, 10);
    fs.mkdirSync(options.resultsDir, { recursive: true });
    const result = {
      date,
      database: options.database,
      mode,
      rows: options.rows,
      goalSeconds: goal,
      cpus: os.cpus().length,
      runs,
      passed,
    };
    const thread = options.database === 'pglite' && process.env.PGLITE_THREAD !== '0' ? '-thread' : '';
    const base = path.join(options.resultsDir, `import-${options.database}-${mode}${thread}-${date}`);
    fs.writeFileSync(`${base}.json`, `${JSON.stringify(result, null, 2)}\n`);
    fs.writeFileSync(
      `${base}.md`,
      [
        `# Import ERP — ${options.database} (${mode}), ${date}`,
        '',
        `${options.rows} lignes d'articles (plus le plan de vente de démonstration), ${os.cpus().length} cœurs ; la charge de la machine (load average sur 1 min) à la fin de chaque passage dit si elle était au repos. Objectif : 400 000 lignes en ${goal} s au plus.`,
        '',
        '| passage | lignes | secondes | lignes/s | créées | modifiées | inchangées | attente max d’une requête (s) | charge | RSS avant / pic / après (Mo) |',
        '| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |',
        ...runs.map(
          (r) =>
            `| ${r.name} | ${r.rows} | ${r.seconds} | ${Math.round(r.rows / r.seconds)} | ${r.created} | ${r.updated} | ${r.unchanged} | ${r.longestWait} | ${r.load} | ${r.rss.before} / ${r.rss.peak} / ${r.rss.after} |`,
        ),
        '',
        passed ? 'Objectif tenu.' : 'Objectif NON tenu.',
        '',
      ].join('\n'),
    );
    log(`Résultats : ${base}.md — ${passed ? 'objectif tenu' : 'objectif NON tenu'}`);
    return passed;
  } finally {
    await handle?.close();
    await dropDatabase();
    fs.rmSync(work, { recursive: true, force: true });
  }
}
