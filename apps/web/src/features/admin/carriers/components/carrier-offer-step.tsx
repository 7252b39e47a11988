// Step 2 of the carrier form: the parameters and options it offers, among the offer's.
import { Checkbox, Loader, Stack, Text } from '@mantine/core';
import type { CarrierOption } from '@comptoir/shared/shipping/contract';
import { useCarrierOffer } from '../api/get-carrier-offer';
import { CARRIER_LABELS } from '../labels';
import type { CarrierDraft } from './carrier-draft';

const L = CARRIER_LABELS.form;
const optionKey = (o: CarrierOption) => JSON.stringify([o.nom, o.valeur]);

export function OfferStep({
  draft,
  update,
}: {
  draft: CarrierDraft;
  update: (patch: Partial<CarrierDraft>) => void;
}) {
  const offer = useCarrierOffer();
  if (offer.isPending) return <Loader size="sm" mt="md" aria-label={L.params} />;
  const params = offer.data?.params ?? [];
  const options = offer.data?.options ?? [];
  return (
    <Stack gap="lg" pt="md">
      <Checkbox.Group
        label={L.params}
        value={draft.params.map((p) => p.VAL)}
        onChange={(values) => update({ params: params.filter((p) => values.includes(p.VAL)) })}
      >
        <Stack gap={6} mt="xs">
          {params.length === 0 ? <Text size="sm">{L.noneOnOffer}</Text> : null}
          {params.map((param) => (
            <Checkbox key={param.VAL} value={param.VAL} label={`${param.LIB} (${param.VAL})`} />
          ))}
        </Stack>
      </Checkbox.Group>
      <Checkbox.Group
        label={L.options}
        value={draft.options.map(optionKey)}
        onChange={(values) => update({ options: options.filter((o) => values.includes(optionKey(o))) })}
      >
        <Stack gap={6} mt="xs">
          {options.length === 0 ? <Text size="sm">{L.noneOnOffer}</Text> : null}
          {options.map((option) => (
            <Checkbox
              key={optionKey(option)}
              value={optionKey(option)}
              label={`${option.nom} : ${option.valeur}`}
            />
          ))}
        </Stack>
      </Checkbox.Group>
    </Stack>
  );
}
