import { z } from 'zod';
import { stockDisplayMode } from './domain';
import { typedNumber } from './typed-number-schema';
import { FAMILY_PAGE_MAX_SIZE, FAMILY_PAGE_SIZE, LIST_FILTER_MESSAGES } from './catalogue-page-texts';

export { LIST_FILTER_MESSAGES };
import { ARTICLE_SORTS, STOCK_STATES, type ArticleSort, type StockState } from './catalogue-texts';

export {
  ARTICLE_SORTS,
  articleLink,
  familyLink,
  STOCK_LABELS,
  STOCK_STATES,
  type ArticleSort,
  type StockState,
} from './catalogue-texts';
export * from './catalogue-page-texts';

/** A family of the sales plan as the storefront shows it. */
export const categorie = z.object({
  code: z.string(),
  libelle: z.string(),
  lien: z.string(),
  nbArticles: z.number().int(),
});
export type Categorie = z.infer<typeof categorie>;
export const categorieList = z.array(categorie);

// ---------------------------------------------------------------- stock

export const stockState = z.enum(STOCK_STATES);

/** Below this quantity (in the stock unit) the storefront warns 'Quantité limitée'. */
export const LOW_STOCK_THRESHOLD = 5;

/**
 * The stock state of an article or declinaison where the customer buys.
 * `quantity` is null when no stock row exists there: the agency does not keep the article on hand
 * and orders it from the supplier → 'surCommande'. A kept article at 0 or below is 'indisponible';
 * under LOW_STOCK_THRESHOLD it is 'quantiteLimitee'; otherwise 'enStock'.
 */
export function stockStateOf(quantity: number | null): StockState {
  if (quantity === null) return 'surCommande';
  if (quantity <= 0) return 'indisponible';
  if (quantity < LOW_STOCK_THRESHOLD) return 'quantiteLimitee';
  return 'enStock';
}

/** infoStock: the state and the quantity (null when not kept on hand). */
export const infoStock = z.object({
  INFO_STOCK: stockState,
  NB_STOCK: z.number().nullable(),
});
export type InfoStock = z.infer<typeof infoStock>;

export const infoStockOf = (quantity: number | null): InfoStock => ({
  INFO_STOCK: stockStateOf(quantity),
  NB_STOCK: quantity,
});

/** How the storefront shows stock (setting catalogue.affichageStock; docs/contract/settings.md). */
export const affichageStock = stockDisplayMode;
export type AffichageStock = z.infer<typeof affichageStock>;

// ---------------------------------------------------------------- quantities

/**
 * How an article is sold (docs/contract/quantities-and-units.md): its sale unit's decimals, its
 * minimum and multiple (the SaleRule of quantity-rules.ts), and the supplier's delay in days when it is
 * ordered out of stock (null: an article out of stock is not sold).
 */
export const venteArticle = z.object({
  decimales: z.number().int(),
  minimum: z.number().nullable(),
  multiple: z.number().nullable(),
  delaiCommande: z.number().int().nullable(),
});
export type VenteArticle = z.infer<typeof venteArticle>;

// ---------------------------------------------------------------- family page

export const lienFamille = z.object({ code: z.string(), libelle: z.string(), lien: z.string() });
export type LienFamille = z.infer<typeof lienFamille>;

// ---------------------------------------------------------------- sort and filters

export const articleSort = z.enum(ARTICLE_SORTS);

/** A blank query value ('' or spaces, as an emptied form field sends it) counts as absent. */
const blankToUndefined = (value: unknown) =>
  typeof value === 'string' && value.trim() === '' ? undefined : value;

/** A price bound typed as the price range's fields read it ('12,5', '12.5', '1 234'); blank: none. */
const priceBound = (field: string) =>
  z.preprocess(blankToUndefined, typedNumber(field, {}, { negative: LIST_FILTER_MESSAGES.price }).optional());

/** 'NOM:valeur' (split at the first colon), one per chosen attribute value; repeated in the URL. */
const attributeFilter = z
  .string()
  .regex(/^[^:]+:.+$/, LIST_FILTER_MESSAGES.attribute)
  .transform((text) => {
    const colon = text.indexOf(':');
    return { nom: text.slice(0, colon), valeur: text.slice(colon + 1) };
  });

