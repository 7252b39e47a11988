// The order file for the ERP (docs/contract/orders.md; format and when it is written:
// docs/export-commande.md): recorded in the transaction that validates the order or re-exports it,
// placed on disk only after that commit, repaired by the reconciliation, served by the download.
import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import type { Database, DbOrTx } from '@comptoir/db/client';
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
import { findOrder, findOrderLines, type OrderLineRow, type OrderRow } from './order-detail.repository';
import {
  findOrderNumbers,
  findPendingOrderFiles,
  lockOrderFile,
  markExported,
  markFileWritten,
  tryLockOrderFile,
} from './order-export.repository';
import { lockOrder } from './order-writes.repository';
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
    contact: { nom: order.contact.name, email: order.contact.email, telephone: order.contact.phone },
    adresseFacturation: {
      ligne1: order.billing.line1,
      ligne2: order.billing.line2,
      codePostal: order.billing.postalCode,
      ville: order.billing.city,
    },
    versionCGV: order.cgvVersion,
    lignes: lines.map(toExportLine),
  };
}

/**
 * Records an export of the order inside the caller's transaction: `reexport` counts the next sequence
 * (reexport_count + 1), otherwise the current one is exported again (0 for an order never exported);
 * exported_at is the database's now(), and the file is marked pending. The file itself is placed only
 * after the commit (placeOrderFile): the ERP never sees a file of an order that was rolled back.
 * The content is built here once, so that data the format refuses is a 409 that changes nothing.
 * 404 for an unknown order, 409 for one that is not validated (TER, VAL).
 */
export async function recordExport(
  tx: DbOrTx,
  orderId: number,
  options: { reexport: boolean },
): Promise<void> {
  const locked = await lockOrder(tx, { id: orderId });
  if (!locked) throw notFound(ORDER_NOT_FOUND);
  if (!isValidated(locked.cartType)) throw conflict(notExportableMessage(orderId));
  const sequence = options.reexport ? locked.reexportCount + 1 : locked.reexportCount;
  await markExported(tx, orderId, sequence);
  await checkRecordedExport(tx, orderId);
}

/**
 * Builds the content of the order's recorded export once, inside the caller's transaction: 409 when the
 * format refuses its data. recordExport ends with it; the checkout, which inserts a validated order
 * with its export already recorded, needs nothing else.
 */
export async function checkRecordedExport(tx: DbOrTx, orderId: number): Promise<void> {
  const order = (await findOrder(tx, { id: orderId }))!;
  serialize(order, await findOrderLines(tx, orderId), order.reexportCount, order.exportedAt!);
}

function serialize(order: OrderRow, lines: OrderLineRow[], sequence: number, exportedAt: Date): string {
  try {
    return serializeOrderExport(toOrderExport(order, lines, sequence, exportedAt));
  } catch (error) {
    // Data the format refuses (e.g. a line without article code): say which.
    if (error instanceof OrderExportFormatError) throw conflict(error.message);
    throw error;
  }
}

/**
 * Places the file of the order's last recorded export, once that export is committed: under the
 * order's file lock (one writer at a time, on every instance), it reads the order's latest state,
 * writes the file under a temporary name, renames it over the final one and clears the pending mark
 * (unless a newer export was recorded meanwhile: its own writer follows). `onlyIfPending` skips an
 * order whose file is already in place (the reconciliation). Null when the order does not exist, is
 * not validated, or (onlyIfPending) needs nothing.
 */
export async function placeOrderFile(
  db: Database,
  exportsDir: string,
  orderId: number,
  options: { onlyIfPending?: boolean } = {},
): Promise<OrderFile | null> {
  return db.transaction(async (tx) => {
    await lockOrderFile(tx, orderId);
    const order = await findOrder(tx, { id: orderId });
    if (!order || !isValidated(order.cartType) || !order.exportedAt) return null;
    if (options.onlyIfPending && !order.exportFilePending) return null;
    const sequence = order.reexportCount;
    const content = serialize(order, await findOrderLines(tx, orderId), sequence, order.exportedAt);
    const fileName = exportFileName({ numero: order.number });
    await replaceFile(exportsDir, fileName, orderId, content);
    await markFileWritten(tx, orderId, { sequence, exportedAt: order.exportedAt });
    return { fileName, content, sequence };
  });
}

