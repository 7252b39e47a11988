// The storefront search's in-memory index (docs/architecture.md, Search): the active articles'
// designations and codes and the families' labels, folded (lower case, no accents) and cut into words,
// each distinct word pointing to the sorted entries that hold it. A search scans the distinct words (a
// few thousand, whatever the number of articles) instead of every designation, then works on the
// entries of the words it met only: its cost follows the matches, not the catalogue, and the panel's
// few best articles are picked without ranking every match (docs/performance.md, Search). It
// tolerates one typo per word. The index is rebuilt whenever the articles or families change (the
// answer cache's change feed).
import { foldForSearch } from '@comptoir/shared/search';

export interface IndexedArticle {
  code: string;
  designation: string;
}

export interface IndexedFamily {
  code: string;
  label: string;
  level: number;
}

/** Words of this length or more tolerate one typo (shorter ones would match too much). */
export const TYPO_MIN_LENGTH = 4;

/**
 * True when `a` and `b` differ by at most one insertion, deletion, substitution or swap of two
 * neighbouring letters ('cimment' ~ 'ciment', 'plaqe' ~ 'plaque', 'pltare' ~ 'platre'); only the
 * first `bLength` letters of `b` are compared. No allocation: it runs on every word of the vocabulary.
 */
export function withinOneEdit(a: string, b: string, bLength = b.length): boolean {
  const aLength = a.length;
  if (Math.abs(aLength - bLength) > 1) return false;
  let i = 0;
  while (i < aLength && i < bLength && a.charCodeAt(i) === b.charCodeAt(i)) i++;
  if (i === aLength && i === bLength) return true;
  // The rest after skipping one letter of a (sa) and of b (sb) must be equal.
  const restEqual = (sa: number, sb: number) => {
    if (aLength - sa !== bLength - sb) return false;
    for (let k = 0; sa + k < aLength; k++) if (a.charCodeAt(sa + k) !== b.charCodeAt(sb + k)) return false;
    return true;
  };
  if (aLength === bLength)
    return (
      restEqual(i + 1, i + 1) ||
      (a.charCodeAt(i) === b.charCodeAt(i + 1) &&
        a.charCodeAt(i + 1) === b.charCodeAt(i) &&
        restEqual(i + 2, i + 2))
    );
  return aLength > bLength ? restEqual(i + 1, i) : restEqual(i, i + 1);
}

/**
 * The entries some words match, ascending, each held as `entry * 2 + typo` (typo 1: matched only through
 * a word one typo away): one integer per match, sorted, intersected and kept without an object each.
 */
type Matches = Int32Array;

const entryOf = (match: number) => match >> 1;
const typoOf = (match: number) => match & 1;

/** How many typed words' matches each index keeps, and how many matches in all (4 bytes each). */
const RECENT_WORDS = 2_000;
const RECENT_MATCHES = 4_000_000;

/** Words → entries, for one kind of entry (articles or families). */
class WordIndex {
  /** Each distinct word's entries, ascending. */
  private readonly postings = new Map<string, Int32Array>();
  private readonly vocabulary: string[];
  /** The words asked lately (a shopper's text grows one letter at a time; popular words recur). */
  private readonly recent = new Map<string, Matches>();
  private recentMatches = 0;

  constructor(texts: readonly string[]) {
    const lists = new Map<string, number[]>();
    texts.forEach((text, entry) => {
      for (const word of new Set(foldForSearch(text).split(/\s+/))) {
        if (!word) continue;
        const list = lists.get(word);
        if (list) list.push(entry);
        else lists.set(word, [entry]);
      }
    });
    for (const [word, list] of lists) this.postings.set(word, Int32Array.from(list));
    this.vocabulary = [...lists.keys()];
  }

  /**
   * The entries holding a word that contains `word` (exact), or, for a long enough word, one typo away
   * from it or from their start, as the shopper is still typing.
   */
  matches(word: string): Matches {
    const kept = this.recent.get(word);
    if (kept) return kept;
    const met: { entries: Int32Array; typo: number }[] = [];
    let count = 0;
    const fuzzy = word.length >= TYPO_MIN_LENGTH;
    for (const candidate of this.vocabulary) {
      const typo = candidate.includes(word) ? 0 : fuzzy && typoMatch(word, candidate) ? 1 : -1;
      if (typo < 0) continue;
      const entries = this.postings.get(candidate)!;
      met.push({ entries, typo });
      count += entries.length;
    }
    const all = new Int32Array(count);
    let at = 0;
    for (const { entries, typo } of met) for (const entry of entries) all[at++] = entry * 2 + typo;
    all.sort();
    // An entry met both exactly and through a typo is an exact match: its exact form sorts first.
    let unique = 0;
    for (let i = 0; i < count; i++)
      if (unique === 0 || entryOf(all[i]!) !== entryOf(all[unique - 1]!)) all[unique++] = all[i]!;
    const found = all.slice(0, unique);
    if (this.recent.size >= RECENT_WORDS || this.recentMatches + found.length > RECENT_MATCHES) {
      this.recent.clear();
      this.recentMatches = 0;
    }
    this.recent.set(word, found);
    this.recentMatches += found.length;
    return found;
  }
}

