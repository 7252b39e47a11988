// The fields of a postal address (line, complement, postal code, city), bound by useFields; shared by
// the sign-up and the account's delivery addresses. `errorPrefix` is where the schema puts the
// address ('adresse.' in the sign-up's body).
import { SimpleGrid, TextInput } from '@mantine/core';
import type { BindField } from '../../lib/use-fields';
import { ADDRESS_LABELS } from './labels';

export function AddressFields({ bind, errorPrefix = '' }: { bind: BindField; errorPrefix?: string }) {
  const labels = ADDRESS_LABELS;
  return (
    <>
      <TextInput
        label={labels.line1}
        autoComplete="address-line1"
        required
        {...bind('ligne1', `${errorPrefix}ligne1`)}
      />
      <TextInput
        label={labels.line2}
        autoComplete="address-line2"
        {...bind('ligne2', `${errorPrefix}ligne2`)}
      />
      <SimpleGrid cols={{ base: 1, xs: 2 }}>
        <TextInput
          label={labels.postalCode}
          autoComplete="postal-code"
          inputMode="numeric"
          required
          {...bind('codePostal', `${errorPrefix}codePostal`)}
        />
        <TextInput
          label={labels.city}
          autoComplete="address-level2"
          required
          {...bind('ville', `${errorPrefix}ville`)}
        />
      </SimpleGrid>
    </>
  );
}
