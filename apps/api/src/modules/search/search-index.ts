// The storefront search's in-memory index (docs/architecture/search-index.md): the active articles'
// designations and codes and the families' labels, folded (lower case, no accents) and cut into words,
// each distinct word pointing to the sorted entries that hold it. A search scans the distinct words (a
// few thousand, whatever the number of articles) instead of every designation, then works on the
// entries of the words it met only: its cost follows the matches, not the catalogue, and the panel's
// few best articles are picked without ranking every match (docs/performance/search.md). It
// tolerates one typo per word. The index is rebuilt whenever the articles or families change (the
// answer cache's change feed). It holds no object or string per article: the codes are packed in one
// string, the postings in one Int32Array, and the designations are not kept, their first words order
// the entries (docs/performance/memory.md). The words and their lists are search-index-words.ts, the
// work on the sorted match lists search-index-matches.ts; this file builds and queries the whole.
import { foldForSearch } from '@comptoir/shared/search';
import { firstFrom, heldBy, matchAll, seek, smallest } from './search-index-matches';
import {
  entryOf,
  PackedTexts,
  typoMatch,
  typoOf,
  WordIndex,
  type PackedTextsParts,
  type WordIndexParts,
} from './search-index-words';

export interface IndexedArticle {
  code: string;
  designation: string;
}

export interface IndexedFamily {
  code: string;
  label: string;
  level: number;
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
