// The API's refusal of a form or a load, in a red alert read out at once.
import { Alert } from '@mantine/core';
import { errorMessage } from '../../lib/api';
import { AlertIcon } from './icons';

export function FailureAlert({ error }: { error: unknown }) {
  return (
    <Alert color="red" variant="light" icon={<AlertIcon />} role="alert">
      {errorMessage(error)}
    </Alert>
  );
}
