// The fee simulator: a cart described by the customer's agency, the delivery zone, an optional
// carrier and lines (family, weight, amount) priced by the schedule in force on the server, with the
// explanation the fee engine gives (each part's sentence, franco, lines no fee prices). Weights and
// amounts are read by the shared number parser: a negative keeps its sign and is refused under its
// field, never simulated as positive; an unreadable one is refused too, never simulated as 0.
import { useMemo, useState, type FormEvent } from 'react';
import {
  ActionIcon,
  Button,
  Fieldset,
  Group,
  List,
  Paper,
  SimpleGrid,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { EMPTY_TEXTS } from '@comptoir/shared/messages';
import { formatEuros } from '@comptoir/shared/format';
import type { FeeSimulationBody, ShippingFeeResult } from '@comptoir/shared/shipping/fee-contract';
import { NO_FORFAIT } from '@comptoir/shared/shipping/messages';
import { errorMessage } from '../../../../lib/api';
import { useAgencies } from '../../../../lib/resources/agencies';
import { useCarriers } from '../../../../lib/resources/carriers';
import { DecimalInput, readDecimal } from '../../../../components/ui/decimal-input';
import { TrashIcon } from '../../../../components/ui/icons';
import { SearchablePicker, type PickerOption } from '../../../../components/ui/searchable-picker';
import { showErrorToast } from '../../../../components/ui/toasts';
import { useSalesPlan, useZones } from '../api/get-reference';
import { useSimulateFee } from '../api/simulate-fee';
import { FEE_LABELS } from '../labels';
import { agencyOptions, carrierOptions, familyOptions, zoneOptions } from './options';

const L = FEE_LABELS.simulator;

interface Line {
  key: number;
  family: PickerOption | null;
  /** As typed. */
  weight: string;
  amount: string;
}

let nextLineKey = 1;
const newLine = (): Line => ({ key: nextLineKey++, family: null, weight: '', amount: '' });

const WEIGHT = { rules: { maxDecimals: 3 }, messages: { negative: L.weightNegative } };
const AMOUNT = { rules: { maxDecimals: 2 }, messages: { negative: L.amountNegative } };
const weightOf = (line: Line) => readDecimal(line.weight, WEIGHT.rules, { messages: WEIGHT.messages });
const amountOf = (line: Line) => readDecimal(line.amount, AMOUNT.rules, { messages: AMOUNT.messages });

export function FeeSimulator() {
  const agencies = useAgencies();
  const zones = useZones();
  const salesPlan = useSalesPlan();
  const carriers = useCarriers();
  const simulate = useSimulateFee();
  const [agency, setAgency] = useState<PickerOption | null>(null);
  const [zone, setZone] = useState<PickerOption | null>(null);
  const [carrier, setCarrier] = useState<PickerOption | null>(null);
  const [lines, setLines] = useState<Line[]>(() => [newLine()]);
  const [result, setResult] = useState<ShippingFeeResult | null>(null);

  const agencyList = useMemo(() => agencyOptions(agencies.data ?? []), [agencies.data]);
  const zoneList = useMemo(() => zoneOptions(zones.data ?? []), [zones.data]);
  const families = useMemo(() => familyOptions(salesPlan.data ?? []), [salesPlan.data]);
  const carrierList = useMemo(() => carrierOptions(carriers.data ?? []), [carriers.data]);
  const setLine = (key: number, patch: Partial<Line>) =>
    setLines((all) => all.map((line) => (line.key === key ? { ...line, ...patch } : line)));

  function submit(event: FormEvent) {
    event.preventDefault();
    // A negative or unreadable weight or amount is said under its field; an empty one counts as 0.
    const unreadable = lines.flatMap((line) => [weightOf(line).error, amountOf(line).error]).find(Boolean);
    if (unreadable) {
      showErrorToast(unreadable);
      return;
    }
    const body: FeeSimulationBody = {
      agencyCode: agency?.value ?? null,
      zoneId: zone ? Number(zone.value) : null,
      carrierId: carrier ? Number(carrier.value) : null,
      lines: lines.map((line) => ({
        familyCode: line.family?.value ?? null,
        weightKg: weightOf(line).value ?? 0,
        amountHt: amountOf(line).value ?? 0,
      })),
    };
    simulate.mutate(body, {
      onSuccess: setResult,
      onError: (error) => showErrorToast(errorMessage(error)),
    });
  }

  return (
    <Stack gap="md">
      <Text size="sm" c="dimmed">
        {L.intro}
      </Text>
      <form onSubmit={submit} noValidate aria-label={L.heading}>
        <Stack gap="md">
          <SimpleGrid cols={{ base: 1, sm: 3 }}>
            <SearchablePicker
              label={L.agency}
              placeholder={L.agencyPlaceholder}
              options={agencyList}
              value={agency}
              onChange={setAgency}
              nothingFound={EMPTY_TEXTS.agence}
            />
            <SearchablePicker
              label={L.zone}
              placeholder={L.zonePlaceholder}
              options={zoneList}
              value={zone}
              onChange={setZone}
              nothingFound={FEE_LABELS.form.noZone}
            />
            <SearchablePicker
              label={L.carrier}
              placeholder={L.carrierPlaceholder}
              options={carrierList}
              value={carrier}
              onChange={setCarrier}
              nothingFound={EMPTY_TEXTS.table}
            />
          </SimpleGrid>
          {lines.map((line, index) => (
            <Fieldset key={line.key} legend={L.line(index + 1)} variant="filled" p="sm">
              <Group align="flex-end" gap="sm" wrap="wrap">
                <div style={{ flex: '2 1 260px' }}>
                  <SearchablePicker
                    label={L.family}
                    placeholder={L.familyPlaceholder}
                    options={families}
                    value={line.family}
                    onChange={(family) => setLine(line.key, { family })}
                    nothingFound={FEE_LABELS.form.noFamily}
                  />
                </div>
                <DecimalInput
                  label={L.weight}
                  value={line.weight}
                  onChange={({ text }) => setLine(line.key, { weight: text })}
                  {...WEIGHT}
                  w={140}
                />
                <DecimalInput
                  label={L.amount}
                  value={line.amount}
                  onChange={({ text }) => setLine(line.key, { amount: text })}
                  {...AMOUNT}
                  w={160}
                />
                <ActionIcon
                  variant="subtle"
                  color="red.8"
                  size="lg"
                  aria-label={L.removeLine(index + 1)}
                  disabled={lines.length === 1}
                  onClick={() => setLines((all) => all.filter((l) => l.key !== line.key))}
                >
                  <TrashIcon />
                </ActionIcon>
              </Group>
            </Fieldset>
          ))}
          <Group justify="space-between">
            <Button variant="default" onClick={() => setLines((all) => [...all, newLine()])}>
              {L.addLine}
            </Button>
            <Button type="submit" loading={simulate.isPending}>
              {L.submit}
            </Button>
          </Group>
        </Stack>
      </form>
      <div aria-live="polite">{result ? <SimulationResult result={result} /> : null}</div>
    </Stack>
  );
}

export function SimulationResult({ result }: { result: ShippingFeeResult }) {
  const priced = result.parts.length > 0;
  return (
    <Paper withBorder radius="md" p="md" role="region" aria-label={L.result}>
      <Stack gap="sm">
        <Group gap="md" align="baseline">
          <Title order={3} fz="h4">
            {L.fee}
          </Title>
          <Text fz="xl" fw={700}>
            {priced ? formatEuros(result.fee) : NO_FORFAIT}
          </Text>
        </Group>
        {/* The summary adds something only when some lines are left unpriced. */}
        {priced && result.unpriced ? <Text>{result.summary}</Text> : null}
        {priced ? (
          <div>
            <Text fw={650} size="sm">
              {L.parts}
            </Text>
            <List size="sm" spacing={4}>
              {result.parts.map((part) => (
                <List.Item key={`${part.forfaitId}|${part.lineIndexes.join(',')}`}>{part.sentence}</List.Item>
              ))}
            </List>
          </div>
        ) : null}
        {result.notes.length > 0 ? (
          <div>
            <Text fw={650} size="sm">
              {L.notes}
            </Text>
            <List size="sm" spacing={4}>
              {result.notes.map((note, index) => (
                <List.Item key={`${index}|${note}`}>{note}</List.Item>
              ))}
            </List>
          </div>
        ) : null}
      </Stack>
    </Paper>
  );
}
