// The invitation link's page (docs/contract/accounts.md): the invited person chooses a password (the
// sign-up's rules) and is logged in, then sent to the shop's home (an administrator to the back office).
import type { FormEvent } from 'react';
import { Alert, Button, Center, Paper, Stack, Text } from '@mantine/core';
import { acceptInvitationBody } from '@comptoir/shared/accounts';
import { INVITATION_TEXTS as L } from '@comptoir/shared/accounts-texts';
import { paths } from '../../../../config/paths';
import { useNavigate } from '../../../../lib/router';
import { useFields } from '../../../../lib/use-fields';
import { FailureAlert } from '../../../../components/ui/failure-alert';
import { PageHeader } from '../../../../components/ui/page-header';
import { PasswordFields } from '../../../../components/ui/password-fields';
import { showSuccessToast } from '../../../../components/ui/toasts';
import { ACCOUNTS_MESSAGES } from '@comptoir/shared/accounts-texts';
import { useAcceptInvitation } from '../api/accept-invitation';

export function InvitationPage({ token }: { token: string | null }) {
  const { fields, bind, check } = useFields();
  const accept = useAcceptInvitation();
  const navigate = useNavigate();

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const body = check(acceptInvitationBody, { jeton: token ?? '', motDePasse: fields.motDePasse ?? '' });
    if (body)
      accept.mutate(body, {
        onSuccess: (user) => {
          showSuccessToast(ACCOUNTS_MESSAGES.invitationAccepted);
          navigate(user.role === 'admin' ? paths.admin.home.getHref() : paths.shop.home.getHref());
        },
      });
  }

  return (
    <Center>
      <Paper withBorder shadow="sm" radius="md" p="xl" w="100%" maw={440}>
        <PageHeader title={L.title} />
        {!token ? (
          <Alert color="orange" variant="light">
            {L.missingToken}
          </Alert>
        ) : (
          <form onSubmit={submit} noValidate aria-label={L.title}>
            <Stack gap="sm">
              <Text size="sm">{L.intro}</Text>
              {accept.isError ? <FailureAlert error={accept.error} /> : null}
              <PasswordFields bind={bind} next="motDePasse" nextLabel={L.password} autoFocus />
              <Button type="submit" loading={accept.isPending} fullWidth>
                {L.submit}
              </Button>
            </Stack>
          </form>
        )}
      </Paper>
    </Center>
  );
}
