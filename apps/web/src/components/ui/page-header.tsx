// The title of a page: its <h1>, and the browser tab's title ('… — Comptoir').
import type { ReactNode } from 'react';
import { Group, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';

export const APP_NAME = 'Comptoir';

export interface PageHeaderProps {
  title: string;
  /** One line under the title. */
  subtitle?: ReactNode;
  /** Buttons shown on the right of the title. */
  actions?: ReactNode;
}

export function PageHeader({ title, subtitle, actions }: PageHeaderProps) {
  useDocumentTitle(`${title} — ${APP_NAME}`);
  return (
    <Group justify="space-between" align="flex-end" mb="lg" wrap="wrap">
      <div>
        <Title order={1} fz="h2">
          {title}
        </Title>
        {subtitle ? (
          <Text c="dimmed" mt={4}>
            {subtitle}
          </Text>
        ) : null}
      </div>
      {actions ? <Group gap="sm">{actions}</Group> : null}
    </Group>
  );
}
