// Benchmark of GET /admin/commandes/fetch: the two queries the route runs (the page and the count),
// for each combination of filters, on a benchmark-sized database (bench/orders-fetch.md has the
// results and how to build the data set). Read-only, apart from applying the migrations.
//
//   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/comptoir_bench npm run bench -w @comptoir/bench -- orders-fetch
//
// Values of the filters are taken from the data, worst cases on purpose: the customer, the agency
// and the customer reference with the most orders; the last 30 Paris days for dates.
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { openDatabase, queryRows, type Database } from '@comptoir/db/client';
import {
  orderCountQuery,
  orderPageQuery,
  type OrderFilters,
} from '../apps/api/src/modules/orders/orders-list.repository';

export interface OrdersFetchOptions {
  databaseUrl: string;
  /** Timed runs of each query, after 2 warm-up runs (1 to 1000). */
  iterations: number;
  /** Also print EXPLAIN (ANALYZE, BUFFERS) of each query. */
  explain: boolean;
  log: (line: string) => void;
}

interface Case {
  name: string;
  filters: OrderFilters;
  page?: number;
}

const PAGE_SIZE = 20;

/** The filter values, from the data. */
async function sampleCases(db: Database): Promise<Case[]> {
  const [dates] = await queryRows<{ last: string; first: string; yearStart: string }>(
    db,
    sql`select to_char(d, 'YYYY-MM-DD') as last, to_char(d - 29, 'YYYY-MM-DD') as first,
               to_char(d - 364, 'YYYY-MM-DD') as "yearStart"
          from (select (max(ordered_at) at time zone 'Europe/Paris')::date as d from orders) m`,
  );
  const [client] = await queryRows<{ code: string; agency: string }>(
    db,
    sql`select customer_code as code,
               (select agency_code from orders o2 where o2.customer_code = o.customer_code
                 group by 1 order by count(*) desc limit 1) as agency
          from orders o group by customer_code order by count(*) desc limit 1`,
  );
  const [agency] = await queryRows<{ code: string }>(
    db,
    sql`select agency_code as code from orders group by 1 order by count(*) desc limit 1`,
  );
  const [reference] = await queryRows<{ value: string }>(
    db,
    sql`select customer_reference as value from orders where customer_reference is not null
          group by 1 order by count(*) desc limit 1`,
  );
  const [rare] = await queryRows<{ reference: string; agency: string; client: string }>(
    db,
    sql`select customer_reference as reference, min(agency_code) as agency, min(customer_code) as client
          from orders where customer_reference is not null
          group by 1 having count(*) = 1 order by 1 limit 1`,
  );
  const [smallAgency] = await queryRows<{ code: string }>(
    db,
    sql`select agency_code as code from orders group by 1 order by count(*) asc limit 1`,
  );
  const [own] = await queryRows<{ value: string }>(
    db,
    sql`select coalesce(customer_reference, number) as value from orders
          where customer_code = ${client!.code} order by ordered_at desc limit 1`,
  );
  if (!dates || !client || !agency || !reference || !own || !rare || !smallAgency)
    throw new Error('La base ne contient aucune commande.');
  const month = { dateDebut: dates.first, dateFin: dates.last };
  const year = { dateDebut: dates.yearStart, dateFin: dates.last };
  return [
    { name: 'aucun filtre', filters: {} },
    { name: 'dates (30 jours)', filters: month },
    { name: `client (${client.code})`, filters: { codeClient: client.code } },
    { name: `agence (${agency.code})`, filters: { codeAgence: agency.code } },
    { name: `référence (« ${reference.value} »)`, filters: { reference: reference.value } },
    { name: 'client + dates (1 an)', filters: { codeClient: client.code, ...year } },
    { name: 'agence + dates (30 jours)', filters: { codeAgence: agency.code, ...month } },
    { name: 'client + agence', filters: { codeClient: client.code, codeAgence: client.agency } },
    {
      name: 'tous les filtres',
      filters: { codeClient: client.code, codeAgence: client.agency, reference: own.value, ...year },
    },
    { name: 'référence unique', filters: { reference: rare.reference } },
    { name: 'référence inconnue', filters: { reference: 'AUCUNE-COMMANDE' } },
    { name: `petite agence (${smallAgency.code})`, filters: { codeAgence: smallAgency.code } },
    { name: 'petite agence + dates (30 jours)', filters: { codeAgence: smallAgency.code, ...month } },
    { name: 'agence + référence unique', filters: { codeAgence: rare.agency, reference: rare.reference } },
    { name: 'client + référence unique', filters: { codeClient: rare.client, reference: rare.reference } },
    { name: 'aucun filtre, page 500', filters: {}, page: 500 },
    { name: 'agence, page 500', filters: { codeAgence: agency.code }, page: 500 },
  ];
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

export async function time(run: () => Promise<unknown>, iterations: number) {
  for (let i = 0; i < 2; i++) await run();
  const samples: number[] = [];
  for (let i = 0; i < iterations; i++) {
    const start = performance.now();
    await run();
    samples.push(performance.now() - start);
  }
  samples.sort((a, b) => a - b);
  return { median: percentile(samples, 50), p95: percentile(samples, 95), max: samples.at(-1)! };
}

interface PlanNode {
  'Node Type': string;
  'Index Name'?: string;
  'Relation Name'?: string;
  'Actual Rows'?: number;
  'Shared Hit Blocks'?: number;
  'Shared Read Blocks'?: number;
  Plans?: PlanNode[];
}

/** The plan as one line: node types with their index or table, outermost first. */
function planLine(node: PlanNode): string {
  const target = node['Index Name'] ?? node['Relation Name'];
  const self = `${node['Node Type']}${target ? ` ${target}` : ''}`;
  const children = (node.Plans ?? []).map(planLine);
  return children.length === 0 ? self : `${self} → [${children.join(', ')}]`;
}

export async function explain(client: pg.Client, query: { toSQL(): { sql: string; params: unknown[] } }) {
  const { sql: text, params } = query.toSQL();
  const result = await client.query(`explain (analyze, buffers, format json) ${text}`, params);
  const [{ Plan: plan, 'Execution Time': executionMs }] = result.rows[0]['QUERY PLAN'] as [
    { Plan: PlanNode; 'Execution Time': number },
  ];
  return {
    line: planLine(plan),
    executionMs,
    buffers: `${plan['Shared Hit Blocks'] ?? 0} lus en cache, ${plan['Shared Read Blocks'] ?? 0} sur disque`,
  };
}

export const ms = (value: number) => value.toFixed(value < 10 ? 2 : 1);

export async function runOrdersFetchBenchmark(options: OrdersFetchOptions): Promise<void> {
  const { log } = options;
  const handle = await openDatabase({ databaseUrl: options.databaseUrl });
  const client = new pg.Client({ connectionString: options.databaseUrl });
  await client.connect();
  try {
    await handle.migrate();
    const db = handle.db;
    const [volume] = await queryRows<{ orders: number }>(db, sql`select count(*)::int as orders from orders`);
    log(`Commandes : ${volume!.orders} ; ${options.iterations} mesures par requête après 2 d'échauffement.`);
    const cases = await sampleCases(db);
    log('');
    log('| Filtres | Total | Page : médiane / p95 (ms) | Total : médiane / p95 (ms) |');
    log('| --- | ---: | ---: | ---: |');
    const plans: string[] = [];
    for (const c of cases) {
      const page = { offset: (c.page ?? 0) * PAGE_SIZE, limit: PAGE_SIZE };
      const [count] = await orderCountQuery(db, c.filters);
      const pageTime = await time(() => orderPageQuery(db, c.filters, page), options.iterations);
      const countTime = await time(() => orderCountQuery(db, c.filters), options.iterations);
      log(
        `| ${c.name} | ${count!.total} | ${ms(pageTime.median)} / ${ms(pageTime.p95)} | ${ms(countTime.median)} / ${ms(countTime.p95)} |`,
      );
      if (options.explain) {
        const pagePlan = await explain(client, orderPageQuery(db, c.filters, page));
        const countPlan = await explain(client, orderCountQuery(db, c.filters));
        plans.push(
          `- ${c.name}`,
          `  - page (${ms(pagePlan.executionMs)} ms ; ${pagePlan.buffers}) : ${pagePlan.line}`,
          `  - total (${ms(countPlan.executionMs)} ms ; ${countPlan.buffers}) : ${countPlan.line}`,
        );
      }
    }
    if (plans.length > 0) {
      log('');
      log('Plans (EXPLAIN ANALYZE, BUFFERS) :');
      for (const line of plans) log(line);
    }
  } finally {
    await client.end();
    await handle.close();
  }
}
