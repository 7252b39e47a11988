// Benchmark of GET /admin/statistiques/fetch: the service the route calls (statisticsFor: its checks,
// its queries and the folding into buckets), timed for each kind of filter, and the EXPLAIN of each
// query it runs. On PostgreSQL (BENCH_DATABASE_URL, a benchmark-sized data set, see
// bench/statistics.md), and with --pglite on the embedded database with the demo data (the default
// page). Read-only, apart from applying the migrations (and loading the demo data into a temporary
// PGlite folder).
//
//   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/comptoir_stats_bench npm run bench -w @comptoir/bench -- statistics --explain
//   npm run bench -w @comptoir/bench -- statistics --pglite
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { openDatabase, queryRows, type Database } from '@comptoir/db/client';
import { loadDemoData } from '@comptoir/db/demo/load';
import { addDays, statisticsQuery, type StatisticsQueryInput } from '@comptoir/shared/statistics';
import * as repo from '../apps/api/src/modules/statistics/statistics.repository';
import { statisticsFor, toFilters } from '../apps/api/src/modules/statistics/statistics.service';
import { explain, ms, time } from './orders-fetch';

export interface StatisticsBenchOptions {
  /** A PostgreSQL database holding a benchmark-sized set; absent: a temporary PGlite with the demo data. */
  databaseUrl?: string;
  iterations: number;
  explain: boolean;
  log: (line: string) => void;
}

interface Case {
  name: string;
  query: Omit<StatisticsQueryInput, 'agences[]'> & { 'agences[]'?: string[] };
  /** The goal, server side, in ms. */
  goal: number;
}

/** The cases, dated from the last order; the customer and agency with the most orders. */
async function sampleCases(db: Database, embedded: boolean): Promise<Case[]> {
  const [last] = await queryRows<{ day: string }>(
    db,
    sql`select to_char((max(ordered_at) at time zone 'Europe/Paris')::date, 'YYYY-MM-DD') as day from orders`,
  );
  const [client] = await queryRows<{ code: string; agency: string; type: string }>(
    db,
    sql`select o.customer_code as code, min(o.agency_code) as agency, min(c.type_code) as type
          from orders o join customers c on c.code = o.customer_code
         group by 1 order by count(*) desc limit 1`,
  );
  const agencies = (await queryRows<{ code: string }>(db, sql`select code from agencies order by code`)).map(
    (a) => a.code,
  );
  if (!last?.day || !client) throw new Error('La base ne contient aucune commande.');
  const day = last.day;
  const month = { dateDebut: addDays(day, -29), dateFin: day };
  if (embedded)
    return [
      {
        name: 'page par défaut : 30 jours par jour, toutes agences',
        query: { ...month, echelle: 'jour', 'agences[]': agencies },
        goal: 100,
      },
    ];
  const year = { dateDebut: addDays(day, -364), dateFin: day };
  const all = { 'agences[]': agencies };
  return [
    {
      name: '30 jours par jour, toutes agences (page par défaut)',
      query: { ...month, echelle: 'jour', ...all },
      goal: 200,
    },
    { name: 'un an par jour, toutes agences', query: { ...year, echelle: 'jour', ...all }, goal: 200 },
    { name: 'un an par jour, sans filtre', query: { ...year, echelle: 'jour' }, goal: 200 },
    {
      name: `un an par jour, agence ${client.agency}`,
      query: { ...year, echelle: 'jour', 'agences[]': [client.agency] },
      goal: 300,
    },
    {
      name: `un an par jour, client ${client.code}`,
      query: { ...year, echelle: 'jour', client: client.code },
      goal: 300,
    },
    {
      name: `un an par semaine, type ${client.type}`,
      query: { ...year, echelle: 'semaine', typeClient: client.type },
      goal: 300,
    },
    {
      name: 'un an par jour, agence + client + type',
      query: {
        ...year,
        echelle: 'jour',
        'agences[]': [client.agency],
        client: client.code,
        typeClient: client.type,
      },
      goal: 300,
    },
    {
      name: '3 ans par jour (le maximum), toutes agences',
      query: { dateDebut: addDays(day, -1095), dateFin: day, echelle: 'jour', ...all },
      goal: 300,
    },
    {
      name: '10 ans par mois (le maximum)',
      query: { dateDebut: addDays(day, -3652), dateFin: day, echelle: 'mois', ...all },
      goal: 300,
    },
    {
      name: 'une journée par heure, toutes agences',
      query: { dateDebut: day, dateFin: day, echelle: 'heure', ...all },
      goal: 50,
    },
    {
      name: `une journée par heure, client ${client.code}`,
      query: { dateDebut: day, dateFin: day, echelle: 'heure', client: client.code },
      goal: 50,
    },
    {
      name: 'une journée par heure, agence + type',
      query: {
        dateDebut: day,
        dateFin: day,
        echelle: 'heure',
        'agences[]': [client.agency],
        typeClient: client.type,
      },
      goal: 50,
    },
    {
      name: '31 jours par heure (le maximum), toutes agences',
      query: { dateDebut: addDays(day, -30), dateFin: day, echelle: 'heure', ...all },
      goal: 300,
    },
  ];
}

