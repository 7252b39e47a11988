// The storefront search's in-memory index (docs/architecture.md, Search): the active articles'
// designations and codes and the families' labels, folded (lower case, no accents) and cut into words,
// each distinct word pointing to the entries that hold it. A search scans the distinct words (a few
// thousand, whatever the number of articles) instead of every designation, so it answers in well under
// a millisecond with 100 000 articles, and tolerates one typo per word. The index is rebuilt whenever
// the articles or families change (the answer cache's change feed).
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

/** How many words' vocabulary scans each index keeps. */
const RECENT_WORDS = 2_000;

/** The distinct words a typed word met: their entries, and 0 (exactly) or 1 (with a typo). */
type Candidates = { entries: readonly number[]; how: 0 | 1 }[];

/** Words → entries, for one kind of entry (articles or families). */
class WordIndex {
  private readonly postings = new Map<string, number[]>();
  private readonly vocabulary: string[];
  /** The words asked lately (a shopper's text grows one letter at a time; popular words recur). */
  private readonly recent = new Map<string, Candidates>();

  constructor(
    texts: readonly string[],
    readonly size = texts.length,
  ) {
    texts.forEach((text, entry) => {
      for (const word of new Set(foldForSearch(text).split(/\s+/))) {
        if (!word) continue;
        const list = this.postings.get(word);
        if (list) list.push(entry);
        else this.postings.set(word, [entry]);
      }
    });
    this.vocabulary = [...this.postings.keys()];
  }

  /**
   * The distinct words holding `word` (exact), or, for a long enough word, one typo away from it or
   * from their start, as the shopper is still typing.
   */
  candidates(word: string): Candidates {
    const kept = this.recent.get(word);
    if (kept) return kept;
    const found: Candidates = [];
    const fuzzy = word.length >= TYPO_MIN_LENGTH;
    for (const candidate of this.vocabulary) {
      if (candidate.includes(word)) found.push({ entries: this.postings.get(candidate)!, how: 0 });
      else if (fuzzy && typoMatch(word, candidate))
        found.push({ entries: this.postings.get(candidate)!, how: 1 });
    }
    if (this.recent.size >= RECENT_WORDS) this.recent.clear();
    this.recent.set(word, found);
    return found;
  }
}

/** `word` is one typo away from `candidate` or from its start (of about the word's length). */
function typoMatch(word: string, candidate: string): boolean {
  for (let length = word.length - 1; length <= word.length + 1 && length <= candidate.length; length++)
    if (withinOneEdit(word, candidate, length)) return true;
  return false;
}

/** Per entry: 0 not matched, 1 every word exactly, 2 some word through a typo. */
function matchAll(index: WordIndex, words: readonly string[]): Uint8Array {
  let state: Uint8Array | null = null;
  for (const word of words) {
    const marks = new Uint8Array(index.size);
    for (const { entries, how } of index.candidates(word))
      for (const entry of entries) if (marks[entry] !== 1) marks[entry] = how + 1;
    if (state === null) state = marks;
    else
      for (let i = 0; i < state.length; i++)
        state[i] = state[i] === 0 || marks[i] === 0 ? 0 : Math.max(state[i]!, marks[i]!);
  }
  return state ?? new Uint8Array(index.size);
}

const collator = new Intl.Collator('fr');
const byText = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

export class SearchIndex {
  private readonly articles: IndexedArticle[];
  private readonly foldedDesignations: string[];
  /** Article positions by upper-case code, for code-prefix matching by binary search. */
  private readonly byCode: { code: string; entry: number }[];
  private readonly articleWords: WordIndex;
  private readonly families: IndexedFamily[];
  private readonly foldedLabels: string[];
  private readonly familyWords: WordIndex;

  constructor(articles: readonly IndexedArticle[], families: readonly IndexedFamily[]) {
    // Entries in designation order (folded: cheap to compare, accents aside), so that a hit's position
    // is its rank among equals.
    const folded = articles.map((article) => ({ article, folded: foldForSearch(article.designation) }));
    folded.sort((a, b) => byText(a.folded, b.folded) || byText(a.article.code, b.article.code));
    this.articles = folded.map((item) => item.article);
    this.foldedDesignations = folded.map((item) => item.folded);
    this.byCode = this.articles
      .map((article, entry) => ({ code: article.code.toUpperCase(), entry }))
      .sort((a, b) => (a.code < b.code ? -1 : a.code > b.code ? 1 : 0));
    this.articleWords = new WordIndex(this.articles.map((article) => article.designation));
    this.families = [...families];
    this.foldedLabels = this.families.map((family) => foldForSearch(family.label));
    this.familyWords = new WordIndex(this.families.map((family) => family.label));
  }

  get size(): number {
    return this.articles.length;
  }

  /** The entries whose code starts with `prefix` (upper-cased). */
  private codePrefixed(prefix: string): number[] {
    const upper = prefix.toUpperCase();
    let low = 0;
    let high = this.byCode.length;
    while (low < high) {
      const middle = (low + high) >> 1;
      if (this.byCode[middle]!.code < upper) low = middle + 1;
      else high = middle;
    }
    const entries: number[] = [];
    for (let i = low; i < this.byCode.length && this.byCode[i]!.code.startsWith(upper); i++)
      entries.push(this.byCode[i]!.entry);
    return entries;
  }

  /**
   * The articles found, best first: every word in the designation, or the first word starting the code
   * and the others in the designation. Order: code-prefix matches, then designation-prefix matches,
   * then the other exact matches, then those found through a typo (designation-prefix ones first); by
   * designation within each.
   */
  searchArticles(words: readonly string[]): string[] {
    const [first = '', ...rest] = words;
    if (!first) return [];
    // Rank per entry: 0 code prefix, 1 designation prefix, 2 exact, 3 typo + prefix, 4 typo; 5 none.
    const rank = new Uint8Array(this.articles.length).fill(5);
    const state = matchAll(this.articleWords, words);
    for (let entry = 0; entry < state.length; entry++) {
      const how = state[entry]!;
      if (how === 0) continue;
      const designation = this.foldedDesignations[entry]!;
      const prefix =
        how === 1
          ? designation.startsWith(first)
          : typoMatch(first, designation.slice(0, designation.search(/\s|$/)));
      rank[entry] = (how === 1 ? 1 : 3) + (prefix ? 0 : 1);
    }
    const prefixed = this.codePrefixed(first);
    if (prefixed.length > 0) {
      const others = rest.length > 0 ? matchAll(this.articleWords, rest) : null;
      for (const entry of prefixed) if (others === null || others[entry] !== 0) rank[entry] = 0;
    }
    // Entries are in designation order: one pass per rank keeps it.
    const buckets: string[][] = [[], [], [], [], []];
    for (let entry = 0; entry < rank.length; entry++)
      if (rank[entry]! < 5) buckets[rank[entry]!]!.push(this.articles[entry]!.code);
    return buckets.flat();
  }

  /** The families whose label holds every word (one typo allowed per word): label-prefix, exact, then by level and label. */
  searchFamilies(words: readonly string[], limit: number): IndexedFamily[] {
    const first = words[0] ?? '';
    const state = matchAll(this.familyWords, words);
    const rankOf = (entry: number) =>
      state[entry] === 2 ? 2 : this.foldedLabels[entry]!.startsWith(first) ? 0 : 1;
    return this.families
      .map((family, entry) => ({ family, entry }))
      .filter(({ entry }) => state[entry] !== 0)
      .map(({ family, entry }) => ({ family, rank: rankOf(entry) }))
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
