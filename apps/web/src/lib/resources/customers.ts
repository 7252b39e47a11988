// The customer search of the pickers (GET /service/clients): a page of customers matching a text.
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { clientList } from '@comptoir/shared/reference';
import { ERROR_TOASTS } from '@comptoir/shared/messages';
import { apiGet } from '../api';

/** How many customers a picker offers at once. */
export const CUSTOMER_PICKER_LIMIT = 20;

/** Every customer search starts with this key. */
export const customersQueryKey = ['service', 'clients'] as const;

export const customerSearchQueryOptions = (search: string) =>
  queryOptions({
    queryKey: [...customersQueryKey, search],
    queryFn: () =>
      apiGet<typeof clientList>('/service/clients', {
        recherche: search || undefined,
        limit: CUSTOMER_PICKER_LIMIT,
      }),
    staleTime: 60_000,
    // The options on screen stay until the new ones arrive.
    placeholderData: keepPreviousData,
    meta: { errorToast: ERROR_TOASTS.clients },
  });

/** Customers whose code starts with, or whose name contains, `search`. */
export function useCustomerSearch(search: string) {
  return useQuery(customerSearchQueryOptions(search));
}
