import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { type tranche, trancheBody, type trancheList } from '@comptoir/shared/shipping/contract';
import { apiGet, apiSend, checkBody } from '../../../../lib/api';
import { shippingKeys } from './keys';

/** GET /service/tranches: the bands of the current fee type, by start. */
export const bandsQueryOptions = () =>
  queryOptions({
    queryKey: shippingKeys.bands,
    queryFn: () => apiGet<typeof trancheList>('/service/tranches'),
    meta: { errorToast: true },
  });

export const useBands = () => useQuery(bandsQueryOptions());

/** POST /service/tranche: a band of the current fee type. */
export const createBand = (body: z.input<typeof trancheBody>) =>
  apiSend<typeof tranche>('POST', '/service/tranche', checkBody(trancheBody, body));

export function useCreateBand() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createBand,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: shippingKeys.bands }),
  });
}
