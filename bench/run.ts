// npm run bench -w @comptoir/bench -- <benchmark> [options]
// orders-fetch runs against BENCH_DATABASE_URL, a PostgreSQL database on this machine holding a
// benchmark-sized data set (npm run demo -w @comptoir/db -- --scale 170 --database-url …).
// soak (npm run soak) starts the real server on fresh demo data and loads it (bench/soak.ts).
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { runHttpBenchmark } from './http';
import { runImportBenchmark } from './import';
import { loadLighthouse } from './lighthouse-install';
import { runOrdersFetchBenchmark } from './orders-fetch';
import { runSearchBenchmark, writeSearchResults, type SearchBenchResult } from './search';
import { runSoak } from './soak';
import { runStatisticsBenchmark } from './statistics';

const BENCHMARKS = ['http', 'lighthouse', 'orders-fetch', 'statistics', 'soak', 'import', 'search'] as const;
const LOOPBACK = new Set(['127.0.0.1', 'localhost', '[::1]']);
const DEFAULT_POSTGRES_URL = 'postgres://postgres@127.0.0.1:5432/postgres';

const usage = `Usage :
  npm run bench -- lighthouse [--label L]
    Lighthouse (mobile) sur l'accueil, une catégorie et une fiche article ; CHROME_PATH (/usr/bin/chromium)
    --label L          suffixe du nom des résultats : lighthouse-{date}-{L}.md (aucun par défaut)
  npm run bench -- http [--quick | --smoke] [--scale N] [--database both|pglite|postgres] [--postgres-url U] [--label L]
    le serveur compilé (npm run build avant) route par route à 1 et 50 connexions, à côté d'un Fastify nu
    et du SQL de chaque route rejoué par un client direct, puis le trafic réel : pages HTML d'un visiteur
    gardées et froides, recherches jamais répétées, mélange d'un visiteur à 200 connexions
    --quick            2 s par mesure au lieu de 10 (4 à 5 minutes une fois les données faites)
    --smoke            vérifie que tout tourne : 0,25 s par mesure, 50 connexions, sans le SQL
                       (une minute environ une fois les données faites, plus sur une machine chargée) ; résultats dans un dossier
                       temporaire sauf --results
    --scale N          données du générateur à l'échelle N (170 : 357 000 articles, 1 020 000 commandes),
                       faites une fois puis réutilisées ; sans : les données de démonstration du serveur
    --label L          suffixe du nom des résultats : {date}[-scale][-quick]-{L}.md (aucun par défaut)
  BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/comptoir_bench npm run bench -w @comptoir/bench -- orders-fetch [--iterations N] [--explain]
    --iterations N   mesures par requête, de 1 à 1000 (20 par défaut)
    --explain        affiche aussi EXPLAIN (ANALYZE, BUFFERS) de chaque requête
  BENCH_DATABASE_URL=… npm run bench -w @comptoir/bench -- statistics [--iterations N] [--explain]
  npm run bench -w @comptoir/bench -- statistics --pglite [--iterations N]
    --pglite         PGlite temporaire avec les données de démonstration (la page par défaut)
  npm run soak -- [--minutes M] [--connections N] [--database pglite|postgres] [--workers N] [--smoke]
    --minutes M        durée de la charge, de 0.5 à 240 minutes (10 par défaut)
    --smoke            vérifie que tout tourne : 15 s de charge, 4 clients ; résultats dans un dossier
                       temporaire sauf --results
    --connections N    connexions simultanées, de 1 à 2000 (200 par défaut)
    --database D       pglite (par défaut : DATA_DIR temporaire) ou postgres (base de travail créée puis supprimée)
    --postgres-url U   serveur PostgreSQL local où créer la base de travail (${DEFAULT_POSTGRES_URL})
    --timeout S        une requête sans réponse après S secondes compte comme une erreur (10 par défaut)
    --results DOSSIER  dossier des résultats (bench/results par défaut)
    --label L          suffixe du nom des résultats : soak-{base}-{date}-{L}.md (aucun par défaut)
    --workers N        processus serveurs (WORKERS du serveur, postgres seulement ; 1 par défaut)
    (npm run build avant ; SOAK_SERVER_NODE_ARGS : options de Node du seul serveur chargé, p. ex. --cpu-prof)
  npm run bench -- import [--database pglite|postgres] [--rows N] [--postgres-url U]
    --rows N           lignes d'articles importées (400000 par défaut)
    --mode M           direct (une transaction par fichier) ou staged (par lots, puis une transaction) ;
                       par défaut celui du serveur : staged sur PGlite, direct sur PostgreSQL
  npm run build && npm run bench -w @comptoir/bench -- search [--articles N] [--seconds S] [--databases postgres,pglite]
    --articles N       articles actifs (les articles de démonstration recopiés ; 100000 par défaut)
    --seconds S        durée de chaque mesure (10 par défaut)
    --databases L      bases mesurées, séparées par des virgules (postgres,pglite par défaut)
    --label L          suffixe du nom des résultats : search-{date}-{L}.md (aucun par défaut)`;

