// The sort and filters of an article list (category page, search results) as they live in the page's
// URL: the same names as the API's query (tri, enStock, prixMin, prixMax, repeated attribut), so that a
// list can be shared and the back button undoes a change. Reading them is read-list-params.ts's (apart,
// so that the first load, which writes a list's query, does not carry the number parser).
import type { ArticleSort } from '@comptoir/shared/catalogue-texts';
import type { Query } from './api';

export interface ListParams {
  tri: ArticleSort;
  enStock: boolean;
  prixMin?: number;
  prixMax?: number;
  /** 'NOM:valeur' each. */
  attribut: string[];
}

/** The URL's search params for `list` (and a 1-based page when past the first), others kept. */
export function writeListParams(current: URLSearchParams, list: ListParams, page = 0): URLSearchParams {
  const next = new URLSearchParams(current);
  for (const key of ['tri', 'enStock', 'prixMin', 'prixMax', 'attribut', 'page']) next.delete(key);
  if (list.tri !== 'pertinence') next.set('tri', list.tri);
  if (list.enStock) next.set('enStock', '1');
  if (list.prixMin !== undefined) next.set('prixMin', String(list.prixMin));
  if (list.prixMax !== undefined) next.set('prixMax', String(list.prixMax));
  for (const value of list.attribut) next.append('attribut', value);
  if (page > 0) next.set('page', String(page + 1));
  return next;
}

/** True when some filter narrows the list (the sort alone does not). */
export const isFiltered = (list: ListParams) =>
  list.enStock || list.prixMin !== undefined || list.prixMax !== undefined || list.attribut.length > 0;

/** The API query of `list`. */
export const listQuery = (list: ListParams): Query => ({
  tri: list.tri,
  enStock: list.enStock ? '1' : '0',
  prixMin: list.prixMin,
  prixMax: list.prixMax,
  attribut: list.attribut.length > 0 ? list.attribut : undefined,
});
