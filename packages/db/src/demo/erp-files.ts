// The demo data as ERP import files (docs/import-erp.md): the same deterministic catalogue and
// customers the loader puts in the database, written as agences.csv, familles.csv, articles.csv,
// declinaisons.csv, stocks.csv, clients.csv, adresses.csv and tarifs.csv, and the demo orders'
// invoices and delivery notes as documents.zip (the index and its PDFs), so that an import of a whole
// demo shop can be timed and re-run (npm run demo -- --erp-files DIR). Streamed: article i is made
// from its index, never all at once.
import fs from 'node:fs';
import path from 'node:path';
import { once } from 'node:events';
import { csvLine } from '@comptoir/shared/imports/csv';
import { IMPORT_KINDS, kindHeader, type ImportKind } from '@comptoir/shared/imports/kinds';
import yazl from 'yazl';
import { articleAt, FAMILIES } from './catalogue';
import { ACTIVITIES, UNITS } from './catalogue-data';
import { CUSTOMER_TYPES, customerAt } from './customers';
import {
  DEMO_DOCUMENT_CUSTOMERS,
  demoDocumentsOf,
  hasDemoDocuments,
  pickDemoDocumentOrders,
  type DemoDocument,
} from './documents';
import { demoVolumes, stockRowsOf } from './load';
import { generateActivity, type OrderRow } from './orders';
import { AGENCIES, ZONES } from './places';
import { buildCustomerPrices } from './prices';

type Cell = string | number | boolean | null | undefined;
const cell = (value: Cell) => (typeof value === 'boolean' ? (value ? '1' : '0') : value);

// Every kind but the order statuses: the demo's orders get their statuses when they are generated.
const ERP_FILE_KINDS = IMPORT_KINDS.filter((kind): kind is ErpFileKind => kind !== 'etats');
export type ErpFileKind = Exclude<ImportKind, 'etats'>;

/** One CSV file of `kind`, its header first, written with back-pressure. */
class CsvFile {
  private readonly out: fs.WriteStream;
  rows = 0;
  constructor(dir: string, kind: ImportKind) {
    this.out = fs.createWriteStream(path.join(dir, `${kind}.csv`));
    this.out.write(`${csvLine(kindHeader(kind))}\r\n`);
  }
  async write(values: readonly Cell[]) {
    this.rows++;
    if (!this.out.write(`${csvLine(values.map(cell))}\r\n`)) await once(this.out, 'drain');
  }
  async close() {
    this.out.end();
    await once(this.out, 'finish');
  }
}

export interface ErpFilesOptions {
  scale?: number;
  /** Overrides the number of articles the scale gives. */
  articles?: number;
  /** Writes only these files (all by default). */
  only?: readonly ErpFileKind[];
  now?: Date;
  log?: (line: string) => void;
}

