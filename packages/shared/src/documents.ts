// The documents of an order (docs/contract/order-documents.md): the invoices and delivery notes the
// ERP sends as PDF files, listed on the order detail and downloaded by the order's customer only.
import { z } from 'zod';
import { documentKind, type DocumentKind } from './domain';
import { idParam } from './validation';

export const orderDocument = z.object({
  id: z.number().int(),
  /** 'facture' or 'bl'. */
  type: documentKind,
  /** 'Facture' or 'Bon de livraison'. */
  libelle: z.string(),
  /** The document's number in the ERP. */
  numero: z.string(),
  /** The document's day, YYYY-MM-DD. */
  date: z.string(),
  /** Amount incl. tax, or null (a delivery note without amounts). */
  montant: z.number().nullable(),
  /** Where the PDF is downloaded. */
  lien: z.string(),
});
export type OrderDocument = z.infer<typeof orderDocument>;
export const orderDocumentList = z.array(orderDocument);

export const documentParams = z.object({
  id: idParam('id : identifiant de document attendu (entier positif)'),
});

export const DOCUMENT_MESSAGES = { notFound: 'Document introuvable' } as const;

export const documentLink = (id: number) => `/rest/compte/documents/${id}`;

/** The file name a PDF is downloaded under: 'facture-F123.pdf', its number kept to [A-Za-z0-9_-]. */
export const documentFileName = (kind: string, number: string) =>
  `${kind}-${number.replace(/[^A-Za-z0-9_-]/g, '_')}.pdf`;

/** One entry of the documents' index (the table order_documents), as the ERP's index row says it. */
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
