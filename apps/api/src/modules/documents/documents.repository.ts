import { and, asc, eq, inArray, or } from 'drizzle-orm';
import type { DbOrTx } from '@comptoir/db/client';
import { orderDocuments } from '@comptoir/db/schema';

export type DocumentRow = typeof orderDocuments.$inferSelect;
export type NewDocumentRow = typeof orderDocuments.$inferInsert;

/** The documents of the order numbered `orderNumber`, by date then number. */
export function findDocumentsOfOrder(db: DbOrTx, orderNumber: string): Promise<DocumentRow[]> {
  return db
    .select()
    .from(orderDocuments)
    .where(eq(orderDocuments.orderNumber, orderNumber))
    .orderBy(asc(orderDocuments.issuedOn), asc(orderDocuments.kind), asc(orderDocuments.number));
}

export async function findDocument(db: DbOrTx, id: number): Promise<DocumentRow | undefined> {
  const [row] = await db.select().from(orderDocuments).where(eq(orderDocuments.id, id));
  return row;
}

/** Adds or replaces the document of this kind and number (the ERP may send it again). */
export async function upsertDocument(db: DbOrTx, row: NewDocumentRow): Promise<DocumentRow> {
  const [saved] = await db
    .insert(orderDocuments)
    .values(row)
    .onConflictDoUpdate({
      target: [orderDocuments.kind, orderDocuments.number],
      set: {
        orderNumber: row.orderNumber,
        issuedOn: row.issuedOn,
        amount: row.amount,
        fileName: row.fileName,
        storedFile: row.storedFile,
      },
    })
    .returning();
  return saved!;
}

/** The names of the PDFs the index points to. */
export async function storedFiles(db: DbOrTx): Promise<string[]> {
  const rows = await db.selectDistinct({ storedFile: orderDocuments.storedFile }).from(orderDocuments);
  return rows.map((row) => row.storedFile);
}

/** The documents with these kinds and numbers. */
export function documentsByKeys(
  db: DbOrTx,
  keys: readonly { kind: DocumentRow['kind']; number: string }[],
): Promise<DocumentRow[]> {
  if (!keys.length) return Promise.resolve([]);
  const byKind = new Map<DocumentRow['kind'], string[]>();
  for (const key of keys) byKind.set(key.kind, [...(byKind.get(key.kind) ?? []), key.number]);
  return db
    .select()
    .from(orderDocuments)
    .where(
      or(
        ...[...byKind].map(([kind, numbers]) =>
          and(eq(orderDocuments.kind, kind), inArray(orderDocuments.number, numbers)),
        ),
      ),
    );
}
