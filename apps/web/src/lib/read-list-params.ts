// The sort and filters of an article list read from the page's URL (list-params.ts writes them):
// unreadable values are ignored; a price bound is read by the shared number parser, as the API reads
// its query.
import { isArticleSort } from '@comptoir/shared/catalogue-texts';
import { readTypedNumber } from '@comptoir/shared/typed-number';
import type { ListParams } from './list-params';

/** A price bound read as the API reads it (the shared parser: '12,5' or '12.5', never negative). */
const priceOf = (text: string | null) => {
  const reading = readTypedNumber(text ?? '');
  return reading.ok ? reading.value : undefined;
};

export function readListParams(params: URLSearchParams): ListParams {
  const tri = params.get('tri');
  const prixMin = priceOf(params.get('prixMin'));
  const prixMax = priceOf(params.get('prixMax'));
  const crossed = prixMin !== undefined && prixMax !== undefined && prixMin > prixMax;
  return {
    tri: isArticleSort(tri) ? tri : 'pertinence',
    enStock: params.get('enStock') === '1',
    prixMin,
    prixMax: crossed ? undefined : prixMax,
    attribut: params.getAll('attribut').filter((value) => /^[^:]+:.+$/.test(value)),
  };
}
