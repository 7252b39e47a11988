import { queryOptions, useQuery } from '@tanstack/react-query';
import type { decoupeArticle } from '@comptoir/shared/dimensions';
import { apiGet } from '../../../../lib/api';

/** GET /catalogue/articles/:code/decoupe: whether the article is sold cut to size, and what to ask. */
export const cutToSizeQueryOptions = (code: string) =>
  queryOptions({
    queryKey: ['catalogue', 'decoupe', code],
    queryFn: () => apiGet<typeof decoupeArticle>(`/catalogue/articles/${encodeURIComponent(code)}/decoupe`),
  });

export function useCutToSize(code: string) {
  return useQuery(cutToSizeQueryOptions(code));
}
