// Order documents (docs/contract/order-documents.md; index format in docs/import-erp.md): invoices
// and delivery notes as PDF files in FILES_DIR/documents with their index in the order_documents
// table. A customer lists and downloads only its own orders' documents (the orders service says
// which orders a user may see); anything else is the same 404 as an unknown document.
import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { Database, DbOrTx } from '@comptoir/db/client';
import {
  DEMO_DOCUMENT_CUSTOMERS,
  demoDocumentsOf,
  pickDemoDocumentOrders,
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
  if (!row || !(await canSeeOrderNumbered(db, user, row.orderNumber)) || !isDocumentFileName(row.storedFile))
    throw notFound(DOCUMENT_MESSAGES.notFound);
  try {
    return {
      fileName: documentFileName(row.kind, row.number),
      bytes: await fs.readFile(path.join(documentsDir, row.storedFile)),
    };
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') throw notFound(DOCUMENT_MESSAGES.notFound);
    throw error;
  }
}

/**
 * Records one index entry whose PDF is in the documents folder as `storedFile` (by default under the
 * ERP's file name); the ERP import calls this for each index row, inside its transaction. A second
 * entry of the same kind and number replaces the first.
 */
export async function registerDocument(
  db: DbOrTx,
  documentsDir: string,
  entry: DocumentEntry,
  storedFile = entry.fileName,
) {
  if (!isDocumentFileName(entry.fileName) || !isDocumentFileName(storedFile))
    throw badRequest(`Nom de fichier PDF invalide : ${entry.fileName}`);
  const stats = await fs.lstat(path.join(documentsDir, storedFile)).catch(() => null);
  if (!stats?.isFile()) throw badRequest(`Fichier PDF absent : ${entry.fileName}`);
  return repo.upsertDocument(db, { ...entry, storedFile });
}

/** A PDF being written ends so until it is renamed (storePdf). */
const PDF_PART_SUFFIX = '.part';

/** The name a PDF is stored under when the ERP sends it: its content's digest. */
export const storedPdfName = (bytes: Buffer) =>
  `${createHash('sha256').update(bytes).digest('hex').slice(0, 40)}.pdf`;

/**
 * Puts a PDF in the documents folder under `storedFile` (see storedPdfName), written beside it then
 * renamed (a reader never sees half a file). Returns false when it was already there.
 */
export async function storePdf(documentsDir: string, storedFile: string, bytes: Buffer): Promise<boolean> {
  const target = path.join(documentsDir, storedFile);
  if (
    await fs.lstat(target).then(
      (stats) => stats.isFile(),
      () => false,
    )
  )
    return false;
  await fs.mkdir(documentsDir, { recursive: true });
  const part = `${target}.${randomBytes(6).toString('hex')}${PDF_PART_SUFFIX}`;
  await fs.writeFile(part, bytes);
  await fs.rename(part, target);
  return true;
}

/**
 * Removes the folder's files no index row points to: the PDFs an import replaced (once its rows
 * committed) or wrote for a refused file, and what a killed server left half-written. The ERP import
 * calls it under the documents kind's lock, so no other import is writing meanwhile.
 */
export async function removeUnreferencedPdfs(db: DbOrTx, documentsDir: string): Promise<number> {
  const names = await fs.readdir(documentsDir).catch(() => [] as string[]);
  if (!names.length) return 0;
  const referenced = new Set(await repo.storedFiles(db));
  const unreferenced = names.filter(
    (name) => name.endsWith(PDF_PART_SUFFIX) || (name.endsWith('.pdf') && !referenced.has(name)),
  );
  await Promise.all(unreferenced.map((name) => fs.rm(path.join(documentsDir, name), { force: true })));
  return unreferenced.length;
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
    const done = pickDemoDocumentOrders(elements.map((order) => ({ ...order, status: order.etat })));
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
