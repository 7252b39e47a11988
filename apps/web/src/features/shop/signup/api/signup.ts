import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Me, me } from '@comptoir/shared/auth';
import {
  signupBody,
  type SignupBody,
  type signupOptions,
  temporaryAccountBody,
  type TemporaryAccountBody,
} from '@comptoir/shared/signup';
import { apiGet, apiSend, checkBody } from '../../../../lib/api';
import { adoptSession } from '../../../../lib/auth';

/** GET /auth/inscription: which accounts the shop lets visitors create (the settings may change). */
export const signupOptionsQueryOptions = () =>
  queryOptions({
    queryKey: ['inscription', 'options'],
    queryFn: () => apiGet<typeof signupOptions>('/auth/inscription'),
    staleTime: 0,
  });

export const useSignupOptions = () => useQuery(signupOptionsQueryOptions());

/**
 * POST /auth/inscription: the new account is logged in at once, then `onDone` runs. It is called here,
 * not per mutate(): opening the session drops the cached options, which unmounts the form.
 */
export function useSignUp(onDone: (user: Me) => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: SignupBody) =>
      apiSend<typeof me>('POST', '/auth/inscription', checkBody(signupBody, body)),
    onSuccess: (user) => {
      adoptSession(queryClient, user);
      onDone(user);
    },
  });
}

/** POST /auth/compte-temporaire: a temporary account for this visit, logged in at once. */
export function useTemporaryAccount(onDone: (user: Me) => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TemporaryAccountBody) =>
      apiSend<typeof me>('POST', '/auth/compte-temporaire', checkBody(temporaryAccountBody, body)),
    onSuccess: (user) => {
      adoptSession(queryClient, user);
      onDone(user);
    },
  });
}
