// The account's calls (docs/contract.md, Customer account): delivery addresses, reorder, quick order,
// password change. Each hook refreshes what its answer changes (the addresses, the cart).
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  addressBody,
  addressList,
  changePasswordBody,
  linesAdded,
  messageAnswer,
  quickOrderBody,
  resolvedQuickOrder,
  type AddressBody,
  type ChangePasswordBody,
  type LinesAdded,
  type QuickOrderBody,
} from '@comptoir/shared/account';
import type { DeliveryAddress } from '@comptoir/shared/cart';
import { apiGet, apiSend } from '../../../../lib/api';
import { cartQueryKey } from '../../../../lib/cart';
import { accountQueryKey } from '../../../../lib/resources/account-orders';

const addressesKey = [...accountQueryKey, 'adresses'] as const;

export const addressesQueryOptions = () =>
  queryOptions({ queryKey: addressesKey, queryFn: () => apiGet('/rest/compte/adresses', addressList) });

export const useAddresses = () => useQuery(addressesQueryOptions());

/** The address list answered by a change: it replaces the cached one; the checkout's options follow. */
function useAddressChange<V>(send: (variables: V) => Promise<DeliveryAddress[]>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: send,
    onSuccess: async (list) => {
      queryClient.setQueryData(addressesKey, list);
      await queryClient.invalidateQueries({ queryKey: cartQueryKey });
    },
  });
}

/** POST /rest/compte/adresses, or PUT /rest/compte/adresses/:id with an id. */
export const useSaveAddress = () =>
  useAddressChange(({ id, body }: { id: number | null; body: AddressBody }) =>
    id === null
      ? apiSend('POST', '/rest/compte/adresses', addressBody, body, addressList)
      : apiSend('PUT', `/rest/compte/adresses/${id}`, addressBody, body, addressList),
  );

/** DELETE /rest/compte/adresses/:id. */
export const useDeleteAddress = () =>
  useAddressChange((id: number) =>
    apiSend('DELETE', `/rest/compte/adresses/${id}`, null, undefined, addressList),
  );

/** What put lines in the cart answers the new cart: it replaces the cached one. */
function useLinesAdded<V>(send: (variables: V) => Promise<LinesAdded>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: send,
    onSuccess: async (answer) => {
      queryClient.setQueryData(cartQueryKey, answer.panier);
      await queryClient.invalidateQueries({
        queryKey: cartQueryKey,
        predicate: (q) => q.queryKey.length > 1,
      });
    },
  });
}

/** POST /rest/compte/mouvements/:id/recommander. */
export const useReorder = () =>
  useLinesAdded((orderId: number) =>
    apiSend('POST', `/rest/compte/mouvements/${orderId}/recommander`, null, undefined, linesAdded),
  );

/** POST /rest/compte/commande-rapide: every line into the cart. */
export const useAddQuickOrder = () =>
  useLinesAdded((body: QuickOrderBody) =>
    apiSend('POST', '/rest/compte/commande-rapide', quickOrderBody, body, linesAdded),
  );

/** POST /rest/compte/commande-rapide/verification: each line with its designation, price and stock. */
export const useResolveQuickOrder = () =>
  useMutation({
    mutationFn: (body: QuickOrderBody) =>
      apiSend('POST', '/rest/compte/commande-rapide/verification', quickOrderBody, body, resolvedQuickOrder),
  });

/** POST /rest/compte/mot-de-passe. */
export const useChangePassword = () =>
  useMutation({
    mutationFn: (body: ChangePasswordBody) =>
      apiSend('POST', '/rest/compte/mot-de-passe', changePasswordBody, body, messageAnswer),
  });
