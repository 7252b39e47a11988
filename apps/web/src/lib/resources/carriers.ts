// The carriers (GET /service/transporteurs): the carriers screen lists and edits them, the shipping fee
// screen's simulator picks one. Whatever changes a carrier (or drops its fee link) invalidates this key.
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { transporteurList } from '@comptoir/shared/shipping/contract';
import { apiGet } from '../api';

export const carriersQueryKey = ['service', 'transporteurs'] as const;

/** Every carrier, by position. */
export const carriersQueryOptions = () =>
  queryOptions({
    queryKey: carriersQueryKey,
    queryFn: () => apiGet<typeof transporteurList>('/service/transporteurs'),
    meta: { errorToast: true },
  });

export function useCarriers() {
  return useQuery(carriersQueryOptions());
}
