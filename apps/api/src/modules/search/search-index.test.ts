import fc from 'fast-check';
import { foldForSearch } from '@comptoir/shared/search';
import { SearchIndex, type IndexedArticle } from './search-index';
import { PackedTexts, TYPO_MIN_LENGTH, withinOneEdit } from './search-index-words';

describe('withinOneEdit', () => {
  it('accepts one insertion, deletion, substitution or swap, and nothing more', () => {
    expect(withinOneEdit('ciment', 'ciment')).toBe(true);
    expect(withinOneEdit('cimment', 'ciment')).toBe(true);
    expect(withinOneEdit('plaqe', 'plaque')).toBe(true);
    expect(withinOneEdit('cinent', 'ciment')).toBe(true);
    expect(withinOneEdit('icment', 'ciment')).toBe(true);
    expect(withinOneEdit('cimetn', 'ciment')).toBe(true);
    expect(withinOneEdit('cimen', 'ciment')).toBe(true);
    expect(withinOneEdit('cmnt', 'ciment')).toBe(false);
    expect(withinOneEdit('icmetn', 'ciment')).toBe(false);
    expect(withinOneEdit('client', 'ciment')).toBe(false);
    // Only the first letters of the second word when asked.
    expect(withinOneEdit('plaqe', 'plaques', 5)).toBe(true);
  });
});

describe('SearchIndex', () => {
  const index = new SearchIndex(
    [
      { code: 'CIM001', designation: 'Ciment gris CEM II 35 kg' },
      { code: 'CIM002', designation: 'Ciment blanc 25 kg' },
      { code: 'PLA001', designation: 'Plaque de plâtre BA13' },
      { code: 'ENDUIT1', designation: 'Enduit de façade ciment' },
      { code: 'OEU1', designation: 'Kit gros œuvre' },
    ],
    [
      { code: 'GO', label: 'Gros œuvre', level: 1 },
      { code: 'PLA', label: 'Plaques et cloisons', level: 2 },
    ],
  );

  it('finds words inside designations whatever the case, accents and ligatures', () => {
    expect(index.searchArticles(['facade'])).toEqual(['ENDUIT1']);
    expect(index.searchArticles(['platre', 'ba13'])).toEqual(['PLA001']);
    expect(index.searchArticles(['oeuvre'])).toEqual(['OEU1']);
    expect(index.searchArticles(['ciment', '25'])).toEqual(['CIM002']);
    // Every word must match: a word matching only other articles leaves nothing.
    expect(index.searchArticles(['ciment', 'plaque'])).toEqual([]);
  });

  it('tolerates one typo per word of four letters or more, ranking exact matches first', () => {
    expect(index.searchArticles(['cimment'])).toEqual(['CIM002', 'CIM001', 'ENDUIT1']);
    expect(index.searchArticles(['plaqe'])).toEqual(['PLA001']);
    expect(index.searchArticles(['plaqe', 'pltare'])).toEqual(['PLA001']);
    // Still typing: the start of a word, one typo away.
    expect(index.searchArticles(['cimme'])).toEqual(['CIM002', 'CIM001', 'ENDUIT1']);
    // Two typos in one word, or a typo in a short word, find nothing.
    expect(index.searchArticles(['cimmnet'])).toEqual([]);
    expect(index.searchArticles(['kh'])).toEqual([]);
  });

  it('matches a code by its start, then ranks designation-prefix matches before the others', () => {
    expect(index.searchArticles(['cim'])).toEqual(['CIM002', 'CIM001', 'ENDUIT1']);
    expect(index.searchArticles(['cim00', 'blanc'])).toEqual(['CIM002']);
    expect(index.searchArticles(['im001'])).toEqual([]);
    expect(index.searchArticles(['ciment'])).toEqual(['CIM002', 'CIM001', 'ENDUIT1']);
  });

  it('gives the best few articles of the full order and how many were found', () => {
    for (const words of [['ciment'], ['cimment'], ['cim'], ['cim00', 'blanc'], ['c'], ['zzz'], []]) {
      const all = index.searchArticles(words);
      for (const limit of [1, 2, 8])
        expect(index.findArticles(words, limit)).toEqual({ codes: all.slice(0, limit), total: all.length });
    }
  });

  it('finds families by their label, with a typo too', () => {
    expect(index.searchFamilies(['oeuvre'], 5).map((f) => f.code)).toEqual(['GO']);
    expect(index.searchFamilies(['plaqe'], 5).map((f) => f.code)).toEqual(['PLA']);
    expect(index.searchFamilies(['zzz'], 5)).toEqual([]);
  });
});

