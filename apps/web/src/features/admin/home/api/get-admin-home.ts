import { queryOptions, useQuery } from '@tanstack/react-query';
import type { adminHomeFigures, adminHomeWarnings } from '@comptoir/shared/admin-home';
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

export const adminHomeWarningsQueryOptions = () =>
  queryOptions({
    queryKey: ['admin', 'accueil', 'alertes'],
    queryFn: () => apiGet<typeof adminHomeWarnings>('/admin/accueil/alertes'),
    // Asked again each time the administrator comes back to the home, a fix made elsewhere included.
    staleTime: 0,
  });

export function useAdminHomeWarnings() {
  return useQuery(adminHomeWarningsQueryOptions());
}