type Explainable = Parameters<typeof explain>[1];
const asExplainable = (query: unknown) => query as Explainable;

export async function runStatisticsBenchmark(options: StatisticsBenchOptions): Promise<boolean> {
  const { log } = options;
  const dataDir = options.databaseUrl
    ? undefined
    : fs.mkdtempSync(path.join(os.tmpdir(), 'comptoir-stats-bench-'));
  const handle = await openDatabase({ databaseUrl: options.databaseUrl, dataDir });
  const client = options.databaseUrl ? new pg.Client({ connectionString: options.databaseUrl }) : undefined;
  await client?.connect();
  let pass = true;
  try {
    await handle.migrate();
    const db = handle.db;
    if (dataDir) {
      const started = performance.now();
      await loadDemoData(db);
      log(
        `PGlite (${dataDir}) : données de démonstration chargées en ${((performance.now() - started) / 1000).toFixed(1)} s.`,
      );
    }
    const [volume] = await queryRows<{ orders: number; logins: number; rollup: number }>(
      db,
      sql`select (select count(*)::int from orders) as orders, (select count(*)::int from login_events) as logins,
                 (select count(*)::int from statistics_customer_days) as rollup`,
    );
    log(
      `${options.databaseUrl ? 'PostgreSQL' : 'PGlite'} : ${volume!.orders} commandes, ${volume!.logins} connexions, ` +
        `${volume!.rollup} lignes client × jour ; ${options.iterations} mesures par cas après 2 d'échauffement.`,
    );
    log('');
    log('| Cas | Lignes | Médiane / p95 / max (ms) | Objectif (ms) |');
    log('| --- | ---: | ---: | ---: |');
    const plans: string[] = [];
    for (const c of await sampleCases(db, !options.databaseUrl)) {
      const query = statisticsQuery.parse(c.query);
      const rows = await statisticsFor(db, query);
      const t = await time(() => statisticsFor(db, query), options.iterations);
      const ok = t.p95 <= c.goal;
      pass &&= ok;
      log(
        `| ${c.name} | ${rows.length} | ${ms(t.median)} / ${ms(t.p95)} / ${ms(t.max)} | ${c.goal} ${ok ? '✓' : '✗'} |`,
      );
      if (options.explain && client) {
        const filters = await toFilters(db, query);
        const queries =
          query.echelle === 'heure'
            ? filters.customerCode === undefined
              ? {
                  'cumuls par heure': repo.hourlyFigures(db, filters),
                  premiereco: repo.firstLoginFigures(db, filters, 'hour'),
                }
              : {
                  commandes: repo.hourlyOrderFigures(db, filters),
                  connexions: repo.hourlyLoginFigures(db, filters),
                  premiereco: repo.firstLoginFigures(db, filters, 'hour'),
                }
            : {
                'cumuls par jour': repo.dailyFigures(db, filters),
                premiereco: repo.firstLoginFigures(db, filters, 'day'),
              };
        plans.push(`- ${c.name}`);
        for (const [name, q] of Object.entries(queries)) {
          const plan = await explain(client, asExplainable(q));
          plans.push(`  - ${name} (${ms(plan.executionMs)} ms ; ${plan.buffers}) : ${plan.line}`);
        }
      }
    }
    if (plans.length > 0) {
      log('');
      log('Plans (EXPLAIN ANALYZE, BUFFERS) :');
      for (const line of plans) log(line);
    }
  } finally {
    await client?.end();
    await handle.close();
    if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
  }
  return pass;
}
