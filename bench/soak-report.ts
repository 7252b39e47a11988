// The soak's report: its figures as JSON and markdown (bench/results/soak-<database>-<date>[-<label>],
// a smoke run: a temporary folder unless --results says otherwise), whether it passes (no error, the
// memory's floor steady), and the goals of real traffic beside the figures (goals.ts).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import prettier from 'prettier';
import { mark, mixVerdict, rssVerdict } from './goals';
import type { Figures } from './load';
import { gitCommit, type ServerLog } from './server';
import { CLASSES, type Fixtures } from './soak-classes';
import type { SoakOptions } from './soak';
import { median, percentile, round, slope } from './stats';

export const SAMPLE_SECONDS = 2;
/**
 * RSS is compared between the minute after the warm-up and the last minute, by each one's floor (its
 * lowest sample): between two collections the heap swings by a hundred megabytes, a leak lifts the floor.
 */
const RSS_WINDOW_SECONDS = 60;
const RSS_TOLERANCE = 0.1;

export interface ProcSample {
  /** Seconds since the load started. */
  t: number;
  rssMb: number;
  /** Server CPU seconds (user + system) so far. */
  cpuSeconds: number;
  /** 1-minute load average of the machine. */
  load: number;
  /** Responses received since the load started. */
  responses: number;
  /** Connections the kernel has established that the server has not accepted yet. */
  acceptQueue: number;
}

export interface ClassStats {
  latencies: number[];
  statuses: Map<number, number>;
  expected: number;
  unexpected: number;
  timeouts: number;
  socketErrors: number;
}

export interface ErrorSample {
  class: string;
  method: string;
  path: string;
  status: number | 'timeout' | 'socket';
  body: string;
}

/** The percentiles of latencies sorted in ascending order, in ms. */
const latencyMs = (sorted: number[]) => ({
  p50Ms: round(percentile(sorted, 50)),
  p90Ms: round(percentile(sorted, 90)),
  p99Ms: round(percentile(sorted, 99)),
  maxMs: round(sorted.at(-1) ?? 0),
});

export interface ReportInput {
  options: SoakOptions;
  startedAt: Date;
  loadAtStart: number[];
  durationSeconds: number;
  warmupSeconds: number;
  loadSeconds: number;
  fixtures: Fixtures;
  stats: Map<string, ClassStats>;
  errorSamples: ErrorSample[];
  samples: ProcSample[];
  idleRssMb: number | null;
  serverLog: ServerLog;
  serverAlive: boolean;
  autocannonTotals: Record<string, number>;
  clientCpuSeconds: number;
  ordersPlaced: number | null;
  /** Load-generator connections that never received a response. */
  /** The bare Fastify at the soak's connections, measured before the server started. */
  bareFastify: Figures;
  connectionsNeverAnswered: number;
}

