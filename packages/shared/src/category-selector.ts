// The storefront's multi-level category selector (docs/contract/category-selector.md): the rule that
// both the dropdowns and their link button follow.
import { familyLink } from './catalogue-texts';

/** The selector shows at most this many dropdowns (the root level and four below it). */
export const CATEGORY_SELECTOR_MAX_LEVELS = 5;

export const CATEGORY_SELECTOR_LABELS = {
  title: 'Trouver une catégorie',
  /** The dropdown of level `index` (0-based). */
  level: (index: number) => (index === 0 ? 'Catégorie' : `Sous-catégorie (niveau ${index + 1})`),
  placeholder: 'Choisir…',
  allOf: 'Toute la catégorie',
  go: 'Voir la catégorie',
} as const;

/**
 * The chosen codes, one per level from the root, after choosing `code` at `level` (0-based): the
 * deeper levels are cleared; `code` null clears that level too.
 */
export function chooseCategoryLevel(path: readonly string[], level: number, code: string | null): string[] {
  const kept = path.slice(0, Math.max(0, Math.min(level, CATEGORY_SELECTOR_MAX_LEVELS - 1)));
  return code ? [...kept, code] : kept;
}

/** The link button's target: the deepest chosen category (its parent's once it is cleared), or none. */
export function categorySelectorLink(path: readonly string[]): string | null {
  const last = path.at(-1);
  return last ? familyLink(last) : null;
}
