import { Link } from 'react-router';
import { Button, Stack, Text } from '@mantine/core';
import { PageHeader } from '../../components/ui/page-header';
import { paths } from '../../config/paths';

export function Component() {
  return (
    <Stack align="flex-start" gap="md">
      <PageHeader title="Page introuvable" />
      <Text>L&apos;adresse demandée ne correspond à aucune page.</Text>
      <Button component={Link} to={paths.shop.home.getHref()} variant="default">
        Retour à l&apos;accueil
      </Button>
    </Stack>
  );
}
