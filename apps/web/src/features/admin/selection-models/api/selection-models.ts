// The selection models screen's calls: the paged list, save and delete (/admin/selectionModele/…).
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ERROR_TOASTS } from '@comptoir/shared/messages';
import {
  selectionModel,
  selectionModelBody,
  selectionModelList,
  selectionModelMessage,
  type SelectionModelBodyInput,
} from '@comptoir/shared/selection-models';
import { apiGet, apiSend, buildUrl } from '../../../../lib/api';

const modelsQueryKey = ['admin', 'selectionModele'] as const;

export function useSelectionModels(page: number) {
  return useQuery({
    queryKey: [...modelsQueryKey, page],
    queryFn: () => apiGet('/admin/selectionModele/getAll', selectionModelList, { page }),
    placeholderData: keepPreviousData,
    meta: { errorToast: ERROR_TOASTS.selectionModeles },
  });
}

export function useSaveSelectionModel() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: SelectionModelBodyInput) =>
      apiSend('POST', '/admin/selectionModele/post', selectionModelBody, body, selectionModel),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: modelsQueryKey }),
  });
}

export function useDeleteSelectionModel() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) =>
      apiSend(
        'DELETE',
        buildUrl('/admin/selectionModele/delete', { id }),
        null,
        undefined,
        selectionModelMessage,
      ),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: modelsQueryKey }),
  });
}
