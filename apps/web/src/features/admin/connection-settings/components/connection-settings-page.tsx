// The connection settings screen: anonymous access, prices, sign-up, temporary accounts, encours and
// tariff agency, saved together; fields that depend on an option are disabled while it is off. Below,
// the history of the changes.
import { useState, type ReactNode } from 'react';
import {
  Alert,
  Button,
  Fieldset,
  Group,
  MultiSelect,
  Select,
  Skeleton,
  Stack,
  Switch,
  Title,
} from '@mantine/core';
import {
  AGENCY_MODE_LABELS,
  CONNECTION_FIELD_LABELS as F,
  connectionSettingsIssues,
  type ConnectionField,
  type ParametresConnexion,
} from '@comptoir/shared/connection-settings';
import { AGENCY_SELECTION_MODES } from '@comptoir/shared/domain';
import { EMPTY_TEXTS } from '@comptoir/shared/messages';
import { ApiError, errorMessage } from '../../../../lib/api';
import { AlertIcon } from '../../../../components/ui/icons';
import { PageHeader } from '../../../../components/ui/page-header';
import { SearchablePicker } from '../../../../components/ui/searchable-picker';
import { showErrorToast } from '../../../../components/ui/toasts';
import { useCustomerSearch } from '../../../../lib/resources/customers';
import { useCustomerName, useProfiles, useTariffAgencies } from '../api/choices';
import { useConnectionSettings, useSaveConnectionSettings } from '../api/connection-settings';
import { CONNECTION_SETTINGS_LABELS as L } from '../labels';
import { SettingsHistory } from './settings-history';

type Flag = '0' | '1';
type FieldErrors = Partial<Record<ConnectionField, string>>;

export function ConnectionSettingsPage() {
  const query = useConnectionSettings();
  return (
    <>
      <PageHeader title={L.title} subtitle={L.subtitle} />
      {query.isPending ? (
        <Skeleton height={480} radius="md" aria-busy="true" />
      ) : query.isError ? (
        <Alert color="red" variant="light" icon={<AlertIcon />} role="alert">
          {errorMessage(query.error)}
        </Alert>
      ) : (
        // Keyed by the saved values: a save (or a new read) starts the form from what is stored.
        <SettingsForm key={JSON.stringify(query.data)} saved={query.data} />
      )}
      <Title order={2} fz="h3" mt="xl" mb="sm">
        {L.history}
      </Title>
      <SettingsHistory />
    </>
  );
}

