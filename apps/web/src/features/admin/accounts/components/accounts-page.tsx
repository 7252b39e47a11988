// The 'Comptes' page (docs/contract/accounts.md): every web account with its customer, role, state and
// last login, searched by login, name or customer code and filtered by role and state, 50 a page.
// 'Inviter un compte' mails an invitation link; each row's actions resend it, disable or enable the
// account, send it a new-password link, or delete it after a confirmation.
import { useState, type FormEvent } from 'react';
import { Badge, Button, Group, Menu, NativeSelect, Stack, Text, TextInput } from '@mantine/core';
import {
  ACCOUNT_ROLE_LABELS,
  ACCOUNT_STATE_LABELS,
  ACCOUNT_STATES,
  ACCOUNTS_LABELS as L,
  ACCOUNTS_TITLE,
  type AccountState,
} from '@comptoir/shared/accounts-texts';
import { ACCOUNTS_PAGE_SIZE, type AccountsQuery, type WebAccount } from '@comptoir/shared/accounts';
import type { Role } from '@comptoir/shared/auth';
import { formatDate } from '@comptoir/shared/format';
import { errorMessage } from '../../../../lib/api';
import { useMe } from '../../../../lib/auth';
import { ConfirmModal } from '../../../../components/ui/confirm-modal';
import { DataTable, type DataTableColumn } from '../../../../components/ui/data-table';
import { ChevronDownIcon } from '../../../../components/ui/icons';
import { PageHeader } from '../../../../components/ui/page-header';
import { Pagination } from '../../../../components/ui/pagination';
import { showErrorToast, showSuccessToast } from '../../../../components/ui/toasts';
import {
  useAccounts,
  useDeleteAccount,
  useResendInvitation,
  useResetAccountPassword,
  useUpdateAccount,
} from '../api/accounts';
import { InviteAccountModal } from './invite-account-modal';

interface Filters {
  recherche: string;
  role: Role | '';
  etat: AccountState | '';
}

const NO_FILTERS: Filters = { recherche: '', role: '', etat: '' };
const NOTHING: readonly WebAccount[] = [];
const STATE_COLORS: Record<AccountState, string> = {
  invite: 'blue.9',
  actif: 'green.9',
  desactive: 'gray.7',
};

const toQuery = (filters: Filters, page: number): AccountsQuery => ({
  ...(filters.recherche.trim() && { recherche: filters.recherche.trim() }),
  ...(filters.role && { role: filters.role }),
  ...(filters.etat && { etat: filters.etat }),
  page,
  size: ACCOUNTS_PAGE_SIZE,
});

type Confirm = { kind: 'delete' | 'disable'; account: WebAccount } | null;

