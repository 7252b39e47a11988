// The customer's cart as every storefront page sees it: the cart query (GET /rest/panier), adding an article
// (used by the product page's button) and the line count of the header's cart link.
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { addCartLineBody, cart, type AddCartLineBody, type Cart } from '@comptoir/shared/cart';
import { apiGet, apiSend } from './api';
import { useMe } from './auth';
import { useVisitorMayOrder } from './shop-access';

/** Every cart query key starts with this: invalidating it refreshes the cart page, checkout and header. */
export const cartQueryKey = ['panier'] as const;

export const cartQueryOptions = () =>
  queryOptions({
    queryKey: cartQueryKey,
    queryFn: () => apiGet('/rest/panier', cart),
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
 * Adds `quantite` of the article (and declinaison) to the cart; resolves with the new cart. Errors are
 * ApiError with the API's French message (401 when logged out, 403 for an administrator, 400/404 for an
 * unknown or inactive article): the caller shows them.
 */
export function useAddToCart() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: AddCartLineBody): Promise<Cart> =>
      apiSend('POST', '/rest/panier/lignes', addCartLineBody, body, cart),
    onSuccess: (updated) => {
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
