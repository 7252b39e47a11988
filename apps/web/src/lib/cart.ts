// The customer's cart as every storefront page sees it: the cart query (GET /rest/panier), adding an article
// (every 'Ajouter au panier' button) and the line count of the header's cart link.
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AddCartLineBody, Cart, cart } from '@comptoir/shared/cart';
import { apiGet, apiSend } from './api';
import { useMe } from './auth';
import { useVisitorMayOrder } from './shop-access';
import { ADD_TO_CART_LABELS } from '../components/ui/labels';
import { showSuccessToast } from '../components/ui/toasts';

/** Every cart query key starts with this: invalidating it refreshes the cart page, checkout and header. */
export const cartQueryKey = ['panier'] as const;

export const cartQueryOptions = () =>
  queryOptions({
    queryKey: cartQueryKey,
    queryFn: () => apiGet<typeof cart>('/rest/panier'),
  });

/**
 * The cart: a logged-in customer's, or a visitor's when visitors may order (its own browser session's);
 * disabled for administrators and for visitors who may not order.
 */
export function useCart() {
  const { data: user } = useMe();
  const visitor = useVisitorMayOrder();
  return useQuery({ ...cartQueryOptions(), enabled: Boolean(user?.codeClient) || visitor });
}

/**
 * Adds `quantite` of the article (and declinaison, or the cut) to the cart, and says so in a toast: 'Article
 * ajouté au panier', or the API's French refusal (401 when logged out, 403 for an administrator, 400/404
 * for an unknown or inactive article, a quantity too large…). Every 'Ajouter au panier' button uses it.
 */
export function useAddToCart() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: AddCartLineBody): Promise<Cart> =>
      // Not checked here (zod stays out of the first load): the server answers an invalid line with its message.
      apiSend<typeof cart>('POST', '/rest/panier/lignes', body),
    meta: { errorToast: true },
    onSuccess: (updated) => {
      showSuccessToast(ADD_TO_CART_LABELS.added);
      queryClient.setQueryData(cartQueryKey, updated);
      return queryClient.invalidateQueries({ queryKey: cartQueryKey });
    },
  });
}

/** The header's summary: the number of cart lines (0 for a visitor or an administrator). */
export function useCartSummary(): { count: number } {
  const { data } = useCart();
  return { count: data?.nbLignes ?? 0 };
}

/** The accessible name of the header's cart link: 'Panier (3 articles)', 'Panier (1 article)'. */
export const cartLinkLabel = (count: number): string => `Panier (${count} article${count > 1 ? 's' : ''})`;
