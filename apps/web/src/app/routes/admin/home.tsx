import { Link } from '../../../lib/router';
import { Card, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { PageHeader } from '../../../components/ui/page-header';
import { AdminHomeFigures } from '../../../features/admin/home/components/admin-home-figures';
import { AdminHomeWarnings } from '../../../features/admin/home/components/admin-home-warnings';
import { adminHome, navigationScreens } from '../../admin-screens';
import { APP_LABELS } from '../../labels';

export function Component() {
  const screens = navigationScreens().filter((screen) => screen !== adminHome);
  return (
    <Stack gap="xl">
      <PageHeader title={adminHome.label} subtitle={APP_LABELS.admin.homeSubtitle} />
      <AdminHomeWarnings />
      <section aria-labelledby="admin-home-figures">
        <Title order={2} fz="h3" mb="md" id="admin-home-figures">
          {APP_LABELS.admin.today}
        </Title>
        <AdminHomeFigures />
      </section>
      {screens.length > 0 ? (
        <section aria-labelledby="admin-home-screens">
          <Title order={2} fz="h3" mb="md" id="admin-home-screens">
            {APP_LABELS.admin.screens}
          </Title>
          <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }}>
            {screens.map((screen) => (
              <Card key={screen.path} component={Link} to={screen.href} withBorder radius="md" padding="lg">
                <Text fw={650} c="var(--mantine-primary-color-filled)">
                  {screen.label}
                </Text>
                <Text size="sm" c="dimmed" mt={6}>
                  {screen.description}
                </Text>
              </Card>
            ))}
          </SimpleGrid>
        </section>
      ) : null}
    </Stack>
  );
}
