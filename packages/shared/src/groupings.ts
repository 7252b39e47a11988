// The back office's article calls and variant groupings (docs/contract/variant-groupings-and-the-article-calls.md, Variant groupings and the
// article calls): the article searches of the pickers, an article's measures and options, deactivating
// an article, and the regroupements. One schema per request and response, used by the routes, the
// web client and the tests; the rules both sides apply are the pure functions at the end.
import { z } from 'zod';
import { attributeLabel, MEASURE_KEYS, MEASURE_LABELS, type MeasureKey } from './catalogue';
import { idNumber, idParam } from './validation';

// ---------------------------------------------------------------- constants and texts

/** Articles per page of the article searches. */
export const ARTICLE_PAGE_SIZE = 20;
/** Groupings per page of the groupings list. */
export const GROUPING_PAGE_SIZE = 20;
/** A search text needs at least this many characters (after trimming). */
export const SEARCH_MIN_LENGTH = 2;
/** The search box waits this long after the last key before it searches. */
export const SEARCH_DEBOUNCE_MS = 600;
/** A grouping holds at least this many articles. */
export const GROUPING_MIN_ARTICLES = 2;
/** A grouping of type '0' has at most this many attributes. */
export const GROUPING_TYPE0_MAX_ATTRIBUTES = 2;
/** The modal's warning flash after a refused confirmation. */
export const WARNING_FLASH_MS = 600;
/** Technical attributes a grouping never offers. */
export const EXCLUDED_ATTRIBUTES = [
  'DESIGNATION_COMMERCIALE',
  'DESCRIPTIF',
  'ZOOM',
  'MINIATURE',
  'VIGNETTE',
] as const;
export const DEFAULT_GROUPING_TYPE = '0';
/**
 * The grouping types the screen offers. The contract names type '0' (two attributes at most) and says a
 * type is a string; the other type is ours: the same dropdowns on the product page, without the limit,
 * for articles that differ by more than two attributes (docs/contract/variant-groupings-and-the-article-calls.md, Variant groupings).
 */
export const GROUPING_TYPES = [
  { value: '0', label: 'Variantes à 2 attributs maximum' },
  { value: '1', label: 'Variantes à attributs multiples' },
] as const;
export const groupingTypeLabel = (type: string) =>
  GROUPING_TYPES.find((candidate) => candidate.value === type)?.label ?? type;
/** An attribute's designation (the product page's dropdown label) and suffix, at most this long. */
export const ATTRIBUTE_DESIGNATION_MAX = 100;
export const ATTRIBUTE_SUFFIX_MAX = 20;
export const ATTRIBUTE_NATURES = ['OPT', 'ERP'] as const;
export const DEFAULT_NATURE = 'OPT';
export const DEFAULT_AFFICHAGE = 'SEL';

/** The screen's name, in the back-office navigation and on its page. */
export const GROUPINGS_TITLE = 'Regroupements de variantes';

export const GROUPING_MESSAGES = {
  saved: 'Regroupement enregistré',
  deleted: 'Regroupement supprimé',
  tooFewArticles: 'Veuillez sélectionner plusieurs articles',
  tooManyAttributes: '2 attributs maximum',
  masterNotAmongArticles: "L'article maître doit faire partie des articles du regroupement",
  alreadyGrouped: (code: string, title: string) =>
    `L'article ${code} appartient déjà au regroupement « ${title} »`,
  unknownArticle: (key: string) => `Article inconnu ou désactivé : ${key}`,
  unknownAttribute: (propriete: string) => `Attribut non proposé pour ces articles : ${propriete}`,
  notFound: 'Regroupement introuvable',
  idRequired: 'Le regroupement à modifier doit avoir un id',
  idForbidden: 'Un nouveau regroupement n’a pas d’id (utiliser PUT pour modifier)',
  unknownType: (type: string) => `Type de regroupement inconnu : ${type}`,
  duplicateDesignation: (designation: string) =>
    `Deux attributs ne peuvent pas porter la même désignation : ${designation}`,
} as const;

export const ARTICLE_MESSAGES = {
  notFound: 'Article introuvable',
  deactivated: 'Article désactivé',
  searchTooShort: `La recherche demande au moins ${SEARCH_MIN_LENGTH} caractères`,
  noResult: 'Aucun article trouvé',
} as const;

