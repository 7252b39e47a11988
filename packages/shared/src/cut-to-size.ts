// Articles cut to size (docs/contract/variable-dimensions-and-articles-cut-to-size.md, "Variable dimensions and articles cut to size"): an article whose
// sale unit has variable dimensions is ordered as a number of pieces of the dimensions the customer
// types, and the quantity priced, in the sale unit, is computed here — the one rule the product page,
// the cart and the server share.
import {
  DIMENSION_DECIMALS,
  DIMENSION_LABELS,
  DIMENSION_MAX,
  DIMENSION_MESSAGES,
  DIMENSION_UNITS,
  DIMENSIONS,
  piecesProblem,
  type Dimension,
} from './dimensions-texts';
import type { Decoupe, DecoupeLigne } from './dimensions';
import { formatDecimal } from './format';

// The schemas of a cut are in dimensions.ts, so that this rule (the product page computes the quantity
// as the customer types) loads no zod.
export type { Decoupe, DecoupeLigne } from './dimensions';

export type DimensionValues = Partial<Record<Dimension, number>>;

/** The cut of a stored line (pieces null: not cut to size). */
export function toDecoupeLigne(
  pieces: number | null,
  dimensions: DimensionValues | null,
): DecoupeLigne | null {
  if (pieces === null) return null;
  const cut = { nbPieces: pieces, dimensions: dimensions ?? {} };
  return { ...cut, libelle: describeCut(cut) };
}

/**
 * Units that measure what they sell: the quantity of one piece is the product of these dimensions (a
 * dimension the unit does not let the customer choose is the article's own measure). Weight in tonnes
 * is the kilograms typed divided by 1000.
 */
export const MEASURING_UNITS: Record<string, { dimensions: readonly Dimension[]; factor: number }> = {
  M: { dimensions: ['longueur'], factor: 1 },
  ML: { dimensions: ['longueur'], factor: 1 },
  M2: { dimensions: ['longueur', 'largeur'], factor: 1 },
  M3: { dimensions: ['longueur', 'largeur', 'hauteur'], factor: 1 },
  L: { dimensions: ['contenance'], factor: 1 },
  KG: { dimensions: ['poids'], factor: 1 },
  T: { dimensions: ['poids'], factor: 0.001 },
};

/**
 * Dimensions that make a piece sold by the piece (BAR, PLQ, U…) dearer or cheaper: a cut piece is priced
 * pro rata of the standard piece, and may not exceed it. Diameter and density are asked and passed on
 * to the ERP, never priced.
 */
export const PRO_RATA_DIMENSIONS: readonly Dimension[] = [
  'longueur',
  'largeur',
  'hauteur',
  'contenance',
  'poids',
];

/** The smallest quantity a cut line may reach (one thousandth of the sale unit). */
export const CUT_QUANTITY_STEP = 0.001;

export interface CutArticle {
  /** The sale unit's code. */
  unit: string;
  /** The dimensions the unit's line makes variable, in DIMENSIONS order. */
  variable: readonly Dimension[];
  /** The article's own measures in the units of DIMENSION_UNITS (lengths in metres); absent when unknown. */
  standard: DimensionValues;
}

export type CutResult =
  | { ok: true; quantity: number; perPiece: number; dimensions: DimensionValues }
  | { ok: false; message: string };

const refuse = (message: string): CutResult => ({ ok: false, message });

/** '2,5 m', '110 mm': a dimension as the customer reads it. */
export const formatDimension = (dimension: Dimension, value: number) =>
  `${formatDecimal(value, DIMENSION_DECIMALS)} ${DIMENSION_UNITS[dimension]}`;

const hasAtMostDecimals = (value: number, decimals: number) =>
  Math.abs(value * 10 ** decimals - Math.round(value * 10 ** decimals)) < 1e-6;

/** Rounds half up to the thousandth, safe from binary noise (2.675 stays 2.675). */
const roundQuantity = (value: number) => Math.round(Number((value * 1000).toPrecision(12))) / 1000;

/**
 * The quantity priced, in the sale unit, of `cut.nbPieces` pieces of the typed dimensions:
 * - measuring units (M, ML, M2, M3, L, KG, T): pieces × the product of the unit's dimensions (4 pieces
 *   of 2,5 m × 1,2 m in M2 make 12 m²);
 * - any other unit (sold by the piece): pieces × the product of (typed ÷ standard) over the variable
 *   length, width, height, capacity and weight (a 6 m bar cut at 1,5 m is 0,25 bar); a piece cut
 *   larger than the standard one is refused;
 * - diameter and density are checked and kept, never priced.
 * Every variable dimension is required, > 0, at most DIMENSION_MAX and 3 decimals; a dimension the unit
 * does not make variable is refused. The result is rounded half up to the thousandth and is at least
 * CUT_QUANTITY_STEP.
 */
