import { linesAddedMessage, parseQuickOrder } from './account';

describe('parseQuickOrder', () => {
  it('reads typed lines: code and quantity separated by spaces, a tab, ; or ,', () => {
    const parsed = parseQuickOrder('plq13 10\nVIS440\t3\nCIM35;2,5\nSAB01, 4\n\n  TUY100   1.5  \n');
    expect(parsed.erreurs).toEqual([]);
    expect(parsed.lignes).toEqual([
      { code: 'PLQ13', quantite: 10 },
      { code: 'VIS440', quantite: 3 },
      { code: 'CIM35', quantite: 2.5 },
      { code: 'SAB01', quantite: 4 },
      { code: 'TUY100', quantite: 1.5 },
    ]);
  });

  it('takes 1 when the quantity is left out, and keeps a repeated code as two lines', () => {
    expect(parseQuickOrder('PLQ13\nPLQ13 2').lignes).toEqual([
      { code: 'PLQ13', quantite: 1 },
      { code: 'PLQ13', quantite: 2 },
    ]);
  });

  it('reads a CSV with a header, quotes, a BOM and Windows line ends', () => {
    const parsed = parseQuickOrder('\uFEFFcode;quantite\r\n"PLQ13";"12"\r\nVIS440;3\r\n');
    expect(parsed.lignes).toEqual([
      { code: 'PLQ13', quantite: 12 },
      { code: 'VIS440', quantite: 3 },
    ]);
    expect(parsed.erreurs).toEqual([]);
  });

  it('reports unreadable lines and bad quantities with their line number, and keeps the others', () => {
    const parsed = parseQuickOrder('PLQ13 2\nPLQ13 deux\nVIS440 0\nCIM35 100000');
    expect(parsed.lignes).toEqual([{ code: 'PLQ13', quantite: 2 }]);
    expect(parsed.erreurs).toEqual([
      { ligne: 2, texte: 'PLQ13 deux', raison: 'Ligne illisible : « code quantité »' },
      { ligne: 3, texte: 'VIS440 0', raison: 'La quantité doit être supérieure à 0' },
      { ligne: 4, texte: 'CIM35 100000', raison: 'Quantité trop grande' },
    ]);
  });

  it('reads nothing from an empty text', () => {
    expect(parseQuickOrder('  \n\n')).toEqual({ lignes: [], erreurs: [] });
  });
});

describe('linesAddedMessage', () => {
  it('counts the added lines and names the refused ones with their reason', () => {
    expect(linesAddedMessage(1, [])).toBe('1 ligne ajoutée au panier');
    expect(
      linesAddedMessage(2, [
        { codeArticle: 'OLD1', designation: 'Vieux ciment', raison: 'Article plus vendu' },
      ]),
    ).toBe('2 lignes ajoutées au panier. Non ajouté : Vieux ciment (Article plus vendu)');
    expect(
      linesAddedMessage(0, [
        { codeArticle: 'A', designation: '', raison: 'x' },
        { codeArticle: 'B', designation: 'Bé', raison: 'y' },
      ]),
    ).toBe('Aucune ligne ajoutée au panier. Non ajoutés : A (x), Bé (y)');
  });
});
