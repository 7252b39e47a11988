import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { accountOrdersQueryOptions } from '../../../../lib/resources/account-orders';

/** One page (0-based) of the customer's orders; the previous page stays shown while the next loads. */
export function useAccountOrders(page: number) {
  return useQuery({ ...accountOrdersQueryOptions(page), placeholderData: keepPreviousData });
}
