import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { messageResponse } from '@comptoir/shared/shipping/contract';
import { apiSend } from '../../../../lib/api';
import { carriersQueryKey } from '../../../../lib/resources/carriers';
import { shippingFeesQueryKey } from '../../../../lib/resources/shipping-fees';

/** DELETE /service/forfaitTransport/{id}: answers 'Forfait supprimé'. */
export const deleteShippingFee = (id: number) =>
  apiSend<typeof messageResponse>('DELETE', `/service/forfaitTransport/${id}`);

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
