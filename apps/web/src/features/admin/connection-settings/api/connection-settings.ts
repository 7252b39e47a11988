// The screen's calls: the settings (GET and PUT /admin/parametres/connexion) and their change history.
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  CONNECTION_SETTINGS_MESSAGES,
  type historiqueResponse,
  type ParametresConnexion,
  type parametresConnexion,
  parametresConnexionBody,
} from '@comptoir/shared/connection-settings';
import { apiGet, apiSend, checkBody } from '../../../../lib/api';
import { showSuccessToast } from '../../../../components/ui/toasts';

const keys = {
  all: ['admin', 'parametres', 'connexion'] as const,
  settings: ['admin', 'parametres', 'connexion', 'valeurs'] as const,
  history: (page: number) => ['admin', 'parametres', 'connexion', 'historique', page] as const,
};

export const HISTORY_PAGE_SIZE = 10;

export const connectionSettingsQueryOptions = () =>
  queryOptions({
    queryKey: keys.settings,
    queryFn: () => apiGet<typeof parametresConnexion>('/admin/parametres/connexion'),
    meta: { errorToast: true },
  });

export const useConnectionSettings = () => useQuery(connectionSettingsQueryOptions());

export function useSettingsHistory(page: number) {
  return useQuery({
    queryKey: keys.history(page),
    queryFn: () =>
      apiGet<typeof historiqueResponse>('/admin/parametres/connexion/historique', {
        page,
        size: HISTORY_PAGE_SIZE,
      }),
    placeholderData: keepPreviousData,
    meta: { errorToast: true },
  });
}

/**
 * PUT /admin/parametres/connexion; the history is read again afterwards. The success toast is shown
 * here: the stored values re-key the form, which unmounts it, and a callback given to mutate() by an
 * unmounted component is dropped.
 */
export function useSaveConnectionSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ParametresConnexion) =>
      apiSend<typeof parametresConnexion>(
        'PUT',
        '/admin/parametres/connexion',
        checkBody(parametresConnexionBody, body),
      ),
    onSuccess: (saved) => {
      showSuccessToast(CONNECTION_SETTINGS_MESSAGES.saved);
      queryClient.setQueryData(keys.settings, saved);
      return queryClient.invalidateQueries({ queryKey: [...keys.all, 'historique'] });
    },
  });
}
