import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { orderListResponse, type OrderQuery } from '@comptoir/shared/orders/contract';
import { ERROR_TOASTS } from '@comptoir/shared/messages';
import { apiGet } from '../../../../lib/api';

/** Every orders-list query starts with this key: a change to an order invalidates them all. */
export const ordersQueryKey = ['admin', 'commandes', 'liste'] as const;

export const ordersQueryOptions = (query: OrderQuery) =>
  queryOptions({
    queryKey: [...ordersQueryKey, query],
    queryFn: () => apiGet('/admin/commandes/fetch', orderListResponse, query),
    // Orders change under the administrator's eyes (new orders, ERP statuses): always ask again.
    staleTime: 0,
    // The pager keeps its place while the next page loads.
    placeholderData: keepPreviousData,
    meta: { errorToast: ERROR_TOASTS.commandes },
  });

/** One page of GET /admin/commandes/fetch. */
export function useOrders(query: OrderQuery) {
  return useQuery(ordersQueryOptions(query));
}
