import { clientQuery, valLibList } from './reference';

describe('clientQuery', () => {
  it('trims the search and answers 20 customers unless told', () => {
    expect(clientQuery.parse({ recherche: '  Dupont ' })).toEqual({ recherche: 'Dupont', limit: 20 });
    expect(clientQuery.parse({})).toEqual({ limit: 20 });
  });

  it('reads the limit from the query string, between 1 and 100', () => {
    expect(clientQuery.parse({ limit: '50' }).limit).toBe(50);
    expect(clientQuery.parse({ limit: '100' }).limit).toBe(100);
    expect(clientQuery.safeParse({ limit: '0' }).success).toBe(false);
    expect(clientQuery.safeParse({ limit: '101' }).success).toBe(false);
    expect(clientQuery.safeParse({ limit: '2.5' }).success).toBe(false);
  });

  it('refuses a search longer than 100 characters', () => {
    expect(clientQuery.safeParse({ recherche: 'a'.repeat(100) }).success).toBe(true);
    expect(clientQuery.safeParse({ recherche: 'a'.repeat(101) }).success).toBe(false);
  });
});

describe('valLibList', () => {
  it('reads {VAL, LIB} pairs', () => {
    const types = [
      { VAL: 'PRO', LIB: 'Professionnel' },
      { VAL: 'PAR', LIB: 'Particulier' },
    ];
    expect(valLibList.parse(types)).toEqual(types);
    expect(valLibList.safeParse([{ VAL: 'PRO' }]).success).toBe(false);
  });
});
