import { useMutation, useQueryClient } from '@tanstack/react-query';
import { forfait, forfaitBody, type ForfaitBodyInput } from '@comptoir/shared/shipping/contract';
import { apiSend } from '../../../../lib/api';
import { shippingFeesQueryKey } from '../../../../lib/resources/shipping-fees';

/** POST /service/forfaitTransport: creates (no id) or updates (id); 400/409 carry SPEC.md §5 messages. */
export const saveForfait = (body: ForfaitBodyInput) =>
  apiSend('POST', '/service/forfaitTransport', forfaitBody, body, forfait);

export function useSaveForfait() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveForfait,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: shippingFeesQueryKey }),
  });
}
