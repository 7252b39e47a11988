import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ficheArticle } from '@comptoir/shared/catalogue';
import { apiGet } from '../../../../lib/api';
import { productsQueryKey } from '../../../../lib/resources/products';

export const productQueryOptions = (code: string) =>
  queryOptions({
    queryKey: [...productsQueryKey, code],
    queryFn: () => apiGet<typeof ficheArticle>(`/catalogue/articles/${encodeURIComponent(code)}`),
    staleTime: 60_000,
  });

/** A product page (public; declinaison stock is the customer's agency's when logged in); 404 is an ApiError. */
export function useProduct(code: string) {
  return useQuery(productQueryOptions(code));
}
