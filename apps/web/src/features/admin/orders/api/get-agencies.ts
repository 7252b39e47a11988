import { queryOptions, useQuery } from '@tanstack/react-query';
import { agenceList } from '@comptoir/shared/reference';
import { apiGet } from '../../../../lib/api';

export const agenciesQueryOptions = () =>
  queryOptions({
    queryKey: ['service', 'agences'],
    queryFn: () => apiGet('/service/agences', agenceList),
    staleTime: 5 * 60_000,
    meta: { errorToast: true },
  });

/** Every agency, by label: the agency filter and column show only when there is more than one. */
export function useAgencies() {
  return useQuery(agenciesQueryOptions());
}
