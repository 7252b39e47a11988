// The login form (POST /auth/login): French labels, the fields checked by the shared loginBody schema,
// and the API's message (wrong password, too many attempts) shown in an alert.
import { useState, type FormEvent } from 'react';
import { Alert, Button, PasswordInput, Stack, TextInput } from '@mantine/core';
import { loginBody, type Me } from '@comptoir/shared/auth';
import { errorMessage } from '../../../../lib/api';
import { useLogin } from '../../../../lib/auth';
import { AlertIcon } from '../../../../components/ui/icons';
import { LOGIN_LABELS } from '../labels';

type FieldErrors = Partial<Record<'login' | 'password', string>>;

export interface LoginFormProps {
  onSuccess: (user: Me) => void;
}

export function LoginForm({ onSuccess }: LoginFormProps) {
  const [login, setLogin] = useState('');
  const [password, setPassword] = useState('');
  const [fieldErrors, setFieldErrors] = useState<FieldErrors>({});
  const mutation = useLogin();

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const parsed = loginBody.safeParse({ login, password });
    if (!parsed.success) {
      const errors: FieldErrors = {};
      for (const issue of parsed.error.issues) {
        const field = issue.path[0];
        if ((field === 'login' || field === 'password') && !errors[field]) errors[field] = issue.message;
      }
      setFieldErrors(errors);
      return;
    }
    setFieldErrors({});
    mutation.mutate(parsed.data, { onSuccess });
  }

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        {mutation.isError ? (
          <Alert color="red" variant="light" icon={<AlertIcon />} role="alert">
            {errorMessage(mutation.error)}
          </Alert>
        ) : null}
        <TextInput
          label={LOGIN_LABELS.login}
          name="login"
          autoComplete="username"
          required
          value={login}
          onChange={(event) => setLogin(event.currentTarget.value)}
          error={fieldErrors.login}
          data-autofocus
        />
        <PasswordInput
          label={LOGIN_LABELS.password}
          name="password"
          autoComplete="current-password"
          required
          value={password}
          onChange={(event) => setPassword(event.currentTarget.value)}
          error={fieldErrors.password}
        />
        <Button type="submit" loading={mutation.isPending} fullWidth>
          {LOGIN_LABELS.submit}
        </Button>
      </Stack>
    </form>
  );
}