/**
 * placeOrderFile for a request whose order is already committed and answered as such (checkout,
 * payment validation): a file that cannot be placed now stays pending and is logged; the
 * reconciliation places it as soon as it can.
 */
export async function placeOrderFileOrLeavePending(
  db: Database,
  exportsDir: string,
  orderId: number,
  log: FastifyBaseLogger,
): Promise<void> {
  try {
    await placeOrderFile(db, exportsDir, orderId);
  } catch (error) {
    log.error({ err: error, orderId }, `Fichier d'export de la commande ${orderId} en attente`);
  }
}

/**
 * Records the export and places its file (the back office's re-export and download actions). When
 * the file cannot be placed the export stays recorded and pending, the error goes up (a 500), and
 * the reconciliation places the file later.
 */
export async function exportOrder(
  db: Database,
  exportsDir: string,
  orderId: number,
  options: { reexport: boolean },
): Promise<OrderFile> {
  await db.transaction((tx) => recordExport(tx, orderId, options));
  const file = await placeOrderFile(db, exportsDir, orderId);
  // Orders are never deleted nor unvalidated: what was just recorded has its file.
  if (!file) throw notFound(ORDER_NOT_FOUND);
  return file;
}

const TEMPORARY = /^\.(.+)\.(\d+)\.[0-9a-f]{12}\.tmp$/;

/**
 * Writes `content` to dir/name through a temporary file renamed over it: readers never see half a
 * file. The temporary name carries the order id, so that the reconciliation can tell a write in
 * progress (its lock is held) from a leftover.
 */