/** The tip under a search box that is too short: 'Encore 1 caractère', 'Encore 2 caractères'. */
export function missingCharactersTip(text: string): string | null {
  const missing = SEARCH_MIN_LENGTH - text.trim().length;
  if (missing <= 0) return null;
  return `Encore ${missing} caractère${missing > 1 ? 's' : ''}`;
}

/** The text a search sends: trimmed and lower-cased; null while it is too short. */
export function searchQueryOf(text: string): string | null {
  const trimmed = text.trim().toLowerCase();
  return trimmed.length >= SEARCH_MIN_LENGTH ? trimmed : null;
}

// ---------------------------------------------------------------- article searches

/** A query flag: true/false, also given as the text 'true'/'false' (or 1/0) in a query string. */
const queryFlag = z.preprocess(
  (value) => (value === 'true' || value === '1' ? true : value === 'false' || value === '0' ? false : value),
  z.boolean(),
);

const codeText = z.string().trim().min(1).max(50);
const searchText = z
  .string()
  .trim()
  .max(100)
  .refine((text) => text.length === 0 || text.length >= SEARCH_MIN_LENGTH, {
    error: ARTICLE_MESSAGES.searchTooShort,
  })
  .transform((text) => (text.length === 0 ? undefined : text.toLowerCase()));

/**
 * GET /service/articles. queryString: words searched in the code (prefix) and designations, accents
 * and case ignored. codeFamille: only that family (familleExact) or its whole subtree.
 * filterArticlesFields: true answers one row per article; false (default) one row per article
 * without declinaisons and one per declinaison of the others, as groupings key them.
 */
export const articlesQuery = z.object({
  queryString: searchText.optional(),
  page: z.coerce.number().int().min(0).max(100_000).default(0),
  codeFamille: codeText.optional(),
  familleExact: queryFlag.default(false),
  filterArticlesFields: queryFlag.default(false),
});
export type ArticlesQuery = z.infer<typeof articlesQuery>;

/** A row of an article search: an article, or one of its declinaisons (codeDeclinaison set). */
export const articleRow = z.object({
  codeArticle: z.string(),
  codeDeclinaison: z.string().nullable(),
  designation1: z.string(),
  codeFamille: z.string(),
  /** The grouping the article already belongs to (an article is in one at most), or null. */
  regroupement: z.object({ id: z.number().int(), titre: z.string() }).nullable(),
});
export type ArticleRow = z.infer<typeof articleRow>;

export const articlesResponse = z.object({ list: z.array(articleRow), pages: z.number().int() });
export type ArticlesResponse = z.infer<typeof articlesResponse>;

/** Several codes in a query string: repeated (a=X&a=Y) or comma-separated (a=X,Y). */
const codeList = (max: number) =>
  z.preprocess(
    (value) =>
      (Array.isArray(value) ? value : value === undefined ? [] : [value]).flatMap((item) =>
        typeof item === 'string' ? item.split(',').filter((part) => part.trim() !== '') : [item],
      ),
    z.array(codeText).max(max),
  );

/**
 * GET /service/articles/recherche, the second article search (the selection trees'): the same search
 * with selectedItems (article codes already chosen, flagged `selectionne` in the answer) and
 * excludeUnavailableArticles (true: only articles with stock on hand in some agency).
 */
export const articleSearchQuery = articlesQuery.extend({
  selectedItems: codeList(500).default([]),
  filterArticlesFields: queryFlag.default(true),
  excludeUnavailableArticles: queryFlag.default(false),
});
export type ArticleSearchQuery = z.infer<typeof articleSearchQuery>;

export const articleSearchResponse = z.object({
  list: z.array(articleRow.extend({ selectionne: z.boolean() })),
  pages: z.number().int(),
});
export type ArticleSearchResponse = z.infer<typeof articleSearchResponse>;

// ---------------------------------------------------------------- one article

/** GET /service/article/?articleCode=. */
export const articleCodeQuery = z.object({ articleCode: codeText });

