// The storefront search's in-memory index (docs/architecture.md, Search): the active articles'
// designations and codes and the families' labels, folded (lower case, no accents) and cut into words,
// each distinct word pointing to the sorted entries that hold it. A search scans the distinct words (a
// few thousand, whatever the number of articles) instead of every designation, then works on the
// entries of the words it met only: its cost follows the matches, not the catalogue, and the panel's
// few best articles are picked without ranking every match (docs/performance/search.md). It
// tolerates one typo per word. The index is rebuilt whenever the articles or families change (the
// answer cache's change feed). It holds no object or string per article: the codes are packed in one
// string, the postings in one Int32Array, and the designations are not kept, their first words order
// the entries (docs/performance/memory.md).
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

export interface PackedTextsParts {
  text: string;
  starts: Int32Array;
}

/**
 * Strings packed in one (one-byte when they all are) with their start offsets: no string header, no
 * array slot and no alignment per text. A text is read back by slicing.
 */
export class PackedTexts {
  private readonly text: string;
  /** Text `i` is from `starts[i]` to `starts[i + 1]`. */
  private readonly starts: Int32Array;

  constructor(texts: readonly string[]) {
    this.starts = new Int32Array(texts.length + 1);
    let at = 0;
    texts.forEach((text, i) => (this.starts[i + 1] = at += text.length));
    this.text = texts.join('');
  }

  get length(): number {
    return this.starts.length - 1;
  }

  /** What it is made of, as a worker thread sends it (plain data). */
  parts(): PackedTextsParts {
    return { text: this.text, starts: this.starts };
  }

  static fromParts(parts: PackedTextsParts): PackedTexts {
    return Object.assign(Object.create(PackedTexts.prototype) as PackedTexts, parts);
  }

  at(i: number): string {
    return this.text.slice(this.starts[i], this.starts[i + 1]);
  }
}

interface WordIndexParts {
  vocabulary: string[];
  postings: Int32Array;
  starts: Int32Array;
  firstWords: Int32Array;
  firstBlanks: Uint16Array;
}

/** Words → entries, for one kind of entry (articles or families), from their folded texts. */
class WordIndex {
  /** The distinct words; a word is known by its position here. */
  private readonly vocabulary: string[] = [];
  /** Every word's entries, ascending, word after word: word `w`'s are from `starts[w]` to `starts[w + 1]`. */
  private readonly postings: Int32Array;
  private readonly starts: Int32Array;
  /** Each entry's first word (up to its first blank; -1: the text starts with a blank or is empty). */
  readonly firstWords: Int32Array;
  /** Each entry's first blank, the one ending its first word (0: none). */
  readonly firstBlanks: Uint16Array;
  /** The words asked lately (a shopper's text grows one letter at a time; popular words recur). */
  private readonly recent = new Map<string, Matches>();
  private recentMatches = 0;

  constructor(texts: readonly string[]) {
    const ids = new Map<string, number>();
    const counts: number[] = [];
    // Each entry's distinct words, entry after entry, until the postings are laid out.
    let words = new Int32Array(Math.max(16, texts.length * 4));
    let used = 0;
    const ends = new Int32Array(texts.length);
    this.firstWords = new Int32Array(texts.length);
    this.firstBlanks = new Uint16Array(texts.length);
    texts.forEach((text, entry) => {
      const split = text.split(/\s+/);
      for (const word of new Set(split)) {
        if (!word) continue;
        let id = ids.get(word);
        if (id === undefined) {
          id = this.vocabulary.push(word) - 1;
          ids.set(word, id);
          counts.push(0);
        }
        counts[id]!++;
        if (used === words.length) {
          const grown = new Int32Array(words.length * 2);
          grown.set(words);
          words = grown;
        }
        words[used++] = id;
      }
      ends[entry] = used;
      this.firstWords[entry] = split[0] ? ids.get(split[0])! : -1;
      const blank = text.search(/\s/);
      this.firstBlanks[entry] = blank < 0 ? 0 : text.charCodeAt(blank);
    });
    this.starts = new Int32Array(counts.length + 1);
    counts.forEach((count, id) => (this.starts[id + 1] = this.starts[id]! + count));
    this.postings = new Int32Array(used);
    // Entries in order: each word's list comes out ascending.
    const next = this.starts.slice(0, counts.length);
    let from = 0;
    ends.forEach((end, entry) => {
      for (let at = from; at < end; at++) this.postings[next[words[at]!]!++] = entry;
      from = end;
    });
  }

