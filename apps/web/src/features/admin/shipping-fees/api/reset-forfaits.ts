import { useMutation, useQueryClient } from '@tanstack/react-query';
import { messageResponse } from '@comptoir/shared/shipping/contract';
import { apiSend } from '../../../../lib/api';
import { shippingKeys } from './keys';

/** DELETE /service/resetForfaitTransport: every forfait of every type. */
export const resetForfaits = () =>
  apiSend('DELETE', '/service/resetForfaitTransport', null, undefined, messageResponse);

export function useResetForfaits() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: resetForfaits,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: shippingKeys.forfaits }),
        queryClient.invalidateQueries({ queryKey: shippingKeys.transporteurs }),
      ]),
  });
}
