// Small figures' helpers the benchmarks share: rounding, percentiles, the machine's load.
import os from 'node:os';

export const round = (value: number, digits = 1) => Math.round(value * 10 ** digits) / 10 ** digits;

/** The p-th percentile of values sorted in ascending order (the nearest rank); 0 of none. */
export const percentile = (sorted: number[], p: number) =>
  sorted.length ? sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]! : 0;

export const median = (values: number[]) =>
  percentile(
    [...values].sort((a, b) => a - b),
    50,
  );

/** Slope of the least-squares line through (x, y), per unit of x. */
export function slope(points: [number, number][]): number {
  const n = points.length;
  if (n < 2) return 0;
  const mx = points.reduce((s, [x]) => s + x, 0) / n;
  const my = points.reduce((s, [, y]) => s + y, 0) / n;
  const sxy = points.reduce((s, [x, y]) => s + (x - mx) * (y - my), 0);
  const sxx = points.reduce((s, [x]) => s + (x - mx) ** 2, 0);
  return sxx ? sxy / sxx : 0;
}

/** The machine's load averages (1, 5 and 15 minutes), to two decimals. */
export const loadAverage = () => os.loadavg().map((l) => round(l, 2));

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
