import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { me, type Me } from '@comptoir/shared/auth';
import {
  signupBody,
  signupOptions,
  temporaryAccountBody,
  type SignupBody,
  type TemporaryAccountBody,
} from '@comptoir/shared/signup';
import { apiGet, apiSend } from '../../../../lib/api';
import { adoptSession } from '../../../../lib/auth';

/** GET /auth/inscription: which accounts the shop lets visitors create (the settings may change). */
export const signupOptionsQueryOptions = () =>
  queryOptions({
    queryKey: ['inscription', 'options'],
    queryFn: () => apiGet('/auth/inscription', signupOptions),
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
    mutationFn: (body: SignupBody) => apiSend('POST', '/auth/inscription', signupBody, body, me),
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
      apiSend('POST', '/auth/compte-temporaire', temporaryAccountBody, body, me),
    onSuccess: (user) => {
      adoptSession(queryClient, user);
      onDone(user);
    },
  });
}
