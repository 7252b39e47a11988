// Variable dimensions per unit (GET /admin/dimensionsVariables/liste, POST /admin/dimensionsVariables/update,
// GET /admin/unite/liste) and the cut-to-size rule they drive on the storefront (docs/contract.md,
// "Variable dimensions and articles cut to size").
import { z } from 'zod';

/** The seven dimensions an administrator may make variable, in screen order. */
export const DIMENSIONS = [
  'longueur',
  'largeur',
  'hauteur',
  'diametre',
  'densite',
  'contenance',
  'poids',
] as const;
export type Dimension = (typeof DIMENSIONS)[number];

/** The flag of a dimension in a variable-dimension line (longueurVariable…). */
export type DimensionFlag = `${Dimension}Variable`;
export const dimensionFlag = (dimension: Dimension): DimensionFlag => `${dimension}Variable`;

export const DIMENSION_LABELS: Record<Dimension, string> = {
  longueur: 'Longueur',
  largeur: 'Largeur',
  hauteur: 'Hauteur',
  diametre: 'Diamètre',
  densite: 'Densité',
  contenance: 'Contenance',
  poids: 'Poids',
};

/** The unit the customer types each dimension in. */
export const DIMENSION_UNITS: Record<Dimension, string> = {
  longueur: 'm',
  largeur: 'm',
  hauteur: 'm',
  diametre: 'mm',
  densite: 'kg/m³',
  contenance: 'L',
  poids: 'kg',
};

/** The largest value of each dimension: a length of 100 m, a diameter of 2 m, and so on. */
export const DIMENSION_MAX: Record<Dimension, number> = {
  longueur: 100,
  largeur: 100,
  hauteur: 100,
  diametre: 2000,
  densite: 25_000,
  contenance: 100_000,
  poids: 100_000,
};

/** Dimensions are typed to the millimetre (3 decimals in metres). */
export const DIMENSION_DECIMALS = 3;

export const DIMENSION_MESSAGES = {
  unknownUnit: (code: string) => `Unité inconnue : ${code}`,
  duplicateUnit: (code: string) => `L'unité ${code} a déjà une ligne de dimensions variables`,
  unitRequired: "Choisissez l'unité de la nouvelle ligne",
  noDimension: (code: string) => `Cochez au moins une dimension variable pour l'unité ${code}`,
  saved: 'Dimensions variables enregistrées',
  required: (label: string) => `${label} obligatoire`,
  invalid: (label: string) => `${label} invalide`,
  positive: (label: string) => `${label} : la valeur doit être supérieure à 0`,
  tooLarge: (label: string, max: string) => `${label} : ${max} au maximum`,
  tooPrecise: (label: string) => `${label} : au plus 3 décimales`,
  notVariable: (label: string) => `${label} : cette dimension n'est pas variable pour cet article`,
  beyondStandard: (label: string, standard: string) =>
    `${label} : la pièce standard mesure ${standard}, une découpe ne peut pas la dépasser`,
  noStandard: (label: string) => `${label} : la mesure de référence de cet article est inconnue`,
  dimensionsRequired: 'Indiquez les dimensions de la découpe',
  notCutToSize: 'Cet article ne se vend pas sur mesure',
  unknownArticle: 'Article inconnu',
  tooSmall: 'Découpe trop petite',
  cutLineQuantity: 'Changez le nombre de pièces ou les dimensions de cette découpe',
  piecesInvalid: 'Le nombre de pièces doit être un entier entre 1 et 9999',
  cutToReview: (designation: string, reason: string) =>
    `La découpe de l’article ${designation} est à revoir : ${reason}`,
  quantityChanged: 'sa quantité facturée a changé, appliquez de nouveau la découpe',
  noLongerCut: 'cet article ne se vend plus sur mesure, retirez la ligne puis ajoutez-le de nouveau',
} as const;

export const PIECES_MAX = 9999;

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
