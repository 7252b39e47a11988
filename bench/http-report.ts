// The HTTP benchmark's report: bench/results/<date>[-scale][-quick][-<label>].md and .json (a smoke
// run: a temporary folder unless --results says otherwise), route by route, then real traffic, each
// figure beside the bare Fastify of the same run and, for real traffic, its goal.
import fs from 'node:fs';
import path from 'node:path';
import prettier from 'prettier';
import {
  coldPagesVerdict,
  keptPageVerdict,
  mark,
  mixVerdict,
  rssVerdict,
  shareOf,
  type Verdict,
} from './goals';
import type { RouteResult } from './http-routes';
import { DRAWN_CONNECTIONS, MIX_CONNECTIONS, type TrafficResult } from './http-traffic';
import type { Figures } from './load';
import type { BenchDatabase } from './server';
import { round } from './stats';

export interface DatabaseResult {
  database: BenchDatabase;
  /** What the data set holds. */
  articles: number;
  orders: number;
  dataSetupSeconds: number | null;
  startupSeconds: number;
  rssMbIdle: number;
  rssMbEnd: number;
  loadAverageStart: number[];
  loadAverageEnd: number[];
  routes: RouteResult[];
  traffic: TrafficResult;
}

export interface Report {
  startedAt: string;
  commit: string;
  mode: 'full' | 'quick' | 'smoke';
  scale?: number;
  secondsPerRun: number;
  cpus: number;
  loadAverage: number[];
  bare: Figures[];
  databases: DatabaseResult[];
}

const failures = (r: Figures) => r.errors + r.timeouts + r.non2xx;
const latency = (r: Figures, max = false) =>
  r.requests ? `${r.p50} / ${r.p95} / ${r.p99}${max ? ` / ${r.max}` : ''}` : '—';

function routesTable(db: DatabaseResult, bare: (connections: number) => Figures | undefined): string[] {
  const counts = db.routes[0]?.runs.map((r) => r.connections) ?? [];
  const lines = [
    `| route | ${counts.map((c) => `${c} cx req/s | ${c} cx p50 / p95 / p99 / max ms`).join(' | ')} | % Fastify nu (${counts.map((c) => `${c} cx`).join(' / ')}) | erreurs | SQL : requêtes, p50 / p95 ms | SQL : p95 route / p95 SQL (1 cx) | SQL : req/s à 10 |`,
    `| --- | ${counts.map(() => '---: | ---:').join(' | ')} | ---: | ---: | ---: | ---: | ---: |`,
  ];
  for (const route of db.routes) {
    const one = route.runs.find((r) => r.connections === 1);
    const sqlCell = !route.sql
      ? '—'
      : route.sql.statements === 0
        ? '0 (cache)'
        : `${route.sql.statements}, ${route.sql.p50} / ${route.sql.p95}`;
    const ratio = route.sql?.statements && one?.requests ? `${round(one.p95 / route.sql.p95, 2)}` : '—';
    lines.push(
      `| ${route.name} | ${route.runs.map((r) => `${r.reqPerSec} | ${latency(r, true)}`).join(' | ')} | ` +
        `${route.runs.map((r) => `${shareOf(r, bare(r.connections))} %`).join(' / ')} | ` +
        `${route.runs.reduce((n, r) => n + failures(r), 0)} | ${sqlCell} | ${ratio} | ${route.sql?.perSecond ?? '—'} |`,
    );
  }
  return lines;
}

function trafficTable(db: DatabaseResult, bare: (connections: number) => Figures | undefined): string[] {
  const t = db.traffic;
  const row = (name: string, f: Figures, verdict?: Verdict) =>
    `| ${name} | ${f.connections} | ${f.requests} | ${f.reqPerSec} | ${shareOf(f, bare(f.connections))} % | ` +
    `${latency(f, true)} | ${f.errors + f.non2xx} | ${f.timeouts} | ${verdict ? mark(verdict) : '—'} |`;
  const lines = [
    '| trafic | cx | réponses | req/s | part du Fastify nu | p50 / p95 / p99 / max ms | erreurs | délais dépassés | objectif |',
    '| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | --- |',
  ];
  for (const page of t.kept)
    for (const run of page.runs)
      lines.push(
        row(
          `page gardée : ${page.name} (${page.path})`,
          run,
          run.connections === DRAWN_CONNECTIONS ? keptPageVerdict(run, bare(run.connections)) : undefined,
        ),
      );
  lines.push(row(`pages article froides (chacune une fois)`, t.cold, coldPagesVerdict(t.cold)));
  lines.push(row('recherches jamais répétées', t.searches));
  lines.push(row(`mélange d'un visiteur`, t.mix.all, mixVerdict(t.mix.all, db.database)));
  for (const { part, figures } of t.mix.parts) lines.push(row(`… dont ${part}`, figures));
  return lines;
}

