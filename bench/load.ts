// The load generators: autocannon over loopback, on one URL (a kept answer), or on paths drawn
// request by request (distinct product pages, searches that never repeat, a visitor's mix), with
// each request's latency kept whole for the percentiles (autocannon's histogram gives p97.5, not p95).
import { performance } from 'node:perf_hooks';
import autocannon from 'autocannon';
import { percentile, round } from './stats';

/** Without a callback, autocannon's instance is also a promise of its result. */
export type Tracker = autocannon.Instance & PromiseLike<autocannon.Result>;

export interface Figures {
  connections: number;
  requests: number;
  /** How long the measure lasted, in seconds. */
  seconds: number;
  reqPerSec: number;
  p50: number;
  p95: number;
  p99: number;
  max: number;
  /** Socket errors (timeouts apart). */
  errors: number;
  /** Requests unanswered after the timeout. */
  timeouts: number;
  non2xx: number;
}

/** A request unanswered after this many seconds is a timeout. */
export const TIMEOUT_SECONDS = 10;
/** autocannon checks its timer at each sample: sub-second measures need samples as short. */
const sampleInt = (seconds: number) => Math.min(1000, Math.max(100, seconds * 1000));

function figures(
  connections: number,
  seconds: number,
  latencies: number[],
  counts: { errors: number; timeouts: number; non2xx: number },
): Figures {
  const sorted = [...latencies].sort((a, b) => a - b);
  return {
    connections,
    requests: sorted.length,
    seconds: round(seconds, 2),
    reqPerSec: round(sorted.length / Math.max(seconds, 1e-3), 0),
    p50: round(percentile(sorted, 50)),
    p95: round(percentile(sorted, 95)),
    p99: round(percentile(sorted, 99)),
    max: round(sorted.at(-1) ?? 0),
    ...counts,
  };
}

/** autocannon on one URL for `seconds` at `connections`. */
export async function load(
  url: string,
  connections: number,
  seconds: number,
  headers: Record<string, string> = { 'accept-encoding': 'br, gzip' },
): Promise<Figures> {
  const latencies: number[] = [];
  const instance = autocannon({
    url,
    connections,
    duration: seconds,
    sampleInt: sampleInt(seconds),
    timeout: TIMEOUT_SECONDS,
    headers,
  }) as unknown as Tracker;
  instance.on('response', (_client: unknown, _status: number, _bytes: number, responseTime: number) =>
    latencies.push(responseTime),
  );
  const result = await instance;
  return figures(connections, result.duration, latencies, {
    errors: result.errors - result.timeouts,
    timeouts: result.timeouts,
    non2xx: result.non2xx,
  });
}

/** How long /healthz takes to answer, the best of five: the server's idle answer on this machine now. */
export async function healthzMs(baseUrl: string): Promise<number> {
  let best = Infinity;
  for (let i = 0; i < 5; i++) {
    const started = performance.now();
    await (await fetch(`${baseUrl}/healthz`)).arrayBuffer();
    best = Math.min(best, performance.now() - started);
  }
  return best;
}

/**
 * Waits until /healthz answers about as fast as when the server was idle (`idleMs`, healthzMs), for
 * 10 s at most: requests the server still holds from a measure stopped by its timer (slow pages) must
 * not weigh on the next measure.
 */
export async function quiet(baseUrl: string, idleMs: number, limitMs = 10_000) {
  const deadline = performance.now() + limitMs;
  while (performance.now() < deadline) {
    const started = performance.now();
    await (await fetch(`${baseUrl}/healthz`, { signal: AbortSignal.timeout(limitMs) })).arrayBuffer();
    if (performance.now() - started <= Math.max(20, 3 * idleMs)) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** One request drawn: the part of the traffic it counts for, its path and headers. */
export interface Drawn {
  part: string;
  path: string;
  headers: Record<string, string>;
}

export interface DrawnFigures {
  all: Figures;
  /** By part, in the order first drawn. */
  parts: { part: string; figures: Figures }[];
}

interface Flight {
  drawn: Drawn;
  t0: number;
}

/**
 * autocannon on paths drawn one by one by `next`: for `seconds`, or until `amount` answers (a list of
 * distinct URLs asked once each: `amount` its length; `seconds` then only bounds the wait).
 */
export async function loadDrawn(options: {
  baseUrl: string;
  connections: number;
  seconds: number;
  amount?: number;
  /** With `amount`: the measure stops after this many seconds however many are left. */
  limitSeconds?: number;
  next: () => Drawn;
}): Promise<DrawnFigures> {
  const { connections } = options;
  const byPart = new Map<string, { latencies: number[]; non2xx: number; errors: number; timeouts: number }>();
  const tally = (part: string) => {
    let t = byPart.get(part);
    if (!t) byPart.set(part, (t = { latencies: [], non2xx: 0, errors: 0, timeouts: 0 }));
    return t;
  };
  // Per connection: the request in flight and the one before it (a timeout is reported once the
  // replacement request is already built).
  interface State {
    current?: Flight;
    previous?: Flight;
  }
  const instance = autocannon({
    url: options.baseUrl,
    sampleInt: sampleInt(options.seconds),
    connections: options.amount ? Math.min(connections, options.amount) : connections,
    ...(options.amount ? { amount: options.amount } : { duration: options.seconds }),
    timeout: TIMEOUT_SECONDS,
    setupClient: (client: unknown) => {
      const iterator = (client as { requestIterator: { context: unknown; resetContext: () => void } })
        .requestIterator;
      // The context the connection's first request was built with (before this call): kept for good.
      const state = (iterator.context ?? {}) as State;
      iterator.resetContext = () => {
        iterator.context = state;
      };
      iterator.resetContext();
      const emitter = client as NodeJS.EventEmitter;
      emitter.on('timeout', () => state.previous && tally(state.previous.drawn.part).timeouts++);
      emitter.on('connError', () => state.previous && tally(state.previous.drawn.part).errors++);
    },
    requests: [
      {
        setupRequest: (request: autocannon.Request, context: unknown) => {
          const state = context as State;
          const drawn = options.next();
          state.previous = state.current;
          state.current = { drawn, t0: performance.now() };
          return { ...request, method: 'GET', path: drawn.path, headers: drawn.headers };
        },
        onResponse: (status: number, _body: string, context: unknown) => {
          const flight = (context as State | undefined)?.current;
          if (!flight) return;
          const t = tally(flight.drawn.part);
          t.latencies.push(performance.now() - flight.t0);
          if (status < 200 || status >= 300) t.non2xx++;
        },
      },
    ],
  } as autocannon.Options) as unknown as Tracker;
  // A list asked once each is bounded in time too: a stalled server must not hold the run.
  const guard = options.amount
    ? setTimeout(() => instance.stop(), (options.limitSeconds ?? 120) * 1000)
    : undefined;
  const { duration: seconds } = await instance;
  clearTimeout(guard);
  const all = { latencies: [] as number[], non2xx: 0, errors: 0, timeouts: 0 };
  const parts = [...byPart].map(([part, t]) => {
    for (const latency of t.latencies) all.latencies.push(latency);
    all.non2xx += t.non2xx;
    all.errors += t.errors;
    all.timeouts += t.timeouts;
    return { part, figures: figures(connections, seconds, t.latencies, t) };
  });
  return { all: figures(connections, seconds, all.latencies, all), parts };
}
