// A module's kept reads (kept-read.ts): through the answer cache of the app serving on the database,
// afresh in a transaction or without a change feed, dropped when their tables change.
import type { App } from '../app';
import { buildTestApp } from '../test/helpers';
import { forgetKept, keepsAnswers, keptInSet, keptRead, keptValuesOf } from './kept-read';

/** A load that says what it was asked, and answers with a version bumped by `change`. */
function loader() {
  const asked: string[] = [];
  let version = 1;
  return {
    asked,
    change: () => version++,
    load: async (code: string) => {
      asked.push(code);
      return `${code}@${version}`;
    },
  };
}

describe('kept reads (keptRead, keptValuesOf, keptInSet)', () => {
  let kept: App;
  let afresh: App;
  beforeAll(async () => {
    [kept, afresh] = await Promise.all([buildTestApp({ answerCache: true }), buildTestApp()]);
  });
  afterAll(() => Promise.all([kept.close(), afresh.close()]));

  it('keeps an answer under its key until one of its tables changes, afresh without a cache', async () => {
    const { asked, change, load } = loader();
    const product = keptRead({
      key: (code: string) => `test:product:${code}`,
      tables: ['articles', 'stock'],
      load: (_db, code: string) => load(code),
    });
    expect([await product(kept.db, 'A'), await product(kept.db, 'A'), await product(kept.db, 'B')]).toEqual([
      'A@1',
      'A@1',
      'B@1',
    ]);
    change();
    forgetKept(kept.db, ['orders']);
    expect(await product(kept.db, 'A')).toBe('A@1');
    forgetKept(kept.db, ['orders', 'stock']);
    expect(await product(kept.db, 'A')).toBe('A@2');
    expect(asked).toEqual(['A', 'B', 'A']);
    // In a transaction, and in an app without a change feed: read each time.
    await kept.db.transaction(async (tx) => {
      expect(keepsAnswers(tx)).toBe(false);
      expect(product.whenKept(tx, 'A')).toBeUndefined();
      expect(await product(tx, 'A')).toBe('A@2');
    });
    expect(await product(afresh.db, 'A')).toBe('A@2');
    expect(await product(afresh.db, 'A')).toBe('A@2');
    expect(asked).toEqual(['A', 'B', 'A', 'A', 'A', 'A']);
    expect(keepsAnswers(kept.db)).toBe(true);
    expect(await product.whenKept(kept.db, 'A')).toBe('A@2');
  });

  it('does not keep a refusal, and scopes an answer to its rows', async () => {
    let loads = 0;
    const refused = keptRead({
      key: () => 'test:refused',
      tables: ['articles'],
      load: async () => {
        loads++;
        throw new Error('introuvable');
      },
    });
    await expect(refused(kept.db)).rejects.toThrow('introuvable');
    await expect(refused(kept.db)).rejects.toThrow('introuvable');
    expect(loads).toBe(2);

    const { asked, load } = loader();
    const ofDay = keptRead({
      key: (day: string) => `test:orders:${day}`,
      tables: ['orders'],
      scope: (day: string) => ({ table: 'orders', touches: (row) => row === day }),
      load: (_db, day: string) => load(day),
    });
    await ofDay(kept.db, 'lundi');
    kept.answerCache.changed('orders\t["mardi"]');
    await ofDay(kept.db, 'lundi');
    expect(asked).toEqual(['lundi']);
    kept.answerCache.changed('orders\t["lundi"]');
    await ofDay(kept.db, 'lundi');
    expect(asked).toEqual(['lundi', 'lundi']);
  });

  it('keeps values one by one in a named set, loading the missing ones together', async () => {
    const asked: string[][] = [];
    const stock = keptValuesOf({
      set: (agency: string) => `test:stock:${agency}`,
      tables: ['stock'],
      load: async (_db, missing, agency: string) => {
        asked.push([agency, ...missing]);
        return new Map(
          missing.filter((code) => code !== 'absent').map((code) => [code, `${code}:${agency}`]),
        );
      },
    });
    expect(Object.fromEntries(await stock(kept.db, ['a', 'b'], 'X'))).toEqual({ a: 'a:X', b: 'b:X' });
    expect(Object.fromEntries(await stock(kept.db, ['b', 'c', 'absent'], 'X'))).toEqual({
      b: 'b:X',
      c: 'c:X',
    });
    await stock(kept.db, ['a'], 'Y');
    expect(asked).toEqual([
      ['X', 'a', 'b'],
      ['X', 'c', 'absent'],
      ['Y', 'a'],
    ]);
    forgetKept(kept.db, ['stock']);
    await stock(kept.db, ['a'], 'X');
    await stock(afresh.db, ['a', 'b'], 'X');
    expect(asked.slice(3)).toEqual([
      ['X', 'a'],
      ['X', 'a', 'b'],
    ]);
  });

  it('keeps one answer in a set of its own, bounded, fresh while it says so, never an unknown one', async () => {
    const asked: string[] = [];
    let freshness = true;
    const customer = keptInSet({
      set: 'test:customers',
      tables: ['customers'],
      limit: 2,
      fresh: () => freshness,
      key: (code: string) => code,
      load: async (_db, code: string) => {
        asked.push(code);
        return code === 'inconnu' ? undefined : { code };
      },
    });
    expect(await customer(kept.db, 'C1')).toEqual({ code: 'C1' });
    expect(await customer(kept.db, 'C1')).toEqual({ code: 'C1' });
    expect(await customer(kept.db, 'inconnu')).toBeUndefined();
    expect(await customer(kept.db, 'inconnu')).toBeUndefined();
    expect(asked).toEqual(['C1', 'inconnu', 'inconnu']);
    // Beyond its limit the set starts again empty.
    await customer(kept.db, 'C2');
    await customer(kept.db, 'C3');
    await customer(kept.db, 'C1');
    expect(asked.slice(3)).toEqual(['C2', 'C3', 'C1']);
    freshness = false;
    await customer(kept.db, 'C1');
    expect(asked.slice(6)).toEqual(['C1']);
  });
});
