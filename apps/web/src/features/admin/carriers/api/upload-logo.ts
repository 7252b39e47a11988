// POST /service/transporteur/logo/upload: a multipart body (field `logo`), which apiSend (JSON only)
// does not send. The server checks the type by content and the size; its 400 message is kept.
import { useMutation } from '@tanstack/react-query';
import { CRITICAL_ERROR, errorResponse } from '@comptoir/shared/errors';
import { logoUploadResponse } from '@comptoir/shared/shipping/contract';
import { ApiError } from '../../../../lib/api';

export const LOGO_UPLOAD_PATH = '/service/transporteur/logo/upload';

/** Stores the file as a logo; answers its URL ('/logos/<file>'). */
export async function uploadLogo(file: File): Promise<string> {
  const form = new FormData();
  form.append('logo', file);
  let response: Response;
  try {
    response = await fetch(LOGO_UPLOAD_PATH, {
      method: 'POST',
      credentials: 'same-origin',
      headers: { Accept: 'application/json' },
      body: form,
    });
  } catch {
    throw new ApiError(0, CRITICAL_ERROR);
  }
  const json: unknown = await response.json().catch(() => null);
  if (!response.ok) {
    const error = errorResponse.safeParse(json);
    throw new ApiError(response.status, error.success ? error.data.message : CRITICAL_ERROR);
  }
  const parsed = logoUploadResponse.safeParse(json);
  if (!parsed.success) throw new ApiError(0, CRITICAL_ERROR);
  return parsed.data.logo;
}

export function useUploadLogo() {
  return useMutation({ mutationFn: uploadLogo });
}
