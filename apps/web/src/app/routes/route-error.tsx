// Shown when a page fails to render or its code cannot be loaded (e.g. a new version was deployed).
import { isRouteErrorResponse, useRouteError } from 'react-router';
import { Alert, Button, Container } from '@mantine/core';
import { CRITICAL_ERROR } from '@comptoir/shared/errors';
import { APP_LABELS } from '../labels';

export function RouteError() {
  const error = useRouteError();
  const message =
    isRouteErrorResponse(error) && error.status === 404 ? APP_LABELS.notFound.title : CRITICAL_ERROR;
  if (!isRouteErrorResponse(error)) console.error(error);
  return (
    <Container size="sm" py="xl">
      <main>
        <Alert color="red" variant="light" title={message}>
          <Button mt="sm" variant="default" onClick={() => window.location.reload()}>
            {APP_LABELS.reload}
          </Button>
        </Alert>
      </main>
    </Container>
  );
}
