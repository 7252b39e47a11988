// A small seeded PRNG: the demo data must be the same on every run, so Math.random is banned here.
// Any generator can be rebuilt from (seed, key, index), which lets the big sets regenerate an
// article or a customer from its index instead of keeping millions of rows in memory.

/** The seed of the whole demo set. */
export const DEMO_SEED = 20_240_601;

function hashString(text: string, seed: number): number {
  let h = seed ^ 0x9e3779b9;
  for (let i = 0; i < text.length; i++) {
    h = Math.imul(h ^ text.charCodeAt(i), 0x5bd1e995);
    h ^= h >>> 15;
  }
  return mix(h);
}

function mix(value: number): number {
  let h = value | 0;
  h = Math.imul(h ^ (h >>> 16), 0x85ebca6b);
  h = Math.imul(h ^ (h >>> 13), 0xc2b2ae35);
  return (h ^ (h >>> 16)) >>> 0;
}

export class Random {
  private a: number;
  private b: number;
  private c: number;
  private d: number;

  /** A generator for `key` (and `index`, for per-row streams) under `seed`. */
  constructor(key: string, index = 0, seed = DEMO_SEED) {
    const h = hashString(key, seed);
    this.a = mix(h ^ index);
    this.b = mix(this.a + 0x6d2b79f5);
    this.c = mix(this.b ^ Math.imul(index + 1, 0x27d4eb2f));
    this.d = 1;
    for (let i = 0; i < 8; i++) this.next();
  }

  /** sfc32: a float in [0, 1). */
  next(): number {
    const t = (((this.a + this.b) | 0) + this.d) | 0;
    this.d = (this.d + 1) | 0;
    this.a = this.b ^ (this.b >>> 9);
    this.b = (this.c + (this.c << 3)) | 0;
    this.c = (this.c << 21) | (this.c >>> 11);
    this.c = (this.c + t) | 0;
    return (t >>> 0) / 4_294_967_296;
  }

  /** An integer in [min, max]. */
  int(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1));
  }

  chance(probability: number): boolean {
    return this.next() < probability;
  }

  pick<T>(items: readonly T[]): T {
    return items[Math.floor(this.next() * items.length)] as T;
  }

  /** Picks by weight: `entries` are [item, weight] pairs. */
  weighted<T>(entries: readonly (readonly [T, number])[]): T {
    let total = 0;
    for (const [, weight] of entries) total += weight;
    let roll = this.next() * total;
    for (const [item, weight] of entries) {
      roll -= weight;
      if (roll < 0) return item;
    }
    return entries[entries.length - 1]![0];
  }

  /** An index in [0, count) skewed towards 0 (a few big accounts, a few best sellers). */
  skewed(count: number, power = 2): number {
    return Math.min(count - 1, Math.floor(count * this.next() ** power));
  }

  /** `count` distinct items of `items`, in their original order. */
  sample<T>(items: readonly T[], count: number): T[] {
    const chosen = new Set<number>();
    const wanted = Math.min(count, items.length);
    while (chosen.size < wanted) chosen.add(Math.floor(this.next() * items.length));
    return [...chosen].sort((x, y) => x - y).map((i) => items[i] as T);
  }
}
