// Order documents (docs/contract.md, Order documents; index format in docs/import-erp.md): invoices
// and delivery notes as PDF files in FILES_DIR/documents with their index in the order_documents
// table. A customer lists and downloads only its own orders' documents (the orders service says
// which orders a user may see); anything else is the same 404 as an unknown document.
import fs from 'node:fs/promises';
import path from 'node:path';
import type { Database, DbOrTx } from '@comptoir/db/client';
import {
  DEMO_DOCUMENT_CUSTOMERS,
  DEMO_DOCUMENT_ORDERS_PER_CUSTOMER,
  demoDocumentsOf,
  hasDemoDocuments,
} from '@comptoir/db/demo/documents';
import {
  DOCUMENT_MESSAGES,
  documentFileName,
  documentLink,
  type DocumentEntry,
  type OrderDocument,
} from '@comptoir/shared/documents';
import { DOCUMENT_KIND_LABELS, type DocumentKind } from '@comptoir/shared/domain';
import { badRequest, notFound } from '../../errors';
import type { SessionUser } from '../auth/auth.service';
import { canSeeOrderNumbered, listOrders, visibleOrderNumber } from '../orders/orders.service';
import * as repo from './documents.repository';

/** A PDF's name in the folder: a plain name ending in .pdf, nothing that leaves the folder. */
const PDF_NAME = /^[A-Za-z0-9][A-Za-z0-9_.-]{0,150}\.pdf$/;
export const isDocumentFileName = (name: string) => PDF_NAME.test(name) && !name.includes('..');

const toDocument = (row: repo.DocumentRow): OrderDocument => ({
  id: row.id,
  type: row.kind,
  libelle: DOCUMENT_KIND_LABELS[row.kind],
  numero: row.number,
  date: row.issuedOn,
  montant: row.amount,
  lien: documentLink(row.id),
});

/** The documents of order `orderId`, when `user` may see the order (404 otherwise). */
export async function orderDocumentsFor(
  db: DbOrTx,
  user: SessionUser,
  orderId: number,
  codeClient?: string,
): Promise<OrderDocument[]> {
  const number = await visibleOrderNumber(db, user, orderId, codeClient);
  return (await repo.findDocumentsOfOrder(db, number)).map(toDocument);
}

/** The PDF of document `id` and its download name, when `user` may see its order (404 otherwise). */
export async function documentPdf(
  db: DbOrTx,
  documentsDir: string,
  user: SessionUser,
  id: number,
): Promise<{ fileName: string; bytes: Buffer }> {
  const row = await repo.findDocument(db, id);
  if (!row || !(await canSeeOrderNumbered(db, user, row.orderNumber)) || !isDocumentFileName(row.fileName))
    throw notFound(DOCUMENT_MESSAGES.notFound);
  try {
    return {
      fileName: documentFileName(row.kind, row.number),
      bytes: await fs.readFile(path.join(documentsDir, row.fileName)),
    };
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') throw notFound(DOCUMENT_MESSAGES.notFound);
    throw error;
  }
}

/**
 * Records one index entry whose PDF is already in the documents folder (the ERP import calls this
 * for each index row, inside its transaction). A second entry of the same kind and number replaces
 * the first. `pdfPath`: where the PDF is when it is not in the folder yet (the import moves it there
 * just before its transaction commits).
 */
export async function registerDocument(
  db: DbOrTx,
  documentsDir: string,
  entry: DocumentEntry,
  pdfPath = path.join(documentsDir, entry.fileName),
) {
  if (!isDocumentFileName(entry.fileName))
    throw badRequest(`Nom de fichier PDF invalide : ${entry.fileName}`);
  const stats = await fs.lstat(pdfPath).catch(() => null);
  if (!stats?.isFile()) throw badRequest(`Fichier PDF absent : ${entry.fileName}`);
  return repo.upsertDocument(db, entry);
}

/** The index entries with these kinds and numbers (the ERP import compares against them). */
export const documentsByKeys = (db: DbOrTx, keys: readonly { kind: DocumentKind; number: string }[]) =>
  repo.documentsByKeys(db, keys);

/**
 * Writes the demo documents (packages/db/src/demo/documents.ts) of the last delivered or invoiced
 * orders of a few demo customers: real PDFs in `documentsDir` and their index. Returns how many
 * documents were written.
 */
export async function writeDemoDocuments(db: Database, documentsDir: string): Promise<number> {
  await fs.mkdir(documentsDir, { recursive: true });
  let written = 0;
  for (const codeClient of DEMO_DOCUMENT_CUSTOMERS) {
    const { elements } = await listOrders(db, { page: 0, size: 40, codeClient });
    const done = elements
      .filter((order) => hasDemoDocuments(order.etat))
      .slice(0, DEMO_DOCUMENT_ORDERS_PER_CUSTOMER);
    for (const order of done) {
      const documents = demoDocumentsOf({
        number: order.numero,
        status: order.etat,
        orderedAt: order.date,
        customerCode: order.codeClient,
        customerName: order.libelleClient,
        amountTtc: order.montantTTC,
      });
      for (const { pdf, ...entry } of documents) {
        await fs.writeFile(path.join(documentsDir, entry.fileName), pdf);
        await registerDocument(db, documentsDir, entry);
        written++;
      }
    }
  }
  return written;
}