function SettingsForm({ saved }: { saved: ParametresConnexion }) {
  const [values, setValues] = useState(saved);
  const [errors, setErrors] = useState<FieldErrors>({});
  const save = useSaveConnectionSettings();

  const set = <K extends ConnectionField>(field: K, value: ParametresConnexion[K]) => {
    setValues((current) => ({ ...current, [field]: value }));
    setErrors((current) => ({ ...current, [field]: undefined }));
  };
  const flag = (field: ConnectionField, disabled = false, description?: string) => (
    <Switch
      label={F[field]}
      description={description}
      checked={values[field] === '1'}
      disabled={disabled}
      onChange={(event) => set(field, (event.currentTarget.checked ? '1' : '0') as Flag)}
    />
  );

  const submit = () => {
    const issues = connectionSettingsIssues(values);
    if (issues.length > 0) {
      setErrors(Object.fromEntries(issues.map((issue) => [issue.champ, issue.message])));
      showErrorToast(issues[0]!.message);
      return;
    }
    save.mutate(values, {
      onError: (error) => {
        if (error instanceof ApiError && error.details)
          setErrors(Object.fromEntries(error.details.map((detail) => [detail.champ, detail.message])));
        showErrorToast(errorMessage(error));
      },
    });
  };

  const anonymousOff = values.allowAnonymousAccess !== '1';
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
      noValidate
    >
      <Stack gap="lg" maw={760}>
        <Section legend={L.sections.anonymous}>
          {flag('allowAnonymousAccess', false, L.hints.allowAnonymousAccess)}
          <VisitorPicker
            value={values.visiteurCodeClient}
            onChange={(code) => set('visiteurCodeClient', code)}
            disabled={anonymousOff}
            error={errors.visiteurCodeClient}
          />
          <ProfilesSelect
            value={values.anonymousParametrages}
            onChange={(codes) => set('anonymousParametrages', codes)}
            disabled={anonymousOff}
            error={errors.anonymousParametrages}
          />
          {flag('allowAnonymousCommande', anonymousOff)}
          {flag('showAnonymousPrices', anonymousOff, L.hints.showAnonymousPrices)}
        </Section>

        <Section legend={L.sections.accounts}>
          {flag('allowParAccount')}
          {flag('allowProAccount')}
        </Section>

        <Section legend={L.sections.temporary}>
          {flag('anonymousAccount')}
          <ProfileSelect
            label={F.typeClientTemporaire}
            value={values.typeClientTemporaire}
            onChange={(code) => set('typeClientTemporaire', code)}
            disabled={values.anonymousAccount !== '1'}
            required={values.anonymousAccount === '1'}
            error={errors.typeClientTemporaire}
          />
        </Section>

        <Section legend={L.sections.encours}>
          {flag('activateEncoursChecking')}
          {flag('blockOfflinePayment', values.activateEncoursChecking !== '1')}
          {flag('blockOnEncoursError', values.activateEncoursChecking !== '1')}
        </Section>

        <Section legend={L.sections.agency}>
          <Select
            label={F.modeSelectionAgence}
            data={AGENCY_SELECTION_MODES.map((mode) => ({ value: mode, label: AGENCY_MODE_LABELS[mode] }))}
            value={values.modeSelectionAgence}
            allowDeselect={false}
            onChange={(mode) =>
              mode && set('modeSelectionAgence', mode as ParametresConnexion['modeSelectionAgence'])
            }
          />
          <AgencySelect
            value={values.agenceDefautTarif}
            onChange={(code) => set('agenceDefautTarif', code)}
            error={errors.agenceDefautTarif}
          />
        </Section>

        <Group>
          <Button type="submit" loading={save.isPending}>
            {L.save}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

function Section({ legend, children }: { legend: string; children: ReactNode }) {
  return (
    <Fieldset legend={legend}>
      <Stack gap="md">{children}</Stack>
    </Fieldset>
  );
}

function VisitorPicker(props: {
  value: string | null;
  onChange: (code: string | null) => void;
  disabled: boolean;
  error?: string;
}) {
  const [search, setSearch] = useState('');
  // The pickers' customer search: a code's start or a part of the name, as the orders list's filter.
  const choices = useCustomerSearch(search);
  const name = useCustomerName(props.value);
  // Labelled as the search's options are ('Name (CODE)'): a search that no longer finds it keeps the text typed.
  const current =
    props.value === null
      ? null
      : { value: props.value, label: name.data ? `${name.data} (${props.value})` : props.value };
  return (
    <SearchablePicker
      label={F.visiteurCodeClient}
      description={L.hints.visiteurCodeClient}
      placeholder={L.customerSearch}
      options={(choices.data ?? []).map((row) => ({
        value: row.code,
        label: `${row.libelle} (${row.code})`,
      }))}
      value={current}
      onChange={(option) => props.onChange(option?.value ?? null)}
      onSearch={setSearch}
      loading={choices.isFetching}
      nothingFound={EMPTY_TEXTS.client}
      disabled={props.disabled}
      error={props.error}
    />
  );
}

/** The profiles of anonymous visitors: once one is chosen, the last one cannot be removed. */
function ProfilesSelect(props: {
  value: string[];
  onChange: (codes: string[]) => void;
  disabled: boolean;
  error?: string;
}) {
  const profiles = useProfiles();
  return (
    <MultiSelect
      label={F.anonymousParametrages}
      description={L.hints.anonymousParametrages}
      data={(profiles.data ?? []).map((row) => ({ value: row.VAL, label: row.LIB }))}
      value={props.value}
      onChange={(codes) => {
        if (codes.length === 0 && props.value.length > 0) return;
        props.onChange(codes);
      }}
      searchable
      disabled={props.disabled}
      error={props.error}
    />
  );
}

function ProfileSelect(props: {
  label: string;
  value: string | null;
  onChange: (code: string | null) => void;
  disabled: boolean;
  required: boolean;
  error?: string;
}) {
  const profiles = useProfiles();
  return (
    <Select
      label={props.label}
      data={(profiles.data ?? []).map((row) => ({ value: row.VAL, label: row.LIB }))}
      value={props.value}
      onChange={props.onChange}
      searchable
      clearable
      disabled={props.disabled}
      required={props.required}
      error={props.error}
    />
  );
}

// The select's value of 'Aucune agence' (admin_liste gives it VAL ''; a select needs a non-empty value).
const NO_AGENCY = '-';

/** The default tariff agency; 'Aucune agence' means none. */
function AgencySelect(props: {
  value: string | null;
  onChange: (code: string | null) => void;
  error?: string;
}) {
  const agencies = useTariffAgencies();
  return (
    <Select
      label={F.agenceDefautTarif}
      description={L.hints.agenceDefautTarif}
      data={(agencies.data ?? []).map((row) => ({ value: row.VAL || NO_AGENCY, label: row.LIB }))}
      value={props.value ?? NO_AGENCY}
      allowDeselect={false}
      onChange={(code) => props.onChange(code && code !== NO_AGENCY ? code : null)}
      required
      error={props.error}
    />
  );
}
