import { queryOptions, useQuery } from '@tanstack/react-query';
import type { transporteurOptions } from '@comptoir/shared/shipping/contract';
import { apiGet } from '../../../../lib/api';
import { carriersQueryKey } from '../../../../lib/resources/carriers';

/** GET /service/transporteur/options: the parameters and options a carrier may take. */
export const carrierOfferQueryOptions = () =>
  queryOptions({
    // Under the carriers' key: saving a carrier may add to what is on offer.
    queryKey: [...carriersQueryKey, 'options'],
    queryFn: () => apiGet<typeof transporteurOptions>('/service/transporteur/options'),
    meta: { errorToast: true },
  });

export function useCarrierOffer() {
  return useQuery(carrierOfferQueryOptions());
}
