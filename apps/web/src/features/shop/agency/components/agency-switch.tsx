// The header's tariff agency: its name, and a select to change it when the mode lets the visitor
// choose (docs/contract.md, Connection settings).
import { NativeSelect, Text } from '@mantine/core';
import { AGENCY_CHOICE_MESSAGES as L } from '@comptoir/shared/connection-settings-texts';
import { useChooseAgency, useCurrentAgency } from '../api/agency';

export function AgencySwitch({ enabled }: { enabled: boolean }) {
  const { data } = useCurrentAgency(enabled);
  const choose = useChooseAgency();
  if (!enabled || !data) return null;
  const name = data.agence?.libelle_agence ?? L.allAgencies;
  if (!data.modifiable)
    return (
      <Text size="sm" aria-live="polite">
        {L.label} : <strong>{name}</strong>
      </Text>
    );
  return (
    <NativeSelect
      size="xs"
      label={L.label}
      styles={{ root: { display: 'flex', alignItems: 'center', gap: 8 }, label: { whiteSpace: 'nowrap' } }}
      value={data.agence?.code_agence ?? ''}
      disabled={choose.isPending}
      onChange={(event) => {
        if (event.currentTarget.value) choose.mutate(event.currentTarget.value);
      }}
      data={[
        ...(data.agence ? [] : [{ value: '', label: L.allAgencies }]),
        ...data.agences.map((agency) => ({ value: agency.code_agence, label: agency.libelle_agence })),
      ]}
    />
  );
}
