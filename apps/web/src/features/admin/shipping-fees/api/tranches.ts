import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { tranche, trancheBody, trancheList } from '@comptoir/shared/shipping/contract';
import { apiGet, apiSend } from '../../../../lib/api';
import { shippingKeys } from './keys';

/** GET /service/tranches: the tranches of the current fee type, by start. */
export const tranchesQueryOptions = () =>
  queryOptions({
    queryKey: shippingKeys.tranches,
    queryFn: () => apiGet('/service/tranches', trancheList),
    meta: { errorToast: true },
  });

export const useTranches = () => useQuery(tranchesQueryOptions());

/** POST /service/tranche: a tranche of the current fee type. */
export const createTranche = (body: z.input<typeof trancheBody>) =>
  apiSend('POST', '/service/tranche', trancheBody, body, tranche);

export function useCreateTranche() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createTranche,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: shippingKeys.tranches }),
  });
}
