// The calls of the 'Comptes' page (docs/contract/accounts.md): the list, the invitation, the state,
// the password reset and the deletion of an account. Every write refreshes the list.
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  inviteAccountBody,
  type accountAnswer,
  type accountDeleted,
  type accountsPage,
  type AccountsQuery,
  type InviteAccountBody,
  type UpdateAccountBody,
} from '@comptoir/shared/accounts';
import { apiGet, apiSend, checkBody, type Query } from '../../../../lib/api';

const BASE = '/admin/comptes';
export const accountsQueryKey = ['admin', 'comptes'] as const;

export const accountsQueryOptions = (query: AccountsQuery) =>
  queryOptions({
    queryKey: [...accountsQueryKey, query],
    queryFn: () => apiGet<typeof accountsPage>(BASE, query as Query),
    placeholderData: keepPreviousData,
  });

export const useAccounts = (query: AccountsQuery) => useQuery(accountsQueryOptions(query));

function useAccountWrite<V, T>(call: (value: V) => Promise<T>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSettled: () => queryClient.invalidateQueries({ queryKey: accountsQueryKey }),
  });
}

export const useInviteAccount = () =>
  useAccountWrite((body: InviteAccountBody) =>
    apiSend<typeof accountAnswer>('POST', BASE, checkBody(inviteAccountBody, body)),
  );

export const useUpdateAccount = () =>
  useAccountWrite(({ id, body }: { id: number; body: UpdateAccountBody }) =>
    apiSend<typeof accountAnswer>('PATCH', `${BASE}/${id}`, body),
  );

export const useResendInvitation = () =>
  useAccountWrite((id: number) => apiSend<typeof accountAnswer>('POST', `${BASE}/${id}/invitation`));

export const useResetAccountPassword = () =>
  useAccountWrite((id: number) => apiSend<typeof accountAnswer>('POST', `${BASE}/${id}/mot-de-passe`));

export const useDeleteAccount = () =>
  useAccountWrite((id: number) => apiSend<typeof accountDeleted>('DELETE', `${BASE}/${id}`));
