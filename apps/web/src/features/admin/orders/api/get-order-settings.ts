import { queryOptions, useQuery } from '@tanstack/react-query';
import type { orderScreenSettings } from '@comptoir/shared/orders/contract';
import { apiGet } from '../../../../lib/api';

export const orderSettingsQueryOptions = () =>
  queryOptions({
    queryKey: ['admin', 'parametres', 'commandes'],
    queryFn: () => apiGet<typeof orderScreenSettings>('/admin/parametres/commandes'),
    staleTime: 5 * 60_000,
    meta: { errorToast: true },
  });

/** The orders screen's settings (the orders-actions setting). */
export function useOrderSettings() {
  return useQuery(orderSettingsQueryOptions());
}
