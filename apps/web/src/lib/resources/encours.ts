// The customer's credit limit (encours): the cart and the account show it; placing an order changes
// what is used, and invalidates it with the rest of the account (accountQueryKey).
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { encours } from '@comptoir/shared/encours';
import { apiGet } from '../api';
import { accountQueryKey } from './account-orders';

/** GET /rest/compte/encours */
export const encoursQueryOptions = () =>
  queryOptions({
    queryKey: [...accountQueryKey, 'encours'],
    queryFn: () => apiGet<typeof encours>('/rest/compte/encours'),
    staleTime: 0,
  });

export const useEncours = () => useQuery(encoursQueryOptions());
