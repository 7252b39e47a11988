// The agencies: the back office's pickers, the contact page, a new customer's agency, the stock-query
// link, and the ERP's agences file.
import { asc, eq } from 'drizzle-orm';
import type { DbOrTx } from '@comptoir/db/client';
import { agencies } from '@comptoir/db/schema';
import { excludedSet } from '@comptoir/db/upsert';
import { findCodeLabels, folded, type CodeLabelFilters } from './reference-lists.repository';

export const findAgencies = (db: DbOrTx, filters: CodeLabelFilters = {}) =>
  findCodeLabels(db, agencies, filters);

/** Every agency with its contact details and opening hours, by name (the contact page). */
export const findAgencyContacts = (db: DbOrTx) =>
  db
    .select({
      code: agencies.code,
      label: agencies.label,
      address: agencies.address,
      postalCode: agencies.postalCode,
      city: agencies.city,
      phone: agencies.phone,
      openingHours: agencies.openingHours,
    })
    .from(agencies)
    .orderBy(folded(agencies.label), asc(agencies.code));

/** The first agency by code, or undefined when there is none. */
export async function firstAgencyCode(db: DbOrTx): Promise<string | undefined> {
  const [row] = await db.select({ code: agencies.code }).from(agencies).orderBy(asc(agencies.code)).limit(1);
  return row?.code;
}

/** The agency's stock-query URL template; null when it has none (or the agency is unknown). */
export async function agencyStockQueryUrl(db: DbOrTx, code: string): Promise<string | null> {
  const [row] = await db
    .select({ url: agencies.stockQueryUrl })
    .from(agencies)
    .where(eq(agencies.code, code));
  return row?.url ?? null;
}

// ---------------------------------------------------------------- ERP imports (docs/import-erp.md)

export type AgencyWriteRow = typeof agencies.$inferSelect;

/** Creates or updates agencies (the ERP's agences file). */
export async function upsertAgencies(db: DbOrTx, rows: readonly AgencyWriteRow[]): Promise<void> {
  if (!rows.length) return;
  await db
    .insert(agencies)
    .values([...rows])
    .onConflictDoUpdate({
      target: agencies.code,
      set: excludedSet(agencies, [
        'label',
        'address',
        'postalCode',
        'city',
        'phone',
        'stockQueryUrl',
        'openingHours',
      ]),
    });
}
