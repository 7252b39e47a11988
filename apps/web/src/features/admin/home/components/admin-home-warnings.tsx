import { Alert, Anchor, List, Stack, Text } from '@mantine/core';
import type { AdminHomeWarning } from '@comptoir/shared/admin-home';
import { paths } from '../../../../config/paths';
import { Link } from '../../../../lib/router';
import { AlertIcon } from '../../../../components/ui/icons';
import { useAdminHomeWarnings } from '../api/get-admin-home';
import { ADMIN_HOME_WARNING_LABELS as L } from '../labels';

type Screen = NonNullable<AdminHomeWarning['ecran']>;

const SCREENS: Record<Screen, string> = {
  forfaits: paths.admin.shippingFees.getHref(),
  transporteurs: paths.admin.carriers.getHref(),
};

/**
 * What the administrator should fix or watch (GET /admin/accueil/alertes): an empty fee schedule, a
 * carrier no forfait prices (the checkout does not offer it), each with a link to its screen; mails
 * waiting in the outbox or given up (no screen: the server's log says why). Nothing when all is well,
 * nor while loading or when the call failed (the figures below say the failure).
 */
export function AdminHomeWarnings() {
  const { data } = useAdminHomeWarnings();
  if (!data || data.alertes.length === 0) return null;
  const screens = [
    ...new Set(data.alertes.flatMap((warning) => (warning.ecran === null ? [] : [warning.ecran]))),
  ];
  return (
    <Alert color="orange" variant="light" icon={<AlertIcon />} role="alert" aria-label={L.title}>
      <Stack gap="xs">
        {/* The title in the text's colour: Mantine's orange title is too pale on its light background. */}
        <Text fw={700}>{L.title}</Text>
        <List size="sm" spacing={4}>
          {data.alertes.map((warning) => (
            <List.Item key={warning.message}>
              <Text size="sm">{warning.message}</Text>
            </List.Item>
          ))}
        </List>
        {screens.map((screen) => (
          <Anchor key={screen} component={Link} to={SCREENS[screen]} size="sm">
            {L.links[screen]}
          </Anchor>
        ))}
      </Stack>
    </Alert>
  );
}
