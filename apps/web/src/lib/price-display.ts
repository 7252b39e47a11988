// Which price the current shopper sees first (docs/contract.md, Customer prices, How prices are shown):
// a private customer's account, and visitors of a shop selling to private customers, incl. tax first.
import { useQuery } from '@tanstack/react-query';
import { seesTtcFirst } from '@comptoir/shared/price-display';
import { useMe } from './auth';
import { shopAccessQueryOptions } from './shop-access';

/** True when prices incl. tax come first; false (excl. tax first) until the session is known. */
export function useTtcFirst(): boolean {
  const me = useMe();
  const access = useQuery(shopAccessQueryOptions());
  return seesTtcFirst(me.data, access.data);
}
