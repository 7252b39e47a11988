import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type forfait, forfaitBody, type ForfaitBodyInput } from '@comptoir/shared/shipping/contract';
import { apiSend, checkBody } from '../../../../lib/api';
import { shippingFeesQueryKey } from '../../../../lib/resources/shipping-fees';

/**
 * POST /service/forfaitTransport: creates (no id) or updates (id); a 400 or 409 carries the contract's
 * message (docs/contract/shipping-fees.md).
 */
export const saveShippingFee = (body: ForfaitBodyInput) =>
  apiSend<typeof forfait>('POST', '/service/forfaitTransport', checkBody(forfaitBody, body));

export function useSaveShippingFee() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveShippingFee,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: shippingFeesQueryKey }),
  });
}