/** The sort and filters of a category or search results page (query string; see docs/contract/catalogue-and-product-pages.md). */
export const articleListFields = {
  tri: z.preprocess(blankToUndefined, articleSort.default('pertinence')),
  /** '1': only articles in stock (quantity above 0) at the viewer's agency. */
  enStock: z.preprocess(blankToUndefined, z.enum(['0', '1']).default('0')),
  prixMin: priceBound('prixMin'),
  prixMax: priceBound('prixMax'),
  /** The chosen attribute values, 'NOM:valeur' each (a single one comes as a string). */
  attribut: z.preprocess(
    (value) => (value === undefined ? [] : Array.isArray(value) ? value : [value]),
    z.array(attributeFilter).max(20),
  ),
};

export const checkPriceRange = (query: { prixMin?: number; prixMax?: number }, ctx: z.RefinementCtx) => {
  if (query.prixMin !== undefined && query.prixMax !== undefined && query.prixMin > query.prixMax)
    ctx.addIssue({ code: 'custom', path: ['prixMin'], message: LIST_FILTER_MESSAGES.priceRange });
};

/** GET /catalogue/familles/:code query: zero-based page, size, sort and filters. */
export const familyPageQuery = z
  .object({
    page: z.coerce.number().int().min(0).default(0),
    size: z.coerce.number().int().min(1).max(FAMILY_PAGE_MAX_SIZE).default(FAMILY_PAGE_SIZE),
    ...articleListFields,
  })
  .superRefine(checkPriceRange);
export type FamilyPageQuery = z.infer<typeof familyPageQuery>;

/** What a list's sort and filters say, as the server applies them. */
export interface ArticleListQuery {
  tri: ArticleSort;
  enStock: '0' | '1';
  prixMin?: number;
  prixMax?: number;
  attribut?: { nom: string; valeur: string }[];
}

/** One attribute the family's articles have, with its values and how many articles have each. */
export const attributeFacet = z.object({
  nom: z.string(),
  libelle: z.string(),
  valeurs: z.array(z.object({ valeur: z.string(), nombre: z.number().int() })),
});
export type AttributeFacet = z.infer<typeof attributeFacet>;

/** One article of a family page (the field names of the search results). */
export const articleCard = z.object({
  codeArticle: z.string(),
  designation: z.string(),
  lien: z.string(),
  /** Image URL, or null when the article has none. */
  image: z.string().nullable(),
  /** Absent when prices are hidden from anonymous visitors (docs/contract/connection-settings.md). */
  prixHT: z.number().optional(),
  /** The same incl. tax, as the cart charges one unit (money.ts, unitPriceTtc); absent with prixHT. */
  prixTTC: z.number().optional(),
  /** Label of the sale unit the price is per. */
  uniteTarif: z.string(),
  /** Label of the stock unit NB_STOCK counts in. */
  uniteStock: z.string(),
  infoStock,
  hasDeclinaisons: z.boolean(),
  vente: venteArticle,
});
export type ArticleCard = z.infer<typeof articleCard>;

export const familyPage = z.object({
  famille: lienFamille,
  /** Breadcrumb from the root family to this one (included). */
  fil: z.array(lienFamille),
  sousFamilles: z.array(categorie),
  affichageStock,
  /** The attributes of the family's articles (all of its subtree), to filter by. */
  attributs: z.array(attributeFacet),
  articles: z.object({
    total: z.number().int(),
    page: z.number().int(),
    size: z.number().int(),
    elements: z.array(articleCard),
  }),
});
export type FamilyPage = z.infer<typeof familyPage>;

// ---------------------------------------------------------------- product page

/** The measures an article may have (ERP attributes); absent ones are left out. */
export const MEASURE_KEYS = [
  'longueur',
  'largeur',
  'hauteur',
  'diametre',
  'poids',
  'contenance',
  'densite',
] as const;
export type MeasureKey = (typeof MEASURE_KEYS)[number];

/** A measure the article has: value and its unit (mm, kg, l, …; '' when the data has none). */
export const mesure = z.object({
  nom: z.enum(MEASURE_KEYS),
  libelle: z.string(),
  valeur: z.number(),
  unite: z.string(),
});
export type Mesure = z.infer<typeof mesure>;

