// The forgotten password: the page that asks for the link (the answer never tells whether the address
// is known), and the mailed link's page that sets the new password, then sends to the login.
import type { FormEvent, ReactNode } from 'react';
import { Link } from '../../../../lib/router';
import { Alert, Anchor, Button, Center, Paper, Stack, Text, TextInput } from '@mantine/core';
import { forgotPasswordBody, resetPasswordBody } from '@comptoir/shared/account';
import { paths } from '../../../../config/paths';
import { useFields } from '../../../../lib/use-fields';
import { FailureAlert } from '../../../../components/ui/failure-alert';
import { PageHeader } from '../../../../components/ui/page-header';
import { PasswordFields } from '../../../../components/ui/password-fields';
import { useForgotPassword, useResetPassword } from '../api/password-reset';
import { PASSWORD_RESET_LABELS as L } from '../labels';

function Frame({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Center>
      <Paper withBorder shadow="sm" radius="md" p="xl" w="100%" maw={440}>
        <PageHeader title={title} />
        {children}
      </Paper>
    </Center>
  );
}

const Done = ({ message, children }: { message: string; children?: ReactNode }) => (
  <Alert color="green" variant="light" role="status">
    <Text size="sm">{message}</Text>
    {children}
  </Alert>
);

export function ForgotPasswordPage() {
  const { fields, bind, check } = useFields();
  const send = useForgotPassword();

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const body = check(forgotPasswordBody, { email: fields.email ?? '' });
    if (body) send.mutate(body);
  }

  return (
    <Frame title={L.forgotTitle}>
      {send.isSuccess ? (
        <Done message={send.data.message} />
      ) : (
        <form onSubmit={submit} noValidate aria-label={L.forgotTitle}>
          <Stack gap="sm">
            <Text size="sm">{L.forgotIntro}</Text>
            {send.isError ? <FailureAlert error={send.error} /> : null}
            <TextInput
              label={L.email}
              type="email"
              autoComplete="email"
              required
              data-autofocus
              {...bind('email')}
            />
            <Button type="submit" loading={send.isPending} fullWidth>
              {L.send}
            </Button>
          </Stack>
        </form>
      )}
    </Frame>
  );
}

export function ResetPasswordPage({ token }: { token: string | null }) {
  const { fields, bind, check } = useFields();
  const reset = useResetPassword();
  const askAgain = (
    <Anchor component={Link} to={paths.forgotPassword.getHref()} display="block" mt="md" ta="center">
      {L.askAgain}
    </Anchor>
  );

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const body = check(resetPasswordBody, { jeton: token ?? '', motDePasse: fields.motDePasse ?? '' });
    if (body) reset.mutate(body);
  }

  if (!token)
    return (
      <Frame title={L.resetTitle}>
        <Alert color="orange" variant="light">
          {L.missingToken}
        </Alert>
        {askAgain}
      </Frame>
    );
  return (
    <Frame title={L.resetTitle}>
      {reset.isSuccess ? (
        <Done message={reset.data.message}>
          <Button component={Link} to={paths.login.getHref()} size="xs" mt="xs">
            {L.login}
          </Button>
        </Done>
      ) : (
        <form onSubmit={submit} noValidate aria-label={L.resetTitle}>
          <Stack gap="sm">
            {reset.isError ? <FailureAlert error={reset.error} /> : null}
            <PasswordFields bind={bind} next="motDePasse" autoFocus />
            <Button type="submit" loading={reset.isPending} fullWidth>
              {L.save}
            </Button>
          </Stack>
        </form>
      )}
      {reset.isError ? askAgain : null}
    </Frame>
  );
}
