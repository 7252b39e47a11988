// The session as the web app sees it: who is logged in (GET /auth/me), logging in and out.
import { queryOptions, useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { LoginBody, Me, me, meAnswer } from '@comptoir/shared/auth';
import { sessionUser } from '@comptoir/shared/auth-texts';
import { apiGet, apiSend } from './api';
import { meQueryKey } from './query-client';

export const meQueryOptions = () =>
  queryOptions({
    queryKey: meQueryKey,
    // A visitor gets { connecte: false }, read as null.
    queryFn: async (): Promise<Me | null> => sessionUser(await apiGet<typeof meAnswer>('/auth/me')),
    staleTime: 5 * 60_000,
  });

/** The logged-in user, null for a visitor, undefined while the first answer is awaited. */
export function useMe() {
  return useQuery(meQueryOptions());
}

/** A session was just opened for `user` (login, sign-up, temporary account): forget the previous one's data. */
export function adoptSession(queryClient: QueryClient, user: Me) {
  // Another user may have been logged in before: nothing cached belongs to the new one.
  queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== meQueryKey[0] });
  queryClient.setQueryData(meQueryKey, user);
}

export function useLogin() {
  const queryClient = useQueryClient();
  return useMutation({
    // Not checked here (zod stays out of the first load): the server answers an invalid body with its message.
    mutationFn: (body: LoginBody) => apiSend<typeof me>('POST', '/auth/login', body),
    onSuccess: (user) => adoptSession(queryClient, user),
  });
}

export function useLogout() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiSend('POST', '/auth/logout'),
    onSettled: () => {
      queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== meQueryKey[0] });
      queryClient.setQueryData(meQueryKey, null);
    },
  });
}

export const isAdmin = (user: Me | null | undefined): boolean => user?.role === 'admin';
