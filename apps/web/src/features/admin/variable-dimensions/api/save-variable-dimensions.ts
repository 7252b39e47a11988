import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  dimensionsUpdateBody,
  type DimensionsUpdateBody,
  type ligneDimensionList,
} from '@comptoir/shared/dimensions';
import { apiSend, checkBody } from '../../../../lib/api';
import { variableDimensionsQueryOptions } from './get-variable-dimensions';

/** POST /admin/dimensionsVariables/update: every line of the screen; answers the saved lines. */
export const saveVariableDimensions = (body: DimensionsUpdateBody) =>
  apiSend<typeof ligneDimensionList>(
    'POST',
    '/admin/dimensionsVariables/update',
    checkBody(dimensionsUpdateBody, body),
  );

export function useSaveVariableDimensions() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveVariableDimensions,
    onSuccess: (saved) => queryClient.setQueryData(variableDimensionsQueryOptions().queryKey, saved),
  });
}