/**
 * The search rules of SearchIndex written plainly, one article at a time: what the index must answer,
 * whatever its postings, intersections and early stops.
 */
function searchPlainly(articles: readonly IndexedArticle[], words: readonly string[]): string[] {
  const [first = '', ...rest] = words;
  if (!first) return [];
  const oneTypo = (word: string, candidate: string) =>
    [word.length - 1, word.length, word.length + 1].some(
      (length) => length <= candidate.length && withinOneEdit(word, candidate, length),
    );
  const found = articles.flatMap((article) => {
    const designation = foldForSearch(article.designation);
    const own = designation.split(/\s+/).filter(Boolean);
    // Per word: 0 in some designation word, 1 one typo away (long words only), -1 not found.
    const how = (word: string) =>
      own.some((candidate) => candidate.includes(word))
        ? 0
        : word.length >= TYPO_MIN_LENGTH && own.some((candidate) => oneTypo(word, candidate))
          ? 1
          : -1;
    const hows = words.map(how);
    const byCode =
      article.code.toUpperCase().startsWith(first.toUpperCase()) && rest.every((word) => how(word) >= 0);
    let rank: number;
    if (byCode) rank = 0;
    else if (hows.some((h) => h < 0)) return [];
    else if (hows.every((h) => h === 0)) rank = designation.startsWith(first) ? 1 : 2;
    else rank = oneTypo(first, designation.slice(0, designation.search(/\s|$/))) ? 3 : 4;
    return [{ code: article.code, designation, rank }];
  });
  const byText = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
  return found
    .sort((a, b) => a.rank - b.rank || byText(a.designation, b.designation) || byText(a.code, b.code))
    .map((article) => article.code);
}

describe('SearchIndex against the plain rules', () => {
  // Few words and letters, so that designations share words, codes share prefixes and typos meet.
  const WORDS = [
    'ciment',
    'cimant',
    'gris',
    'chaux',
    'plâtre',
    'plaque',
    'plaques',
    'de',
    'BA13',
    '25',
    'Vis',
    'tournevis',
    'Œuvre',
  ];
  const designation = fc
    .array(fc.constantFrom(...WORDS), { minLength: 1, maxLength: 5 })
    .map((words) => words.join(' '));
  const catalogue = fc.uniqueArray(fc.record({ code: fc.stringMatching(/^[A-C][0-9]{1,3}$/), designation }), {
    selector: (article) => article.code,
    maxLength: 40,
  });
  // A typed word: a designation word, its start or end, or it with one letter changed, dropped or doubled.
  const typed = fc.oneof(
    fc.constantFrom(...WORDS.map(foldForSearch)),
    fc
      .tuple(fc.constantFrom(...WORDS.map(foldForSearch)), fc.nat(), fc.constantFrom('x', 'e', 'i', ''))
      .map(([word, at, letter]) => {
        const i = at % word.length;
        return word.slice(0, i) + letter + word.slice(i + (letter === 'x' ? 1 : letter === '' ? 1 : 0));
      }),
    fc
      .tuple(fc.constantFrom(...WORDS.map(foldForSearch)), fc.nat())
      .map(([word, n]) => word.slice(0, 1 + (n % word.length))),
    fc.stringMatching(/^[a-c][0-9]{0,2}$/),
  );

  it('finds the same articles in the same order, and its best few are the first of them', () => {
    fc.assert(
      fc.property(
        catalogue,
        fc.uniqueArray(typed, { minLength: 1, maxLength: 3 }),
        fc.integer({ min: 1, max: 10 }),
        (articles, words, limit) => {
          const index = new SearchIndex(articles, []);
          const expected = searchPlainly(articles, words);
          expect(index.searchArticles(words)).toEqual(expected);
          expect(index.findArticles(words, limit)).toEqual({
            codes: expected.slice(0, limit),
            total: expected.length,
          });
        },
      ),
      { numRuns: 500 },
    );
  });
});

