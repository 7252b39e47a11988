// The goals of real traffic, judged beside each figure (the HTTP benchmark and the soak): what a
// kept page, the cold product pages, the visitor's mix at 200 connections and the server's memory
// after the run are asked. docs/performance/README.md lists them with where each stands.
import type { Figures } from './load';
import type { BenchDatabase } from './server';
import { round } from './stats';

export const GOALS = {
  /** A kept page (the same URL again) at 50 connections: this share of the bare Fastify's req/s… */
  keptPageShare: 0.25,
  /** …with this p99. */
  keptPageP99Ms: 20,
  /** Product pages each asked once, at 50 connections. */
  coldPagesPerSecond: 300,
  coldP99Ms: 250,
  /** The visitor's mix (and the soak's load) at 200 connections: no error, no timeout, this p99. */
  mixP99Ms: { postgres: 300, pglite: 500 } satisfies Record<BenchDatabase, number>,
  /** The server's RSS once the run is over. */
  rssAfterMb: { postgres: 300, pglite: 450 } satisfies Record<BenchDatabase, number>,
};

export interface Verdict {
  pass: boolean;
  /** What was asked, beside what was measured. */
  goal: string;
}

export const mark = (verdict: Verdict) => `${verdict.pass ? 'pass' : 'FAIL'} (${verdict.goal})`;

/** The share of the bare Fastify's req/s, in %. */
export const shareOf = (figures: Figures, bare: Figures | undefined) =>
  bare?.reqPerSec ? round((100 * figures.reqPerSec) / bare.reqPerSec) : 0;

const failures = (f: Figures) => f.errors + f.timeouts + f.non2xx;

export const keptPageVerdict = (f: Figures, bare: Figures | undefined): Verdict => ({
  pass: failures(f) === 0 && shareOf(f, bare) >= 100 * GOALS.keptPageShare && f.p99 <= GOALS.keptPageP99Ms,
  goal: `≥ ${100 * GOALS.keptPageShare} % du Fastify nu, p99 ≤ ${GOALS.keptPageP99Ms} ms`,
});

export const coldPagesVerdict = (f: Figures): Verdict => ({
  pass: failures(f) === 0 && f.reqPerSec >= GOALS.coldPagesPerSecond && f.p99 <= GOALS.coldP99Ms,
  goal: `≥ ${GOALS.coldPagesPerSecond} pages/s, p99 ≤ ${GOALS.coldP99Ms} ms`,
});

export const mixVerdict = (
  f: Pick<Figures, 'errors' | 'timeouts' | 'non2xx' | 'p99'>,
  database: BenchDatabase,
): Verdict => ({
  pass: failures(f as Figures) === 0 && f.p99 <= GOALS.mixP99Ms[database],
  goal: `0 erreur, 0 délai dépassé, p99 ≤ ${GOALS.mixP99Ms[database]} ms`,
});

export const rssVerdict = (rssMb: number, database: BenchDatabase): Verdict => ({
  pass: rssMb <= GOALS.rssAfterMb[database],
  goal: `RSS après ≤ ${GOALS.rssAfterMb[database]} Mo`,
});
