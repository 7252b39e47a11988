// What the storefront may show the current visitor (docs/contract.md, Connection settings): a
// logged-in account sees everything; a visitor without an account sees the catalogue only when
// anonymous access is on (GET /catalogue/acces).
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { accesBoutique } from '@comptoir/shared/connection-settings';
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
