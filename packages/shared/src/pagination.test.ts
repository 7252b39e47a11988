import fc from 'fast-check';
import { pageCount, paginationWindow, type PaginationItem } from './pagination';

const render = (items: PaginationItem[]) => items.map((i) => (i === 'ellipsis' ? '…' : String(i))).join(' ');

describe('paginationWindow', () => {
  it.each([
    [10, 20, '1 2 … 8 9 10 11 12 … 19 20'],
    [1, 20, '1 2 3 … 19 20'],
    [2, 20, '1 2 3 4 … 19 20'],
    [3, 20, '1 2 3 4 5 … 19 20'],
    [5, 20, '1 2 3 4 5 6 7 … 19 20'],
    [6, 20, '1 2 3 4 5 6 7 8 … 19 20'],
    [7, 20, '1 2 … 5 6 7 8 9 … 19 20'],
    [14, 20, '1 2 … 12 13 14 15 16 … 19 20'],
    [15, 20, '1 2 … 13 14 15 16 17 18 19 20'],
    [18, 20, '1 2 … 16 17 18 19 20'],
    [20, 20, '1 2 … 18 19 20'],
  ])('page %i of %i → %s', (current, count, expected) => {
    expect(render(paginationWindow(current, count))).toBe(expected);
  });

  it('shows every page without ellipsis up to 6 pages', () => {
    for (let count = 1; count <= 6; count++) {
      for (let current = 1; current <= count; current++) {
        expect(paginationWindow(current, count)).toEqual(Array.from({ length: count }, (_, i) => i + 1));
      }
    }
    // From 7 pages on, pages 4 and 5 can be hidden together.
    expect(render(paginationWindow(1, 7))).toBe('1 2 3 … 6 7');
    expect(render(paginationWindow(4, 7))).toBe('1 2 3 4 5 6 7');
  });

  it('shows the page itself rather than an ellipsis hiding a single page', () => {
    // 1 2 [3] 4 5 6 7 8: page 3 is the only one between the first two and the window around 6.
    expect(render(paginationWindow(6, 8))).toBe('1 2 3 4 5 6 7 8');
    expect(render(paginationWindow(1, 8))).toBe('1 2 3 … 7 8');
  });

  it('is empty without pages and clamps the current page', () => {
    expect(paginationWindow(1, 0)).toEqual([]);
    expect(paginationWindow(5, -3)).toEqual([]);
    expect(paginationWindow(Number.NaN, Number.NaN)).toEqual([]);
    expect(paginationWindow(0, 20)).toEqual(paginationWindow(1, 20));
    expect(paginationWindow(99, 20)).toEqual(paginationWindow(20, 20));
  });

  it('holds its rules for any page of any count', () => {
    fc.assert(
      fc.property(
        fc
          .integer({ min: 1, max: 10_000 })
          .chain((count) => fc.tuple(fc.constant(count), fc.integer({ min: 1, max: count }))),
        ([count, current]) => {
          const items = paginationWindow(current, count);
          const pages = items.filter((i): i is number => i !== 'ellipsis');
          // Pages ascend strictly, within range.
          pages.forEach((p, i) => {
            expect(p).toBeGreaterThanOrEqual(1);
            expect(p).toBeLessThanOrEqual(count);
            if (i > 0) expect(p).toBeGreaterThan(pages[i - 1]!);
          });
          // The required pages are all there.
          for (const p of [
            1,
            2,
            count - 1,
            count,
            current - 2,
            current - 1,
            current,
            current + 1,
            current + 2,
          ]) {
            if (p >= 1 && p <= count) expect(pages).toContain(p);
          }
          // An ellipsis sits between two pages and hides at least two of them; no page is hidden silently.
          items.forEach((item, i) => {
            const before = items[i - 1];
            const after = items[i + 1];
            if (item === 'ellipsis') {
              expect(typeof before).toBe('number');
              expect(typeof after).toBe('number');
              expect((after as number) - (before as number)).toBeGreaterThan(2);
            } else if (typeof before === 'number') {
              expect(item).toBe(before + 1);
            }
          });
          expect(items.length).toBeLessThanOrEqual(11);
        },
      ),
    );
  });
});

describe('pageCount', () => {
  it('rounds up and is 0 for an empty list', () => {
    expect(pageCount(0, 20)).toBe(0);
    expect(pageCount(1, 20)).toBe(1);
    expect(pageCount(20, 20)).toBe(1);
    expect(pageCount(21, 20)).toBe(2);
    expect(pageCount(1_000_000, 20)).toBe(50_000);
    expect(pageCount(10, 0)).toBe(0);
  });
});
