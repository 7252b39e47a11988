import { queryOptions, useQuery } from '@tanstack/react-query';
import type { adminHomeFigures } from '@comptoir/shared/admin-home';
import { apiGet } from '../../../../lib/api';

export const adminHomeQueryOptions = () =>
  queryOptions({
    queryKey: ['admin', 'accueil'],
    queryFn: () => apiGet<typeof adminHomeFigures>('/admin/accueil'),
    // Live figures: refreshed when the administrator comes back to the home.
    staleTime: 0,
  });

export function useAdminHomeFigures() {
  return useQuery(adminHomeQueryOptions());
}