/** Writes the demo shop's ERP files in `dir`; answers the rows written per file. */
export async function writeErpFiles(
  dir: string,
  options: ErpFilesOptions = {},
): Promise<Record<string, number>> {
  const scale = options.scale ?? 1;
  const now = options.now ?? new Date();
  const log = options.log ?? (() => {});
  const volumes = demoVolumes(scale);
  const articleCount = options.articles ?? volumes.articles;
  const customerCount = volumes.customers;
  fs.mkdirSync(dir, { recursive: true });
  const wanted = new Set(options.only ?? ERP_FILE_KINDS);
  const files = Object.fromEntries(
    ERP_FILE_KINDS.filter((kind) => kind !== 'documents' && wanted.has(kind)).map((kind) => [
      kind,
      new CsvFile(dir, kind),
    ]),
  ) as Partial<Record<Exclude<ErpFileKind, 'documents'>, CsvFile>>;

  // Same order as kindHeader('agences').
  for (const agency of AGENCIES)
    await files.agences?.write([
      agency.code,
      agency.label,
      agency.address,
      agency.postalCode,
      agency.city,
      agency.phone,
      agency.stockQueryUrl,
      agency.openingHours,
    ]);

  const activityLabel = new Map(ACTIVITIES.map((activity) => [activity.code, activity.label]));
  // Same order as kindHeader('familles'): code, label, parent, activity, activity label, position.
  for (const family of FAMILIES)
    await files.familles?.write([
      family.code,
      family.label,
      family.parentCode,
      family.activityCode,
      family.activityCode ? activityLabel.get(family.activityCode) : null,
      family.position,
    ]);

  // Same order as kindHeader('unites'): code, label, decimals.
  for (const [code, label, decimals] of UNITS) await files.unites?.write([code, label, decimals]);

  const articleFiles = ['articles', 'declinaisons', 'stocks'].some((kind) => wanted.has(kind as ErpFileKind));
  for (let index = 0; articleFiles && index < articleCount; index++) {
    const article = articleAt(index, now);
    const a = article.row;
    await files.articles?.write([
      a.code,
      a.designation1,
      a.designation2,
      a.description,
      a.familyCode,
      a.priceHt,
      a.vatRate,
      a.saleUnit,
      a.stockUnit,
      a.prepUnit,
      a.length,
      a.width,
      a.height,
      a.density,
      a.weight,
      a.diameter,
      a.capacity,
      a.dimensionUnit,
      a.weightUnit,
      a.image,
      a.minQuantity,
      a.saleMultiple,
      a.backorderDays,
      a.active,
    ]);
    for (const v of article.variants)
      await files.declinaisons?.write([
        v.articleCode,
        v.code,
        v.designation,
        Object.entries(v.options)
          .map(([name, value]) => `${name}=${value}`)
          .join('|'),
        v.priceHt,
        v.weight,
      ]);
    for (const s of stockRowsOf(article))
      await files.stocks?.write([s.articleCode, s.variantCode || null, s.agencyCode, s.quantity]);
    if ((index + 1) % 50_000 === 0) log(`Fichiers ERP : articles ${index + 1}/${articleCount}`);
  }

  const zoneLabel = new Map<number, string>(ZONES.map((zone) => [zone.id, zone.label]));
  const typeLabel = new Map<string, string>(CUSTOMER_TYPES.map((type) => [type.code, type.label]));
  const customerFiles = wanted.has('clients') || wanted.has('adresses');
  for (let index = 0; customerFiles && index < customerCount; index++) {
    const customer = customerAt(index, now);
    const c = customer.row;
    await files.clients?.write([
      c.code,
      c.name,
      c.typeCode,
      typeLabel.get(c.typeCode),
      c.agencyCode,
      c.isProfessional,
      c.creditLimit,
      c.email,
      c.phone,
      c.siret,
    ]);
    for (const address of customer.addresses)
      await files.adresses?.write([
        address.customerCode,
        address.label,
        address.line1,
        address.line2,
        address.postalCode,
        address.city,
        zoneLabel.get(address.zoneId),
        address.isDefault,
      ]);
  }

  // Same order as kindHeader('tarifs'); actif left empty (a price to keep).
  if (files.tarifs)
    for (const rule of buildCustomerPrices(customerCount, articleCount, now))
      await files.tarifs.write([
        rule.customerCode,
        rule.customerTypeCode,
        rule.articleCode,
        rule.familyCode,
        rule.agencyCode,
        rule.netPrice,
        rule.discount,
        null,
      ]);

  for (const file of Object.values(files)) await file!.close();
  const written = Object.fromEntries(
    Object.entries(files).map(([kind, file]) => [`${kind}.csv`, file!.rows]),
  );
  if (wanted.has('documents')) {
    const documents = demoDocuments(scale, now);
    await writeDocumentsZip(path.join(dir, 'documents.zip'), documents, now);
    written['documents.zip'] = documents.length;
  }
  return written;
}

/** The demo documents of the orders the loader makes at this scale and date (see ./documents.ts). */
function demoDocuments(scale: number, now: Date): DemoDocument[] {
  const last = new Map<string, OrderRow[]>(DEMO_DOCUMENT_CUSTOMERS.map((code) => [code, []]));
  for (const chunk of generateActivity({ now, ...demoVolumes(scale), chunkOrders: 1_000 }))
    for (const order of chunk.orders)
      if (order.amountTtc !== null && hasDemoDocuments(order.status))
        last.get(order.customerCode)?.push(order);
  const documents: DemoDocument[] = [];
  for (const [code, orders] of last) {
    const name = customerAt(Number(code.slice(1)) - 1, now).row.name;
    const newest = pickDemoDocumentOrders(
      orders.sort((a, b) => b.orderedAt.getTime() - a.orderedAt.getTime() || b.id - a.id),
    );
    for (const order of newest)
      documents.push(
        ...demoDocumentsOf({
          number: order.number,
          status: order.status,
          orderedAt: order.orderedAt,
          customerCode: code,
          customerName: name,
          amountTtc: order.amountTtc,
        }),
      );
  }
  return documents;
}

/** documents.zip: the index documents.csv and its PDFs beside it, dated `now` (the same bytes each time). */
async function writeDocumentsZip(file: string, documents: readonly DemoDocument[], now: Date): Promise<void> {
  const archive = new yazl.ZipFile();
  const index = [
    csvLine(kindHeader('documents')),
    ...documents.map((d) =>
      csvLine([d.orderNumber, d.kind, d.number, d.issuedOn, d.amount?.toFixed(2), d.fileName]),
    ),
  ];
  archive.addBuffer(Buffer.from(`${index.join('\r\n')}\r\n`), 'documents.csv', { mtime: now });
  for (const document of documents) archive.addBuffer(document.pdf, document.fileName, { mtime: now });
  archive.end();
  const out = fs.createWriteStream(file);
  archive.outputStream.pipe(out);
  await once(out, 'finish');
}
