import { statementNames } from './prepared-statements';

describe('the names of statements', () => {
  it('names a text the second time it is sent, and gives it the same name after', () => {
    const nameOf = statementNames();
    expect(nameOf('select 1')).toBeNull();
    const name = nameOf('select 1');
    expect(name).toMatch(/^comptoir_\d+$/);
    expect(nameOf('select 1')).toBe(name);
    expect(nameOf('select 2')).toBeNull();
    expect(nameOf('select 2')).not.toBe(name);
  });

  it('names no more texts than its bound: the others stay unnamed', () => {
    const nameOf = statementNames(2);
    for (const text of ['a', 'a', 'b', 'b', 'c', 'c']) nameOf(text);
    expect(nameOf('a')).not.toBeNull();
    expect(nameOf('b')).not.toBeNull();
    expect(nameOf('c')).toBeNull();
  });
});
