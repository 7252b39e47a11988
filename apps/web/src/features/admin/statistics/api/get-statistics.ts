// The statistics of a filter (GET /admin/statistiques/fetch), the customer types of the filter form
// (GET /service/typesClient), and the CSV link (GET /admin/statistiques/csv, opened by navigation).
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { ERROR_TOASTS } from '@comptoir/shared/messages';
import type { valLibList } from '@comptoir/shared/reference';
import type { StatisticsQuery, statisticsResponse } from '@comptoir/shared/statistics';
import { apiGet, buildUrl, type Query } from '../../../../lib/api';

const toQuery = (q: StatisticsQuery): Query => ({
  'agences[]': q['agences[]'],
  client: q.client,
  typeClient: q.typeClient,
  dateDebut: q.dateDebut,
  dateFin: q.dateFin,
  echelle: q.echelle,
});

export const statisticsQueryOptions = (q: StatisticsQuery) =>
  queryOptions({
    queryKey: ['admin', 'statistiques', q],
    queryFn: () => apiGet<typeof statisticsResponse>('/admin/statistiques/fetch', toQuery(q)),
    // The chart and table keep the last answer while the next one loads.
    placeholderData: keepPreviousData,
    staleTime: 30_000,
    meta: { errorToast: ERROR_TOASTS.statistiques },
  });

/** The rows of `q`; nothing is asked before the first search. */
export function useStatistics(q: StatisticsQuery | null) {
  return useQuery({ ...statisticsQueryOptions(q!), enabled: q !== null });
}

/** The address of the CSV file of `q`. */
export const statisticsCsvHref = (q: StatisticsQuery) => buildUrl('/admin/statistiques/csv', toQuery(q));

export function useCustomerTypes() {
  return useQuery({
    queryKey: ['service', 'typesClient'],
    queryFn: () => apiGet<typeof valLibList>('/service/typesClient'),
    staleTime: 5 * 60_000,
    meta: { errorToast: ERROR_TOASTS.typesClient },
  });
}
