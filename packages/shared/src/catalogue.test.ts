import {
  articleLink,
  attributeLabel,
  attributeValues,
  matchVariant,
  familyLink,
  familyPageQuery,
  infoStockOf,
  LOW_STOCK_THRESHOLD,
  priceWithVat,
  STOCK_LABELS,
  stockQueryLink,
  stockStateOf,
} from './catalogue';

describe('stockStateOf', () => {
  it('is surCommande when the agency keeps no stock row for the article', () => {
    expect(stockStateOf(null)).toBe('surCommande');
  });
  it('is indisponible at zero or below', () => {
    expect(stockStateOf(0)).toBe('indisponible');
    expect(stockStateOf(-3)).toBe('indisponible');
  });
  it('is quantiteLimitee strictly below the threshold, enStock from it', () => {
    expect(stockStateOf(0.5)).toBe('quantiteLimitee');
    expect(stockStateOf(LOW_STOCK_THRESHOLD - 1)).toBe('quantiteLimitee');
    expect(stockStateOf(LOW_STOCK_THRESHOLD)).toBe('enStock');
    expect(stockStateOf(1200)).toBe('enStock');
  });
  it('has a French label for every state', () => {
    expect(STOCK_LABELS).toEqual({
      indisponible: 'Indisponible',
      enStock: 'En stock',
      surCommande: 'Sur commande',
      quantiteLimitee: 'Quantité limitée',
    });
  });
  it('infoStockOf keeps the quantity next to the state', () => {
    expect(infoStockOf(12)).toEqual({ INFO_STOCK: 'enStock', NB_STOCK: 12 });
    expect(infoStockOf(null)).toEqual({ INFO_STOCK: 'surCommande', NB_STOCK: null });
  });
});

describe('priceWithVat', () => {
  it('adds the VAT rate and rounds to the cent', () => {
    expect(priceWithVat(10, 20)).toBe(12);
    expect(priceWithVat(8.3333, 20)).toBe(10);
    expect(priceWithVat(3.15, 5.5)).toBe(3.32);
  });
});

describe('family page query', () => {
  it('defaults to the first page of 24 and caps the size at 96', () => {
    const plain = { tri: 'pertinence', enStock: '0', attribut: [] };
    expect(familyPageQuery.parse({})).toEqual({ page: 0, size: 24, ...plain });
    expect(familyPageQuery.parse({ page: '2', size: '96' })).toEqual({ page: 2, size: 96, ...plain });
    expect(
      familyPageQuery.parse({ tri: 'prix-croissant', prixMin: '', prixMax: '9.5', attribut: 'MARQUE:A:B' }),
    ).toMatchObject({ tri: 'prix-croissant', prixMax: 9.5, attribut: [{ nom: 'MARQUE', valeur: 'A:B' }] });
    expect(familyPageQuery.safeParse({ size: '97' }).success).toBe(false);
    expect(familyPageQuery.safeParse({ page: '-1' }).success).toBe(false);
  });
});

describe('links', () => {
  it('encodes the codes', () => {
    expect(familyLink('GO')).toBe('/catalogue/GO');
    expect(articleLink('A B/1')).toBe('/article/A%20B%2F1');
  });
});

describe('variant dropdowns', () => {
  const items = [
    { id: 'GS', OPTIONS_REGPT: { COULEUR: 'Gris', TAILLE: 'S' } },
    { id: 'GM', OPTIONS_REGPT: { COULEUR: 'Gris', TAILLE: 'M' } },
    { id: 'BS', OPTIONS_REGPT: { COULEUR: 'Blanc', TAILLE: 'S' } },
    { id: 'RM', OPTIONS_REGPT: { COULEUR: 'Rouge', TAILLE: 'M' } },
  ];

  it('lists each attribute with its distinct values in order', () => {
    expect(attributeValues(items)).toEqual([
      { attribute: 'COULEUR', values: ['Gris', 'Blanc', 'Rouge'] },
      { attribute: 'TAILLE', values: ['S', 'M'] },
    ]);
    expect(attributeValues([])).toEqual([]);
  });

  it('keeps the other values when an item has them', () => {
    expect(matchVariant(items, { COULEUR: 'Gris', TAILLE: 'M' }, 'COULEUR', 'Rouge')?.id).toBe('RM');
    expect(matchVariant(items, { COULEUR: 'Gris', TAILLE: 'S' }, 'TAILLE', 'M')?.id).toBe('GM');
  });

  it('falls back to the first item with the chosen value, or nothing', () => {
    expect(matchVariant(items, { COULEUR: 'Gris', TAILLE: 'M' }, 'COULEUR', 'Blanc')?.id).toBe('BS');
    expect(matchVariant(items, { COULEUR: 'Gris' }, 'COULEUR', 'Vert')).toBeUndefined();
  });

  it('labels attribute codes', () => {
    expect(attributeLabel('LONGUEUR')).toBe('Longueur');
    expect(attributeLabel('TYPE_CIMENT')).toBe('Type ciment');
    expect(attributeLabel('poids')).toBe('Poids');
  });
});

describe('stockQueryLink', () => {
  const template = 'https://stock.example/q?a={codeArticle}&d={codeDeclinaison}&ag={codeAgence}';
  it('fills the template, URL-encoded', () => {
    expect(stockQueryLink(template, { codeArticle: 'A 1', codeDeclinaison: 'V&2', codeAgence: 'LYO' })).toBe(
      'https://stock.example/q?a=A%201&d=V%262&ag=LYO',
    );
    expect(stockQueryLink(template, { codeArticle: 'A1', codeDeclinaison: null, codeAgence: 'LYO' })).toBe(
      'https://stock.example/q?a=A1&d=&ag=LYO',
    );
  });

  it('gives null without a template or for one that is not http(s)', () => {
    const values = { codeArticle: 'A1', codeDeclinaison: null, codeAgence: 'LYO' };
    expect(stockQueryLink(null, values)).toBeNull();
    expect(stockQueryLink('javascript:alert(1)', values)).toBeNull();
  });
});
