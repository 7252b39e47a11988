// Changing the account's password (/compte/mot-de-passe): the current one, then the new one; the
// server ends the account's other sessions.
import type { FormEvent } from 'react';
import { Alert, Button, Stack, Text } from '@mantine/core';
import { changePasswordBody } from '@comptoir/shared/account';
import { useFields } from '../../../../lib/use-fields';
import { FailureAlert } from '../../../../components/ui/failure-alert';
import { PageHeader } from '../../../../components/ui/page-header';
import { PasswordFields } from '../../../../components/ui/password-fields';
import { useChangePassword } from '../api/account-actions';
import { ACCOUNT_LABELS, PASSWORD_LABELS as L } from '../labels';
import { AccountNav } from './account-nav';

export function ChangePasswordPage() {
  const { fields, setFields, bind, check } = useFields();
  const change = useChangePassword();

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const body = check(changePasswordBody, {
      motDePasseActuel: fields.motDePasseActuel ?? '',
      nouveauMotDePasse: fields.nouveauMotDePasse ?? '',
    });
    if (body) change.mutate(body, { onSuccess: () => setFields({}) });
  }

  return (
    <>
      <PageHeader title={ACCOUNT_LABELS.title} />
      <AccountNav />
      <Text component="h2" fw={700} fz="h3" mb="sm">
        {L.title}
      </Text>
      <form onSubmit={submit} noValidate aria-label={L.title}>
        <Stack gap="sm" maw={420}>
          {change.isError ? <FailureAlert error={change.error} /> : null}
          {change.isSuccess ? (
            <Alert color="green" variant="light" role="status">
              {change.data.message}
            </Alert>
          ) : null}
          <PasswordFields bind={bind} current="motDePasseActuel" next="nouveauMotDePasse" />
          <Button type="submit" loading={change.isPending}>
            {L.submit}
          </Button>
        </Stack>
      </form>
    </>
  );
}
