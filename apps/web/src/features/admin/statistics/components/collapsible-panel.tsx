// A titled panel whose body folds away ('Tableau de données', 'Graphique'): open by default, the
// title is the toggle button (aria-expanded, aria-controls).
import { useId, useState, type ReactNode } from 'react';
import { Collapse, Paper, Title, UnstyledButton } from '@mantine/core';
import { STATISTICS_LABELS } from '../labels';

export function CollapsiblePanel({ title, children }: { title: string; children: ReactNode }) {
  const [open, setOpen] = useState(true);
  const bodyId = useId();
  return (
    <Paper withBorder p="md" mb="md" component="section" aria-label={title}>
      <Title order={2} size="h3">
        <UnstyledButton
          aria-expanded={open}
          aria-controls={bodyId}
          title={open ? STATISTICS_LABELS.hidePanel(title) : STATISTICS_LABELS.showPanel(title)}
          onClick={() => setOpen((o) => !o)}
          fw={700}
        >
          {open ? '▾' : '▸'} {title}
        </UnstyledButton>
      </Title>
      <Collapse expanded={open} id={bodyId}>
        <div style={{ paddingTop: 'var(--mantine-spacing-sm)' }}>{children}</div>
      </Collapse>
    </Paper>
  );
}
