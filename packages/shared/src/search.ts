import { z } from 'zod';
import {
  affichageStock,
  articleListFields,
  attributeFacet,
  checkPriceRange,
  infoStock,
  venteArticle,
} from './catalogue';
import { foldText } from './text';
import { SEARCH_MAX_LENGTH, SEARCH_MESSAGES, SEARCH_MIN_LENGTH } from './search-texts';

export {
  reachesTrigger,
  SEARCH_DEBOUNCE_MS,
  SEARCH_MAX_LENGTH,
  SEARCH_MESSAGES,
  SEARCH_MIN_LENGTH,
} from './search-texts';

/** Lower case, no accents, ligatures spelt out ('Œuvre' → 'oeuvre'): how search words and texts compare. */
export const foldForSearch = (text: string) =>
  foldText(text).replace(/œ/g, 'oe').replace(/æ/g, 'ae').replace(/ß/g, 'ss');

/** The header popover shows at most this many articles and categories. */
export const SEARCH_MAX_ARTICLES = 8;
export const SEARCH_MAX_CATEGORIES = 5;
/** Page size of the full results page. */
export const SEARCH_PAGE_SIZE = 24;

/**
 * The words of a search text: trimmed, lower-cased, accents removed, split on blanks, duplicates
 * dropped. Every word must then match (designation or code) for an article to be found.
 */
export function searchWords(text: string): string[] {
  const words = foldForSearch(text)
    .trim()
    .split(/\s+/)
    .filter((word) => word.length > 0);
  return [...new Set(words)];
}

/** The text checked by the route: trimmed, then 3..60 characters (French messages). */
export const searchText = z
  .string()
  .transform((text) => text.trim())
  .pipe(
    z
      .string()
      .min(SEARCH_MIN_LENGTH, SEARCH_MESSAGES.tooShort)
      .max(SEARCH_MAX_LENGTH, SEARCH_MESSAGES.tooLong),
  );

/** One article of a search result. */
export const searchArticle = z.object({
  id: z.string(),
  link: z.string(),
  image: z.object({ src: z.string().nullable(), libelle: z.string() }),
  designation: z.string(),
  codeArticle: z.string(),
  isVariant: z.boolean(),
  hasDeclinaisons: z.boolean(),
  infoStock,
  uniteStock: z.string(),
  /** The viewer's price excl. tax; absent when prices are hidden from it (Connection settings). */
  prixHT: z.number().optional(),
  /** The same incl. tax (money.ts, unitPriceTtc); absent with prixHT. */
  prixTTC: z.number().optional(),
  /** Label of the sale unit the price is per. */
  uniteTarif: z.string(),
  /** How the article is sold (the results page's quick add checks the quantity with it). */
  vente: venteArticle,
});
export type SearchArticle = z.infer<typeof searchArticle>;

export const searchCategory = z.object({ id: z.string(), link: z.string(), libelle: z.string() });
export type SearchCategory = z.infer<typeof searchCategory>;

/** GET /rest/recherche/:text */
export const searchResult = z.object({
  articles: z.array(searchArticle),
  categories: z.array(searchCategory),
  totalResults: z.number().int(),
});
export type SearchResult = z.infer<typeof searchResult>;

/** GET /rest/recherche/:text/tout?page= (zero-based page), sorted and filtered like a category page. */
export const searchPageQuery = z
  .object({ page: z.coerce.number().int().min(0).default(0), ...articleListFields })
  .superRefine(checkPriceRange);
export type SearchPageQuery = z.infer<typeof searchPageQuery>;
export const searchPage = z.object({
  total: z.number().int(),
  page: z.number().int(),
  size: z.number().int(),
  elements: z.array(searchArticle),
  /** The attributes of every article found (whatever the filters), with their counts, to filter by. */
  attributs: z.array(attributeFacet),
});
export type SearchPage = z.infer<typeof searchPage>;

/** GET /catalogue/parametres: what the search needs: trigger length and how stock shows. */
export const searchSettings = z.object({ longueurDeclenchement: z.number().int(), affichageStock });
export type SearchSettings = z.infer<typeof searchSettings>;
