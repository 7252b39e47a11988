// Work on the sorted match lists of the search's word index (search-index-words.ts), for
// SearchIndex's queries: seeking a value, intersecting the lists of several words, flagging which of
// some entries a list holds, binary search over positions and the few smallest entries of many.
import { entryOf, typoOf, type Matches, type WordIndex } from './search-index-words';

/** The first position from `from` whose value is `value` or more (galloping, then halving). */
export function seek(list: Matches, value: number, from: number): number {
  let low = from;
  let high = from;
  let step = 1;
  while (high < list.length && list[high]! < value) {
    low = high + 1;
    high += step;
    step *= 2;
  }
  high = Math.min(high, list.length);
  while (low < high) {
    const middle = (low + high) >> 1;
    if (list[middle]! < value) low = middle + 1;
    else high = middle;
  }
  return low;
}

/**
 * Per entry of `entries`, in order, whether `list` holds it. Few entries are sought in the list; many
 * are checked against the list's flags in `scratch` (one byte per entry, all 0 before and after), so
 * that a short code prefix matching most of the catalogue costs a pass over each, not a search each.
 */
export function heldBy(entries: Int32Array, list: Matches, scratch: Uint8Array): Uint8Array {
  const held = new Uint8Array(entries.length);
  if (entries.length * 16 < list.length) {
    for (let i = 0; i < entries.length; i++) {
      const at = seek(list, entries[i]! * 2, 0);
      held[i] = at < list.length && entryOf(list[at]!) === entries[i] ? 1 : 0;
    }
    return held;
  }
  for (let i = 0; i < list.length; i++) scratch[entryOf(list[i]!)] = 1;
  for (let i = 0; i < entries.length; i++) held[i] = scratch[entries[i]!]!;
  for (let i = 0; i < list.length; i++) scratch[entryOf(list[i]!)] = 0;
  return held;
}

/**
 * The entries matching every word, ascending, with the typo bit when some word matched only through a
 * typo. Walks the shortest word's entries and seeks each in the others.
 */
export function matchAll(index: WordIndex, words: readonly string[]): Matches {
  const [shortest, ...others] = words.map((word) => index.matches(word)).sort((a, b) => a.length - b.length);
  if (!shortest) return new Int32Array(0);
  if (others.length === 0) return shortest;
  const found = new Int32Array(shortest.length);
  const cursors = others.map(() => 0);
  let count = 0;
  next: for (const match of shortest) {
    const entry = entryOf(match);
    let typo = typoOf(match);
    for (let k = 0; k < others.length; k++) {
      const list = others[k]!;
      const at = seek(list, entry * 2, cursors[k]!);
      if (at === list.length) break next;
      cursors[k] = at;
      if (entryOf(list[at]!) !== entry) continue next;
      typo |= typoOf(list[at]!);
    }
    found[count++] = entry * 2 + typo;
  }
  return found.subarray(0, count);
}

/** The first of `count` positions where `before` is false (it is true up to some position, then false). */
export function firstFrom(count: number, before: (position: number) => boolean): number {
  let low = 0;
  let high = count;
  while (low < high) {
    const middle = (low + high) >> 1;
    if (before(middle)) low = middle + 1;
    else high = middle;
  }
  return low;
}

/** The `limit` smallest of `entries`, ascending. */
export function smallest(entries: Int32Array, limit: number): number[] {
  if (entries.length <= limit) return Array.from(entries).sort((a, b) => a - b);
  const kept: number[] = [];
  for (const entry of entries) {
    if (kept.length === limit && entry >= kept[limit - 1]!) continue;
    let at = Math.min(kept.length, limit - 1);
    while (at > 0 && kept[at - 1]! > entry) {
      kept[at] = kept[at - 1]!;
      at--;
    }
    kept[at] = entry;
  }
  return kept;
}
