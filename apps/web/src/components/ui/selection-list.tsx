// 'VOTRE SELECTION': the items a picker has chosen, each with a remove icon ('Retirer …').
import { ActionIcon, Group, Stack, Text, Title } from '@mantine/core';
import { TrashIcon } from './icons';
import { ARTICLE_PICKER_LABELS as L } from './labels';

export interface SelectionListProps {
  items: readonly { key: string; label: string }[];
  onRemove: (key: string) => void;
  emptyText: string;
}

export function SelectionList({ items, onRemove, emptyText }: SelectionListProps) {
  return (
    <Stack gap="xs">
      <Title order={2} fz="sm">
        {L.selection}
      </Title>
      {items.length === 0 ? (
        <Text size="sm" c="dimmed">
          {emptyText}
        </Text>
      ) : (
        <Stack
          gap={4}
          component="ul"
          aria-label={L.selection}
          style={{ listStyle: 'none', padding: 0, margin: 0 }}
        >
          {items.map((item) => (
            <Group key={item.key} component="li" gap="xs" wrap="nowrap" justify="space-between">
              <Text size="sm">{item.label}</Text>
              <ActionIcon
                variant="subtle"
                color="red.8"
                aria-label={L.remove(item.label)}
                onClick={() => onRemove(item.key)}
              >
                <TrashIcon />
              </ActionIcon>
            </Group>
          ))}
        </Stack>
      )}
    </Stack>
  );
}
