import { useMutation, useQueryClient } from '@tanstack/react-query';
import { messageResponse } from '@comptoir/shared/shipping/contract';
import { apiSend } from '../../../../lib/api';
import { carriersQueryKey } from '../../../../lib/resources/carriers';
import { shippingFeesQueryKey } from '../../../../lib/resources/shipping-fees';

/** DELETE /service/resetForfaitTransport: every forfait of every type. */
export const resetForfaits = () =>
  apiSend('DELETE', '/service/resetForfaitTransport', null, undefined, messageResponse);

export function useResetForfaits() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: resetForfaits,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: shippingFeesQueryKey }),
        queryClient.invalidateQueries({ queryKey: carriersQueryKey }),
      ]),
  });
}
