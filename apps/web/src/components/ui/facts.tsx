// A titled section of label/value facts (a description list in a responsive grid): the order,
// its payment, its amounts, as the back office and the customer account show them.
import { useId, type ReactNode } from 'react';
import { Box, Paper, Text, Title } from '@mantine/core';

const FACTS_GRID = {
  display: 'grid',
  gridTemplateColumns: 'repeat(auto-fill, minmax(240px, 1fr))',
  gap: 'var(--mantine-spacing-sm) var(--mantine-spacing-lg)',
} as const;

export function FactsSection({ title, children }: { title: string; children: ReactNode }) {
  const id = useId();
  return (
    <Paper component="section" withBorder radius="md" p="lg" aria-labelledby={id}>
      <Title order={2} fz="h4" mb="sm" id={id}>
        {title}
      </Title>
      <Box component="dl" m={0} style={FACTS_GRID}>
        {children}
      </Box>
    </Paper>
  );
}

export function Fact({ label, value }: { label: string; value: ReactNode }) {
  return (
    <div>
      <Text component="dt" size="sm" c="dimmed">
        {label}
      </Text>
      <Text component="dd" m={0} fw={500}>
        {value}
      </Text>
    </div>
  );
}
