// The selection models screen's calls: the paged list, save and delete (/admin/selectionModele/…).
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ERROR_TOASTS } from '@comptoir/shared/messages';
import {
  type selectionModel,
  selectionModelBody,
  type SelectionModelBodyInput,
  type selectionModelList,
  type selectionModelMessage,
} from '@comptoir/shared/selection-models';
import { apiGet, apiSend, checkBody, buildUrl } from '../../../../lib/api';

const modelsQueryKey = ['admin', 'selectionModele'] as const;

export function useSelectionModels(page: number) {
  return useQuery({
    queryKey: [...modelsQueryKey, page],
    queryFn: () => apiGet<typeof selectionModelList>('/admin/selectionModele/getAll', { page }),
    placeholderData: keepPreviousData,
    meta: { errorToast: ERROR_TOASTS.selectionModeles },
  });
}

export function useSaveSelectionModel() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: SelectionModelBodyInput) =>
      apiSend<typeof selectionModel>(
        'POST',
        '/admin/selectionModele/post',
        checkBody(selectionModelBody, body),
      ),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: modelsQueryKey }),
  });
}

export function useDeleteSelectionModel() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) =>
      apiSend<typeof selectionModelMessage>('DELETE', buildUrl('/admin/selectionModele/delete', { id })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: modelsQueryKey }),
  });
}
