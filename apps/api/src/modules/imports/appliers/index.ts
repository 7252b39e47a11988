// What each file kind does to the shop's tables (docs/import-erp.md), one applier per kind in this
// folder: per batch of read rows, check what the rows refer to, compare them with what is there, and
// write the new and changed ones through the owning module's service. A batch whose file already has a
// rejected row is still checked (so that the report lists every bad row) but not written: the file's
// transaction is rolled back anyway.
import type { ImportKind } from '@comptoir/shared/imports/kinds';
import { addressApplier } from './adresses';
import { agencyApplier } from './agences';
import { articleApplier } from './articles';
import { customerApplier } from './clients';
import { variantApplier } from './declinaisons';
import { documentApplier } from './documents';
import { familyApplier } from './familles';
import { statusApplier } from './etats';
import { stockApplier } from './stocks';
import { priceApplier } from './tarifs';
import { unitApplier } from './unites';
import type { Applier } from './helpers';

const APPLIERS: { [K in ImportKind]: () => Applier<K> } = {
  agences: agencyApplier,
  familles: familyApplier,
  unites: unitApplier,
  articles: articleApplier,
  declinaisons: variantApplier,
  stocks: stockApplier,
  clients: customerApplier,
  adresses: addressApplier,
  etats: statusApplier,
  tarifs: priceApplier,
  documents: documentApplier,
};

/** A fresh applier for one file (appliers remember what the file said so far). */
export function applierFor<K extends ImportKind>(kind: K): Applier<K> {
  return APPLIERS[kind]() as unknown as Applier<K>;
}
