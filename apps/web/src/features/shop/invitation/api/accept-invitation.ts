// POST /auth/invitation: the mailed link's token and the chosen password; the answer opens the session.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { acceptInvitationBody, type AcceptInvitationBody } from '@comptoir/shared/accounts';
import type { me } from '@comptoir/shared/auth';
import { apiSend, checkBody } from '../../../../lib/api';
import { adoptSession } from '../../../../lib/auth';

export function useAcceptInvitation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: AcceptInvitationBody) =>
      apiSend<typeof me>('POST', '/auth/invitation', checkBody(acceptInvitationBody, body)),
    onSuccess: (user) => adoptSession(queryClient, user),
  });
}