export function AccountsPage() {
  const [draft, setDraft] = useState<Filters>(NO_FILTERS);
  const [search, setSearch] = useState({ filters: NO_FILTERS, page: 0 });
  const [inviting, setInviting] = useState(false);
  const [confirm, setConfirm] = useState<Confirm>(null);
  const me = useMe();
  const accounts = useAccounts(toQuery(search.filters, search.page));
  const update = useUpdateAccount();
  const resend = useResendInvitation();
  const reset = useResetAccountPassword();
  const remove = useDeleteAccount();
  const rows = accounts.isError ? NOTHING : (accounts.data?.elements ?? NOTHING);
  const total = accounts.isError ? 0 : (accounts.data?.total ?? 0);

  const done = { onSuccess: (answer: { message: string }) => showSuccessToast(answer.message) };
  const failed = { onError: (error: unknown) => showErrorToast(errorMessage(error)) };
  const callbacks = { ...done, ...failed };

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setSearch({ filters: draft, page: 0 });
  }

  function confirmAction() {
    if (!confirm) return;
    const close = { onSettled: () => setConfirm(null) };
    if (confirm.kind === 'delete') remove.mutate(confirm.account.id, { ...callbacks, ...close });
    else update.mutate({ id: confirm.account.id, body: { etat: 'desactive' } }, { ...callbacks, ...close });
  }

  const columns: DataTableColumn<WebAccount>[] = [
    {
      key: 'login',
      header: L.email,
      render: (a) => (
        <Text fw={600} size="sm">
          {a.login}
        </Text>
      ),
    },
    { key: 'nom', header: L.name, render: (a) => a.nom ?? '' },
    {
      key: 'client',
      header: L.customer,
      render: (a) =>
        a.codeClient ? (
          <Stack gap={0}>
            <Text size="sm">{a.codeClient}</Text>
            <Text size="xs" c="dimmed">
              {a.nomClient}
              {a.professionnel === null ? '' : ` · ${a.professionnel ? L.professional : L.individual}`}
            </Text>
          </Stack>
        ) : (
          ''
        ),
    },
    { key: 'role', header: L.role, render: (a) => ACCOUNT_ROLE_LABELS[a.role] },
    {
      key: 'etat',
      header: L.state,
      render: (a) => (
        <Badge color={STATE_COLORS[a.etat]} variant="filled">
          {ACCOUNT_STATE_LABELS[a.etat]}
        </Badge>
      ),
    },
    {
      key: 'connexion',
      header: L.lastLogin,
      nowrap: true,
      render: (a) => (a.derniereConnexion ? formatDate(new Date(a.derniereConnexion)) : L.never),
    },
    {
      key: 'actions',
      header: L.actions,
      align: 'right',
      render: (a) => {
        const self = me.data?.login === a.login;
        return (
          <Menu position="bottom-end" withinPortal>
            <Menu.Target>
              <Button
                variant="default"
                size="compact-sm"
                rightSection={<ChevronDownIcon />}
                aria-label={`${L.actions} ${a.login}`}
              >
                {L.actions}
              </Button>
            </Menu.Target>
            <Menu.Dropdown>
              {a.etat === 'invite' ? (
                <Menu.Item onClick={() => resend.mutate(a.id, callbacks)}>{L.resend}</Menu.Item>
              ) : (
                <Menu.Item onClick={() => reset.mutate(a.id, callbacks)}>{L.resetPassword}</Menu.Item>
              )}
              {a.etat === 'desactive' ? (
                <Menu.Item onClick={() => update.mutate({ id: a.id, body: { etat: 'actif' } }, callbacks)}>
                  {L.enable}
                </Menu.Item>
              ) : a.etat === 'actif' && !self ? (
                <Menu.Item onClick={() => setConfirm({ kind: 'disable', account: a })}>{L.disable}</Menu.Item>
              ) : null}
              {!self ? (
                <Menu.Item color="red" onClick={() => setConfirm({ kind: 'delete', account: a })}>
                  {L.delete}
                </Menu.Item>
              ) : null}
            </Menu.Dropdown>
          </Menu>
        );
      },
    },
  ];

  return (
    <Stack gap={0}>
      <PageHeader
        title={ACCOUNTS_TITLE}
        subtitle={accounts.data ? L.count(total) : undefined}
        actions={<Button onClick={() => setInviting(true)}>{L.invite}</Button>}
      />
      <form onSubmit={submit} aria-label={L.search}>
        <Group align="flex-end" gap="sm" wrap="wrap" mb="md">
          <TextInput
            label={L.search}
            placeholder={L.searchPlaceholder}
            value={draft.recherche}
            onChange={(event) => setDraft({ ...draft, recherche: event.currentTarget.value })}
            w={{ base: '100%', sm: 280 }}
          />
          <NativeSelect
            label={L.role}
            value={draft.role}
            onChange={(event) => setDraft({ ...draft, role: event.currentTarget.value as Filters['role'] })}
            data={[
              { value: '', label: L.all },
              ...(['client', 'admin'] as const).map((role) => ({
                value: role,
                label: ACCOUNT_ROLE_LABELS[role],
              })),
            ]}
          />
          <NativeSelect
            label={L.state}
            value={draft.etat}
            onChange={(event) => setDraft({ ...draft, etat: event.currentTarget.value as Filters['etat'] })}
            data={[
              { value: '', label: L.all },
              ...ACCOUNT_STATES.map((state) => ({ value: state, label: ACCOUNT_STATE_LABELS[state] })),
            ]}
          />
          <Button type="submit" loading={accounts.isFetching}>
            {L.search}
          </Button>
        </Group>
      </form>
      <DataTable
        columns={columns}
        rows={rows}
        rowKey={(a) => a.id}
        caption={ACCOUNTS_TITLE}
        loading={accounts.isPending}
        emptyText={L.empty}
      />
      <Pagination
        page={search.page}
        total={total}
        pageSize={ACCOUNTS_PAGE_SIZE}
        disabled={accounts.isFetching}
        onChange={(page) => setSearch({ filters: search.filters, page })}
      />
      <InviteAccountModal opened={inviting} onClose={() => setInviting(false)} />
      <ConfirmModal
        title={confirm?.kind === 'delete' ? L.delete : L.disable}
        opened={confirm !== null}
        onClose={() => setConfirm(null)}
        onConfirm={confirmAction}
        confirmLabel={confirm?.kind === 'delete' ? L.delete : L.disable}
        danger
        loading={remove.isPending || update.isPending}
      >
        {confirm
          ? confirm.kind === 'delete'
            ? L.confirmDelete(confirm.account.login)
            : L.confirmDisable(confirm.account.login)
          : ''}
      </ConfirmModal>
    </Stack>
  );
}
