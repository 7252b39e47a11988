import { useMutation, useQueryClient } from '@tanstack/react-query';
import { messageResponse } from '@comptoir/shared/shipping/contract';
import { apiSend } from '../../../../lib/api';
import { carriersQueryKey } from '../../../../lib/resources/carriers';
import { shippingFeesQueryKey } from '../../../../lib/resources/shipping-fees';

/** DELETE /service/forfaitTransport/{id}: answers 'Forfait supprimé'. */
export const deleteShippingFee = (id: number) =>
  apiSend('DELETE', `/service/forfaitTransport/${id}`, null, undefined, messageResponse);

export function useDeleteShippingFee() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteShippingFee,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: shippingFeesQueryKey }),
        // A carrier linked to it loses its link.
        queryClient.invalidateQueries({ queryKey: carriersQueryKey }),
      ]),
  });
}