describe('PackedTexts', () => {
  it('gives back every text as it was: accents, wide characters, long and empty ones', () => {
    const texts = ['Façade ÉTÉ', '', 'CIM-001', 'x'.repeat(5_000), 'l’enduit • œuvre', '😀 émoji', '', 'A'];
    const packed = new PackedTexts(texts);
    expect(packed.length).toBe(texts.length);
    expect(texts.map((_, i) => packed.at(i))).toEqual(texts);
    expect(new PackedTexts([]).length).toBe(0);
  });

  it('round-trips any strings, lone surrogates included', () => {
    // Any UTF-16 code units (fast-check's 'binary' strings take seconds to set up).
    const text = fc
      .array(fc.integer({ min: 0, max: 0xffff }), { maxLength: 40 })
      .map((units) => String.fromCharCode(...units));
    fc.assert(
      fc.property(fc.array(text, { maxLength: 20 }), (texts) => {
        const packed = new PackedTexts(texts);
        expect(Array.from(texts, (_, i) => packed.at(i))).toEqual(texts);
      }),
    );
  });
});

describe('SearchIndex on unusual designations and codes', () => {
  it('finds articles with blanks other than spaces, a leading blank, no designation or a long code', () => {
    // Code, designation.
    const articles: IndexedArticle[] = [
      ['VIDE', ''],
      ['BLANC', '   '],
      ['TAB', 'ciment\tgris'],
      ['NBSP', 'ciment\u00a0blanc'],
      ['DEVANT', ' ciment prompt'],
      ['APOS', 'L’enduit • façade'],
      [`LONG-${'9'.repeat(300)}`, 'Ciment'],
      ['Écrou', 'Écrou M8'],
    ].map(([code, designation]) => ({ code: code!, designation: designation! }));
    const index = new SearchIndex(articles, []);
    expect(index.size).toBe(articles.length);
    for (const words of [
      ['ciment'],
      ['cim'],
      ['ciment', 'gris'],
      ['l’enduit'],
      ['•'],
      ['long-999'],
      ['écrou'],
      ['ecrou'],
      ['cimen'],
    ])
      expect(index.searchArticles(words)).toEqual(searchPlainly(articles, words));
  });

  it('orders a designation by its first blank too (a no-break space sorts after the letters)', () => {
    const articles: IndexedArticle[] = [
      { code: 'NBSP', designation: 'ci\u00a0cimant' },
      { code: 'A', designation: 'ciment a' },
      { code: 'B', designation: 'ciment b' },
      { code: 'BETON', designation: 'béton cimant' },
      { code: 'TAB', designation: 'ci\tgris' },
    ];
    const index = new SearchIndex(articles, []);
    expect(index.searchArticles(['cim'])).toEqual(['A', 'B', 'BETON', 'NBSP']);
    expect(index.searchArticles(['cim'])).toEqual(searchPlainly(articles, ['cim']));
  });

  // Designations of few words joined by various blanks, sometimes starting with one or empty.
  const WORDS = ['ciment', 'cimant', 'ci', 'l’enduit', '•', 'façade', 'œuvre', 'a', ''];
  const designation = fc
    .tuple(
      fc.constantFrom('', ' ', '\t'),
      fc.array(fc.tuple(fc.constantFrom(...WORDS), fc.constantFrom(' ', '  ', '\t', '\u00a0')), {
        maxLength: 4,
      }),
    )
    .map(
      ([start, parts]) =>
        start +
        parts
          .map(([word, blank]) => word + blank)
          .join('')
          .trimEnd(),
    );
  const catalogue = fc.uniqueArray(
    fc.record({ code: fc.stringMatching(/^[a-cA-CÉé][0-9]{0,3}$/), designation }),
    { selector: (article) => article.code, maxLength: 30 },
  );
  const typed = fc.oneof(
    fc.constantFrom(...WORDS.filter(Boolean).map(foldForSearch)),
    fc
      .tuple(fc.constantFrom(...WORDS.filter(Boolean).map(foldForSearch)), fc.nat())
      .map(([word, n]) => word.slice(0, 1 + (n % word.length))),
    fc.constantFrom('cimnt', 'cimentt', 'enduiy', 'e', 'é1', 'c'),
  );

  it('finds the same articles in the same order as the plain rules', () => {
    fc.assert(
      fc.property(catalogue, fc.uniqueArray(typed, { minLength: 1, maxLength: 2 }), (articles, words) => {
        const index = new SearchIndex(articles, []);
        const expected = searchPlainly(articles, words);
        expect(index.searchArticles(words)).toEqual(expected);
        for (const limit of [1, 3, 8])
          expect(index.findArticles(words, limit)).toEqual({
            codes: expected.slice(0, limit),
            total: expected.length,
          });
      }),
      { numRuns: 500 },
    );
  });
});
