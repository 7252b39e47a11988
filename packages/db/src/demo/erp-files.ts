// The demo data as ERP import files (docs/import-erp.md): the same deterministic catalogue and
// customers the loader puts in the database, written as agences.csv, familles.csv, articles.csv,
// declinaisons.csv, stocks.csv, clients.csv, adresses.csv and tarifs.csv, so that an import of a whole demo shop can be timed and
// re-run (npm run demo -- --erp-files DIR). Streamed: article i is made from its index, never all at once.
import fs from 'node:fs';
import path from 'node:path';
import { once } from 'node:events';
import { csvLine } from '@comptoir/shared/imports/csv';
import { kindHeader, type ImportKind } from '@comptoir/shared/imports/kinds';
import { articleAt, FAMILIES } from './catalogue';
import { ACTIVITIES } from './catalogue-data';
import { CUSTOMER_TYPES, customerAt } from './customers';
import { BASE_VOLUMES, stockRowsOf } from './load';
import { AGENCIES, ZONES } from './places';
import { buildCustomerPrices } from './prices';

type Cell = string | number | boolean | null | undefined;
const cell = (value: Cell) => (typeof value === 'boolean' ? (value ? '1' : '0') : value);

const ERP_FILE_KINDS = [
  'agences',
  'familles',
  'articles',
  'declinaisons',
  'stocks',
  'clients',
  'adresses',
  'tarifs',
] as const;
export type ErpFileKind = (typeof ERP_FILE_KINDS)[number];

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
  const articleCount = options.articles ?? Math.max(200, Math.round(BASE_VOLUMES.articles * scale));
  const customerCount = Math.max(30, Math.round(BASE_VOLUMES.customers * scale));
  fs.mkdirSync(dir, { recursive: true });
  const wanted = new Set(options.only ?? ERP_FILE_KINDS);
  const files = Object.fromEntries(
    ERP_FILE_KINDS.filter((kind) => wanted.has(kind)).map((kind) => [kind, new CsvFile(dir, kind)]),
  ) as Partial<Record<ErpFileKind, CsvFile>>;

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
  return Object.fromEntries(Object.entries(files).map(([kind, file]) => [`${kind}.csv`, file!.rows]));
}
