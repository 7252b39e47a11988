import { ACCOUNT_MESSAGES, linesAddedMessage, parseQuickOrder, splitQuickOrderCode } from './account';

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

describe('parseQuickOrder, declinaisons and cuts', () => {
  it('keeps a declinaison named code.declinaison as typed', () => {
    expect(parseQuickOrder('100234.02 3').lignes).toEqual([{ code: '100234.02', quantite: 3 }]);
    expect(splitQuickOrderCode('100234.02')).toEqual({ codeArticle: '100234', codeDeclinaison: '02' });
    expect(splitQuickOrderCode('PLQ13')).toEqual({ codeArticle: 'PLQ13', codeDeclinaison: null });
    expect(splitQuickOrderCode('PLQ13.')).toEqual({ codeArticle: 'PLQ13.', codeDeclinaison: null });
  });

  it('reads the pieces and dimensions of a cut, joined by x, with a point or a comma', () => {
    const parsed = parseQuickOrder(
      'parq 4 2,5x1,2\nFER;10;1.5\n"LAME";"2";"2,4 X 0,145"\nPARQ,4,2,5x1,2\nCIM35,2,5',
    );
    expect(parsed.erreurs).toEqual([]);
    expect(parsed.lignes).toEqual([
      { code: 'PARQ', quantite: 4, dimensions: [2.5, 1.2] },
      { code: 'FER', quantite: 10, dimensions: [1.5] },
      { code: 'LAME', quantite: 2, dimensions: [2.4, 0.145] },
      { code: 'PARQ', quantite: 4, dimensions: [2.5, 1.2] },
      // A comma between two numbers alone is a decimal comma, as before.
      { code: 'CIM35', quantite: 2.5 },
    ]);
  });

  it('refuses a number of pieces that is not a whole number from 1 to 9999', () => {
    const parsed = parseQuickOrder('PARQ 0 2x1\nPARQ 10000 2x1\nPARQ 2,5 2x1');
    expect(parsed.lignes).toEqual([]);
    expect(parsed.erreurs.map((error) => error.raison)).toEqual([
      'La quantité doit être supérieure à 0',
      'Nombre de pièces : 9\u202f999 au maximum',
      'Ligne illisible : « code quantité »',
    ]);
  });
});

describe('quick-order messages', () => {
  it('lists the declinaisons to type, six at most', () => {
    expect(ACCOUNT_MESSAGES.variantRequired(['P.01', 'P.02'])).toBe(
      'Article à déclinaisons : indiquez le code de l’une d’elles (P.01, P.02)',
    );
    const many = Array.from({ length: 8 }, (_, i) => `P.0${i + 1}`);
    expect(ACCOUNT_MESSAGES.variantRequired(many)).toBe(
      'Article à déclinaisons : indiquez le code de l’une d’elles (P.01, P.02, P.03, P.04, P.05, P.06…)',
    );
  });

  it('says which dimensions a cut needs, in their units', () => {
    expect(ACCOUNT_MESSAGES.cutRequired(['longueur', 'largeur'])).toBe(
      'Article vendu à la découpe : indiquez après le code le nombre de pièces puis Longueur (m) x Largeur (m)',
    );
  });
});
