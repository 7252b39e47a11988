// npm run bench -w @comptoir/bench -- <benchmark> [--iterations N] [--explain]
// Runs a benchmark against BENCH_DATABASE_URL, a PostgreSQL database on this machine holding a
// benchmark-sized data set (npm run demo -w @comptoir/db -- --scale 170 --database-url …).
import { parseArgs } from 'node:util';
import { runOrdersFetchBenchmark } from './orders-fetch';

const BENCHMARKS = ['orders-fetch'] as const;
const LOOPBACK = new Set(['127.0.0.1', 'localhost', '[::1]']);

const usage = `Usage : BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/comptoir_bench npm run bench -w @comptoir/bench -- <${BENCHMARKS.join(' | ')}> [--iterations N] [--explain]
  --iterations N   mesures par requête, de 1 à 1000 (20 par défaut)
  --explain        affiche aussi EXPLAIN (ANALYZE, BUFFERS) de chaque requête`;

async function main(): Promise<number> {
  const { values, positionals } = parseArgs({
    allowPositionals: true,
    options: {
      iterations: { type: 'string', default: '20' },
      explain: { type: 'boolean', default: false },
      help: { type: 'boolean', short: 'h' },
    },
  });
  const name = positionals[0] ?? 'orders-fetch';
  const iterations = Number(values.iterations);
  if (
    values.help ||
    !BENCHMARKS.includes(name as never) ||
    !Number.isInteger(iterations) ||
    iterations < 1 ||
    iterations > 1000
  ) {
    console.log(usage);
    return values.help ? 0 : 2;
  }
  const databaseUrl = process.env.BENCH_DATABASE_URL;
  if (!databaseUrl) {
    console.error('BENCH_DATABASE_URL manquant.\n' + usage);
    return 2;
  }
  // Benchmarks hammer the database: only one on this machine.
  if (!LOOPBACK.has(new URL(databaseUrl).hostname)) {
    console.error(`BENCH_DATABASE_URL doit désigner une base locale (127.0.0.1, localhost ou [::1]).`);
    return 2;
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