export function markdown(report: Report): string {
  const bare = (connections: number) => report.bare.find((r) => r.connections === connections);
  const mode = report.mode === 'full' ? '' : `(--${report.mode}) `;
  const lines = [
    `# Banc HTTP ${report.scale === undefined ? '' : `à l'échelle ${report.scale} `}${mode}du ${report.startedAt.slice(0, 16).replace('T', ' ')} UTC`,
    '',
    `Commit ${report.commit}, ${report.cpus} cœurs, charge de la machine au départ ${report.loadAverage.join(' ')}` +
      ` (machine partagée : les chiffres varient d'un passage à l'autre). ${report.secondsPerRun} s par mesure,` +
      ' autocannon sur la boucle locale, serveur compilé dans son propre processus, ' +
      (report.scale === undefined
        ? 'données de démonstration.'
        : `données du générateur de démonstration à l'échelle ${report.scale} (bench/scale-data.ts).`),
    '',
    `Plafond : Fastify nu (JSON constant), ${report.bare.map((r) => `${r.connections} cx ${r.reqPerSec} req/s p95 ${r.p95} ms`).join(', ')}.`,
    '',
  ];
  for (const db of report.databases) {
    const rss = rssVerdict(db.rssMbEnd, db.database);
    lines.push(
      `## ${db.database}`,
      '',
      `${db.articles} articles, ${db.orders} commandes. Démarrage jusqu'à la première réponse : ${db.startupSeconds} s` +
        (db.dataSetupSeconds === null
          ? ' (données réutilisées)'
          : ` (données créées en ${db.dataSetupSeconds} s)`) +
        `. RSS du serveur : ${db.rssMbIdle} Mo au repos, **${db.rssMbEnd} Mo après les mesures** : ${mark(rss)}.` +
        ` Charge : ${db.loadAverageStart.join(' ')} au début, ${db.loadAverageEnd.join(' ')} à la fin.`,
      '',
      ...routesTable(db, bare),
      '',
      `Trafic réel (pages HTML d'un visiteur sans cookie, recherches jamais répétées, mélange à ${MIX_CONNECTIONS} connexions) :`,
      '',
      ...trafficTable(db, bare),
      '',
    );
  }
  lines.push(
    "SQL : les requêtes qu'envoie la route pour une requête, caches chauds, enregistrées sur le fil entre le",
    'serveur et PostgreSQL (bench/sql-capture.ts) puis rejouées par un client direct, dans leur ordre sur chaque',
    'connexion, les connexions en parallèle ; « 0 (cache) » : la route ne lit rien dans la base. Sur PGlite, les',
    'mêmes requêtes rejouées sur la même base une fois le serveur arrêté. « req/s à 10 » : 10 rejeux à la fois',
    '(PostgreSQL, autant que le pool du serveur a de connexions).',
    '',
    `Trafic réel : une page gardée est la même URL à chaque requête ; les pages article froides sont des URL`,
    `toutes différentes, chaque article actif une fois (à l'échelle, les premiers), à ${DRAWN_CONNECTIONS} connexions, req/s =`,
    `pages par seconde ; les recherches jamais répétées, des paires de mots des désignations, chacune une fois ;`,
    `le mélange tire à chaque requête une page (accueil, catégorie, article), le menu ou les données d'une`,
    `catégorie (JSON), ou une recherche jamais répétée. « part du Fastify nu » : req/s rapportées à celles du`,
    `Fastify nu du même passage au même nombre de connexions.`,
    '',
  );
  return lines.join('\n');
}

export async function writeResults(report: Report, resultsDir: string, label?: string) {
  fs.mkdirSync(resultsDir, { recursive: true });
  const suffix = `${report.scale === undefined ? '' : '-scale'}${report.mode === 'full' ? '' : `-${report.mode}`}${label ? `-${label}` : ''}`;
  const base = path.join(resultsDir, `${report.startedAt.slice(0, 10)}${suffix}`);
  const config = (await prettier.resolveConfig(`${base}.json`)) ?? {};
  fs.writeFileSync(
    `${base}.json`,
    await prettier.format(JSON.stringify(report), { ...config, parser: 'json' }),
  );
  fs.writeFileSync(`${base}.md`, await prettier.format(markdown(report), { ...config, parser: 'markdown' }));
  return base;
}
