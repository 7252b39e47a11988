// The order file for the ERP (docs/contract.md, Orders; format: docs/export-commande.md):
// written once when an order becomes validated, again at each re-export (next sequence), and served
// by the download action.
import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { DbOrTx } from '@comptoir/db/client';
import {
  exportFileName,
  OrderExportFormatError,
  parseOrderExport,
  serializeOrderExport,
  toParisIsoDateTime,
  type OrderExport,
} from '@comptoir/shared/orders/export-format';
import { isValidated, notExportableMessage, ORDER_NOT_FOUND } from '@comptoir/shared/orders/labels';
import { conflict, notFound } from '../../errors';
import {
  findOrder,
  findOrderLines,
  lockOrder,
  markExported,
  type OrderLineRow,
  type OrderRow,
} from './orders.repository';
import { toDeliveryAddress, toExportLine } from './orders.mapping';

export interface OrderFile {
  fileName: string;
  content: string;
  sequence: number;
}

/** The export of an order, as written at `exportedAt` with sequence `sequence`. */
export function toOrderExport(
  order: OrderRow,
  lines: OrderLineRow[],
  sequence: number,
  exportedAt: Date,
): OrderExport {
  return {
    id: order.id,
    numero: order.number,
    date: toParisIsoDateTime(order.orderedAt),
    refClient: order.customerReference,
    webCdeId: order.webOrderId,
    codeClient: order.customerCode,
    libelleClient: order.customerName,
    codeAgence: order.agencyCode,
    // serializeOrderExport refuses anything but TER and VAL; exportOrder checked it before.
    typePanier: order.cartType as OrderExport['typePanier'],
    libelleModeReglement: order.paymentLabel,
    adresseLivraison: toDeliveryAddress(order.delivery),
    transporteur: order.carrierName,
    fraisPort: order.shippingFee,
    montantHT: order.amountHt,
    montantTVA: order.amountVat,
    montantTTC: order.amountTtc,
    sequenceExport: sequence,
    dateExport: toParisIsoDateTime(exportedAt),
    lignes: lines.map(toExportLine),
  };
}

/**
 * Writes the order's file into `exportsDir` and records it, in one transaction (a savepoint when
 * `db` is already one): `reexport` writes the next sequence (reexport_count + 1) and counts it;
 * otherwise the current sequence is written again (0 for an order never exported). exported_at is
 * the database's now().
 *
 * The file is written under a temporary name and renamed over the final one as the transaction's
 * last step, while the order's row is still locked: a failure before leaves neither a file nor a
 * count, and concurrent exports of one order replace the file in the order they are counted.
 * 404 for an unknown order, 409 for one that is not validated (TER, VAL) or cannot be written.
 */
export function exportOrder(
  db: DbOrTx,
  exportsDir: string,
  orderId: number,
  options: { reexport: boolean },
): Promise<OrderFile> {
  return db.transaction(async (tx) => {
    const locked = await lockOrder(tx, { id: orderId });
    if (!locked) throw notFound(ORDER_NOT_FOUND);
    if (!isValidated(locked.cartType)) throw conflict(notExportableMessage(orderId));
    const sequence = options.reexport ? locked.reexportCount + 1 : locked.reexportCount;
    const exportedAt = await markExported(tx, orderId, sequence);
    const order = (await findOrder(tx, { id: orderId }))!;
    const lines = await findOrderLines(tx, orderId);
    let content: string;
    try {
      content = serializeOrderExport(toOrderExport(order, lines, sequence, exportedAt));
    } catch (error) {
      // Data the format refuses (e.g. a line without article code): say which, change nothing.
      if (error instanceof OrderExportFormatError) throw conflict(error.message);
      throw error;
    }
    const fileName = exportFileName({ numero: order.number });
    await replaceFile(exportsDir, fileName, content);
    return { fileName, content, sequence };
  });
}

/** Writes `content` to dir/name through a temporary file renamed over it: readers never see half a file. */
async function replaceFile(dir: string, name: string, content: string): Promise<void> {
  await fs.mkdir(dir, { recursive: true });
  const temporary = path.join(dir, `.${name}.${randomBytes(6).toString('hex')}.tmp`);
  try {
    const handle = await fs.open(temporary, 'wx');
    try {
      await handle.writeFile(content, 'utf8');
      await handle.sync();
    } finally {
      await handle.close();
    }
    await fs.rename(temporary, path.join(dir, name));
  } catch (error) {
    await fs.rm(temporary, { force: true });
    throw error;
  }
}

/**
 * The order's file as last exported, for the download action. An order validated without a file on
 * disk (never exported, e.g. demo data, or a file lost) gets it written now, sequence 0 when it was
 * never exported. A file that is not this order's (unreadable, or another numero reduced to the same
 * name) is written again too. 404 unknown order, 409 not validated.
 */
export async function orderFileForDownload(
  db: DbOrTx,
  exportsDir: string,
  orderId: number,
): Promise<OrderFile> {
  const order = await findOrder(db, { id: orderId });
  if (!order) throw notFound(ORDER_NOT_FOUND);
  if (!isValidated(order.cartType)) throw conflict(notExportableMessage(orderId));
  const fileName = exportFileName({ numero: order.number });
  const existing = await readOrderFile(path.join(exportsDir, fileName));
  if (existing?.order.id === orderId)
    return { fileName, content: existing.content, sequence: existing.order.sequenceExport };
  return exportOrder(db, exportsDir, orderId, { reexport: false });
}

async function readOrderFile(file: string): Promise<{ content: string; order: OrderExport } | null> {
  let content: string;
  try {
    content = await fs.readFile(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
  try {
    return { content, order: parseOrderExport(content) };
  } catch (error) {
    if (error instanceof OrderExportFormatError) return null;
    throw error;
  }
}
