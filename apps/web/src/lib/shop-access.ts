// What the storefront may show the current visitor (docs/contract/connection-settings.md): a
// logged-in account sees everything; a visitor without an account sees the catalogue only when
// anonymous access is on (GET /catalogue/acces).
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { accesBoutique } from '@comptoir/shared/connection-settings';
import { seesTtcFirst } from '@comptoir/shared/connection-settings-texts';
import { apiGet } from './api';
import { useMe } from './auth';

export const shopAccessQueryOptions = () =>
  queryOptions({
    queryKey: ['catalogue', 'acces'],
    queryFn: () => apiGet<typeof accesBoutique>('/catalogue/acces'),
    staleTime: 60_000,
  });

/** True when the catalogue, menu and search may be shown; undefined until known. */
export function useCanBrowse(): boolean | undefined {
  const me = useMe();
  const access = useQuery(shopAccessQueryOptions());
  if (me.data) return true;
  if (me.isPending || access.isPending) return undefined;
  // Unknown (the call failed): show the shop; the server still refuses what it must.
  return access.data ? access.data.accesAnonyme === '1' : true;
}

/**
 * True for a visitor without an account who may fill a cart and order (as the visitor customer; GET
 * /catalogue/acces `commandeAnonyme`); false for an account or when visitors may not order.
 */
export function useVisitorMayOrder(): boolean {
  const me = useMe();
  const access = useQuery(shopAccessQueryOptions());
  return me.data === null && access.data?.commandeAnonyme === '1';
}

/**
 * True when the current shopper sees prices incl. tax first (docs/contract/customer-prices.md, How prices are shown): a
 * private customer's account, and visitors of a shop selling to private customers; false (excl. tax
 * first) until the session is known.
 */
export function useTtcFirst(): boolean {
  const me = useMe();
  // Read as it stands: a block drawn once the page knows it may browse must not ask again an answer
  // that failed (the page would go back to waiting for it, and draw the block again, and so on).
  const access = useQuery({ ...shopAccessQueryOptions(), refetchOnMount: false, retryOnMount: false });
  return seesTtcFirst(me.data, access.data);
}
