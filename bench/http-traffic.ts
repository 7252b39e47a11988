// Real traffic on the HTTP benchmark's server (traffic.ts): the kept pages at each connection count,
// the product pages each asked once, searches that never repeat, the visitor's mix at 200
// connections; each figure beside the bare Fastify of the same run and its goal (goals.ts).
import { coldPagesVerdict, keptPageVerdict, mark, mixVerdict, shareOf, type Verdict } from './goals';
import { healthzMs, load, loadDrawn, quiet, type DrawnFigures, type Figures } from './load';
import { settle, type BenchDatabase } from './server';
import {
  coldProductPaths,
  drawer,
  JSON_HEADERS,
  keptPages,
  neverRepeatedSearches,
  PAGE_HEADERS,
  searchPath,
  visitorMix,
  type Catalogue,
} from './traffic';

export const MIX_CONNECTIONS = 200;
/** The cold pages, the searches: at this many connections (the goals' HTTP figures are at 50). */
export const DRAWN_CONNECTIONS = 50;

export interface TrafficPlan {
  /** Seconds of each kept page's and the searches' measure. */
  seconds: number;
  connections: readonly number[];
  /** Product pages of the cold measure, at most (each asked once), and its longest wait in seconds. */
  coldPages: number;
  coldLimitSeconds: number;
  mixSeconds: number;
}

export interface TrafficResult {
  kept: { name: string; path: string; runs: Figures[] }[];
  cold: Figures;
  searches: Figures;
  mix: DrawnFigures;
}

const at = (bare: Figures[], connections: number) => bare.find((b) => b.connections === connections);

const line = (label: string, f: Figures, bare: Figures[], verdict?: Verdict) =>
  `  ${label.padEnd(32)} ${f.connections} cx ${f.reqPerSec} req/s (${shareOf(f, at(bare, f.connections))} % du ` +
  `Fastify nu) p99 ${f.p99} ms, erreurs ${f.errors + f.non2xx}, délais dépassés ${f.timeouts}` +
  (verdict ? ` — ${mark(verdict)}` : '');

export async function measureTraffic(
  baseUrl: string,
  database: BenchDatabase,
  catalogue: Catalogue,
  plan: TrafficPlan,
  bare: Figures[],
  log: (line: string) => void,
): Promise<TrafficResult> {
  const idleMs = await healthzMs(baseUrl);
  const kept: TrafficResult['kept'] = [];
  for (const page of keptPages(catalogue)) {
    const runs: Figures[] = [];
    for (const connections of plan.connections) {
      // Drawn once before each run (the server keeps it), the server quiet again after it.
      await settle(baseUrl + page.path, PAGE_HEADERS);
      await quiet(baseUrl, idleMs);
      runs.push(await load(baseUrl + page.path, connections, plan.seconds, PAGE_HEADERS));
    }
    await settle(baseUrl + page.path, PAGE_HEADERS);
    await quiet(baseUrl, idleMs);
    kept.push({ ...page, runs });
    for (const run of runs)
      log(
        line(
          `page gardée ${page.name}`,
          run,
          bare,
          run.connections === DRAWN_CONNECTIONS ? keptPageVerdict(run, at(bare, run.connections)) : undefined,
        ),
      );
  }

  const coldPaths = coldProductPaths(catalogue, plan.coldPages);
  let index = 0;
  const cold = (
    await loadDrawn({
      baseUrl,
      connections: DRAWN_CONNECTIONS,
      seconds: plan.seconds,
      amount: coldPaths.length,
      limitSeconds: plan.coldLimitSeconds,
      next: () => ({ part: 'cold', path: coldPaths[index++ % coldPaths.length]!, headers: PAGE_HEADERS }),
    })
  ).all;
  await quiet(baseUrl, idleMs);
  log(line(`pages article froides (${coldPaths.length})`, cold, bare, coldPagesVerdict(cold)));

  const nextSearch = neverRepeatedSearches(catalogue.words);
  const searches = (
    await loadDrawn({
      baseUrl,
      connections: DRAWN_CONNECTIONS,
      seconds: plan.seconds,
      next: () => ({ part: 'search', path: searchPath(nextSearch()), headers: JSON_HEADERS }),
    })
  ).all;
  await quiet(baseUrl, idleMs);
  log(line('recherches jamais répétées', searches, bare));

  // The mix's product pages never asked yet: those the cold measure left (none on the demo data).
  const parts = visitorMix(catalogue, nextSearch, coldProductPaths(catalogue, 100_000, coldPaths.length));
  const draw = drawer(parts);
  const mix = await loadDrawn({
    baseUrl,
    connections: MIX_CONNECTIONS,
    seconds: plan.mixSeconds,
    next: () => {
      const part = draw();
      return { part: part.name, path: part.next(), headers: part.page ? PAGE_HEADERS : JSON_HEADERS };
    },
  });
  log(line('mélange d’un visiteur', mix.all, bare, mixVerdict(mix.all, database)));
  for (const { part, figures } of mix.parts)
    log(`    ${part.padEnd(30)} ${figures.requests} réponses, p50 ${figures.p50} ms, p99 ${figures.p99} ms`);
  return { kept, cold, searches, mix };
}
