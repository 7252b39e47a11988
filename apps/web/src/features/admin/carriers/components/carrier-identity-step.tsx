// Step 0 of the carrier form: name, description, logo (uploaded as soon as chosen), tracking URL and
// pickup at the agency.
import type { RefObject } from 'react';
import {
  Button,
  Checkbox,
  FileInput,
  Group,
  Image,
  Loader,
  Stack,
  Text,
  TextInput,
  Textarea,
} from '@mantine/core';
import { CARRIER_LABELS } from '../labels';
import type { CarrierDraft, FieldErrors } from './carrier-draft';

const L = CARRIER_LABELS.form;
const LOGO_ACCEPT = 'image/png,image/jpeg,image/webp';

export function IdentityStep({
  draft,
  errors,
  update,
  logoFile,
  resetLogoInput,
  onLogoChosen,
  uploading,
}: {
  draft: CarrierDraft;
  errors: FieldErrors;
  update: (patch: Partial<CarrierDraft>) => void;
  logoFile: File | null;
  resetLogoInput: RefObject<(() => void) | null>;
  onLogoChosen: (file: File | null) => void;
  uploading: boolean;
}) {
  return (
    <Stack gap="md" pt="md">
      <TextInput
        label={L.name}
        required
        value={draft.nom}
        error={errors.nom}
        onChange={(event) => update({ nom: event.currentTarget.value })}
        data-autofocus
      />
      <Textarea
        label={L.description}
        value={draft.description}
        error={errors.description}
        onChange={(event) => update({ description: event.currentTarget.value })}
        rows={3}
        maxLength={1000}
      />
      <FileInput
        label={L.logo}
        description={L.logoHelp}
        placeholder={L.logoPlaceholder}
        // Mantine's placeholder grey is too pale on white for axe's contrast: the text's dimmed colour.
        styles={{ placeholder: { color: 'var(--mantine-color-dimmed)' } }}
        accept={LOGO_ACCEPT}
        value={logoFile}
        onChange={onLogoChosen}
        resetRef={resetLogoInput}
        error={errors.logo}
      />
      {uploading ? (
        <Group gap={6} role="status">
          <Loader size="xs" />
          <Text size="sm">{L.logoUploading}</Text>
        </Group>
      ) : null}
      {draft.logo ? (
        <Group gap="md">
          <Image src={draft.logo} alt={L.logoPreview} h={48} w="auto" fit="contain" />
          <Button variant="subtle" size="compact-sm" onClick={() => update({ logo: null })}>
            {L.logoRemove}
          </Button>
        </Group>
      ) : null}
      <TextInput
        label={L.trackingUrl}
        description={L.trackingUrlHelp}
        type="url"
        value={draft.tracking_url}
        error={errors.tracking_url}
        onChange={(event) => update({ tracking_url: event.currentTarget.value })}
        maxLength={500}
      />
      <Checkbox
        label={L.pickup}
        description={L.pickupHelp}
        checked={draft.retrait}
        onChange={(event) => update({ retrait: event.currentTarget.checked })}
      />
    </Stack>
  );
}
