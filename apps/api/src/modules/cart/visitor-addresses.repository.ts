// The delivery addresses a visitor typed in its cart session (visitor_addresses, owned by the cart
// module): read and written by the visitor's own session account only.
import { count, desc, eq } from 'drizzle-orm';
import type { DbOrTx } from '@comptoir/db/client';
import { visitorAddresses, zones } from '@comptoir/db/schema';
import type { DeliveryAddressRow } from '../reference/reference.service';

/** A visitor's address has the shape of a customer's delivery address. */
export type VisitorAddressRow = DeliveryAddressRow;

/** The addresses of the visitor session account `userId`, the latest typed first (and the default). */
export async function findVisitorAddresses(db: DbOrTx, userId: number): Promise<VisitorAddressRow[]> {
  const rows = await db
    .select({
      id: visitorAddresses.id,
      label: visitorAddresses.label,
      line1: visitorAddresses.line1,
      line2: visitorAddresses.line2,
      postalCode: visitorAddresses.postalCode,
      city: visitorAddresses.city,
      zoneId: visitorAddresses.zoneId,
      zoneLabel: zones.label,
    })
    .from(visitorAddresses)
    .leftJoin(zones, eq(zones.id, visitorAddresses.zoneId))
    .where(eq(visitorAddresses.userId, userId))
    .orderBy(desc(visitorAddresses.id));
  return rows.map((row, index) => ({ ...row, isDefault: index === 0 }));
}

export async function countVisitorAddresses(db: DbOrTx, userId: number): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(visitorAddresses)
    .where(eq(visitorAddresses.userId, userId));
  return row?.n ?? 0;
}

export async function insertVisitorAddress(
  db: DbOrTx,
  userId: number,
  address: Omit<VisitorAddressRow, 'id' | 'zoneLabel' | 'isDefault'>,
): Promise<number> {
  const [row] = await db
    .insert(visitorAddresses)
    .values({ userId, ...address })
    .returning({ id: visitorAddresses.id });
  return row!.id;
}
