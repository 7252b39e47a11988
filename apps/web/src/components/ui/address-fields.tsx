// The fields of a postal address (line, complement, postal code, city), bound by useFields or any
// binder of the same shape; shared by the sign-up, the account's delivery addresses and a visitor's
// checkout. `errorPrefix` is where the schema puts the address ('adresse.' in the sign-up's body);
// `section` tells the browser's autofill which of a form's two addresses it is.
import { SimpleGrid, Stack, TextInput } from '@mantine/core';
import type { BindField } from '../../lib/use-fields';
import { ADDRESS_LABELS } from './labels';

export function AddressFields({
  bind,
  errorPrefix = '',
  section,
}: {
  bind: BindField;
  errorPrefix?: string;
  section?: 'shipping' | 'billing';
}) {
  const labels = ADDRESS_LABELS;
  const autoComplete = (token: string) => (section ? `${section} ${token}` : token);
  return (
    <Stack gap="xs">
      <TextInput
        label={labels.line1}
        autoComplete={autoComplete('address-line1')}
        maxLength={100}
        required
        {...bind('ligne1', `${errorPrefix}ligne1`)}
      />
      <TextInput
        label={labels.line2}
        description={labels.line2Hint}
        autoComplete={autoComplete('address-line2')}
        maxLength={100}
        {...bind('ligne2', `${errorPrefix}ligne2`)}
      />
      <SimpleGrid cols={{ base: 1, xs: 2 }}>
        <TextInput
          label={labels.postalCode}
          autoComplete={autoComplete('postal-code')}
          inputMode="numeric"
          maxLength={10}
          required
          {...bind('codePostal', `${errorPrefix}codePostal`)}
        />
        <TextInput
          label={labels.city}
          autoComplete={autoComplete('address-level2')}
          maxLength={60}
          required
          {...bind('ville', `${errorPrefix}ville`)}
        />
      </SimpleGrid>
    </Stack>
  );
}
