import { MAX_ROW_CHANGES, createChangeClock } from './change-clock';

describe('the change clock', () => {
  it('tells whether one of some tables changed since a moment', () => {
    const clock = createChangeClock();
    const start = clock.now();
    expect(clock.changedSince(start, ['articles'])).toBe(false);
    clock.tick('orders');
    expect(clock.changedSince(start, ['articles', 'stock'])).toBe(false);
    expect(clock.changedSince(start, ['stock', 'orders'])).toBe(true);
    const later = clock.now();
    expect(clock.changedSince(later, ['orders'])).toBe(false);
    clock.tick('articles');
    expect(clock.changedSince(later, ['orders'])).toBe(false);
    expect(clock.changedSince(later, ['articles'])).toBe(true);
  });

  it('takes a change of any table (null) as a change of every table', () => {
    const clock = createChangeClock();
    const start = clock.now();
    clock.tick(null);
    expect(clock.changedSince(start, ['articles'])).toBe(true);
    expect(clock.changedSince(clock.now(), ['articles'])).toBe(false);
  });

  it('forgets its table names past a bound, as if every table had changed', () => {
    const clock = createChangeClock();
    const start = clock.now();
    for (let i = 0; i < 1000; i++) clock.tick(`marker_${i}`);
    const before = clock.now();
    expect(clock.changedSince(start, ['articles'])).toBe(false);
    clock.tick('one more');
    expect(clock.changedSince(before, ['articles'])).toBe(true);
    expect(clock.changedSince(clock.now(), ['articles'])).toBe(false);
  });
});

describe('the change clock, with changes naming their rows', () => {
  const scope = { table: 'orders', touches: (row: unknown) => row === 'mine' };

  it('counts only the rows a scope touches, and a change naming none', () => {
    const clock = createChangeClock();
    const start = clock.now();
    clock.tick('orders', ['theirs']);
    expect(clock.changedSince(start, ['orders', 'customers'], scope)).toBe(false);
    expect(clock.changedSince(start, ['orders'])).toBe(true); // without a scope, any row counts
    clock.tick('orders', ['theirs', 'mine']);
    expect(clock.changedSince(start, ['orders'], scope)).toBe(true);
    const later = clock.now();
    clock.tick('orders');
    expect(clock.changedSince(later, ['orders'], scope)).toBe(true);
  });

  it('counts every row change it no longer remembers', () => {
    const clock = createChangeClock();
    const start = clock.now();
    for (let i = 0; i < MAX_ROW_CHANGES; i++) clock.tick('orders', ['theirs']);
    expect(clock.changedSince(start, ['orders'], scope)).toBe(false);
    clock.tick('orders', ['theirs']);
    expect(clock.changedSince(start, ['orders'], scope)).toBe(true);
  });
});
