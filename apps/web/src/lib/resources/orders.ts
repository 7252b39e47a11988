// The back office's orders list (GET /admin/commandes/fetch): the orders screen searches it
// (useOrderSearch: the filters' form hands its query here), and whatever changes an order elsewhere (e.g. a payment validation, in the tab the list opened) invalidates it
// through this key, in this tab and, through a broadcast channel, in the other tabs of the browser.
import { useEffect, useState } from 'react';
import {
  keepPreviousData,
  queryOptions,
  useQuery,
  useQueryClient,
  type QueryClient,
  type UseQueryResult,
} from '@tanstack/react-query';
import type { orderListResponse, OrderListResponse, OrderQuery } from '@comptoir/shared/orders/contract';
import { ERROR_TOASTS } from '@comptoir/shared/messages';
import { apiGet } from '../api';

/** Every orders-list query starts with this key: a change to an order invalidates them all. */
export const ordersQueryKey = ['admin', 'commandes', 'liste'] as const;

/** The channel on which a tab says that it changed orders (a payment validated). */
const ORDERS_CHANNEL = 'comptoir-admin-commandes';
const channel = () => (typeof BroadcastChannel === 'undefined' ? null : new BroadcastChannel(ORDERS_CHANNEL));

export const ordersQueryOptions = (query: OrderQuery) =>
  queryOptions({
    queryKey: [...ordersQueryKey, query],
    queryFn: () => apiGet<typeof orderListResponse>('/admin/commandes/fetch', query),
    // Orders change under the administrator's eyes (new orders, ERP statuses, a payment validated in
    // another tab): always ask again, also when the administrator comes back to this tab.
    staleTime: 0,
    refetchOnWindowFocus: true,
    // The pager keeps its place while the next page loads.
    placeholderData: keepPreviousData,
    meta: { errorToast: ERROR_TOASTS.commandes },
  });

/** The orders changed: this tab's lists are asked again, and the other tabs' are told to. */
export function ordersChanged(queryClient: QueryClient) {
  void queryClient.invalidateQueries({ queryKey: ordersQueryKey });
  const announce = channel();
  announce?.postMessage('changed');
  announce?.close();
}

/** One page of the orders list, asked again when another tab says that orders changed. */
export function useOrders(query: OrderQuery) {
  const queryClient = useQueryClient();
  useEffect(() => {
    const listen = channel();
    if (!listen) return;
    listen.onmessage = () => void queryClient.invalidateQueries({ queryKey: ordersQueryKey });
    return () => listen.close();
  }, [queryClient]);
  return useQuery(ordersQueryOptions(query));
}

/** The orders list as searched: the query last searched (its filters and page) and its answer. */
export interface OrderSearch {
  orders: UseQueryResult<OrderListResponse>;
  query: OrderQuery;
  /** Searches this query: asked again even when it is the one shown ('Rechercher' twice). */
  search: (query: OrderQuery) => void;
}

/** The orders list searched from `first`; `onSearch` runs at every search (the screen resets its message). */
export function useOrderSearch(first: OrderQuery, onSearch?: () => void): OrderSearch {
  const [query, setQuery] = useState(first);
  const orders = useOrders(query);
  const search = (next: OrderQuery) => {
    onSearch?.();
    // The same query again is still a new search: ask the server again.
    if (JSON.stringify(next) === JSON.stringify(query)) void orders.refetch();
    else setQuery(next);
  };
  return { orders, query, search };
}
