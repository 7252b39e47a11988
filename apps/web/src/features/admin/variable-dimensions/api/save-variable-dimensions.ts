import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  dimensionsUpdateBody,
  ligneDimensionList,
  type DimensionsUpdateBody,
} from '@comptoir/shared/dimensions';
import { apiSend } from '../../../../lib/api';
import { variableDimensionsQueryOptions } from './get-variable-dimensions';

/** POST /admin/dimensionsVariables/update: every line of the screen; answers the saved lines. */
export const saveVariableDimensions = (body: DimensionsUpdateBody) =>
  apiSend('POST', '/admin/dimensionsVariables/update', dimensionsUpdateBody, body, ligneDimensionList);

export function useSaveVariableDimensions() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveVariableDimensions,
    onSuccess: (saved) => queryClient.setQueryData(variableDimensionsQueryOptions().queryKey, saved),
  });
}