  parts(): WordIndexParts {
    const { vocabulary, postings, starts, firstWords, firstBlanks } = this;
    return { vocabulary, postings, starts, firstWords, firstBlanks };
  }

  static fromParts(parts: WordIndexParts): WordIndex {
    return Object.assign(Object.create(WordIndex.prototype) as WordIndex, parts, {
      recent: new Map<string, Matches>(),
      recentMatches: 0,
    });
  }

  /** The word at position `id` of the vocabulary ('' for -1). */
  word(id: number): string {
    return id < 0 ? '' : this.vocabulary[id]!;
  }

  /**
   * The entries holding a word that contains `word` (exact), or, for a long enough word, one typo away
   * from it or from their start, as the shopper is still typing.
   */
  matches(word: string): Matches {
    const kept = this.recent.get(word);
    if (kept) return kept;
    // The words met, as pairs: position in the vocabulary, typo.
    const met: number[] = [];
    let count = 0;
    const fuzzy = word.length >= TYPO_MIN_LENGTH;
    for (let id = 0; id < this.vocabulary.length; id++) {
      const candidate = this.vocabulary[id]!;
      const typo = candidate.includes(word) ? 0 : fuzzy && typoMatch(word, candidate) ? 1 : -1;
      if (typo < 0) continue;
      met.push(id, typo);
      count += this.starts[id + 1]! - this.starts[id]!;
    }
    const all = new Int32Array(count);
    let at = 0;
    for (let m = 0; m < met.length; m += 2) {
      const id = met[m]!;
      const typo = met[m + 1]!;
      for (let p = this.starts[id]!; p < this.starts[id + 1]!; p++) all[at++] = this.postings[p]! * 2 + typo;
    }
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

/** The first of `count` positions where `before` is false (it is true up to some position, then false). */
function firstFrom(count: number, before: (position: number) => boolean): number {
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

export interface SearchIndexParts {
  codes: PackedTextsParts;
  codeEntries: Int32Array;
  articleWords: WordIndexParts;
  families: IndexedFamily[];
  foldedLabels: string[];
  familyWords: WordIndexParts;
}

/** The typed arrays of `parts`, to be moved (not copied) to the thread that receives them. */
export function movableBuffers(parts: SearchIndexParts): ArrayBuffer[] {
  const { codes, codeEntries, articleWords, familyWords } = parts;
  const arrays: ArrayBufferView[] = [codes.starts, codeEntries];
  for (const words of [articleWords, familyWords])
    arrays.push(words.postings, words.starts, words.firstWords, words.firstBlanks);
  // Each array was made with a buffer of its own (never shared memory).
  return arrays.map((array) => array.buffer as ArrayBuffer);
}

export class SearchIndex {
  /** The codes, by entry (entries are in designation order). */
  private readonly codes: PackedTexts;
  /** The entries by upper-case code: code-prefix matching by binary search. */
  private readonly codeEntries: Int32Array;
  private readonly articleWords: WordIndex;
  private readonly families: IndexedFamily[];
  private readonly foldedLabels: string[];
  private readonly familyWords: WordIndex;
  /** One byte per article, 0 between searches: flags a search sets and clears (filterBy, findArticles). */
  private readonly scratch: Uint8Array;

  constructor(articles: readonly IndexedArticle[], families: readonly IndexedFamily[]) {
    // Entries in designation order (folded: cheap to compare, accents aside), so that a hit's position
    // is its rank among equals.
    const folded = articles.map((article) => foldForSearch(article.designation));
    const order = Array.from(articles, (_, i) => i).sort(
      (a, b) => byText(folded[a]!, folded[b]!) || byText(articles[a]!.code, articles[b]!.code),
    );
    this.codes = new PackedTexts(order.map((i) => articles[i]!.code));
    const upperCodes = order.map((i) => articles[i]!.code.toUpperCase());
    this.codeEntries = Int32Array.from(
      Array.from(order, (_, entry) => entry).sort((a, b) => byText(upperCodes[a]!, upperCodes[b]!)),
    );
    // The designations themselves are not kept: their first word and blank order them (firstDesignationFrom).
    this.articleWords = new WordIndex(order.map((i) => folded[i]!));
    this.scratch = new Uint8Array(articles.length);
    this.families = [...families];
    this.foldedLabels = this.families.map((family) => foldForSearch(family.label));
    this.familyWords = new WordIndex(this.foldedLabels);
  }

  get size(): number {
    return this.codes.length;
  }

  /**
   * What the index is made of: strings and typed arrays, which a worker thread sends as they are
   * (search-index-thread.ts builds a large catalogue's index off the event loop).
   */
  parts(): SearchIndexParts {
    return {
      codes: this.codes.parts(),
      codeEntries: this.codeEntries,
      articleWords: this.articleWords.parts(),
      families: this.families,
      foldedLabels: this.foldedLabels,
      familyWords: this.familyWords.parts(),
    };
  }

  static fromParts(parts: SearchIndexParts): SearchIndex {
    return Object.assign(Object.create(SearchIndex.prototype) as SearchIndex, {
      codes: PackedTexts.fromParts(parts.codes),
      codeEntries: parts.codeEntries,
      articleWords: WordIndex.fromParts(parts.articleWords),
      scratch: new Uint8Array(parts.codeEntries.length),
      families: parts.families,
      foldedLabels: parts.foldedLabels,
      familyWords: WordIndex.fromParts(parts.familyWords),
    });
  }

  /** The entries whose code starts with `prefix` (upper-cased): a range of the sorted codes. */
  private codePrefixed(prefix: string): Int32Array {
    const upper = prefix.toUpperCase();
    // Every code starting with the prefix sorts before the prefix followed by the highest character.
    return this.codeEntries.subarray(this.firstCodeFrom(upper), this.firstCodeFrom(`${upper}\uffff`));
  }

  /** The first position of the sorted codes whose upper-case code is `text` or after it. */
  private firstCodeFrom(text: string): number {
    return firstFrom(
      this.codeEntries.length,
      (position) => this.codes.at(this.codeEntries[position]!).toUpperCase() < text,
    );
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
   * stops once the best rank after the code-prefix ones is full. The words are as `searchWords` cuts
   * them: folded, without blanks.
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
    const typoPrefix = new Map<number, boolean>();
    for (let at = 0; at < matched.length && wanted > 0 && ranks[0]!.length < wanted; at++) {
      const match = matched[at]!;
      const entry = entryOf(match);
      if (this.scratch[entry] === 1) continue;
      let rank: number;
      if (typoOf(match) === 0) {
        if (entry >= from && entry < to) continue;
        rank = 0;
      } else if (ranks[1]!.length < wanted || ranks[2]!.length < wanted) {
        const word = this.articleWords.firstWords[entry]!;
        let prefix = typoPrefix.get(word);
        if (prefix === undefined)
          typoPrefix.set(word, (prefix = typoMatch(first, this.articleWords.word(word))));
        rank = prefix ? 1 : 2;
      } else continue;
      if (ranks[rank]!.length < wanted) ranks[rank]!.push(entry);
    }
    for (const entry of prefixed) this.scratch[entry] = 0;
    return this.hits(best.concat(byPrefix, ...ranks).slice(0, limit), total);
  }

  private hits(entries: readonly number[], total: number): ArticleHits {
    return { codes: entries.map((entry) => this.codes.at(entry)), total };
  }

  /**
   * The first entry whose folded designation is `text` or after it, for a `text` without blanks (a
   * search word): a designation compares with it as its first word followed by its first blank does,
   * since they differ at that blank at the latest.
   */
  private firstDesignationFrom(text: string): number {
    const words = this.articleWords;
    return firstFrom(this.codes.length, (entry) => {
      const word = words.word(words.firstWords[entry]!);
      const common = Math.min(word.length, text.length);
      for (let k = 0; k < common; k++) {
        const difference = word.charCodeAt(k) - text.charCodeAt(k);
        if (difference !== 0) return difference < 0;
      }
      // The first word is the text or starts with it: not before. A shorter one is before the text if
      // the designation ends there or if its blank is.
      if (word.length >= text.length) return false;
      const blank = words.firstBlanks[entry]!;
      return blank === 0 || blank < text.charCodeAt(word.length);
    });
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
