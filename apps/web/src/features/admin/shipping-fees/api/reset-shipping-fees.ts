import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { messageResponse } from '@comptoir/shared/shipping/contract';
import { apiSend } from '../../../../lib/api';
import { carriersQueryKey } from '../../../../lib/resources/carriers';
import { shippingFeesQueryKey } from '../../../../lib/resources/shipping-fees';

/** DELETE /service/resetForfaitTransport: every shipping fee of every type. */
export const resetShippingFees = () =>
  apiSend<typeof messageResponse>('DELETE', '/service/resetForfaitTransport');

export function useResetShippingFees() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: resetShippingFees,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: shippingFeesQueryKey }),
        queryClient.invalidateQueries({ queryKey: carriersQueryKey }),
      ]),
  });
}
