// Guard of the back office: an administrator session or the login page (with the way back).
// Reacts to the session disappearing too: any 401 answer clears it (lib/query-client.ts).
import type { ReactNode } from 'react';
import { Navigate, useLocation } from '../lib/router';
import { Alert, Button, Center, Stack } from '@mantine/core';
import { AUTH_MESSAGES } from '@comptoir/shared/auth';
import { useLogout, useMe } from '../lib/auth';
import { errorMessage } from '../lib/api';
import { paths } from '../config/paths';
import { PageLoader } from '../components/ui/page-loader';
import { APP_LABELS } from './labels';
import { InteractiveMark } from '../lib/hydrated';

export function RequireAdmin({ children }: { children: ReactNode }) {
  const location = useLocation();
  const { data: user, isPending, isError, error, refetch } = useMe();
  const logout = useLogout();
  const here = `${location.pathname}${location.search}${location.hash}`;

  if (isPending) {
    return <PageLoader height="60vh" />;
  }
  if (isError) {
    return (
      <main>
        <Alert color="red" variant="light" m="xl" title={errorMessage(error)}>
          <Button variant="default" mt="sm" onClick={() => refetch()}>
            {APP_LABELS.admin.retry}
          </Button>
        </Alert>
        <InteractiveMark />
      </main>
    );
  }
  if (!user) return <Navigate to={paths.login.getHref(here)} replace />;
  if (user.role !== 'admin') {
    return (
      <Center component="main" mih="60vh" p="md">
        <Stack maw={480}>
          <Alert color="orange" variant="light" title={AUTH_MESSAGES.forbidden}>
            {APP_LABELS.admin.customerSession(user.login)}
          </Alert>
          <Button loading={logout.isPending} onClick={() => logout.mutate()}>
            {APP_LABELS.admin.loginAsAdmin}
          </Button>
        </Stack>
        <InteractiveMark />
      </Center>
    );
  }
  return children;
}
