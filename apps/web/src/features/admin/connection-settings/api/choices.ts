// The choice lists of the form, from GET /openweb/admin/admin_liste: profiles (customer types), the
// default tariff agency ('Aucune agence' first), and the customers of the visitor customer picker.
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { ERROR_TOASTS } from '@comptoir/shared/messages';
import type { valLibList } from '@comptoir/shared/reference';
import { apiGet, type Query } from '../../../../lib/api';

const adminListOptions = (query: Query, errorToast: string | true = true) =>
  queryOptions({
    queryKey: ['openweb', 'admin_liste', query],
    queryFn: () => apiGet<typeof valLibList>('/openweb/admin/admin_liste', query),
    staleTime: 60_000,
    placeholderData: keepPreviousData,
    meta: { errorToast },
  });

/** Customer types: the profiles of anonymous visitors and of temporary customers. */
export const useProfiles = () =>
  useQuery(adminListOptions({ table: 'parametrage' }, ERROR_TOASTS.typesClient));

/** 'Aucune agence' (VAL '') then the agencies. */
export const useTariffAgencies = () =>
  useQuery(adminListOptions({ table: 'connexion', restriction: 'agenceDefautTarif' }));

/** Customers whose name contains `search` (all the first ones when empty). */
/** The name of customer `code` (the picker shows the saved visitor customer by name). */
export function useCustomerName(code: string | null) {
  return useQuery({
    ...adminListOptions({ table: 'client', value: code ?? '' }, ERROR_TOASTS.clients),
    enabled: code !== null,
    select: (rows) => rows.find((row) => row.VAL === code)?.LIB,
  });
}
