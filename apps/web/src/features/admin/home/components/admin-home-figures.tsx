import { Alert, Paper, Skeleton, Text } from '@mantine/core';
import type { AdminHomeFigures as Figures } from '@comptoir/shared/admin-home';
import { formatInteger } from '@comptoir/shared/format';
import { errorMessage } from '../../../../lib/api';
import { AlertIcon } from '../../../../components/ui/icons';
import { useAdminHomeFigures } from '../api/get-admin-home';
import classes from './admin-home.module.css';

const FIGURES: { key: keyof Figures; label: string }[] = [
  { key: 'commandesDuJour', label: 'Commandes du jour' },
  { key: 'paiementsAValider', label: 'Paiements à valider' },
  { key: 'connexionsDuJour', label: 'Connexions du jour' },
  { key: 'clients', label: 'Clients' },
  { key: 'articles', label: 'Articles' },
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
      {FIGURES.map(({ key, label }) => (
        <Paper key={key} withBorder radius="md" p="md" data-figure={key}>
          <Text component="dt" size="sm" c="dimmed">
            {label}
          </Text>
          <Text component="dd" fz={28} fw={700} lh={1.2} mt={4} ml={0}>
            {isPending ? <Skeleton height={32} width="50%" /> : formatInteger(data[key])}
          </Text>
        </Paper>
      ))}
    </dl>
  );
}
