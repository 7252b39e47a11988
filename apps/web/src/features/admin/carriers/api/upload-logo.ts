// POST /service/transporteur/logo/upload: a multipart body (field `logo`). The server checks the type
// by content and the size; its 400 message is kept.
import { useMutation } from '@tanstack/react-query';
import type { logoUploadResponse } from '@comptoir/shared/shipping/contract';
import { apiUpload } from '../../../../lib/api';

export const LOGO_UPLOAD_PATH = '/service/transporteur/logo/upload';

/** Stores the file as a logo; answers its URL ('/logos/<file>'). */
export async function uploadLogo(file: File): Promise<string> {
  return (await apiUpload<typeof logoUploadResponse>(LOGO_UPLOAD_PATH, 'logo', file)).logo;
}

export function useUploadLogo() {
  return useMutation({ mutationFn: uploadLogo });
}
