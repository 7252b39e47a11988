// The customer's own orders: the account page lists them, the order detail page shows one, and
// placing an order invalidates them all through accountQueryKey.
import { queryOptions } from '@tanstack/react-query';
import type { accountOrderList, orderDetail } from '@comptoir/shared/orders/contract';
import { apiGet } from '../api';

/** Every query of the customer's account starts with this key. */
export const accountQueryKey = ['compte'] as const;

/** GET /rest/compte/articles-recents (the home's 'Commandé récemment'); placing an order refreshes it. */
export const recentArticlesQueryKey = [...accountQueryKey, 'articles-recents'] as const;

/** GET /rest/compte/mouvements?page= (0-based): the customer's orders, newest first. */
export const accountOrdersQueryOptions = (page: number) =>
  queryOptions({
    queryKey: [...accountQueryKey, 'mouvements', 'liste', page],
    queryFn: () => apiGet<typeof accountOrderList>('/rest/compte/mouvements', { page }),
    // Statuses come back from the ERP: the page shows the current ones.
    staleTime: 0,
  });

/**
 * GET /rest/compte/mouvements/{id}: any order for an administrator (who names its customer in
 * codeClient), its own for a customer; otherwise 404.
 */
export const orderDetailQueryOptions = (id: number, codeClient: string | null) =>
  queryOptions({
    queryKey: [...accountQueryKey, 'mouvements', id, codeClient],
    queryFn: () =>
      apiGet<typeof orderDetail>(`/rest/compte/mouvements/${id}`, { codeClient: codeClient || undefined }),
    // Statuses come back from the ERP: a page opened again shows the current one.
    staleTime: 0,
  });
