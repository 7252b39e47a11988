// The catalogue's texts, constants and small rules the category and product pages need, apart from the
// schemas (catalogue.ts, which re-exports them) so that those pages load no zod, and apart from
// catalogue-texts.ts so that the first load does not carry them.
import type { ArticleSort } from './catalogue-texts';
import { unitPriceTtc } from './money';

export const ARTICLE_SORT_LABELS: Record<ArticleSort, string> = {
  pertinence: 'Pertinence',
  'prix-croissant': 'Prix croissant',
  'prix-decroissant': 'Prix décroissant',
  designation: 'Désignation (A à Z)',
};

/** The refusals of a list's filters (the API's 400 and the price range's fields). */
export const LIST_FILTER_MESSAGES = {
  priceRange: 'Le prix minimum doit être inférieur ou égal au prix maximum',
  price: 'Le prix doit être un nombre positif',
  attribute: 'Le filtre d’attribut doit s’écrire NOM:valeur',
} as const;

export const CATALOGUE_MESSAGES = {
  familyNotFound: 'Famille introuvable',
  articleNotFound: 'Article introuvable',
  emptyFamily: 'Aucun article dans cette famille',
  noMatch: 'Aucun article ne correspond à ces filtres',
} as const;

// ---------------------------------------------------------------- family page

export const FAMILY_PAGE_SIZE = 24;

/**
 * The API address the category page asks first (its first page, no sort or filter): the server names it
 * in the page's HTML so that the browser asks it before the app's code runs (docs/performance/lighthouse.md).
 */
export const firstFamilyPageUrl = (code: string) =>
  `/catalogue/familles/${encodeURIComponent(code)}?page=0&size=${FAMILY_PAGE_SIZE}&tri=pertinence&enStock=0`;
export const FAMILY_PAGE_MAX_SIZE = 96;

// ---------------------------------------------------------------- product page

/** A unit price including VAT, as the cart charges one unit of it (money.ts, unitPriceTtc). */
export const priceWithVat = (priceHt: number, vatRate: number): number => unitPriceTtc(priceHt, vatRate);

// ---------------------------------------------------------------- variant dropdowns

/** Attributes of a set of option maps, in first-seen order, each with its distinct values in order. */
export function attributeValues(
  items: readonly { OPTIONS_REGPT: Record<string, string> }[],
): { attribute: string; values: string[] }[] {
  const byAttribute = new Map<string, string[]>();
  for (const item of items)
    for (const [attribute, value] of Object.entries(item.OPTIONS_REGPT)) {
      const values = byAttribute.get(attribute) ?? [];
      if (!values.includes(value)) values.push(value);
      byAttribute.set(attribute, values);
    }
  return [...byAttribute].map(([attribute, values]) => ({ attribute, values }));
}

/**
 * The item a dropdown change leads to: among the items having `value` for `attribute`, the one that
 * keeps most of the other current values (first in order on a tie); undefined when none has the value.
 */
export function matchVariant<T extends { OPTIONS_REGPT: Record<string, string> }>(
  items: readonly T[],
  current: Record<string, string>,
  attribute: string,
  value: string,
): T | undefined {
  let best: T | undefined;
  let bestScore = -1;
  for (const item of items) {
    if (item.OPTIONS_REGPT[attribute] !== value) continue;
    const score = Object.entries(current).filter(
      ([key, kept]) => key !== attribute && item.OPTIONS_REGPT[key] === kept,
    ).length;
    if (score > bestScore) [best, bestScore] = [item, score];
  }
  return best;
}

/** The label of an attribute code: 'LONGUEUR' → 'Longueur', 'TYPE_CIMENT' → 'Type ciment'. */
export function attributeLabel(code: string): string {
  const words = code.replaceAll('_', ' ').toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}