export function cutQuantity(article: CutArticle, cut: Decoupe): CutResult {
  const pieces = piecesProblem(cut.nbPieces);
  if (pieces !== null) return refuse(pieces);
  if (article.variable.length === 0) return refuse(DIMENSION_MESSAGES.notCutToSize);
  for (const dimension of DIMENSIONS)
    if (cut.dimensions[dimension] !== undefined && !article.variable.includes(dimension))
      return refuse(DIMENSION_MESSAGES.notVariable(DIMENSION_LABELS[dimension]));

  const dimensions: DimensionValues = {};
  for (const dimension of article.variable) {
    const label = DIMENSION_LABELS[dimension];
    const value = cut.dimensions[dimension];
    if (value === undefined) return refuse(DIMENSION_MESSAGES.required(label));
    if (!Number.isFinite(value)) return refuse(DIMENSION_MESSAGES.invalid(label));
    if (value <= 0) return refuse(DIMENSION_MESSAGES.positive(label));
    if (value > DIMENSION_MAX[dimension])
      return refuse(DIMENSION_MESSAGES.tooLarge(label, formatDimension(dimension, DIMENSION_MAX[dimension])));
    if (!hasAtMostDecimals(value, DIMENSION_DECIMALS)) return refuse(DIMENSION_MESSAGES.tooPrecise(label));
    dimensions[dimension] = value;
  }

  let perPiece = 1;
  const measuring = MEASURING_UNITS[article.unit];
  if (measuring) {
    for (const dimension of measuring.dimensions) {
      const value = dimensions[dimension] ?? article.standard[dimension];
      if (value === undefined || value <= 0)
        return refuse(DIMENSION_MESSAGES.noStandard(DIMENSION_LABELS[dimension]));
      perPiece *= value;
    }
    perPiece *= measuring.factor;
  } else {
    for (const dimension of PRO_RATA_DIMENSIONS) {
      const value = dimensions[dimension];
      if (value === undefined) continue;
      const standard = article.standard[dimension];
      const label = DIMENSION_LABELS[dimension];
      if (standard === undefined || standard <= 0) return refuse(DIMENSION_MESSAGES.noStandard(label));
      if (value > standard + 1e-9)
        return refuse(DIMENSION_MESSAGES.beyondStandard(label, formatDimension(dimension, standard)));
      perPiece *= value / standard;
    }
  }
  const quantity = roundQuantity(cut.nbPieces * perPiece);
  if (quantity < CUT_QUANTITY_STEP) return refuse(DIMENSION_MESSAGES.tooSmall);
  return { ok: true, quantity, perPiece, dimensions };
}

/**
 * Whether the article has a standard piece, every variable dimension measured by the ERP: it is then
 * sold by the piece at that size (a plain quantity), and cut to size only when the shopper asks.
 */
export const hasStandardPiece = (article: CutArticle) =>
  article.variable.length > 0 &&
  article.variable.every((dimension) => (article.standard[dimension] ?? 0) > 0);

/**
 * A cut kept in a cart under its unit's new variable dimensions (docs/contract/variable-dimensions-and-articles-cut-to-size.md, "Articles cut to
 * size"): a dimension no longer variable is dropped (the piece is the standard one that way), a newly
 * variable one is the article's own measure (the piece was not cut that way), or stays missing when the
 * article has none (cutQuantity then refuses it). Null when the article is no longer sold cut to size.
 */
export function adaptCut(article: CutArticle, cut: Decoupe): Decoupe | null {
  if (article.variable.length === 0) return null;
  const dimensions: DimensionValues = {};
  for (const dimension of article.variable) {
    const value = cut.dimensions[dimension] ?? article.standard[dimension];
    if (value !== undefined) dimensions[dimension] = value;
  }
  return { nbPieces: cut.nbPieces, dimensions };
}

/** 'Découpe : 4 pièces de Longueur 2,5 m × Largeur 1,2 m': how a cut line is shown and exported. */
export function describeCut(cut: { nbPieces: number; dimensions: DimensionValues }): string {
  const sizes = DIMENSIONS.filter((d) => cut.dimensions[d] !== undefined)
    .map((d) => `${DIMENSION_LABELS[d]} ${formatDimension(d, cut.dimensions[d]!)}`)
    .join(' × ');
  return `Découpe : ${cut.nbPieces} pièce${cut.nbPieces > 1 ? 's' : ''} de ${sizes}`;
}

/** An article's measure converted to the unit the customer types it in (lengths in m from mm, cm or m). */
export function toStandardMeasure(
  dimension: Dimension,
  value: number | null | undefined,
  dimensionUnit: string | null | undefined,
): number | undefined {
  if (value === null || value === undefined) return undefined;
  if (dimension !== 'longueur' && dimension !== 'largeur' && dimension !== 'hauteur') return value;
  const perMetre = { mm: 1000, cm: 100, m: 1 }[(dimensionUnit ?? 'm').toLowerCase()] ?? 1;
  return value / perMetre;
}
