// The words of the storefront search's index (search-index.ts): one kind of entry's folded texts cut
// into words, each distinct word pointing to the sorted entries that hold it, looked up one typed word
// at a time with one typo tolerated (a word's matches: one sorted integer per entry, no object each);
// and texts packed in one string.

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
export type Matches = Int32Array;

export const entryOf = (match: number) => match >> 1;
export const typoOf = (match: number) => match & 1;

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

export interface WordIndexParts {
  vocabulary: string[];
  postings: Int32Array;
  starts: Int32Array;
  firstWords: Int32Array;
  firstBlanks: Uint16Array;
}

/** Words → entries, for one kind of entry (articles or families), from their folded texts. */
export class WordIndex {
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
export function typoMatch(word: string, candidate: string): boolean {
  for (let length = word.length - 1; length <= word.length + 1 && length <= candidate.length; length++)
    if (withinOneEdit(word, candidate, length)) return true;
  return false;
}