export function reportJson(input: ReportInput) {
  const { options, stats, samples, loadSeconds, warmupSeconds, durationSeconds } = input;
  const all: number[] = [];
  const classes = CLASSES.map((cls) => {
    const s = stats.get(cls.name)!;
    const sorted = [...s.latencies].sort((a, b) => a - b);
    // Not push(...latencies): a long run's hundreds of thousands of arguments overflow the stack.
    for (const latency of s.latencies) all.push(latency);
    return {
      class: cls.name,
      requests: sorted.length,
      perSecond: round(sorted.length / loadSeconds),
      ...latencyMs(sorted),
      statuses: Object.fromEntries([...s.statuses].sort(([a], [b]) => a - b)),
      expected4xx: s.expected,
      errors: s.unexpected + s.timeouts + s.socketErrors,
    };
  });
  all.sort((a, b) => a - b);
  const sum = (f: (s: ClassStats) => number) => [...stats.values()].reduce((n, s) => n + f(s), 0);
  const errors = {
    total: sum((s) => s.unexpected + s.timeouts + s.socketErrors),
    unexpectedStatus: sum((s) => s.unexpected),
    timeouts: sum((s) => s.timeouts),
    socketErrors: sum((s) => s.socketErrors),
    expected4xx: sum((s) => s.expected),
    serverLogErrors: input.serverLog.errors,
    serverLogWarnings: input.serverLog.warnings,
    samples: input.errorSamples,
    serverLogSamples: input.serverLog.samples,
    serverLogWarningSamples: input.serverLog.warningSamples,
  };

  // RSS: the floor of the window after the warm-up against the floor of the last window (see
  // RSS_WINDOW_SECONDS); the windows' medians are reported beside.
  const width = Math.min(RSS_WINDOW_SECONDS, warmupSeconds);
  const window = (from: number, to: number) =>
    samples.filter((s) => s.t >= from && s.t <= to).map((s) => s.rssMb);
  const warmWindow = window(warmupSeconds, warmupSeconds + width);
  const endWindow = window(durationSeconds - width, durationSeconds + SAMPLE_SECONDS);
  const warmRss = Math.min(...warmWindow);
  const endRss = Math.min(...endWindow);
  const rssChange = (endRss - warmRss) / warmRss;
  const afterWarmup = samples.filter((s) => s.t >= warmupSeconds);
  const perMinute = [];
  for (let minute = 0; minute * 60 < durationSeconds; minute++) {
    const inMinute = samples.filter((s) => s.t > minute * 60 && s.t <= (minute + 1) * 60);
    const before = samples.filter((s) => s.t <= minute * 60).at(-1);
    const last = inMinute.at(-1);
    if (!inMinute.length || !before || !last) continue;
    const rss = inMinute.map((s) => s.rssMb);
    perMinute.push({
      minute: minute + 1,
      requestsPerSecond: round((last.responses - before.responses) / (last.t - before.t)),
      rssMinMb: round(Math.min(...rss)),
      rssMedianMb: round(median(rss)),
      rssMaxMb: round(Math.max(...rss)),
      serverCpuPercent: round((100 * (last.cpuSeconds - before.cpuSeconds)) / (last.t - before.t)),
      acceptQueueMax: Math.max(...inMinute.map((s) => s.acceptQueue)),
      machineLoad: round(last.load, 2),
    });
  }
  const first = samples[0]!;
  const last = samples.at(-1)!;
  const loads = samples.map((s) => s.load);
  const rss = {
    windowSeconds: width,
    startMb: round(first.rssMb),
    afterWarmupFloorMb: round(warmRss),
    endFloorMb: round(endRss),
    changePercent: round(rssChange * 100),
    afterWarmupMedianMb: round(median(warmWindow)),
    endMedianMb: round(median(endWindow)),
    minMb: round(Math.min(...samples.map((s) => s.rssMb))),
    maxMb: round(Math.max(...samples.map((s) => s.rssMb))),
    slopeAfterWarmupMbPerMinute: round(slope(afterWarmup.map((s) => [s.t / 60, s.rssMb])), 2),
    afterIdle10sMb: input.idleRssMb === null ? null : round(input.idleRssMb),
    samples: samples.map((s) => [s.t, round(s.rssMb)]),
  };

  const failures: string[] = [];
  if (!input.serverAlive) failures.push('le serveur s’est arrêté pendant la charge');
  if (errors.total > 0)
    failures.push(
      `${errors.total} erreurs (${errors.unexpectedStatus} réponses inattendues, ${errors.timeouts} délais dépassés, ` +
        `${errors.socketErrors} erreurs de connexion)`,
    );
  if (Math.abs(rssChange) > RSS_TOLERANCE)
    failures.push(
      `RSS (plancher) ${round(warmRss)} → ${round(endRss)} Mo (${round(rssChange * 100)} %, tolérance 10 %)`,
    );

  // The goals of real traffic (goals.ts): the load at its connections, and the RSS when it ended.
  const totals = { p99: round(percentile(all, 99)), errors: errors.socketErrors, timeouts: errors.timeouts };
  const loadVerdict = mixVerdict({ ...totals, non2xx: errors.unexpectedStatus }, options.database);
  const rssAtEnd = round(samples.at(-1)!.rssMb);
  const rssAfter = rssVerdict(rssAtEnd, options.database);
  const goals = {
    load: { ...loadVerdict, connections: options.connections, text: mark(loadVerdict) },
    rssAfter: { ...rssAfter, rssMb: rssAtEnd, text: mark(rssAfter) },
  };

  const json = {
    soak: {
      database: options.database,
      minutes: options.minutes,
      connections: options.connections,
      workers: options.workers ?? 1,
      warmupSeconds,
      timeoutSeconds: options.timeoutSeconds,
      startedAt: input.startedAt.toISOString(),
      loadSeconds: round(loadSeconds),
      node: process.version,
      cpus: os.cpus().length,
      memoryGb: round(os.totalmem() / 2 ** 30),
      commit: gitCommit(),
      machineLoad: {
        beforeStart: input.loadAtStart.map((l) => round(l, 2)),
        duringMedian: round(median(loads), 2),
        duringMax: round(Math.max(...loads), 2),
      },
      workload: CLASSES.map((c) => ({ class: c.name, weight: c.weight, auth: c.auth })),
    },
    data: {
      families: input.fixtures.families.length,
      articles: input.fixtures.articles.length,
      productPages: input.fixtures.catalogue.articles.length,
      buyable: input.fixtures.buyable.length,
      searchTexts: input.fixtures.searchTexts.length,
      ordersPlaced: input.ordersPlaced,
    },
    pass: failures.length === 0,
    failures,
    goals,
    bareFastify: {
      connections: input.bareFastify.connections,
      requestsPerSecond: input.bareFastify.reqPerSec,
      p99Ms: input.bareFastify.p99,
    },
    totals: {
      shareOfBareFastifyPercent: input.bareFastify.reqPerSec
        ? round((100 * all.length) / loadSeconds / input.bareFastify.reqPerSec)
        : 0,
      responses: all.length,
      requestsPerSecond: round(all.length / loadSeconds),
      ...latencyMs(all),
      serverCpuPercent: round((100 * (last.cpuSeconds - first.cpuSeconds)) / Math.max(1, last.t - first.t)),
      loadGeneratorCpuPercent: round((100 * input.clientCpuSeconds) / loadSeconds),
      connectionsNeverAnswered: input.connectionsNeverAnswered,
      acceptQueueMax: Math.max(...samples.map((s) => s.acceptQueue)),
      autocannon: input.autocannonTotals,
    },
    classes,
    errors,
    rss: { ...rss, perMinute },
  };
  return json;
}

