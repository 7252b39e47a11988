// The agencies (GET /service/agences): read by the orders list (its agency filter and column) and by the
// shipping fee screen (its agency pickers), through this one cache.
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { agenceList } from '@comptoir/shared/reference';
import { apiGet } from '../api';

export const agenciesQueryKey = ['service', 'agences'] as const;

export const agenciesQueryOptions = () =>
  queryOptions({
    queryKey: agenciesQueryKey,
    queryFn: () => apiGet<typeof agenceList>('/service/agences'),
    staleTime: 5 * 60_000,
    meta: { errorToast: true },
  });

/** Every agency, by label. */
export function useAgencies() {
  return useQuery(agenciesQueryOptions());
}
