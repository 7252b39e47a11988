// The header's tariff agency: its name, and a select to change it when the mode lets the visitor
// choose (docs/contract/connection-settings.md).
import { AGENCY_CHOICE_MESSAGES as L } from '@comptoir/shared/connection-settings-texts';
import { PlainSelect } from '../../../../components/ui/plain';
import { useHydrated } from '../../../../lib/hydrated';
import { useChooseAgency, useCurrentAgency } from '../api/agency';
import classes from './agency-switch.module.css';

export function AgencySwitch({ enabled }: { enabled: boolean }) {
  const { data } = useCurrentAgency(enabled);
  const choose = useChooseAgency();
  // Drawn by the server for a visitor: a choice made before the hydration would be reset by it.
  const hydrated = useHydrated();
  if (!enabled || !data) return null;
  const name = data.agence?.libelle_agence ?? L.allAgencies;
  if (!data.modifiable)
    return (
      <p className={classes.text} aria-live="polite">
        {L.label} : <strong>{name}</strong>
      </p>
    );
  return (
    <PlainSelect
      size="xs"
      label={L.label}
      className={classes.root}
      value={data.agence?.code_agence ?? ''}
      disabled={!hydrated || choose.isPending}
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