const isLocal = (url: string) => LOOPBACK.has(new URL(url).hostname);
/** A results' name suffix (--label): absent, or letters, digits, '_' and '-'. */
const isLabel = (label: string | undefined) => label === undefined || /^[\w-]+$/.test(label);

async function main(): Promise<number> {
  const { values, positionals } = parseArgs({
    allowPositionals: true,
    options: {
      iterations: { type: 'string', default: '20' },
      explain: { type: 'boolean', default: false },
      pglite: { type: 'boolean', default: false },
      minutes: { type: 'string', default: '10' },
      connections: { type: 'string', default: '200' },
      database: { type: 'string', default: 'pglite' },
      'postgres-url': { type: 'string', default: DEFAULT_POSTGRES_URL },
      timeout: { type: 'string', default: '10' },
      rows: { type: 'string', default: '400000' },
      mode: { type: 'string' },
      articles: { type: 'string', default: '100000' },
      seconds: { type: 'string', default: '10' },
      databases: { type: 'string', default: 'postgres,pglite' },
      results: { type: 'string', default: path.join(import.meta.dirname, 'results') },
      quick: { type: 'boolean', default: false },
      smoke: { type: 'boolean', default: false },
      scale: { type: 'string' },
      label: { type: 'string' },
      workers: { type: 'string', default: '1' },
      help: { type: 'boolean', short: 'h' },
    },
  });
  const name = positionals[0] ?? 'orders-fetch';
  // A smoke run's figures are of no machine in particular: they stay out of bench/results.
  const resultsDir = path.resolve(
    process.env.INIT_CWD ?? process.cwd(),
    values.smoke && !process.argv.includes('--results')
      ? path.join(os.tmpdir(), 'comptoir-bench-smoke')
      : values.results,
  );
  if (values.help || !BENCHMARKS.includes(name as never)) {
    console.log(usage);
    return values.help ? 0 : 2;
  }

  if (name === 'search') {
    const articles = Number(values.articles);
    const seconds = Number(values.seconds);
    const databases = values.databases.split(',').map((d) => d.trim());
    if (
      !(Number.isInteger(articles) && articles > 0 && seconds > 0) ||
      !databases.every((d) => d === 'pglite' || d === 'postgres') ||
      !isLabel(values.label)
    ) {
      console.log(usage);
      return 2;
    }
    const results: SearchBenchResult[] = [];
    for (const database of databases as ('pglite' | 'postgres')[])
      results.push(
        await runSearchBenchmark({
          database,
          postgresUrl: values['postgres-url'],
          articles,
          seconds,
          resultsDir: values.results,
          log: (line) => console.log(line),
        }),
      );
    console.log(`Résultats : ${await writeSearchResults(values.results, results, values.label)}`);
    return 0;
  }

  if (name === 'lighthouse') {
    if (!isLabel(values.label)) {
      console.log(usage);
      return 2;
    }
    const runLighthouse = await loadLighthouse(console.log);
    await runLighthouse({
      resultsDir: path.resolve(process.env.INIT_CWD ?? process.cwd(), values.results),
      label: values.label,
      log: console.log,
    });
    return 0;
  }

  if (name === 'http') {
    const database = process.argv.includes('--database') ? values.database : 'both';
    const scale = values.scale === undefined ? undefined : Number(values.scale);
    if (
      !['both', 'pglite', 'postgres'].includes(database) ||
      !isLocal(values['postgres-url']) ||
      (scale !== undefined && !(scale > 0 && scale <= 1000 && /^[\d.]+$/.test(values.scale!))) ||
      !isLabel(values.label) ||
      (values.quick && values.smoke)
    ) {
      console.log(usage);
      return 2;
    }
    await runHttpBenchmark({
      mode: values.smoke ? 'smoke' : values.quick ? 'quick' : 'full',
      scale,
      databases: database === 'both' ? ['postgres', 'pglite'] : [database as 'pglite' | 'postgres'],
      postgresUrl: values['postgres-url'],
      resultsDir,
      label: values.label,
      log: console.log,
    });
    return 0;
  }

  if (name === 'import') {
    const rows = Number(values.rows);
    const database = values.database;
    const mode = values.mode;
    if (
      !(Number.isInteger(rows) && rows > 0) ||
      (database !== 'pglite' && database !== 'postgres') ||
      (mode !== undefined && mode !== 'direct' && mode !== 'staged')
    ) {
      console.log(usage);
      return 2;
    }
    const passed = await runImportBenchmark({
      database,
      postgresUrl: values['postgres-url'],
      rows,
      mode,
      resultsDir: values.results,
      log: (line) => console.log(line),
    });
    return passed ? 0 : 1;
  }

  if (name === 'soak') {
    const minutes = Number(values.minutes);
    const connections = Number(values.connections);
    const timeoutSeconds = Number(values.timeout);
    const database = values.database;
    const workers = Number(values.workers);
    if (
      !(minutes >= 0.5 && minutes <= 240) ||
      !Number.isInteger(workers) ||
      workers < 1 ||
      workers > 16 ||
      (workers > 1 && database !== 'postgres') ||
      !Number.isInteger(connections) ||
      connections < 1 ||
      connections > 2000 ||
      !(timeoutSeconds >= 1 && timeoutSeconds <= 600) ||
      (database !== 'pglite' && database !== 'postgres') ||
      !isLabel(values.label)
    ) {
      console.log(usage);
      return 2;
    }
    // The soak creates and drops a database: only on this machine's server.
    if (database === 'postgres' && !isLocal(values['postgres-url'])) {
      console.error('--postgres-url doit désigner un serveur local (127.0.0.1, localhost ou [::1]).');
      return 2;
    }
    const result = await runSoak({
      // A smoke run: 15 s of load.
      minutes: values.smoke ? 0.25 : minutes,
      connections,
      database,
      postgresUrl: values['postgres-url'],
      timeoutSeconds,
      label: values.label,
      workers,
      serverNodeArgs: process.env.SOAK_SERVER_NODE_ARGS?.split(' ').filter(Boolean),
      smoke: values.smoke,
      resultsDir,
      log: console.log,
    });
    return result.pass ? 0 : 1;
  }

  const iterations = Number(values.iterations);
  if (!Number.isInteger(iterations) || iterations < 1 || iterations > 1000) {
    console.log(usage);
    return 2;
  }
  if (name === 'statistics' && values.pglite) {
    const pass = await runStatisticsBenchmark({ iterations, explain: false, log: console.log });
    return pass ? 0 : 1;
  }
  const databaseUrl = process.env.BENCH_DATABASE_URL;
  if (!databaseUrl) {
    console.error('BENCH_DATABASE_URL manquant.\n' + usage);
    return 2;
  }
  // Benchmarks hammer the database: only one on this machine.
  if (!isLocal(databaseUrl)) {
    console.error(`BENCH_DATABASE_URL doit désigner une base locale (127.0.0.1, localhost ou [::1]).`);
    return 2;
  }
  if (name === 'statistics') {
    const pass = await runStatisticsBenchmark({
      databaseUrl,
      iterations,
      explain: values.explain,
      log: console.log,
    });
    return pass ? 0 : 1;
  }
  await runOrdersFetchBenchmark({ databaseUrl, iterations, explain: values.explain, log: console.log });
  return 0;
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
