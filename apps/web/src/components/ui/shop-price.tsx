// A unit price as the storefront shows it: the price the shopper expects first (incl. tax for a private
// customer, excl. tax otherwise) and the other below it, both by formatShopPrice (packages/shared).
import { Text, type MantineSize } from '@mantine/core';
import { formatShopPrice } from '@comptoir/shared/format';

export function ShopPrice({
  ht,
  ttc,
  unit,
  ttcFirst,
  size,
  detail,
  strong = true,
}: {
  ht: number;
  /**
   * The price incl. tax, as the cart charges one unit (the API's prixTTC, or money.ts unitPriceTtc);
   * unknown: the price excl. tax alone.
   */
  ttc: number | undefined;
  unit: string | null;
  ttcFirst: boolean;
  /** The first line's size (the second is one step smaller); the text's own by default. */
  size?: MantineSize;
  /** After the second line, e.g. ' (TVA 20 %)'. */
  detail?: string;
  /** The first line in bold (a product page), or as the text around it (a table's cell). */
  strong?: boolean;
}) {
  const texts = formatShopPrice({ ht, ttc: ttc ?? ht }, unit, ttcFirst && ttc !== undefined);
  return (
    <div>
      <Text fz={size} fw={strong ? 700 : 500}>
        {texts.main}
      </Text>
      {ttc === undefined ? null : (
        <Text size="sm" c={strong ? undefined : 'dimmed'}>
          {texts.other}
          {detail}
        </Text>
      )}
    </div>
  );
}