export type ReportJson = ReturnType<typeof reportJson>;

export function markdownOf(r: ReportJson): string {
  const s = r.soak;
  const lines = [
    `# Soak ${s.database} — ${s.startedAt.slice(0, 10)}`,
    '',
    `**${r.pass ? 'PASS' : 'FAIL'}**${r.failures.length ? ` — ${r.failures.join('; ')}` : ''}`,
    '',
    `${s.connections} connections, ${s.minutes} min (warm-up ${s.warmupSeconds} s), timeout ${s.timeoutSeconds} s, ` +
      `${s.workers} server process${s.workers > 1 ? 'es (WORKERS; RSS and CPU are their sum)' : ''}; ` +
      `${s.cpus} CPUs, ${s.memoryGb} GiB, Node ${s.node}, commit ${s.commit}. Machine load (1 min) before: ` +
      `${s.machineLoad.beforeStart[0]}, during: median ${s.machineLoad.duringMedian}, max ${s.machineLoad.duringMax}.`,
    '',
    `Overall: ${r.totals.responses} responses, **${r.totals.requestsPerSecond} req/s**, latency p50 ` +
      `${r.totals.p50Ms} ms, p90 ${r.totals.p90Ms} ms, p99 ${r.totals.p99Ms} ms, max ${r.totals.maxMs} ms. ` +
      `Server CPU ${r.totals.serverCpuPercent} %, load generator CPU ${r.totals.loadGeneratorCpuPercent} % ` +
      `(same machine). Orders placed: ${r.data.ordersPlaced ?? '?'}.`,
    '',
    `Bare Fastify of the same run, at ${r.bareFastify.connections} connections: ${r.bareFastify.requestsPerSecond} req/s ` +
      `(p99 ${r.bareFastify.p99Ms} ms); share of bare Fastify: **${r.totals.shareOfBareFastifyPercent} %**.`,
    '',
    `Goals: the load at ${r.goals.load.connections} connections (p99 ${r.totals.p99Ms} ms, ${r.errors.socketErrors + r.errors.unexpectedStatus} errors, ` +
      `${r.errors.timeouts} timeouts): **${r.goals.load.text}**; server RSS when the load ended ${r.goals.rssAfter.rssMb} MB: ` +
      `**${r.goals.rssAfter.text}**.`,
    '',
    `Errors: ${r.errors.total} (unexpected status ${r.errors.unexpectedStatus}, timeouts ${r.errors.timeouts}, ` +
      `socket ${r.errors.socketErrors}); expected 4xx ${r.errors.expected4xx}; server log: ` +
      `${r.errors.serverLogErrors} errors, ${r.errors.serverLogWarnings} warnings. Connections never answered: ` +
      `${r.totals.connectionsNeverAnswered} of ${s.connections}; connections waiting in the server's accept queue: ` +
      `up to ${r.totals.acceptQueueMax}.`,
    '',
    `RSS (floor = lowest sample of a ${r.rss.windowSeconds} s window): after warm-up ${r.rss.afterWarmupFloorMb} MB, ` +
      `last window ${r.rss.endFloorMb} MB (**${r.rss.changePercent >= 0 ? '+' : ''}${r.rss.changePercent} %**); ` +
      `medians ${r.rss.afterWarmupMedianMb} → ${r.rss.endMedianMb} MB; start ${r.rss.startMb}, min ${r.rss.minMb}, ` +
      `max ${r.rss.maxMb}, slope after warm-up ${r.rss.slopeAfterWarmupMbPerMinute} MB/min, 10 s after the load ` +
      `${r.rss.afterIdle10sMb ?? '?'} MB.`,
    '',
    '| class | requests | req/s | p50 ms | p90 ms | p99 ms | max ms | statuses | errors |',
    '| --- | ---: | ---: | ---: | ---: | ---: | ---: | --- | ---: |',
    ...r.classes.map(
      (c) =>
        `| ${c.class} | ${c.requests} | ${c.perSecond} | ${c.p50Ms} | ${c.p90Ms} | ${c.p99Ms} | ${c.maxMs} | ` +
        `${Object.entries(c.statuses)
          .map(([status, n]) => `${status}: ${n}`)
          .join(', ')} | ${c.errors} |`,
    ),
    '',
    '| minute | req/s | RSS min MB | RSS median MB | RSS max MB | server CPU % | accept queue max | machine load |',
    '| ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |',
    ...r.rss.perMinute.map(
      (m) =>
        `| ${m.minute} | ${m.requestsPerSecond} | ${m.rssMinMb} | ${m.rssMedianMb} | ${m.rssMaxMb} | ` +
        `${m.serverCpuPercent} | ${m.acceptQueueMax} | ${m.machineLoad} |`,
    ),
  ];
  if (r.errors.samples.length || r.errors.serverLogSamples.length) {
    lines.push('', 'First errors:', '');
    for (const e of r.errors.samples.slice(0, 10))
      lines.push(`- ${e.class}: ${e.method} ${e.path} → ${e.status} ${e.body}`);
    for (const line of r.errors.serverLogSamples.slice(0, 5))
      lines.push(`- server log: ${line.slice(0, 400)}`);
  }
  return lines.join('\n') + '\n';
}

export async function writeReport(report: ReportJson, markdown: string, options: SoakOptions) {
  fs.mkdirSync(options.resultsDir, { recursive: true });
  const base = path.join(
    options.resultsDir,
    `soak-${options.database}-${report.soak.startedAt.slice(0, 10)}${options.label ? `-${options.label}` : ''}`,
  );
  const json = `${base}.json`;
  const md = `${base}.md`;
  // Formatted as the repository's prettier check wants it.
  const config = (await prettier.resolveConfig(json)) ?? {};
  fs.writeFileSync(json, await prettier.format(JSON.stringify(report), { ...config, parser: 'json' }));
  fs.writeFileSync(md, markdown);
  return { json, md };
}
