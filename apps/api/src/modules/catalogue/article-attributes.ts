// How an article's measures and free attributes are read and shown: on the product page, in its
// regroupement's dropdowns, in a list's facets and in the options the back office's groupings offer.
import type { DbOrTx } from '@comptoir/db/client';
import { attributeLabel, type AttributeFacet, type MeasureKey } from '@comptoir/shared/catalogue';
import { EXCLUDED_ATTRIBUTES } from '@comptoir/shared/groupings';
import type { MeasureRow } from './article-columns.repository';
import * as listRepo from './storefront-list.repository';

/** Where each measure lives in the articles table, and its unit. */
export const MEASURE_SOURCES: Record<
  MeasureKey,
  (row: MeasureRow) => { value: number | null; unit: string }
> = {
  longueur: (row) => ({ value: row.length, unit: row.dimensionUnit ?? '' }),
  largeur: (row) => ({ value: row.width, unit: row.dimensionUnit ?? '' }),
  hauteur: (row) => ({ value: row.height, unit: row.dimensionUnit ?? '' }),
  diametre: (row) => ({ value: row.diameter, unit: row.dimensionUnit ?? '' }),
  poids: (row) => ({ value: row.weight, unit: row.weightUnit ?? '' }),
  contenance: (row) => ({ value: row.capacity, unit: 'l' }),
  densite: (row) => ({ value: row.density, unit: 'kg/m³' }),
};

/** Technical attributes never shown to customers (the ones regroupements leave out too). */
export const HIDDEN_ATTRIBUTES: ReadonlySet<string> = new Set(EXCLUDED_ATTRIBUTES);

/** A measure as the shop writes it (a French decimal, up to 4 digits after the comma). */
export const numberFormat = new Intl.NumberFormat('fr-FR', { maximumFractionDigits: 4 });

/**
 * The free attributes of the scope's active articles (a family subtree's, or the ones a search found),
 * the technical ones left out, each value with its article count: what a list offers to filter by.
 */
export async function attributeFacets(db: DbOrTx, scope: listRepo.ListScope): Promise<AttributeFacet[]> {
  const facets = new Map<string, AttributeFacet>();
  for (const { name, value, count } of await listRepo.attributeCounts(db, scope)) {
    if (HIDDEN_ATTRIBUTES.has(name)) continue;
    const facet = facets.get(name) ?? { nom: name, libelle: attributeLabel(name), valeurs: [] };
    facet.valeurs.push({ valeur: value, nombre: Number(count) });
    facets.set(name, facet);
  }
  return [...facets.values()].sort((a, b) => a.libelle.localeCompare(b.libelle, 'fr'));
}
