import {
  adaptCut,
  cutQuantity,
  describeCut,
  hasStandardPiece,
  toStandardMeasure,
  type CutArticle,
} from './cut-to-size';
import { DIMENSION_MESSAGES } from './dimensions';

const m2: CutArticle = { unit: 'M2', variable: ['longueur', 'largeur'], standard: {} };
const bar: CutArticle = { unit: 'BAR', variable: ['longueur'], standard: { longueur: 6 } };
const plate: CutArticle = {
  unit: 'PLQ',
  variable: ['longueur', 'largeur'],
  standard: { longueur: 2.5, largeur: 1.2 },
};

const quantity = (article: CutArticle, nbPieces: number, dimensions: Record<string, number>) => {
  const result = cutQuantity(article, { nbPieces, dimensions });
  if (!result.ok) throw new Error(result.message);
  return result.quantity;
};
const refusal = (article: CutArticle, nbPieces: number, dimensions: Record<string, number>) => {
  const result = cutQuantity(article, { nbPieces, dimensions });
  return result.ok ? null : result.message;
};

describe('cutQuantity: measuring units', () => {
  it('M and ML: pieces × length', () => {
    expect(quantity({ unit: 'ML', variable: ['longueur'], standard: {} }, 3, { longueur: 2.35 })).toBe(7.05);
    expect(quantity({ unit: 'M', variable: ['longueur'], standard: {} }, 1, { longueur: 0.001 })).toBe(0.001);
  });

  it('M2: pieces × length × width', () => {
    expect(quantity(m2, 4, { longueur: 2.5, largeur: 1.2 })).toBe(12);
    expect(quantity(m2, 1, { longueur: 3.333, largeur: 3.333 })).toBe(11.109); // 11.108889 rounded up
  });

  it('M3: pieces × length × width × height', () => {
    expect(
      quantity({ unit: 'M3', variable: ['longueur', 'largeur', 'hauteur'], standard: {} }, 2, {
        longueur: 2,
        largeur: 0.5,
        hauteur: 0.2,
      }),
    ).toBe(0.4);
  });

  it('takes the article’s own measure for a dimension of the unit that is not variable', () => {
    const lath: CutArticle = { unit: 'M2', variable: ['longueur'], standard: { largeur: 0.13 } };
    expect(quantity(lath, 10, { longueur: 4 })).toBe(5.2);
    expect(refusal({ ...lath, standard: {} }, 10, { longueur: 4 })).toBe(
      DIMENSION_MESSAGES.noStandard('Largeur'),
    );
  });

  it('weight in tonnes: the kilograms typed ÷ 1000', () => {
    expect(quantity({ unit: 'T', variable: ['poids'], standard: {} }, 2, { poids: 750 })).toBe(1.5);
  });
});

describe('cutQuantity: units sold by the piece', () => {
  it('prices a cut pro rata of the standard piece', () => {
    expect(quantity(bar, 4, { longueur: 1.5 })).toBe(1);
    expect(quantity(plate, 3, { longueur: 1.25, largeur: 0.6 })).toBe(0.75);
  });

  it('refuses a piece larger than the standard one', () => {
    expect(refusal(bar, 1, { longueur: 6.001 })).toBe(DIMENSION_MESSAGES.beyondStandard('Longueur', '6 m'));
    expect(quantity(bar, 1, { longueur: 6 })).toBe(1);
  });

  it('refuses when the article has no standard measure to divide by', () => {
    expect(refusal({ ...bar, standard: {} }, 1, { longueur: 2 })).toBe(
      DIMENSION_MESSAGES.noStandard('Longueur'),
    );
  });

  it('keeps the diameter and density without pricing them', () => {
    const article: CutArticle = {
      unit: 'BAR',
      variable: ['longueur', 'diametre'],
      standard: { longueur: 6 },
    };
    const result = cutQuantity(article, { nbPieces: 2, dimensions: { longueur: 3, diametre: 12 } });
    expect(result).toEqual({
      ok: true,
      quantity: 1,
      perPiece: 0.5,
      dimensions: { longueur: 3, diametre: 12 },
    });
  });
});

