import { simplePdf } from './pdf';

describe('simplePdf', () => {
  const pdf = simplePdf('Facture F1', [
    { text: 'Facture F1', size: 16 },
    { text: 'Montant : 1 234,50 € (TTC)' },
  ]);
  const text = pdf.toString('latin1');

  it('writes a PDF whose cross-reference table points at each object', () => {
    expect(text.startsWith('%PDF-1.4\n')).toBe(true);
    expect(text.endsWith('%%EOF\n')).toBe(true);
    const startxref = Number(/startxref\n(\d+)\n/.exec(text)![1]);
    expect(text.slice(startxref, startxref + 4)).toBe('xref');
    const offsets = [...text.slice(startxref).matchAll(/^(\d{10}) 00000 n $/gm)].map((m) => Number(m[1]));
    expect(offsets).toHaveLength(6);
    offsets.forEach((offset, i) => expect(text.startsWith(`${i + 1} 0 obj\n`, offset)).toBe(true));
    const length = Number(/\/Length (\d+) >>\nstream\n/.exec(text)![1]);
    const start = text.indexOf('stream\n') + 'stream\n'.length;
    expect(text.slice(start + length, start + length + 10)).toBe('\nendstream');
  });

  it('writes French text in WinAnsi, escaping parentheses', () => {
    expect(text).toContain('(Montant : 1 234,50 \x80 \\(TTC\\)) Tj');
  });
});
