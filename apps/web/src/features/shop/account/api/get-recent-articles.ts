import { queryOptions, useQuery } from '@tanstack/react-query';
import { recentArticles } from '@comptoir/shared/account';
import { apiGet } from '../../../../lib/api';
import { accountQueryKey } from '../../../../lib/resources/account-orders';

/** GET /rest/compte/articles-recents; under accountQueryKey, so that placing an order refreshes it. */
export const recentArticlesQueryOptions = () =>
  queryOptions({
    queryKey: [...accountQueryKey, 'articles-recents'],
    queryFn: () => apiGet('/rest/compte/articles-recents', recentArticles),
    staleTime: 60_000,
  });

/** The articles of the customer's latest orders still sold (the home's 'Commandé récemment'). */
export function useRecentArticles() {
  return useQuery(recentArticlesQueryOptions());
}