async function replaceFile(dir: string, name: string, orderId: number, content: string): Promise<void> {
  await fs.mkdir(dir, { recursive: true });
  const temporary = path.join(dir, `.${name}.${orderId}.${randomBytes(6).toString('hex')}.tmp`);
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
  db: Database,
  exportsDir: string,
  orderId: number,
): Promise<OrderFile> {
  const order = await findOrder(db, { id: orderId });
  if (!order) throw notFound(ORDER_NOT_FOUND);
  if (!isValidated(order.cartType)) throw conflict(notExportableMessage(orderId));
  if (order.exportFilePending) {
    const placed = await placeOrderFile(db, exportsDir, orderId);
    if (placed) return placed;
  }
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

// ---------------------------------------------------------------- reconciliation

/** How often each instance runs the periodic reconciliation. */
export const RECONCILE_EVERY_MS = 60_000;
/** A pending file younger than this is being placed by its own request: the periodic pass leaves it. */
const PENDING_GRACE_MS = 10_000;
const PENDING_BATCH = 200;

export interface ReconcileReport {
  /** Pending files placed. */
  placed: number;
  /** Pending files that could not be placed (still pending). */
  failed: number;
  /** Temporary files of interrupted writes removed. */
  temporariesRemoved: number;
  /** Files of orders that do not exist moved to the quarantine folder (startup only). */
  quarantined: string[];
}

/** The folder beside the export folder where files of no order are moved (never deleted). */
export const quarantineDirOf = (exportsDir: string) =>
  path.join(path.dirname(exportsDir), 'exports-quarantaine');

/**
 * Repairs the export folder: places the pending files of validated orders, removes the temporary
 * files of writes that were cut short, and at `startup` moves the files of orders that do not exist
 * to the quarantine folder (files this shop never places any more; kept for an operator to look at).
 * Safe with several instances on one database: each file write and each removal of a temporary file
 * holds the order's file lock. At startup pending files are placed whatever their age (the process
 * that recorded them is gone or writes under the same lock).
 */
export async function reconcileOrderFiles(
  db: Database,
  exportsDir: string,
  options: { startup: boolean; log: FastifyBaseLogger; graceMs?: number },
): Promise<ReconcileReport> {
  const report: ReconcileReport = { placed: 0, failed: 0, temporariesRemoved: 0, quarantined: [] };
  await fs.mkdir(exportsDir, { recursive: true });
  // Leftovers first, so that the pass below finds a clean folder; then the pending files.
  report.temporariesRemoved = await removeTemporaries(db, exportsDir);
  if (options.startup) report.quarantined = await quarantineOrphans(db, exportsDir);
  const olderThanMs = options.startup ? 0 : (options.graceMs ?? PENDING_GRACE_MS);
  let batch = await findPendingOrderFiles(db, { olderThanMs, limit: PENDING_BATCH });
  const tried = new Set<number>();
  while (batch.some((id) => !tried.has(id))) {
    for (const id of batch.filter((id) => !tried.has(id))) {
      tried.add(id);
      try {
        if (await placeOrderFile(db, exportsDir, id, { onlyIfPending: true })) report.placed++;
      } catch (error) {
        report.failed++;
        options.log.error({ err: error, orderId: id }, `Fichier d'export de la commande ${id} en attente`);
      }
    }
    if (batch.length < PENDING_BATCH) break;
    batch = await findPendingOrderFiles(db, { olderThanMs, limit: PENDING_BATCH });
  }
  return report;
}

async function removeTemporaries(db: Database, exportsDir: string): Promise<number> {
  let removed = 0;
  for (const name of await fs.readdir(exportsDir)) {
    if (!name.endsWith('.tmp')) continue;
    const orderId = Number(TEMPORARY.exec(name)?.[2]);
    const gone = Number.isSafeInteger(orderId)
      ? // Nobody holds the order's lock: no write of it is in progress, the file is a leftover.
        await db.transaction(async (tx) => {
          if (!(await tryLockOrderFile(tx, orderId))) return false;
          await fs.rm(path.join(exportsDir, name), { force: true });
          return true;
        })
      : await removeIfOld(path.join(exportsDir, name));
    if (gone) removed++;
  }
  return removed;
}

/** A temporary file of no known writer: removed once it is an hour old. */
async function removeIfOld(file: string): Promise<boolean> {
  const stat = await fs.stat(file).catch(() => null);
  if (!stat || Date.now() - stat.mtimeMs < 3_600_000) return false;
  await fs.rm(file, { force: true });
  return true;
}

/**
 * Moves to the quarantine folder every order file (commande-*.txt) that no order owns: unreadable,
 * or carrying an order id that does not exist or whose numero names another file. Files are only
 * ever placed for committed orders, which are never deleted, so nothing owned is moved.
 */
async function quarantineOrphans(db: Database, exportsDir: string): Promise<string[]> {
  const files = new Map<string, number | null>();
  for (const name of await fs.readdir(exportsDir)) {
    if (!/^commande-.*\.txt$/.test(name)) continue;
    const read = await readOrderFile(path.join(exportsDir, name)).catch(() => null);
    files.set(name, read?.order.id ?? null);
  }
  const ids = [...new Set([...files.values()].filter((id): id is number => id !== null))];
  const numbers = new Map<number, string>();
  for (let start = 0; start < ids.length; start += 1000)
    for (const [id, number] of await findOrderNumbers(db, ids.slice(start, start + 1000)))
      numbers.set(id, number);
  const quarantined: string[] = [];
  const quarantineDir = quarantineDirOf(exportsDir);
  for (const [name, id] of files) {
    const number = id === null ? undefined : numbers.get(id);
    if (number !== undefined && exportFileName({ numero: number }) === name) continue;
    await fs.mkdir(quarantineDir, { recursive: true });
    try {
      await fs.rename(path.join(exportsDir, name), path.join(quarantineDir, `${Date.now()}-${name}`));
      quarantined.push(name);
    } catch (error) {
      // Moved meanwhile by another instance's startup.
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    }
  }
  return quarantined;
}
