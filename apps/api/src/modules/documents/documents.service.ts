// Order documents (docs/contract.md, Order documents; index format in docs/import-erp.md): invoices
// and delivery notes as PDF files in FILES_DIR/documents with their index in the order_documents
// table. A customer lists and downloads only its own orders' documents (the orders service says
// which orders a user may see); anything else is the same 404 as an unknown document.
import fs from 'node:fs/promises';
import path from 'node:path';
import type { Database, DbOrTx } from '@comptoir/db/client';
import {
  DOCUMENT_MESSAGES,
  documentFileName,
  documentLink,
  type OrderDocument,
} from '@comptoir/shared/documents';
import { DOCUMENT_KIND_LABELS, type DocumentKind } from '@comptoir/shared/domain';
import { formatEuros, formatIsoDay } from '@comptoir/shared/format';
import { badRequest, notFound } from '../../errors';
import type { SessionUser } from '../auth/auth.service';
import { canSeeOrderNumbered, listOrders, visibleOrderNumber } from '../orders/orders.service';
import * as repo from './documents.repository';
import { simplePdf } from './pdf';

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

export interface DocumentEntry {
  orderNumber: string;
  kind: DocumentKind;
  number: string;
  /** YYYY-MM-DD. */
  issuedOn: string;
  amount: number | null;
  /** The PDF's name in FILES_DIR/documents. */
  fileName: string;
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

/** Demo documents: for the most recent delivered or invoiced orders of the first demo customers. */
const DEMO_CUSTOMERS = ['C000001', 'C000002', 'C000003'];
const DEMO_ORDERS_PER_CUSTOMER = 4;

/**
 * Writes a delivery note for each delivered or invoiced order among the last ones of a few demo
 * customers, and an invoice for each invoiced one: real PDFs in `documentsDir` and their index.
 * Returns how many documents were written.
 */
export async function writeDemoDocuments(db: Database, documentsDir: string): Promise<number> {
  await fs.mkdir(documentsDir, { recursive: true });
  let written = 0;
  for (const codeClient of DEMO_CUSTOMERS) {
    const { elements } = await listOrders(db, { page: 0, size: 40, codeClient });
    const done = elements
      .filter((order) => order.etat === 'E_LIV' || order.etat === 'E_FAC')
      .slice(0, DEMO_ORDERS_PER_CUSTOMER);
    for (const order of done) {
      const kinds: DocumentKind[] = order.etat === 'E_FAC' ? ['bl', 'facture'] : ['bl'];
      for (const kind of kinds) {
        const number = `${kind === 'facture' ? 'FA' : 'BL'}${order.numero.replace(/\W/g, '')}`;
        const issuedOn = formatIsoDay(order.date);
        const amount = kind === 'facture' ? order.montantTTC : null;
        const fileName = documentFileName(kind, number);
        const lines = [
          { text: `${DOCUMENT_KIND_LABELS[kind]} ${number}`, size: 18 },
          { text: `Commande ${order.numero} du ${issuedOn}` },
          { text: `Client ${order.codeClient} - ${order.libelleClient}` },
          ...(amount === null ? [] : [{ text: `Montant TTC : ${formatEuros(amount)}` }]),
          { text: 'Comptoir - document de démonstration' },
        ];
        await fs.writeFile(
          path.join(documentsDir, fileName),
          simplePdf(`${DOCUMENT_KIND_LABELS[kind]} ${number}`, lines),
        );
        await registerDocument(db, documentsDir, {
          orderNumber: order.numero,
          kind,
          number,
          issuedOn,
          amount,
          fileName,
        });
        written++;
      }
    }
  }
  return written;
}
