import { Alert, Paper, Skeleton, Text } from '@mantine/core';
import type { AdminHomeFigures as Figures } from '@comptoir/shared/admin-home';
import { formatInteger } from '@comptoir/shared/format';
import { errorMessage } from '../../../../lib/api';
import { AlertIcon } from '../../../../components/ui/icons';
import { useAdminHomeFigures } from '../api/get-admin-home';
import { ADMIN_HOME_FIGURE_LABELS } from '../labels';
import classes from './admin-home.module.css';

// The order of the tiles.
const FIGURES: (keyof Figures)[] = [
  'commandesDuJour',
  'paiementsAValider',
  'connexionsDuJour',
  'clients',
  'articles',
];

/** The live figures of the back-office home (GET /admin/accueil), as a description list of tiles. */
export function AdminHomeFigures() {
  const { data, isPending, isError, error } = useAdminHomeFigures();

  if (isError) {
    return (
      <Alert color="red" variant="light" icon={<AlertIcon />}>
        {errorMessage(error)}
      </Alert>
    );
  }
  return (
    <dl className={classes.figures} aria-busy={isPending}>
      {FIGURES.map((key) => (
        <Paper key={key} withBorder radius="md" p="md" data-figure={key}>
          <Text component="dt" size="sm" c="dimmed">
            {ADMIN_HOME_FIGURE_LABELS[key]}
          </Text>
          <Text component="dd" fz={28} fw={700} lh={1.2} mt={4} ml={0}>
            {isPending ? <Skeleton height={32} width="50%" /> : formatInteger(data[key])}
          </Text>
        </Paper>
      ))}
    </dl>
  );
}