describe('cutQuantity: refusals', () => {
  it.each([
    [{}, DIMENSION_MESSAGES.required('Largeur'), { longueur: 2 }],
    [{}, DIMENSION_MESSAGES.positive('Longueur'), { longueur: 0, largeur: 1 }],
    [{}, DIMENSION_MESSAGES.positive('Largeur'), { longueur: 1, largeur: -2 }],
    [{}, DIMENSION_MESSAGES.invalid('Longueur'), { longueur: Number.NaN, largeur: 1 }],
    [{}, DIMENSION_MESSAGES.tooLarge('Longueur', '100 m'), { longueur: 100.5, largeur: 1 }],
    [{}, DIMENSION_MESSAGES.tooPrecise('Largeur'), { longueur: 1, largeur: 1.2345 }],
    [{}, DIMENSION_MESSAGES.notVariable('Hauteur'), { longueur: 1, largeur: 1, hauteur: 1 }],
  ])('refuses %#: %s', (_, message, dimensions) => {
    expect(refusal(m2, 1, dimensions)).toBe(message);
  });

  it('refuses a number of pieces that is not an integer from 1 to 9999, naming the bound', () => {
    const cases = [
      [0, DIMENSION_MESSAGES.piecesMin],
      [-2, DIMENSION_MESSAGES.piecesMin],
      [1.5, DIMENSION_MESSAGES.piecesWhole],
      [10_000, DIMENSION_MESSAGES.piecesMax],
      [99_999, DIMENSION_MESSAGES.piecesMax],
    ] as const;
    for (const [pieces, message] of cases)
      expect(refusal(m2, pieces, { longueur: 1, largeur: 1 })).toBe(message);
    expect(DIMENSION_MESSAGES.piecesMax.replace('\u202f', ' ')).toBe('Nombre de pièces : 9 999 au maximum');
  });

  it('sells an article with a standard piece by the piece', () => {
    expect(
      hasStandardPiece({
        unit: 'PLQ',
        variable: ['longueur', 'largeur'],
        standard: { longueur: 2.5, largeur: 1.2 },
      }),
    ).toBe(true);
    expect(
      hasStandardPiece({ unit: 'PLQ', variable: ['longueur', 'largeur'], standard: { longueur: 2.5 } }),
    ).toBe(false);
    expect(hasStandardPiece({ unit: 'U', variable: [], standard: {} })).toBe(false);
  });

  it('refuses a cut whose quantity rounds below a thousandth, and an article of a unit without variable dimensions', () => {
    expect(refusal(m2, 1, { longueur: 0.01, largeur: 0.01 })).toBe(DIMENSION_MESSAGES.tooSmall);
    expect(refusal({ unit: 'U', variable: [], standard: {} }, 1, {})).toBe(DIMENSION_MESSAGES.notCutToSize);
  });
});

describe('adaptCut: a cart’s cut under new variable dimensions', () => {
  const lath: CutArticle = {
    unit: 'M2',
    variable: ['longueur', 'largeur'],
    standard: { longueur: 3, largeur: 0.2 },
  };
  const cut = { nbPieces: 2, dimensions: { longueur: 2.5 } };
  it('gives a newly variable dimension the article’s own measure', () => {
    expect(adaptCut(lath, cut)).toEqual({ nbPieces: 2, dimensions: { longueur: 2.5, largeur: 0.2 } });
  });
  it('drops a dimension that is no longer variable', () => {
    expect(
      adaptCut(
        { ...lath, variable: ['largeur'] },
        { nbPieces: 2, dimensions: { longueur: 2.5, largeur: 0.1 } },
      ),
    ).toEqual({
      nbPieces: 2,
      dimensions: { largeur: 0.1 },
    });
  });
  it('leaves a new dimension the article has no measure for missing, and gives up on a unit no longer cut', () => {
    expect(adaptCut({ ...lath, variable: ['longueur', 'hauteur'] }, cut)).toEqual({
      nbPieces: 2,
      dimensions: { longueur: 2.5 },
    });
    expect(adaptCut({ ...lath, variable: [] }, cut)).toBeNull();
  });
});

describe('describeCut and toStandardMeasure', () => {
  it('says the pieces and their sizes in French', () => {
    expect(describeCut({ nbPieces: 4, dimensions: { largeur: 1.2, longueur: 2.5 } })).toBe(
      'Découpe : 4 pièces de Longueur 2,5 m × Largeur 1,2 m',
    );
    expect(describeCut({ nbPieces: 1, dimensions: { longueur: 1.25, diametre: 12 } })).toBe(
      'Découpe : 1 pièce de Longueur 1,25 m × Diamètre 12 mm',
    );
  });

  it('turns lengths in mm or cm into metres, and leaves other measures alone', () => {
    expect(toStandardMeasure('longueur', 6000, 'mm')).toBe(6);
    expect(toStandardMeasure('largeur', 120, 'cm')).toBe(1.2);
    expect(toStandardMeasure('hauteur', 2, null)).toBe(2);
    expect(toStandardMeasure('poids', 25, 'mm')).toBe(25);
    expect(toStandardMeasure('longueur', null, 'mm')).toBeUndefined();
  });
});
