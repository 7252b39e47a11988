import { Link } from '../../lib/router';
import { Button, Stack, Text } from '@mantine/core';
import { PageHeader } from '../../components/ui/page-header';
import { paths } from '../../config/paths';
import { APP_LABELS } from '../labels';

export function Component() {
  return (
    <Stack align="flex-start" gap="md">
      <PageHeader title={APP_LABELS.notFound.title} />
      <Text>{APP_LABELS.notFound.text}</Text>
      <Button component={Link} to={paths.shop.home.getHref()} variant="default">
        {APP_LABELS.notFound.backHome}
      </Button>
    </Stack>
  );
}
