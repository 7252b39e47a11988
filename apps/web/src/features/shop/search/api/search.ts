import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { SETTING_DEFAULTS, SETTING_KEYS } from '@comptoir/shared/domain-texts';
import type { searchPage, searchResult, SearchSettings, searchSettings } from '@comptoir/shared/search';
import { apiGet } from '../../../../lib/api';
import { listQuery, type ListParams } from '../../../../lib/list-params';

const searchPath = (text: string) => `/rest/recherche/${encodeURIComponent(text.trim())}`;

export const searchSettingsQueryOptions = () =>
  queryOptions({
    queryKey: ['catalogue', 'parametres'],
    queryFn: () => apiGet<typeof searchSettings>('/catalogue/parametres'),
    staleTime: 5 * 60_000,
  });

/**
 * The trigger length and the stock display mode of the search (docs/contract/settings.md); the defaults
 * until the server answers. Asked only once `enabled` (the shopper started typing), so pages just viewed cost
 * no call.
 */
export function useSearchSettings(enabled = true): SearchSettings {
  const { data } = useQuery({ ...searchSettingsQueryOptions(), enabled });
  return (
    data ?? {
      longueurDeclenchement: SETTING_DEFAULTS[SETTING_KEYS.searchTriggerLength],
      affichageStock: SETTING_DEFAULTS[SETTING_KEYS.stockDisplay],
    }
  );
}

/** A failed search is only logged (docs/contract/errors.md): the shopper keeps typing. */
function useLogFailure(error: unknown) {
  useEffect(() => {
    if (error) console.error('Recherche impossible', error);
  }, [error]);
}

export const quickSearchQueryOptions = (text: string) =>
  queryOptions({
    queryKey: ['recherche', text.trim()],
    queryFn: () => apiGet<typeof searchResult>(searchPath(text)),
    staleTime: 60_000,
  });

/** The header results of `text`; asks nothing while `enabled` is false. */
export function useQuickSearch(text: string, enabled: boolean) {
  const query = useQuery({ ...quickSearchQueryOptions(text), enabled, placeholderData: keepPreviousData });
  useLogFailure(query.error);
  return query;
}

export const searchPageQueryOptions = (text: string, page: number, list: ListParams) =>
  queryOptions({
    queryKey: ['recherche', text.trim(), 'tout', page, list],
    queryFn: () => apiGet<typeof searchPage>(`${searchPath(text)}/tout`, { page, ...listQuery(list) }),
    staleTime: 60_000,
  });

/** One page of all the articles of a search (the results page), sorted and filtered. */
export function useSearchPage(text: string, page: number, list: ListParams, enabled: boolean) {
  const query = useQuery({
    ...searchPageQueryOptions(text, page, list),
    enabled,
    placeholderData: keepPreviousData,
  });
  useLogFailure(query.error);
  return query;
}