/** An article's measures (null when absent) and their units. */
export const articleMeasures = z.object({
  codeArticle: z.string(),
  designation1: z.string(),
  actif: z.boolean(),
  longueur: z.number().nullable(),
  largeur: z.number().nullable(),
  hauteur: z.number().nullable(),
  densite: z.number().nullable(),
  poids: z.number().nullable(),
  diametre: z.number().nullable(),
  contenance: z.number().nullable(),
  uniteDimensions: z.string().nullable(),
  unitePoids: z.string().nullable(),
});
export type ArticleMeasures = z.infer<typeof articleMeasures>;

/** DELETE /service/article?codeArticle=: deactivates the article (docs/contract/variant-groupings-and-the-article-calls.md). */
export const deleteArticleQuery = z.object({ codeArticle: codeText });
export const deleteArticleResponse = z.object({
  message: z.string(),
  /** Groupings the article was taken out of. */
  regroupementsModifies: z.number().int(),
  /** Groupings deleted because fewer than 2 articles were left. */
  regroupementsSupprimes: z.number().int(),
});
export type DeleteArticleResponse = z.infer<typeof deleteArticleResponse>;

/** GET /service/optionsArticles?articles=: keys are article codes or 'code.declinaison'. */
export const optionsArticlesQuery = z.object({ articles: codeList(200) });

export const attributeNature = z.enum(ATTRIBUTE_NATURES);
export type AttributeNature = z.infer<typeof attributeNature>;

/** One option of an article: a free attribute or declinaison option (OPT) or a measure (ERP). */
export const articleOption = z.object({
  propriete: z.string(),
  nature: attributeNature,
  valeur: z.string(),
  /** For a measure: its unit (uniteDimensions, unitePoids, l, kg/m³); '' otherwise. */
  unite: z.string(),
});
export type ArticleOption = z.infer<typeof articleOption>;

export const articleOptions = z.object({ article: z.string(), options: z.array(articleOption) });
export type ArticleOptions = z.infer<typeof articleOptions>;
export const optionsArticlesResponse = z.array(articleOptions);

// ---------------------------------------------------------------- groupings

export const groupingAttribute = z.object({
  propriete: z.string(),
  nature: attributeNature,
  affichage: z.string(),
  designation: z.string(),
  suffixe: z.string(),
});
export type GroupingAttribute = z.infer<typeof groupingAttribute>;

/**
 * An attribute as saved: nature OPT and affichage SEL by default; designation and suffix left out (or
 * blank) take the offered defaults.
 */
export const groupingAttributeBody = z.object({
  propriete: z.string().trim().min(1).max(100),
  nature: attributeNature.default(DEFAULT_NATURE),
  affichage: z.string().trim().min(1).max(20).default(DEFAULT_AFFICHAGE),
  designation: z.string().trim().max(ATTRIBUTE_DESIGNATION_MAX).optional(),
  suffixe: z.string().max(ATTRIBUTE_SUFFIX_MAX).optional(),
});

const articleKey = z.object({
  codeArticle: codeText,
  /** null or '' for the article itself. */
  codeDeclinaison: z
    .string()
    .trim()
    .max(50)
    .nullish()
    .transform((code) => (code ? code : null)),
});

/** An article of a grouping as answered (no transform: answers are serialised through it). */
export const groupingArticle = z.object({
  codeArticle: z.string(),
  codeDeclinaison: z.string().nullable(),
  designation1: z.string(),
});
export type GroupingArticle = z.infer<typeof groupingArticle>;

/** A regroupement as the back office reads it. */
export const regroupementDetail = z.object({
  id: z.number().int(),
  type: z.string(),
  articleMaitre: z.object({ codeArticle: z.string(), codeDeclinaison: z.string().nullable() }),
  titre: z.string(),
  canonicalTag: z.string().nullable(),
  libelle: z.string().nullable(),
  articles: z.array(groupingArticle),
  attributs: z.array(groupingAttribute),
  /** Attributes the articles offer (the excluded ones never), checked or not. */
  availableAttributs: z.array(groupingAttribute),
});
export type RegroupementDetail = z.infer<typeof regroupementDetail>;

