// The product page's variant controls. VariantSelector: one dropdown per attribute of the article's
// variants (déclinaisons), choosing the variant whose stock and price are shown. GroupingSelector: one
// dropdown per attribute of the article's grouping (regroupement); changing one navigates to the
// matching article page.
import { PRICES_HIDDEN_TEXT } from '@comptoir/shared/connection-settings-texts';
import { useNavigate } from '../../../../lib/router';
import { Anchor, NativeSelect, SimpleGrid, Stack, Text, VisuallyHidden } from '@mantine/core';
import type { AffichageStock, Declinaison, Regroupement } from '@comptoir/shared/catalogue';
import { attributeLabel, attributeValues, matchVariant } from '@comptoir/shared/catalogue-page-texts';
import { formatShopPrice } from '@comptoir/shared/format';
import { StockBadge } from '../../../../components/ui/stock-badge';
import { PRODUCT_LABELS as L } from '../labels';
import { useHydrated } from '../../../../lib/hydrated';

export interface VariantSelectorProps {
  variants: Declinaison[];
  selected: Declinaison;
  onSelect: (variant: Declinaison) => void;
  /** The stock display mode (setting catalogue.affichageStock). */
  showStock: AffichageStock;
  /** Labels of the units the article is priced, stocked and prepared in. */
  priceUnit: string;
  stockUnit: string;
  preparationUnit: string;
  /** Whether the shopper sees prices incl. tax first (useTtcFirst). */
  ttcFirst: boolean;
}

export function VariantSelector({
  variants,
  selected,
  onSelect,
  showStock,
  priceUnit,
  stockUnit,
  preparationUnit,
  ttcFirst,
}: VariantSelectorProps) {
  const attributes = attributeValues(variants);
  // Drawn by the server, the choices wait for the hydration: a choice made before would be lost.
  const hydrated = useHydrated();
  return (
    <Stack gap="sm">
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
        {attributes.length === 0 ? (
          // Variants without options: one dropdown of their designations.
          <NativeSelect
            disabled={!hydrated}
            label={L.variant}
            value={selected.HIDDEN_CODE_DECLINAISON}
            data={variants.map((v) => ({ value: v.HIDDEN_CODE_DECLINAISON, label: v.designation }))}
            onChange={(event) => {
              const next = variants.find((v) => v.HIDDEN_CODE_DECLINAISON === event.currentTarget.value);
              if (next) onSelect(next);
            }}
          />
        ) : (
          attributes.map(({ attribute, values }) => (
            <NativeSelect
              disabled={!hydrated}
              key={attribute}
              label={attributeLabel(attribute)}
              value={selected.OPTIONS_REGPT[attribute] ?? ''}
              data={[
                ...(selected.OPTIONS_REGPT[attribute] === undefined ? [{ value: '', label: L.noValue }] : []),
                ...values.map((value) => ({ value, label: value })),
              ]}
              onChange={(event) => {
                const next = matchVariant(
                  variants,
                  selected.OPTIONS_REGPT,
                  attribute,
                  event.currentTarget.value,
                );
                if (next) onSelect(next);
              }}
            />
          ))
        )}
      </SimpleGrid>
      <div aria-live="polite">
        <Text fw={600}>
          {selected.designation} —{' '}
          {selected.prixHT === undefined
            ? PRICES_HIDDEN_TEXT
            : formatShopPrice(
                { ht: selected.prixHT, ttc: selected.prixTTC ?? selected.prixHT },
                priceUnit,
                ttcFirst && selected.prixTTC !== undefined,
              ).main}
        </Text>
        <Text size="sm" c="dimmed">
          {L.variantReference(selected.HIDDEN_CODE_DECLINAISON, preparationUnit)}
        </Text>
        <StockBadge stock={selected.STOCK} mode={showStock} unit={stockUnit} />
        <StockQueryLink url={selected.INTERRO_STOCK} />
      </div>
    </Stack>
  );
}

/** The customer's agency's live stock page, when the agency has a stock-query URL (INTERRO_STOCK). */
export function StockQueryLink({ url }: { url: string | null }) {
  if (!url) return null;
  return (
    <Anchor href={url} target="_blank" rel="noopener noreferrer" size="sm">
      {L.stockQuery} <VisuallyHidden>{L.stockQueryNewTab}</VisuallyHidden>
    </Anchor>
  );
}

export function GroupingSelector({ regroupement, current }: { regroupement: Regroupement; current: string }) {
  const navigate = useNavigate();
  const hydrated = useHydrated();
  const here = regroupement.articles.find((a) => a.HIDDEN_CODE_ARTICLE === current);
  const values = attributeValues(regroupement.articles);
  if (!here || values.length === 0) return null;
  const labels = new Map(regroupement.attributs.map((a) => [a.propriete, a.designation]));
  return (
    <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
      {values.map(({ attribute, values: choices }) => (
        <NativeSelect
          disabled={!hydrated}
          key={attribute}
          label={labels.get(attribute) || attributeLabel(attribute)}
          value={here.OPTIONS_REGPT[attribute] ?? ''}
          data={[
            ...(here.OPTIONS_REGPT[attribute] === undefined ? [{ value: '', label: L.noValue }] : []),
            ...choices.map((value) => ({ value, label: value })),
          ]}
          onChange={(event) => {
            const next = matchVariant(
              regroupement.articles,
              here.OPTIONS_REGPT,
              attribute,
              event.currentTarget.value,
            );
            if (next && next.HIDDEN_CODE_ARTICLE !== current) void navigate(next.LIEN_FICHE);
          }}
        />
      ))}
    </SimpleGrid>
  );
}
