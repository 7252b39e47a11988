// What the shipping fees keep in the answer cache (plugins/kept-read.ts): the checkout page prices
// every carrier on each call, so the forfaits in force and the agencies and zones it checks are kept
// until the schedule or what it names changes; a transaction reads them.
import type { DbOrTx } from '@comptoir/db/client';
import type { TypeForfait } from '@comptoir/shared/shipping/contract';
import { keptRead } from '../../plugins/kept-read';
import { agencyExists, zoneExists } from '../reference/reference.reads';
import { toForfait } from './forfait-row';
import * as repo from './shipping-fees.repository';

/** What the fee schedule is read from: the forfaits, and the tranches, zones, families and agencies they name. */
export const SCHEDULE_TABLES = ['shipping_fees', 'bands', 'zones', 'families', 'agencies'];

/** The forfaits of fee type `type`. */
export const scheduleInForce = keptRead({
  key: (type: TypeForfait) => `shipping-fees:forfaits:${type}`,
  tables: SCHEDULE_TABLES,
  load: async (db, type: TypeForfait) => (await repo.listShippingFees(db, type)).map(toForfait),
});

/** Whether the agency of this code exists. */
export const knownAgency: (db: DbOrTx, code: string) => Promise<boolean> = keptRead({
  key: (code: string) => `agencies:exists:${code}`,
  tables: ['agencies'],
  load: (db, code: string) => agencyExists(db, code),
});

/** Whether the zone of this id exists. */
export const knownZone: (db: DbOrTx, id: number) => Promise<boolean> = keptRead({
  key: (id: number) => `zones:exists:${id}`,
  tables: ['zones'],
  load: (db, id: number) => zoneExists(db, id),
});
