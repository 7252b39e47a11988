// Ordering without an account (docs/contract/checkout-and-payments.md): the visitor types its delivery
// address (kept with its cart session: the checkout then lists the ones it typed, never the visitor
// customer's), says who it is (name, e-mail or phone) and, unless 'identique', its billing address.
import { useState, type KeyboardEvent } from 'react';
import { Button, Checkbox, Fieldset, Radio, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import type { DeliveryAddress } from '@comptoir/shared/cart';
import type { VisitorAddressBody, VisitorOrderDetails } from '@comptoir/shared/visitor-checkout';
import { AddressFields } from '../../../../components/ui/address-fields';
import { ApiError, errorMessage } from '../../../../lib/api';
import type { BindField } from '../../../../lib/use-fields';
import { useAddVisitorAddress } from '../api/checkout';
import { CHECKOUT_LABELS } from '../labels';

/** What the visitor typed about itself, sent with its order. */
export interface VisitorForm {
  nom: string;
  email: string;
  telephone: string;
  billingSame: boolean;
  facturation: VisitorAddressBody;
}

export const EMPTY_VISITOR_FORM: VisitorForm = {
  nom: '',
  email: '',
  telephone: '',
  billingSame: true,
  facturation: { ligne1: '', ligne2: '', codePostal: '', ville: '' },
};

/** The `visiteur` of the order's body. */
export function visitorDetailsOf(form: VisitorForm): VisitorOrderDetails {
  return {
    nom: form.nom,
    email: form.email,
    telephone: form.telephone,
    ...(form.billingSame ? {} : { facturation: form.facturation }),
  };
}

const addressText = (a: DeliveryAddress) =>
  [a.ligne1, a.ligne2, `${a.codePostal} ${a.ville}`].filter(Boolean).join(', ');

/** Binds the kit's address fields to an address held by the caller, with the refusal's messages. */
const addressBinder =
  (
    value: VisitorAddressBody,
    onChange: (next: VisitorAddressBody) => void,
    error: (field: string) => string | undefined,
  ): BindField =>
  (name) => ({
    name,
    value: value[name as keyof VisitorAddressBody] ?? '',
    onChange: (event) => onChange({ ...value, [name]: event.currentTarget.value }),
    error: error(name),
  });

/** The message of `field` in a refusal, if it names it. */
const fieldError = (error: unknown, field: string) =>
  error instanceof ApiError ? error.details?.find((d) => d.champ === field)?.message : undefined;

export function VisitorDelivery({
  addresses,
  addressId,
  onAddressChange,
}: {
  addresses: DeliveryAddress[];
  addressId: number | null;
  onAddressChange: (id: number) => void;
}) {
  const add = useAddVisitorAddress();
  const [address, setAddress] = useState<VisitorAddressBody>(EMPTY_VISITOR_FORM.facturation);
  const submit = () => {
    add.mutate(address, {
      onSuccess: (added) => {
        setAddress(EMPTY_VISITOR_FORM.facturation);
        onAddressChange(added.id);
      },
    });
  };
  // A refusal that names no field of the form (the server's own) is said under the button.
  const general = add.isError && !(add.error instanceof ApiError && add.error.details?.length);
  return (
    <Stack gap="sm">
      <Radio.Group
        label={CHECKOUT_LABELS.visitorAddress}
        value={addressId === null ? '' : String(addressId)}
        onChange={(value) => onAddressChange(Number(value))}
        withAsterisk
      >
        <Stack gap="xs" mt="xs">
          {addresses.length === 0 ? <Text c="dimmed">{CHECKOUT_LABELS.visitorNoAddress}</Text> : null}
          {addresses.map((a) => (
            <Radio key={a.id} value={String(a.id)} label={a.libelle} description={addressText(a)} />
          ))}
        </Stack>
      </Radio.Group>
      {/* Inside the order's form: Enter in these fields adds the address, it does not place the order. */}
      <Fieldset
        legend={CHECKOUT_LABELS.newAddress}
        variant="filled"
        onKeyDown={(event: KeyboardEvent) => {
          if (event.key !== 'Enter' || !(event.target instanceof HTMLInputElement)) return;
          event.preventDefault();
          submit();
        }}
      >
        <AddressFields
          bind={addressBinder(address, setAddress, (field) => fieldError(add.error, field))}
          section="shipping"
        />
        {general ? (
          <Text c="red.8" size="sm" mt="xs" role="alert">
            {errorMessage(add.error)}
          </Text>
        ) : null}
        <Button type="button" variant="light" mt="sm" loading={add.isPending} onClick={submit}>
          {CHECKOUT_LABELS.useAddress}
        </Button>
      </Fieldset>
    </Stack>
  );
}

/** Name, e-mail, phone, and the billing address unless 'identique' (checked at first). */
export function VisitorContact({
  value,
  onChange,
  error,
}: {
  value: VisitorForm;
  onChange: (next: VisitorForm) => void;
  error: unknown;
}) {
  const set = (patch: Partial<VisitorForm>) => onChange({ ...value, ...patch });
  const message = (field: string) => fieldError(error, `visiteur.${field}`);
  return (
    <Fieldset legend={CHECKOUT_LABELS.contact} variant="unstyled">
      <Text size="sm" c="dimmed" mb="xs">
        {CHECKOUT_LABELS.contactHint}
      </Text>
      <Stack gap="xs" maw={480}>
        <TextInput
          label={CHECKOUT_LABELS.name}
          value={value.nom}
          onChange={(event) => set({ nom: event.currentTarget.value })}
          error={message('nom')}
          autoComplete="name"
          maxLength={100}
          withAsterisk
        />
        <SimpleGrid cols={{ base: 1, xs: 2 }}>
          <TextInput
            label={CHECKOUT_LABELS.email}
            type="email"
            value={value.email}
            onChange={(event) => set({ email: event.currentTarget.value })}
            error={message('email')}
            autoComplete="email"
          />
          <TextInput
            label={CHECKOUT_LABELS.phone}
            type="tel"
            value={value.telephone}
            onChange={(event) => set({ telephone: event.currentTarget.value })}
            error={message('telephone')}
            autoComplete="tel"
          />
        </SimpleGrid>
        <Checkbox
          mt="xs"
          size="md"
          label={CHECKOUT_LABELS.billingSame}
          checked={value.billingSame}
          onChange={(event) => set({ billingSame: event.currentTarget.checked })}
        />
        {value.billingSame ? null : (
          <Fieldset legend={CHECKOUT_LABELS.billing} variant="filled">
            <AddressFields
              bind={addressBinder(
                value.facturation,
                (facturation) => set({ facturation }),
                (field) => message(`facturation.${field}`),
              )}
              section="billing"
            />
          </Fieldset>
        )}
      </Stack>
    </Fieldset>
  );
}
