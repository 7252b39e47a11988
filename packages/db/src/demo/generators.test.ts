import { describe, expect, it } from 'vitest';
import { luhnValid } from '@comptoir/shared/signup';
import { articleAt, articleIndexOf, combinationOf, COMBINATIONS, FAMILIES, LEAVES } from './catalogue';
import { customerAt } from './customers';
import { pickDemoDocumentOrders } from './documents';
import { generateActivity } from './orders';
import { parisDay, parisTime, parisYear } from './paris-time';
import { Random } from './random';

const NOW = new Date('2025-06-02T10:00:00Z');

describe('demo generators', () => {
  it('draw the same numbers for the same key and index, and different ones otherwise', () => {
    const draw = (key: string, index: number) => {
      const rng = new Random(key, index);
      return Array.from({ length: 5 }, () => rng.next());
    };
    const a = new Random('k', 1);
    const b = new Random('k', 1);
    const c = new Random('k', 2);
    const first = [a.next(), a.next(), a.next()];
    expect([b.next(), b.next(), b.next()]).toEqual(first);
    expect([c.next(), c.next(), c.next()]).not.toEqual(first);
    expect(draw('x', 0).every((value) => value >= 0 && value < 1)).toBe(true);
  });

  it('gives documents to the last shipped orders, one invoiced order always among them', () => {
    const orders = (statuses: string) =>
      statuses.split(' ').map((status, id) => ({ id, status: status === '-' ? null : (status as 'E_LIV') }));
    const ids = (statuses: string) => pickDemoDocumentOrders(orders(statuses)).map((order) => order.id);
    expect(ids('- E_LIV E_PRE E_FAC E_LIV E_LIV E_FAC')).toEqual([1, 3, 4, 5]);
    expect(ids('E_LIV E_LIV E_LIV E_LIV E_LIV E_FAC')).toEqual([0, 1, 2, 5]);
    expect(ids('E_LIV E_PRE E_LIV')).toEqual([0, 2]);
  });

  it('converts Paris wall-clock times across summer time', () => {
    expect(parisTime(Date.UTC(2025, 6, 1), 8).toISOString()).toBe('2025-07-01T06:00:00.000Z');
    expect(parisTime(Date.UTC(2025, 0, 15), 8, 30).toISOString()).toBe('2025-01-15T07:30:00.000Z');
    expect(parisTime(Date.UTC(2025, 0, 15), 0).toISOString()).toBe('2025-01-14T23:00:00.000Z');
    expect(parisDay(new Date('2025-07-01T23:30:00Z'))).toBe(Date.UTC(2025, 6, 2));
    expect(parisYear(new Date('2024-12-31T23:30:00Z'))).toBe(2025);
  });

  it('builds a family tree of up to 4 levels with hierarchical codes', () => {
    const codes = new Set(FAMILIES.map((family) => family.code));
    expect(Math.max(...FAMILIES.map((family) => family.level))).toBe(4);
    for (const family of FAMILIES) {
      if (family.parentCode === null) expect(family.activityCode).not.toBeNull();
      else {
        expect(codes.has(family.parentCode)).toBe(true);
        expect(family.code.startsWith(family.parentCode)).toBe(true);
      }
    }
    expect(new Set(LEAVES.map((leaf) => leaf.familyCode)).size).toBe(LEAVES.length);
  });

  it('regenerates any article from its index, and finds the index back from its combination', () => {
    expect(COMBINATIONS).toBeGreaterThan(2_000);
    const designations = new Set<string>();
    for (let index = 0; index < 2_100; index++) {
      const article = articleAt(index, NOW);
      designations.add(article.row.designation1);
      const leafIndex = LEAVES.indexOf(article.leaf);
      const combination = combinationOf(
        article.leaf,
        article.nameIndex,
        article.specPosition,
        article.brandIndex,
      );
      expect(articleIndexOf(leafIndex, combination, article.round)).toBe(index);
    }
    expect(designations.size).toBe(2_100);
    expect(articleAt(123_456, NOW)).toEqual(articleAt(123_456, NOW));
  });

  it('gives professional customers a valid SIRET and private ones none', () => {
    for (let index = 0; index < 400; index++) {
      const { row } = customerAt(index, NOW);
      if (row.isProfessional) expect(luhnValid(row.siret!) && luhnValid(row.siret!.slice(0, 9))).toBe(true);
      else expect(row.siret).toBeNull();
    }
  });

  it('hands out exactly the planned orders, in chunks, with numbered lines', () => {
    let orders = 0;
    let logins = 0;
    for (const chunk of generateActivity({
      now: NOW,
      orders: 500,
      logins: 2_000,
      customers: 50,
      articles: 300,
      chunkOrders: 100,
    })) {
      orders += chunk.orders.length;
      logins += chunk.logins.length;
      const byOrder = new Map<number, number[]>();
      for (const line of chunk.lines)
        byOrder.set(line.orderId, [...(byOrder.get(line.orderId) ?? []), line.position]);
      for (const order of chunk.orders) {
        const positions = byOrder.get(order.id)!;
        expect(positions).toEqual(positions.map((_, i) => i + 1));
        expect(order.orderedAt.getTime()).toBeLessThan(NOW.getTime());
      }
    }
    expect(orders).toBe(500);
    expect(logins).toBeGreaterThanOrEqual(2_000);
  });
});
