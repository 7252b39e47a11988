// The back office's orders list (GET /admin/commandes/fetch): the orders screen reads it, and whatever
// changes an order elsewhere (e.g. a payment validation) invalidates it through this key.
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { orderListResponse, OrderQuery } from '@comptoir/shared/orders/contract';
import { ERROR_TOASTS } from '@comptoir/shared/messages';
import { apiGet } from '../api';

/** Every orders-list query starts with this key: a change to an order invalidates them all. */
export const ordersQueryKey = ['admin', 'commandes', 'liste'] as const;

export const ordersQueryOptions = (query: OrderQuery) =>
  queryOptions({
    queryKey: [...ordersQueryKey, query],
    queryFn: () => apiGet<typeof orderListResponse>('/admin/commandes/fetch', query),
    // Orders change under the administrator's eyes (new orders, ERP statuses): always ask again.
    staleTime: 0,
    // The pager keeps its place while the next page loads.
    placeholderData: keepPreviousData,
    meta: { errorToast: ERROR_TOASTS.commandes },
  });

/** One page of the orders list. */
export function useOrders(query: OrderQuery) {
  return useQuery(ordersQueryOptions(query));
}
