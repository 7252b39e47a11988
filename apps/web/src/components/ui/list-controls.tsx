// The sort and filters above an article list (category page, search results): sort, in stock at my
// agency, a price range (only where prices show), and the attributes of the listed articles. Each change
// is handed to the page, which keeps it in the URL. Drawn by the server (a visitor's category page), the
// controls wait for the hydration: a choice made before is reset by it, a price applied submits natively.
import { useState } from 'react';
import { Button, Checkbox, Group, NativeSelect, Stack, Text } from '@mantine/core';
import type { AttributeFacet } from '@comptoir/shared/catalogue';
import { ARTICLE_SORT_LABELS } from '@comptoir/shared/catalogue-page-texts';
import { ARTICLE_SORTS } from '@comptoir/shared/catalogue-texts';
import { LIST_FILTER_MESSAGES } from '@comptoir/shared/catalogue-page-texts';
import { useHydrated } from '../../lib/hydrated';
import { isFiltered, type ListParams } from '../../lib/list-params';
import { DecimalInput, readDecimal } from './decimal-input';
import { LIST_CONTROLS_LABELS as L } from './labels';
import classes from './list-controls.module.css';

export interface ListControlsProps {
  value: ListParams;
  onChange: (next: ListParams) => void;
  /** False when the viewer may not see prices: no price sort nor range. */
  showPrices: boolean;
  attributes?: AttributeFacet[];
}

const priceSorts = new Set(['prix-croissant', 'prix-decroissant']);

export function ListControls({ value, onChange, showPrices, attributes = [] }: ListControlsProps) {
  const sorts = ARTICLE_SORTS.filter((sort) => showPrices || !priceSorts.has(sort));
  const filtered = isFiltered(value);
  const disabled = !useHydrated();
  const toggleAttribute = (key: string, checked: boolean) =>
    onChange({
      ...value,
      attribut: checked ? [...value.attribut, key] : value.attribut.filter((item) => item !== key),
    });
  return (
    <section aria-label={L.region} className={classes.controls}>
      <Group align="flex-end" gap="md" wrap="wrap">
        {/* The browser's own list: a combobox positions its dropdown as the page draws, a long task
            on a phone (docs/performance/lighthouse.md). */}
        <NativeSelect
          label={L.sort}
          data={sorts.map((sort) => ({ value: sort, label: ARTICLE_SORT_LABELS[sort] }))}
          value={value.tri}
          onChange={(event) => onChange({ ...value, tri: event.currentTarget.value as ListParams['tri'] })}
          w={220}
          disabled={disabled}
        />
        <Checkbox
          label={L.inStock}
          checked={value.enStock}
          onChange={(event) => onChange({ ...value, enStock: event.currentTarget.checked })}
          mb={8}
          disabled={disabled}
        />
        {showPrices && (
          <PriceRange
            key={`${value.prixMin ?? ''}-${value.prixMax ?? ''}`}
            value={value}
            onApply={(prixMin, prixMax) => onChange({ ...value, prixMin, prixMax })}
            disabled={disabled}
          />
        )}
        {filtered && (
          <Button
            variant="subtle"
            onClick={() => onChange({ tri: value.tri, enStock: false, attribut: [] })}
            mb={2}
            disabled={disabled}
          >
            {L.clear}
          </Button>
        )}
      </Group>
      {attributes.length > 0 && (
        <Group align="flex-start" gap="xl" mt="sm" wrap="wrap">
          {attributes.map((attribute) => (
            <fieldset key={attribute.nom} className={classes.fieldset}>
              <Text component="legend" size="sm" fw={600}>
                {attribute.libelle}
              </Text>
              <Stack gap={4}>
                {attribute.valeurs.map(({ valeur, nombre }) => {
                  const key = `${attribute.nom}:${valeur}`;
                  return (
                    <Checkbox
                      key={key}
                      size="sm"
                      label={L.value(valeur, nombre)}
                      checked={value.attribut.includes(key)}
                      onChange={(event) => toggleAttribute(key, event.currentTarget.checked)}
                      disabled={disabled}
                    />
                  );
                })}
              </Stack>
            </fieldset>
          ))}
        </Group>
      )}
    </section>
  );
}

const PRICE_RULES = { maxDecimals: 2 };
const PRICE_MESSAGES = { negative: LIST_FILTER_MESSAGES.price };

function PriceRange({
  value,
  onApply,
  disabled,
}: {
  value: ListParams;
  onApply: (prixMin: number | undefined, prixMax: number | undefined) => void;
  disabled: boolean;
}) {
  const [min, setMin] = useState<string | number | null>(value.prixMin ?? null);
  const [max, setMax] = useState<string | number | null>(value.prixMax ?? null);
  // The API's own reading of a price bound (prixMin, prixMax): a decimal comma or point, never negative.
  const asPrice = (input: string | number | null) =>
    typeof input === 'number' ? input : (readDecimal(input ?? '', PRICE_RULES).value ?? undefined);
  const unreadable = [min, max].some(
    (input) => typeof input === 'string' && readDecimal(input, PRICE_RULES).error !== null,
  );
  return (
    <form
      className={classes.prices}
      onSubmit={(event) => {
        event.preventDefault();
        // An unreadable bound is said under its field; nothing is applied until it reads.
        if (unreadable) return;
        const low = asPrice(min);
        const high = asPrice(max);
        // Crossed bounds are put back in order rather than refused.
        if (low !== undefined && high !== undefined && low > high) onApply(high, low);
        else onApply(low, high);
      }}
    >
      <DecimalInput
        label={L.priceMin}
        value={min}
        onChange={({ text }) => setMin(text)}
        rules={PRICE_RULES}
        messages={PRICE_MESSAGES}
        w={130}
        disabled={disabled}
      />
      <DecimalInput
        label={L.priceMax}
        value={max}
        onChange={({ text }) => setMax(text)}
        rules={PRICE_RULES}
        messages={PRICE_MESSAGES}
        w={130}
        disabled={disabled}
      />
      <Button type="submit" variant="light" disabled={disabled}>
        {L.applyPrices}
      </Button>
    </form>
  );
}
