// Orders rows (the schema's English names) as the contract's French shapes.
import { toDecoupeLigne } from '@comptoir/shared/cut-to-size';
import { DIMENSIONS, type Dimension } from '@comptoir/shared/dimensions';
import type { OrderDetailLine } from '@comptoir/shared/orders/contract';
import type { OrderExportLine } from '@comptoir/shared/orders/export-format';
import type { OrderLineRow, OrderRow } from './order-detail.repository';

/** The API's dates: whole seconds since the epoch. */
export const seconds = (date: Date) => Math.floor(date.getTime() / 1000);
export const secondsOrNull = (date: Date | null) => (date ? seconds(date) : null);

export function toOrderLine(row: OrderLineRow): OrderDetailLine {
  return {
    codeArticle: row.articleCode,
    codeDeclinaison: row.variantCode,
    designation: row.designation,
    chantier: row.siteTag,
    quantite: row.quantity,
    unite: row.unit,
    prixUnitaireHT: row.unitPriceHt,
    montantHT: row.amountHt,
    tauxTVA: row.vatRate,
    decoupe: toDecoupeLigne(row.pieces, row.dimensions),
  };
}

/** A line of the export file: the detail's line, its position and its cut to size flattened. */
export function toExportLine(row: OrderLineRow): OrderExportLine {
  const { decoupe: _cut, ...line } = toOrderLine(row);
  const dimensions = row.dimensions ?? {};
  return {
    position: row.position,
    ...line,
    nbPieces: row.pieces,
    ...(Object.fromEntries(DIMENSIONS.map((d) => [d, dimensions[d] ?? null])) as Record<
      Dimension,
      number | null
    >),
  };
}

export const toDeliveryAddress = (delivery: OrderRow['delivery']) => ({
  libelle: delivery.label,
  ligne1: delivery.line1,
  ligne2: delivery.line2,
  codePostal: delivery.postalCode,
  ville: delivery.city,
  zone: delivery.zoneLabel,
});
