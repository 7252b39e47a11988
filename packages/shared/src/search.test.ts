import { reachesTrigger, searchText, searchWords } from './search';

describe('searchWords', () => {
  it('trims, lower-cases, removes accents and splits on blanks', () => {
    expect(searchWords('  Ciment   GRIS ')).toEqual(['ciment', 'gris']);
    expect(searchWords('Façade\tÉTÉ')).toEqual(['facade', 'ete']);
  });
  it('drops duplicate words and gives nothing for blanks', () => {
    expect(searchWords('sac Sac SAC 35')).toEqual(['sac', '35']);
    expect(searchWords('   ')).toEqual([]);
  });
});

describe('searchText', () => {
  it('accepts 3 to 60 characters once trimmed', () => {
    expect(searchText.parse('  abc ')).toBe('abc');
    expect(searchText.safeParse(' ab ').success).toBe(false);
    expect(searchText.safeParse('a'.repeat(61)).success).toBe(false);
    expect(searchText.safeParse('a'.repeat(60)).success).toBe(true);
  });
});

describe('reachesTrigger', () => {
  it('compares the trimmed length with the trigger length, never below 3', () => {
    expect(reachesTrigger(' ci ', 3)).toBe(false);
    expect(reachesTrigger('cim', 3)).toBe(true);
    expect(reachesTrigger('cim', 4)).toBe(false);
    expect(reachesTrigger('ci', 1)).toBe(false);
  });
});