export const MEASURE_LABELS: Record<MeasureKey, string> = {
  longueur: 'Longueur',
  largeur: 'Largeur',
  hauteur: 'Hauteur',
  diametre: 'Diamètre',
  poids: 'Poids',
  contenance: 'Contenance',
  densite: 'Densité',
};

/** A declinaison (variant) of the product. */
export const declinaison = z.object({
  HIDDEN_CODE_DECLINAISON: z.string(),
  designation: z.string(),
  /** Attribute → value, e.g. { COULEUR: 'Gris' }. */
  OPTIONS_REGPT: z.record(z.string(), z.string()),
  /** The declinaison's own price, else the article's; absent when prices are hidden. */
  prixHT: z.number().optional(),
  /** The same incl. tax, as the cart charges one unit (money.ts, unitPriceTtc); absent with prixHT. */
  prixTTC: z.number().optional(),
  STOCK: infoStock,
  /** Where to query this declinaison's live stock at the customer's agency; null when it has no such URL. */
  INTERRO_STOCK: z.string().nullable(),
});
export type Declinaison = z.infer<typeof declinaison>;

/** An article of the product's regroupement: what the variant dropdowns navigate between. */
export const articleRegroupement = z.object({
  HIDDEN_CODE_ARTICLE: z.string(),
  designation: z.string(),
  LIEN_FICHE: z.string(),
  /** Attribute of the regroupement → this article's value (with the attribute's suffix). */
  OPTIONS_REGPT: z.record(z.string(), z.string()),
});
export type ArticleRegroupement = z.infer<typeof articleRegroupement>;

export const regroupement = z.object({
  id: z.number().int(),
  titre: z.string(),
  attributs: z.array(z.object({ propriete: z.string(), designation: z.string() })),
  /** Distinct articles of the regroupement, the current one included, in the regroupement's order. */
  articles: z.array(articleRegroupement),
});
export type Regroupement = z.infer<typeof regroupement>;

export const ficheArticle = z.object({
  codeArticle: z.string(),
  designation1: z.string(),
  designation2: z.string().nullable(),
  description: z.string().nullable(),
  famille: lienFamille,
  fil: z.array(lienFamille),
  image: z.string().nullable(),
  /** Both absent when prices are hidden from anonymous visitors. */
  prixHT: z.number().optional(),
  prixTTC: z.number().optional(),
  tauxTVA: z.number(),
  libUnitTarif: z.string(),
  libUnitStock: z.string(),
  libUnitPrepa: z.string(),
  vente: venteArticle,
  /** The measures present, in MEASURE_KEYS order. */
  mesures: z.array(mesure),
  /** Free attributes shown to the customer (technical ones left out). */
  attributs: z.array(z.object({ nom: z.string(), valeur: z.string() })),
  affichageStock,
  /** The article's stock: the sum of its declinaisons' when it has some. */
  STOCK: infoStock,
  /** Where to query the article's live stock at the customer's agency; null when it has no such URL. */
  INTERRO_STOCK: z.string().nullable(),
  declinaisons: z.array(declinaison),
  regroupement: regroupement.nullable(),
});
export type FicheArticle = z.infer<typeof ficheArticle>;

/**
 * An agency's stock-query URL for an article or declinaison: the template's {codeArticle},
 * {codeDeclinaison} (empty for an article) and {codeAgence} replaced, URL-encoded. Null without a
 * template, or when the template is not an http(s) URL (never send a customer elsewhere).
 */
export function stockQueryLink(
  template: string | null,
  values: { codeArticle: string; codeDeclinaison: string | null; codeAgence: string },
): string | null {
  if (!template || !/^https?:\/\//i.test(template)) return null;
  const replacements: Record<string, string> = {
    codeArticle: values.codeArticle,
    codeDeclinaison: values.codeDeclinaison ?? '',
    codeAgence: values.codeAgence,
  };
  return template.replace(/\{(codeArticle|codeDeclinaison|codeAgence)\}/g, (_, key: string) =>
    encodeURIComponent(replacements[key]!),
  );
}
