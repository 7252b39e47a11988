// The variable dimensions' codes, labels, units, limits and messages, apart from the schemas
// (dimensions.ts, which re-exports them) so that the product page and the cut-to-size rule
// (cut-to-size.ts) load no zod.

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
  piecesInvalid: 'Nombre de pièces invalide',
  piecesWhole: 'Nombre de pièces : un nombre entier est attendu',
  piecesMin: 'Nombre de pièces : 1 au minimum',
  piecesMax: 'Nombre de pièces : 9\u202f999 au maximum',
  cutToReview: (designation: string, reason: string) =>
    `La découpe de l’article ${designation} est à revoir : ${reason}`,
  quantityChanged: 'sa quantité facturée a changé, appliquez de nouveau la découpe',
  noLongerCut: 'cet article ne se vend plus sur mesure, retirez la ligne puis ajoutez-le de nouveau',
} as const;

export const PIECES_MAX = 9999;

/** Why a number of pieces cannot be ordered (the message names the bound), or null: never clamped. */
export function piecesProblem(pieces: number): string | null {
  if (!Number.isFinite(pieces)) return DIMENSION_MESSAGES.piecesInvalid;
  if (pieces < 1) return DIMENSION_MESSAGES.piecesMin;
  if (pieces > PIECES_MAX) return DIMENSION_MESSAGES.piecesMax;
  if (!Number.isInteger(pieces)) return DIMENSION_MESSAGES.piecesWhole;
  return null;
}
