import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type Cart, type cart, updateCartLineBody, type UpdateCartLineBody } from '@comptoir/shared/cart';
import { apiSend, checkBody } from '../../../../lib/api';
import { cartQueryKey } from '../../../../lib/cart';

/**
 * PATCH /rest/panier/lignes/:id { quantite } (or { decoupe } for a line cut to size): the answer is the new
 * cart. The caller shows failures.
 */
export function useUpdateCartLine() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, ...body }: { id: number } & UpdateCartLineBody): Promise<Cart> =>
      apiSend<typeof cart>('PATCH', `/rest/panier/lignes/${id}`, checkBody(updateCartLineBody, body)),
    onSuccess: (updated) => queryClient.setQueryData(cartQueryKey, updated),
  });
}

/** DELETE /rest/panier/lignes/:id; the tag lists depend on the lines, so everything under 'panier' refreshes. */
export function useRemoveCartLine() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number): Promise<Cart> => apiSend<typeof cart>('DELETE', `/rest/panier/lignes/${id}`),
    onSuccess: async (updated) => {
      queryClient.setQueryData(cartQueryKey, updated);
      await queryClient.invalidateQueries({
        queryKey: cartQueryKey,
        predicate: (q) => q.queryKey.length > 1,
      });
    },
  });
}