/** `word` is one typo away from `candidate` or from its start (of about the word's length). */
function typoMatch(word: string, candidate: string): boolean {
  for (let length = word.length - 1; length <= word.length + 1 && length <= candidate.length; length++)
    if (withinOneEdit(word, candidate, length)) return true;
  return false;
}

/** The first position from `from` whose value is `value` or more (galloping, then halving). */
function seek(list: Matches, value: number, from: number): number {
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
function heldBy(entries: Int32Array, list: Matches, scratch: Uint8Array): Uint8Array {
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
function matchAll(index: WordIndex, words: readonly string[]): Matches {
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

/** The position of the first of the sorted `texts` that is `text` or after it. */
function firstFrom(texts: readonly string[], text: string): number {
  let low = 0;
  let high = texts.length;
  while (low < high) {
    const middle = (low + high) >> 1;
    if (texts[middle]! < text) low = middle + 1;
    else high = middle;
  }
  return low;
}

/** The `limit` smallest of `entries`, ascending. */
function smallest(entries: Int32Array, limit: number): number[] {
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

const collator = new Intl.Collator('fr');
const byText = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/** What a search found: the best `limit` articles' codes, best first, and how many were found. */
export interface ArticleHits {
  codes: string[];
  total: number;
}

export class SearchIndex {
  private readonly articles: IndexedArticle[];
  private readonly foldedDesignations: string[];
  /** The upper-case codes, sorted, and their entries: code-prefix matching by binary search. */
  private readonly sortedCodes: string[];
  private readonly codeEntries: Int32Array;
  private readonly articleWords: WordIndex;
  private readonly families: IndexedFamily[];
  private readonly foldedLabels: string[];
  private readonly familyWords: WordIndex;
  /** Each designation's first word (up to its first blank), for ranking the matches through a typo. */
  private readonly firstWords: string[];
  /** One byte per article, 0 between searches: flags a search sets and clears (filterBy, findArticles). */
  private readonly scratch: Uint8Array;

  constructor(articles: readonly IndexedArticle[], families: readonly IndexedFamily[]) {
    // Entries in designation order (folded: cheap to compare, accents aside), so that a hit's position
    // is its rank among equals.
    const folded = articles.map((article) => ({ article, folded: foldForSearch(article.designation) }));
    folded.sort((a, b) => byText(a.folded, b.folded) || byText(a.article.code, b.article.code));
    this.articles = folded.map((item) => item.article);
    this.foldedDesignations = folded.map((item) => item.folded);
    const byCode = this.articles
      .map((article, entry) => ({ code: article.code.toUpperCase(), entry }))
      .sort((a, b) => byText(a.code, b.code));
    this.sortedCodes = byCode.map((item) => item.code);
    this.codeEntries = Int32Array.from(byCode, (item) => item.entry);
    this.articleWords = new WordIndex(this.articles.map((article) => article.designation));
    const distinct = new Map<string, string>();
    this.firstWords = this.foldedDesignations.map((designation) => {
      const word = designation.slice(0, designation.search(/\s|$/));
      // One string per distinct word: designations share their first words a lot.
      return distinct.get(word) ?? (distinct.set(word, word), word);
    });
    this.scratch = new Uint8Array(this.articles.length);
    this.families = [...families];
    this.foldedLabels = this.families.map((family) => foldForSearch(family.label));
    this.familyWords = new WordIndex(this.families.map((family) => family.label));
  }

  get size(): number {
    return this.articles.length;
  }

  /** The entries whose code starts with `prefix` (upper-cased): a range of the sorted codes. */
  private codePrefixed(prefix: string): Int32Array {
    const upper = prefix.toUpperCase();
    const from = firstFrom(this.sortedCodes, upper);
    // Every code starting with the prefix sorts before the prefix followed by the highest character.
    return this.codeEntries.subarray(from, firstFrom(this.sortedCodes, `${upper}\uffff`));
  }

  /**
   * The articles found, best first: every word in the designation, or the first word starting the code
   * and the others in the designation. Order: code-prefix matches, then designation-prefix matches,
   * then the other exact matches, then those found through a typo (designation-prefix ones first); by
   * designation within each.
   */
  searchArticles(words: readonly string[]): string[] {
    return this.findArticles(words, Infinity).codes;
  }

  /**
   * The best `limit` articles of searchArticles' order, and how many it finds, without ranking them
   * all: the matches are walked in designation order, each rank keeps its first `limit`, and the walk
   * stops once the best rank after the code-prefix ones is full.
   */
  findArticles(words: readonly string[], limit: number): ArticleHits {
    const [first = '', ...rest] = words;
    if (!first) return { codes: [], total: 0 };
    const matched = matchAll(this.articleWords, words);
    let prefixed = this.codePrefixed(first);
    if (prefixed.length > 0 && rest.length > 0) {
      const held = heldBy(prefixed, matchAll(this.articleWords, rest), this.scratch);
      prefixed = prefixed.filter((_, i) => held[i] === 1);
    }
    const total =
      matched.length + heldBy(prefixed, matched, this.scratch).reduce((n, held) => n + 1 - held, 0);
    const best = smallest(prefixed, limit);
    let wanted = limit - best.length;
    if (wanted <= 0) return this.hits(best.slice(0, limit), total);
    for (const entry of prefixed) this.scratch[entry] = 1;
    // The designations starting with the first word sit together (entries are in designation order):
    // the exact matches among them come first.
    const from = this.firstDesignationFrom(first);
    const to = this.firstDesignationFrom(`${first}\uffff`);
    const byPrefix: number[] = [];
    for (let at = seek(matched, from * 2, 0); at < matched.length && byPrefix.length < wanted; at++) {
      const match = matched[at]!;
      if (entryOf(match) >= to) break;
      if (typoOf(match) === 0 && this.scratch[entryOf(match)] === 0) byPrefix.push(entryOf(match));
    }
    wanted -= byPrefix.length;
    // Then the other exact matches, the typo ones whose designation starts one typo from the first
    // word, the other typo ones: each keeps its first `wanted`, and the walk stops once the exact
    // ones are enough.
    const ranks: number[][] = [[], [], []];
    // Whether the first word is one typo from a designation's first word, per distinct first word.
    const typoPrefix = new Map<string, boolean>();
    for (let at = 0; at < matched.length && wanted > 0 && ranks[0]!.length < wanted; at++) {
      const match = matched[at]!;
      const entry = entryOf(match);
      if (this.scratch[entry] === 1) continue;
      let rank: number;
      if (typoOf(match) === 0) {
        if (entry >= from && entry < to) continue;
        rank = 0;
      } else if (ranks[1]!.length < wanted || ranks[2]!.length < wanted) {
        const word = this.firstWords[entry]!;
        let prefix = typoPrefix.get(word);
        if (prefix === undefined) typoPrefix.set(word, (prefix = typoMatch(first, word)));
        rank = prefix ? 1 : 2;
      } else continue;
      if (ranks[rank]!.length < wanted) ranks[rank]!.push(entry);
    }
    for (const entry of prefixed) this.scratch[entry] = 0;
    return this.hits(best.concat(byPrefix, ...ranks).slice(0, limit), total);
  }

  private hits(entries: readonly number[], total: number): ArticleHits {
    return { codes: entries.map((entry) => this.articles[entry]!.code), total };
  }

  /** The first entry whose folded designation is `text` or after it. */
  private firstDesignationFrom(text: string): number {
    return firstFrom(this.foldedDesignations, text);
  }

  /** The families whose label holds every word (one typo allowed per word): label-prefix, exact, then by level and label. */
  searchFamilies(words: readonly string[], limit: number): IndexedFamily[] {
    const first = words[0] ?? '';
    const rankOf = (match: number) =>
      typoOf(match) === 1 ? 2 : this.foldedLabels[entryOf(match)]!.startsWith(first) ? 0 : 1;
    return Array.from(matchAll(this.familyWords, words), (match) => ({
      family: this.families[entryOf(match)]!,
      rank: rankOf(match),
    }))
      .sort(
        (a, b) =>
          a.rank - b.rank ||
          a.family.level - b.family.level ||
          collator.compare(a.family.label, b.family.label) ||
          (a.family.code < b.family.code ? -1 : 1),
      )
      .slice(0, limit)
      .map(({ family }) => family);
  }
}
