// The lists the fee form and the simulator choose from besides the agencies and carriers
// (lib/resources): zones and sales-plan families.
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { salesPlanFamilyList } from '@comptoir/shared/sales-plan';
import type { zoneList } from '@comptoir/shared/shipping/contract';
import { apiGet } from '../../../../lib/api';
import { shippingKeys } from './keys';

const longLived = 5 * 60_000;

export const zonesQueryOptions = () =>
  queryOptions({
    queryKey: shippingKeys.zones,
    queryFn: () => apiGet<typeof zoneList>('/service/zones'),
    staleTime: longLived,
    meta: { errorToast: true },
  });

/** GET /service/planVente: every family in tree order, with its level. */
export const salesPlanQueryOptions = () =>
  queryOptions({
    queryKey: shippingKeys.salesPlan,
    queryFn: () => apiGet<typeof salesPlanFamilyList>('/service/planVente'),
    staleTime: longLived,
    meta: { errorToast: true },
  });

export const useZones = () => useQuery(zonesQueryOptions());
export const useSalesPlan = () => useQuery(salesPlanQueryOptions());