/** POST (id null) or PUT (id) /service/regroupement. An empty titre takes the master's designation1. */
export const regroupementBody = z.object({
  id: idNumber().nullish(),
  type: z.string().trim().min(1).max(10).default(DEFAULT_GROUPING_TYPE),
  articleMaitre: articleKey,
  titre: z.string().trim().max(200).default(''),
  canonicalTag: z
    .string()
    .trim()
    .max(300)
    .nullish()
    .transform((text) => text || null),
  libelle: z
    .string()
    .trim()
    .max(300)
    .nullish()
    .transform((text) => text || null),
  attributs: z.array(groupingAttributeBody).max(20).default([]),
  articles: z.array(articleKey.extend({ designation1: z.string().optional() })).max(500),
});
export type RegroupementBody = z.infer<typeof regroupementBody>;
export type RegroupementBodyInput = z.input<typeof regroupementBody>;

export const regroupementsQuery = z.object({ page: z.coerce.number().int().min(0).max(100_000).default(0) });
export const regroupementsResponse = z.object({ list: z.array(regroupementDetail), pages: z.number().int() });
export type RegroupementsResponse = z.infer<typeof regroupementsResponse>;
export const regroupementIdParams = z.object({ id: idParam() });
export const groupingMessageResponse = z.object({ message: z.string() });

// ---------------------------------------------------------------- rules

/** How a grouping keys an article: its code, or 'code.declinaison'. */
export const articleKeyOf = (item: { codeArticle: string; codeDeclinaison: string | null }) =>
  item.codeDeclinaison ? `${item.codeArticle}.${item.codeDeclinaison}` : item.codeArticle;

const isMeasure = (propriete: string): propriete is MeasureKey =>
  (MEASURE_KEYS as readonly string[]).includes(propriete);

/**
 * The attributes the chosen articles offer, each once (first seen wins), measures first in their
 * usual order, then the others by name; never the excluded ones. Defaults: designation = the
 * measure's label or the attribute's name in words, suffix = ' ' + the measure's unit.
 */
export function availableAttributes(options: readonly ArticleOptions[]): GroupingAttribute[] {
  const found = new Map<string, GroupingAttribute>();
  for (const { options: list } of options)
    for (const option of list) {
      const key = `${option.nature}:${option.propriete}`;
      if (found.has(key) || (EXCLUDED_ATTRIBUTES as readonly string[]).includes(option.propriete)) continue;
      found.set(key, {
        propriete: option.propriete,
        nature: option.nature,
        affichage: DEFAULT_AFFICHAGE,
        designation:
          option.nature === 'ERP' && isMeasure(option.propriete)
            ? MEASURE_LABELS[option.propriete]
            : attributeLabel(option.propriete),
        suffixe: option.unite ? ` ${option.unite}` : '',
      });
    }
  const rank = (attribute: GroupingAttribute) =>
    attribute.nature === 'ERP' ? (MEASURE_KEYS as readonly string[]).indexOf(attribute.propriete) : 100;
  return [...found.values()].sort((a, b) => rank(a) - rank(b) || a.propriete.localeCompare(b.propriete));
}

/** Refusal of a grouping's type for this many attributes: an unknown type, a third attribute on type '0'. */
export function groupingTypeRefusal(type: string, attributeCount: number): string | null {
  if (!GROUPING_TYPES.some((candidate) => candidate.value === type))
    return GROUPING_MESSAGES.unknownType(type);
  return canAddAttribute(type, attributeCount - 1) ? null : GROUPING_MESSAGES.tooManyAttributes;
}

/**
 * The first refusal of a grouping's type and attributes, with the words the screen and the server share:
 * the type's (above), then two attributes with one designation (the product page labels its dropdowns
 * with them; case and surrounding spaces ignored).
 */
export function groupingAttributesRefusal(
  type: string,
  attributes: readonly Pick<GroupingAttribute, 'designation'>[],
): string | null {
  const refusal = groupingTypeRefusal(type, attributes.length);
  if (refusal) return refusal;
  const seen = new Set<string>();
  for (const { designation } of attributes) {
    const key = designation.trim().toLocaleLowerCase('fr-FR');
    if (seen.has(key)) return GROUPING_MESSAGES.duplicateDesignation(designation.trim());
    seen.add(key);
  }
  return null;
}

/** Whether one more attribute may be checked: a grouping of type '0' takes two at most. */
export const canAddAttribute = (type: string, checked: number) =>
  type !== DEFAULT_GROUPING_TYPE || checked < GROUPING_TYPE0_MAX_ATTRIBUTES;
