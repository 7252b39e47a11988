// The shipping fee page: the fee type, the form that adds a fee, the existing fees and the simulator.
import type { ReactNode } from 'react';
import { Paper, Stack, Title } from '@mantine/core';
import { PageHeader } from '../../../../components/ui/page-header';
import { useFeeType } from '../api/fee-type';
import { FEE_LABELS } from '../labels';
import { FeeForm } from './fee-form';
import { FeeSimulator } from './fee-simulator';
import { FeeTypePanel } from './fee-type-panel';
import { FeeSchedule } from './fee-schedule';

function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    // Less padding on a phone, where the fee tables' cards need the width.
    <Paper component="section" aria-labelledby={id} withBorder radius="md" p={{ base: 'md', sm: 'lg' }}>
      <Title order={2} fz="h3" mb="md" id={id}>
        {title}
      </Title>
      {children}
    </Paper>
  );
}

export function ShippingFeesPage() {
  // undefined while loading (or failed: 'Error fetching typeForfait'), null when no type is set.
  const { data: feeType } = useFeeType();
  return (
    <Stack gap="lg">
      <PageHeader title={FEE_LABELS.title} />
      <Section id="forfaits-type" title={FEE_LABELS.type.heading}>
        <FeeTypePanel feeType={feeType} />
      </Section>
      <Section id="forfaits-ajout" title={FEE_LABELS.form.heading}>
        <FeeForm feeType={feeType} />
      </Section>
      <Section id="forfaits-existants" title={FEE_LABELS.schedule.heading}>
        <FeeSchedule feeType={feeType} />
      </Section>
      <Section id="forfaits-simulateur" title={FEE_LABELS.simulator.heading}>
        <FeeSimulator />
      </Section>
    </Stack>
  );
}
