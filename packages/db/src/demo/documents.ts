// The demo data's invoices and delivery notes (docs/import-erp.md, `documents`): for the last delivered
// or invoiced orders of a few demo customers, a delivery note each and an invoice for each invoiced
// one, as real one-page PDFs. The server writes them at its first start (from the orders in the
// database); the generator's --erp-files writes them as a `documents` ZIP (from the orders it makes).
import { documentFileName, type DocumentEntry } from '@comptoir/shared/documents';
import { DOCUMENT_KIND_LABELS, type DocumentKind, type OrderStatus } from '@comptoir/shared/domain';
import { formatEuros, formatIsoDay } from '@comptoir/shared/format';
import { simplePdf } from './pdf';

export const DEMO_DOCUMENT_CUSTOMERS: readonly string[] = ['C000001', 'C000002', 'C000003'];
/** How many of each customer's last delivered or invoiced orders get documents. */
export const DEMO_DOCUMENT_ORDERS_PER_CUSTOMER = 4;

export interface DemoDocumentOrder {
  number: string;
  status: OrderStatus | null;
  orderedAt: Date | number;
  customerCode: string;
  customerName: string;
  amountTtc: number | null;
}

/** An index entry and its PDF's bytes. */
export interface DemoDocument extends DocumentEntry {
  pdf: Buffer;
}

/** Whether the order gets demo documents (it has left: delivered or invoiced). */
export const hasDemoDocuments = (status: OrderStatus | null) => status === 'E_LIV' || status === 'E_FAC';

/**
 * The orders that get demo documents among a customer's orders, newest first: its last delivered or
 * invoiced ones, always with an invoiced one among them when it has one (recent orders are mostly
 * delivered but not yet invoiced, so the newest four may hold no invoice on a given day).
 */
export function pickDemoDocumentOrders<T extends { status: OrderStatus | null }>(
  newestFirst: readonly T[],
): T[] {
  const shipped = newestFirst.filter((order) => hasDemoDocuments(order.status));
  const picked = shipped.slice(0, DEMO_DOCUMENT_ORDERS_PER_CUSTOMER);
  const invoiced = shipped.find((order) => order.status === 'E_FAC');
  if (invoiced && !picked.includes(invoiced)) picked[picked.length - 1] = invoiced;
  return picked;
}

/** The order's demo documents: a delivery note, and an invoice when it is invoiced. */
export function demoDocumentsOf(order: DemoDocumentOrder): DemoDocument[] {
  const kinds: DocumentKind[] = order.status === 'E_FAC' ? ['bl', 'facture'] : ['bl'];
  return kinds.map((kind) => {
    const number = `${kind === 'facture' ? 'FA' : 'BL'}${order.number.replace(/\W/g, '')}`;
    const issuedOn = formatIsoDay(order.orderedAt);
    const amount = kind === 'facture' ? order.amountTtc : null;
    const lines = [
      { text: `${DOCUMENT_KIND_LABELS[kind]} ${number}`, size: 18 },
      { text: `Commande ${order.number} du ${issuedOn}` },
      { text: `Client ${order.customerCode} - ${order.customerName}` },
      ...(amount === null ? [] : [{ text: `Montant TTC : ${formatEuros(amount)}` }]),
      { text: 'Comptoir - document de démonstration' },
    ];
    return {
      orderNumber: order.number,
      kind,
      number,
      issuedOn,
      amount,
      fileName: documentFileName(kind, number),
      pdf: simplePdf(`${DOCUMENT_KIND_LABELS[kind]} ${number}`, lines),
    };
  });
}
