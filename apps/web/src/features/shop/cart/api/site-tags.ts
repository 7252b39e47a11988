// The site tags (chantiers) of the cart lines (docs/contract/cart-and-site-tags.md): the customer's tags,
// tagging a line, and the cart's products per tag. Their failures are only logged (docs/contract/errors.md):
// the widget keeps showing the last state.
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  setSiteTagBody,
  type siteTagList,
  type siteTagOfLine,
  type siteTagProducts,
} from '@comptoir/shared/cart';
import { apiGet, apiSend, checkBody } from '../../../../lib/api';
import { cartQueryKey } from '../../../../lib/cart';

// Under the cart's key: any change of the cart refreshes them too.
export const siteTagsQueryOptions = () =>
  queryOptions({
    queryKey: [...cartQueryKey, 'chantiers'],
    queryFn: () => apiGet<typeof siteTagList>('/tag/chantier/list'),
  });

/** The customer's tags; `enabled` false for a visitor (tags are an account's). */
export function useSiteTags(enabled = true) {
  return useQuery({ ...siteTagsQueryOptions(), enabled });
}

export const taggedProductsQueryOptions = (tag: string) =>
  queryOptions({
    queryKey: [...cartQueryKey, 'chantier', tag],
    queryFn: () => apiGet<typeof siteTagProducts>(`/tag/chantier/details-panier/${encodeURIComponent(tag)}`),
  });

export function useTaggedProducts(tag: string, enabled: boolean) {
  return useQuery({ ...taggedProductsQueryOptions(tag), enabled });
}

/** POST /tag/chantier/ { id, tagName }: tags the cart line ('' removes its tag). */
export function useTagCartLine() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { id: number; tagName: string }) =>
      apiSend<typeof siteTagOfLine>('POST', '/tag/chantier/', checkBody(setSiteTagBody, body)),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: cartQueryKey }),
    onError: (error) => console.error('Étiquette de chantier non enregistrée', error),
  });
}
