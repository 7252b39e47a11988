import { parseFormBody } from './form-body';

describe('parseFormBody', () => {
  it('reads fields as strings, decoding + and percent escapes', () => {
    expect(parseFormBody('id=42&action=EXPORT&valide=1&texte=R%C3%A9f.+%C3%A9cole%3B+b%C3%A2t')).toEqual({
      id: '42',
      action: 'EXPORT',
      valide: '1',
      texte: 'Réf. école; bât',
    });
    expect(parseFormBody('')).toEqual({});
  });

  it('keeps every value of a repeated field, in order', () => {
    expect(parseFormBody('agences[]=A&agences[]=B&agences[]=C&x=1')).toEqual({
      'agences[]': ['A', 'B', 'C'],
      x: '1',
    });
  });

  it('keeps a field named __proto__ as a plain field', () => {
    const fields = parseFormBody('__proto__=a&__proto__=b');
    expect(Object.getPrototypeOf(fields)).toBe(Object.prototype);
    expect(Object.getOwnPropertyDescriptor(fields, '__proto__')?.value).toEqual(['a', 'b']);
  });
});
