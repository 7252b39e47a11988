// The logged-in customer's credit limit: what it is, what is used, what remains. Shown on the cart and
// the account pages; nothing for a customer without a limit.
import { Text } from '@mantine/core';
import { ENCOURS_LABELS as LABELS } from '@comptoir/shared/encours';
import { formatEuros } from '@comptoir/shared/format';
import { useEncours } from '../../lib/resources/encours';
import { Fact, FactsSection } from './facts';

export function EncoursSummary() {
  const { data } = useEncours();
  if (!data || data.plafond === null || data.disponible === null) return null;
  return (
    <FactsSection title={LABELS.title}>
      <Fact label={LABELS.limit} value={formatEuros(data.plafond)} />
      <Fact label={LABELS.used} value={formatEuros(data.utilise)} />
      <Fact
        label={LABELS.available}
        value={
          <Text component="span" fw={600} c={data.disponible < 0 ? 'red.8' : undefined}>
            {formatEuros(data.disponible)}
          </Text>
        }
      />
      {data.disponible < 0 && data.controle ? (
        <Text size="sm" c="red.8" style={{ gridColumn: '1 / -1' }}>
          {LABELS.over}
        </Text>
      ) : null}
    </FactsSection>
  );
}
