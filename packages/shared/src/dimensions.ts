// Variable dimensions per unit (GET /admin/dimensionsVariables/liste, POST /admin/dimensionsVariables/update,
// GET /admin/unite/liste) and the cut-to-size rule they drive on the storefront (docs/contract/variable-dimensions-and-articles-cut-to-size.md).
import { z } from 'zod';
import { DIMENSION_MESSAGES, DIMENSIONS, PIECES_MAX, type Dimension } from './dimensions-texts';

// The codes, labels, limits and messages live in dimensions-texts.ts, without zod, for the product page.
export * from './dimensions-texts';

/** The flag of a dimension in a variable-dimension line (longueurVariable…). */
export type DimensionFlag = `${Dimension}Variable`;
export const dimensionFlag = (dimension: Dimension): DimensionFlag => `${dimension}Variable`;

// ---------------------------------------------------------------- admin contract

const unitCode = z.string().trim().max(20);

/** One line of the screen: a unit and which of its dimensions the customer chooses. */
export const ligneDimension = z.object({
  codeUnite: unitCode,
  libelleUnite: z.string().optional(),
  longueurVariable: z.boolean(),
  largeurVariable: z.boolean(),
  hauteurVariable: z.boolean(),
  diametreVariable: z.boolean(),
  densiteVariable: z.boolean(),
  contenanceVariable: z.boolean(),
  poidsVariable: z.boolean(),
  /** A new line not saved yet; its unit is chosen among the addable units. */
  ephemere: z.boolean().optional(),
  /** Marked for deletion: hidden on the screen, removed at the next save. */
  deleted: z.boolean().optional(),
});
export type LigneDimension = z.infer<typeof ligneDimension>;

/** GET /admin/dimensionsVariables/liste, and the answer of the update: the saved lines by unit code. */
export const ligneDimensionList = z.array(
  ligneDimension.omit({ ephemere: true, deleted: true }).extend({ libelleUnite: z.string() }),
);
export type LigneDimensionSaved = z.infer<typeof ligneDimensionList>[number];

/** POST /admin/dimensionsVariables/update: every line of the screen; the saved set becomes these lines. */
export const dimensionsUpdateBody = z.object({ data: z.array(ligneDimension).max(500) });
export type DimensionsUpdateBody = z.input<typeof dimensionsUpdateBody>;

/** GET /admin/unite/liste: every unit of the catalogue, by code. */
export const uniteList = z.array(z.object({ codeUnite: z.string(), libelle: z.string() }));
export type Unite = z.infer<typeof uniteList>[number];

/** A line's seven flags, all unchecked: a new line starts so. */
export const NO_VARIABLE_DIMENSION: Pick<LigneDimension, DimensionFlag> = {
  longueurVariable: false,
  largeurVariable: false,
  hauteurVariable: false,
  diametreVariable: false,
  densiteVariable: false,
  contenanceVariable: false,
  poidsVariable: false,
};

export function variableDimensionsOf(line: Pick<LigneDimension, DimensionFlag>): Dimension[] {
  return DIMENSIONS.filter((dimension) => line[dimensionFlag(dimension)]);
}

/** The units a new line may take: those with no visible line yet. */
export function addableUnits(units: readonly Unite[], lines: readonly LigneDimension[]): Unite[] {
  const taken = new Set(lines.filter((line) => !line.deleted).map((line) => line.codeUnite));
  return units.filter((unit) => !taken.has(unit.codeUnite));
}

// ---------------------------------------------------------------- storefront

/** A cut as the customer asks it: the number of pieces and each variable dimension of one piece. */
export const decoupe = z.object({
  nbPieces: z.coerce
    .number({ message: DIMENSION_MESSAGES.piecesInvalid })
    .min(1, DIMENSION_MESSAGES.piecesMin)
    .max(PIECES_MAX, DIMENSION_MESSAGES.piecesMax)
    .int(DIMENSION_MESSAGES.piecesWhole),
  dimensions: z.partialRecord(z.enum(DIMENSIONS), z.number()),
});
export type Decoupe = z.infer<typeof decoupe>;

/** A cut as a cart or order line shows it: the pieces, the dimensions and describeCut's sentence (cut-to-size.ts). */
export const decoupeLigne = decoupe.extend({ libelle: z.string() });
export type DecoupeLigne = z.infer<typeof decoupeLigne>;

export const cutDimension = z.object({
  nom: z.enum(DIMENSIONS),
  libelle: z.string(),
  /** The unit the customer types it in (m, mm, kg/m³, L, kg). */
  unite: z.string(),
  max: z.number(),
  /** The article's own measure in that unit, when known. */
  standard: z.number().nullable(),
});
export type CutDimension = z.infer<typeof cutDimension>;

/** GET /catalogue/articles/:code/decoupe: what the product page asks for an article cut to size. */
export const decoupeArticle = z.object({
  codeArticle: z.string(),
  /** The sale unit's code. */
  unite: z.string(),
  /** False when the sale unit has no variable dimension: the article is sold as it is. */
  surMesure: z.boolean(),
  dimensions: z.array(cutDimension),
});
export type DecoupeArticle = z.infer<typeof decoupeArticle>;
