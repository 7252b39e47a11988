import type { RecentArticles, recentArticles } from '@comptoir/shared/account';
import { apiGet } from '../../../../lib/api';

/**
 * GET /rest/compte/articles-recents: the articles of the customer's latest orders still sold. The home asks
 * it under recentArticlesQueryKey (lib/resources/account-orders.ts), importing this module only for a
 * customer.
 */
export const fetchRecentArticles = (): Promise<RecentArticles> =>
  apiGet<typeof recentArticles>('/rest/compte/articles-recents');
