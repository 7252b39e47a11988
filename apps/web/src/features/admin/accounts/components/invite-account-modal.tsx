// 'Inviter un compte': the person's e-mail (its login), name, customer code and role; the server mails
// the invitation link. The form stays open with the server's message when it refuses.
import type { FormEvent } from 'react';
import { Button, Group, NativeSelect, Stack, TextInput } from '@mantine/core';
import { ACCOUNT_ROLE_LABELS, ACCOUNTS_LABELS as L } from '@comptoir/shared/accounts-texts';
import { inviteAccountBody } from '@comptoir/shared/accounts';
import type { Role } from '@comptoir/shared/auth';
import { useFields } from '../../../../lib/use-fields';
import { AppModal } from '../../../../components/ui/app-modal';
import { FailureAlert } from '../../../../components/ui/failure-alert';
import { showSuccessToast } from '../../../../components/ui/toasts';
import { useInviteAccount } from '../api/accounts';

export function InviteAccountModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const { fields, bind, check, setFields } = useFields({ role: 'client' });
  const invite = useInviteAccount();

  const close = () => {
    if (invite.isPending) return;
    invite.reset();
    setFields({ role: 'client' });
    onClose();
  };

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const role = (fields.role ?? 'client') as Role;
    const body = check(inviteAccountBody, {
      email: fields.email ?? '',
      nom: fields.nom ?? '',
      codeClient: role === 'client' ? (fields.codeClient ?? '') : null,
      role,
    });
    if (body)
      invite.mutate(body, {
        onSuccess: (answer) => {
          showSuccessToast(answer.message);
          close();
        },
      });
  }

  return (
    <AppModal title={L.invite} opened={opened} onClose={close}>
      <form onSubmit={submit} noValidate aria-label={L.invite}>
        <Stack gap="sm">
          {invite.isError ? <FailureAlert error={invite.error} /> : null}
          <TextInput label={L.email} type="email" required data-autofocus {...bind('email')} />
          <TextInput label={L.name} required {...bind('nom')} />
          <NativeSelect
            label={L.role}
            data={(['client', 'admin'] as const).map((role) => ({
              value: role,
              label: ACCOUNT_ROLE_LABELS[role],
            }))}
            {...bind('role')}
          />
          {fields.role !== 'admin' ? (
            <TextInput label={L.customerCode} required {...bind('codeClient')} />
          ) : null}
          <Group justify="flex-end" mt="sm">
            <Button variant="default" onClick={close} disabled={invite.isPending}>
              {L.cancel}
            </Button>
            <Button type="submit" loading={invite.isPending}>
              {L.send}
            </Button>
          </Group>
        </Stack>
      </form>
    </AppModal>
  );
}
