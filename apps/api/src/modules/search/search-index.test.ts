import { SearchIndex, withinOneEdit } from './search-index';

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

  it('finds families by their label, with a typo too', () => {
    expect(index.searchFamilies(['oeuvre'], 5).map((f) => f.code)).toEqual(['GO']);
    expect(index.searchFamilies(['plaqe'], 5).map((f) => f.code)).toEqual(['PLA']);
    expect(index.searchFamilies(['zzz'], 5)).toEqual([]);
  });
});
