import { describe, expect, it } from 'vitest';
import { createTableIndex } from './table-index';

describe('the kept answers by table', () => {
  it('gives the keys built from a table, and forgets those removed', () => {
    const index = createTableIndex();
    index.add('/menu/activites', ['activities', 'families']);
    index.add('/catalogue/familles/GO01', ['families', 'articles']);
    index.add('commandes:page0', ['orders']);

    expect(index.keysOf('families').sort()).toEqual(['/catalogue/familles/GO01', '/menu/activites']);
    expect(index.keysOf('orders')).toEqual(['commandes:page0']);
    expect(index.keysOf('stock')).toEqual([]);

    index.remove('/menu/activites', ['activities', 'families']);
    expect(index.keysOf('families')).toEqual(['/catalogue/familles/GO01']);
    expect(index.keysOf('activities')).toEqual([]);

    index.clear();
    expect(index.keysOf('articles')).toEqual([]);
  });

  it('lets its reader remove the keys it is given', () => {
    const index = createTableIndex();
    for (const key of ['a', 'b', 'c']) index.add(key, ['orders']);
    for (const key of index.keysOf('orders')) index.remove(key, ['orders']);
    expect(index.keysOf('orders')).toEqual([]);
  });
});
