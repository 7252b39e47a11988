// The file kinds the ERP sends (docs/import-erp.md): their columns, how each cell is read and what
// is refused, in French. The pipeline (apps/api/src/modules/imports) and the demo data's ERP files
// (packages/db/src/demo) both use these definitions, so that what one writes the other reads.
import { DOCUMENT_KINDS, ORDER_STATUSES, type DocumentKind, type OrderStatus } from '../domain';
import { defaultUnitDecimals, UNIT_DECIMALS_MAX } from '../quantity-rules';
import { MEASURE_MAX, MONEY_MAX } from '../validation';
import { CSV_MAX_LINE_BYTES, groupDigits } from './csv';

/** The format version of docs/import-erp.md. */
export const IMPORT_FORMAT_VERSION = 3;
/**
 * The versions a marker line may name: version 2 added kinds, version 3 the kind `unites` and the
 * articles' quantities, each an addition: version 1 and 2 files read alike.
 */
export const IMPORT_FORMAT_VERSIONS_READ = ['1', '2', '3'] as const;
/** The optional first line that names the kind: `COMPTOIR-IMPORT;articles;1`. */
export const IMPORT_FORMAT_MARKER = 'COMPTOIR-IMPORT';

/** In the order a ZIP's files are imported: a row may refer to what an earlier kind brought. */
export const IMPORT_KINDS = [
  'agences',
  'familles',
  'unites',
  'articles',
  'declinaisons',
  'stocks',
  'clients',
  'adresses',
  'etats',
  'tarifs',
  'documents',
] as const;
export type ImportKind = (typeof IMPORT_KINDS)[number];

export const IMPORT_KIND_LABELS: Record<ImportKind, string> = {
  agences: 'Agences',
  familles: 'Familles (plan de vente)',
  unites: 'Unités de vente',
  articles: 'Articles',
  declinaisons: 'Déclinaisons',
  stocks: 'Stock par agence',
  clients: 'Clients',
  adresses: 'Adresses de livraison',
  etats: 'États des commandes',
  tarifs: 'Prix clients',
  documents: 'Factures et bons de livraison',
};

/** A cell the row cannot take; the message says why, in French. */
export class CellError extends Error {}

const MAX_TEXT = 500;
const MAX_CODE = 40;

const reject = (reason: string): never => {
  throw new CellError(reason);
};

const noNul = (raw: string) => (raw.includes('\u0000') ? reject('caractère nul interdit') : raw);

const code = (raw: string) => {
  const value = noNul(raw.trim());
  if (!value) return reject('valeur obligatoire');
  if (value.length > MAX_CODE) return reject(`${MAX_CODE} caractères au maximum`);
  return value;
};
const text = (raw: string) => {
  const value = noNul(raw.trim());
  if (!value) return reject('valeur obligatoire');
  if (value.length > MAX_TEXT) return reject(`${MAX_TEXT} caractères au maximum`);
  return value;
};

const DECIMAL = /^-?\d+(?:[.,]\d+)?$/;
function decimal(raw: string, max: number, decimals: number, min = 0): number {
  const value = raw.trim();
  if (!DECIMAL.test(value)) return reject('nombre attendu (par exemple 12.5 ou 12,5)');
  const number = Number(value.replace(',', '.'));
  const fraction = value.split(/[.,]/)[1] ?? '';
  if (fraction.length > decimals) return reject(`${decimals} décimales au maximum`);
  if (number < min) return reject(`nombre supérieur ou égal à ${min} attendu`);
  if (number > max) return reject(`nombre inférieur ou égal à ${max} attendu`);
  return number;
}
const optional =
  <T>(read: (raw: string) => T) =>
  (raw: string): T | null =>
    raw.trim() === '' ? null : read(raw);

const price = (raw: string) => decimal(raw, MONEY_MAX, 4);
const money = (raw: string) => decimal(raw, MONEY_MAX, 2);
const measure = (raw: string) => decimal(raw, MEASURE_MAX, 4);
const signedMeasure = (raw: string) => decimal(raw, MEASURE_MAX, 4, -MEASURE_MAX);
const vatRate = (raw: string) => decimal(raw, 100, 2);
const integer = (raw: string) => {
  const value = raw.trim();
  if (!/^\d{1,9}$/.test(value)) return reject('entier positif attendu');
  return Number(value);
};
const flag = (raw: string) => {
  const value = raw.trim();
  if (value === '1') return true;
  if (value === '0') return false;
  return reject('1 (oui) ou 0 (non) attendu');
};

const ISO_DAY_TIME = /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2}))?(Z|[+-]\d{2}:\d{2})?)?$/;
/** A date (AAAA-MM-JJ) or date and time; without an offset it is Paris time. */
function dateTime(raw: string): Date {
  const value = raw.trim();
  const match = ISO_DAY_TIME.exec(value);
  if (!match) return reject('date attendue au format AAAA-MM-JJ ou AAAA-MM-JJTHH:MM:SS');
  const [, y, mo, d, h = '00', mi = '00', s = '00', offset] = match;
  const local = `${y}-${mo}-${d}T${h}:${mi}:${s}`;
  const date = new Date(offset ? `${local}${offset}` : `${local}${parisOffset(local)}`);
  if (Number.isNaN(date.getTime())) return reject('date inexistante');
  const check = new Date(`${y}-${mo}-${d}T00:00:00Z`);
  if (check.getUTCMonth() + 1 !== Number(mo) || check.getUTCDate() !== Number(d))
    return reject('date inexistante');
  return date;
}

/** The UTC offset of Paris at a local date and time ('+01:00' or '+02:00'). */
function parisOffset(local: string): string {
  const asUtc = new Date(`${local}Z`);
  if (Number.isNaN(asUtc.getTime())) return 'Z';
  const paris = new Date(asUtc.toLocaleString('en-US', { timeZone: 'Europe/Paris' }));
  const utc = new Date(asUtc.toLocaleString('en-US', { timeZone: 'UTC' }));
  const hours = Math.round((paris.getTime() - utc.getTime()) / 3_600_000);
  return `+0${hours}:00`;
}

const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;
/** A day (AAAA-MM-JJ), kept as written. */
const day = (raw: string): string => {
  const value = raw.trim();
  if (!ISO_DAY.test(value)) return reject('date attendue au format AAAA-MM-JJ');
  dateTime(value);
  return value;
};

const documentType = (raw: string): DocumentKind => {
  const value = raw.trim();
  return (DOCUMENT_KINDS as readonly string[]).includes(value)
    ? (value as DocumentKind)
    : reject(`un de ${DOCUMENT_KINDS.join(', ')} attendu`);
};

/** A PDF's plain name: no folder, letters, digits, `_`, `-`, `.`, ending in .pdf. */
const pdfName = (raw: string): string => {
  const value = code(raw);
  return /^[A-Za-z0-9][A-Za-z0-9_.-]{0,150}\.pdf$/.test(value) && !value.includes('..')
    ? value
    : reject('nom de fichier PDF attendu (lettres, chiffres, _, -, ., terminé par .pdf, sans dossier)');
};

/** A stock-query URL template: http or https only. */
const webUrl = (raw: string): string => {
  const value = text(raw);
  const probe = value.replace(/\{(codeArticle|codeDeclinaison|codeAgence)\}/g, 'x');
  const url = URL.canParse(probe) ? new URL(probe) : null;
  return url && (url.protocol === 'http:' || url.protocol === 'https:')
    ? value
    : reject('adresse http:// ou https:// attendue');
};

const percent = (raw: string) => decimal(raw, 100, 2);
const unitDecimals = (raw: string) => {
  const value = integer(raw);
  return value > UNIT_DECIMALS_MAX ? reject(`entier de 0 à ${UNIT_DECIMALS_MAX} attendu`) : value;
};
const positiveMeasure = (raw: string) => {
  const value = measure(raw);
  return value > 0 ? value : reject('nombre supérieur à 0 attendu');
};
const days = (raw: string) => {
  const value = integer(raw);
  return value > 365 ? reject('nombre de jours de 0 à 365 attendu') : value;
};

const status = (raw: string): OrderStatus => {
  const value = raw.trim();
  return (ORDER_STATUSES as readonly string[]).includes(value)
    ? (value as OrderStatus)
    : reject(`un de ${ORDER_STATUSES.join(', ')} attendu`);
};

/** `COULEUR=Gris|LONGUEUR=2,50 m` → { COULEUR: 'Gris', LONGUEUR: '2,50 m' }. */
const options = (raw: string): Record<string, string> => {
  const result: Record<string, string> = {};
  for (const pair of noNul(raw.trim()).split('|')) {
    if (!pair.trim()) continue;
    const at = pair.indexOf('=');
    if (at <= 0) return reject('paires NOM=valeur séparées par | attendues');
    result[pair.slice(0, at).trim()] = pair.slice(at + 1).trim();
  }
  return result;
};

interface Column<T> {
  name: string;
  /** The column may be absent from the header; an empty cell gives null (or the default). */
  optional?: boolean;
  read: (raw: string) => T;
}

const col = <T>(name: string, read: (raw: string) => T): Column<T> => ({ name, read });
const opt = <T>(name: string, read: (raw: string) => T): Column<T | null> => ({
  name,
  optional: true,
  read: optional(read),
});

type Columns = Record<string, Column<unknown>>;
export type RowOf<C extends Columns> = { [K in keyof C]: C[K] extends Column<infer T> ? T : never };

export const KIND_COLUMNS = {
  agences: {
    code: col('code_agence', code),
    label: col('libelle', text),
    address: opt('adresse', text),
    postalCode: opt('code_postal', code),
    city: opt('ville', text),
    phone: opt('telephone', text),
    stockQueryUrl: opt('url_stock', webUrl),
    /** Revision 2.2: the opening hours, as the contact page shows them. */
    openingHours: opt('horaires', text),
  },
  familles: {
    code: col('code_famille', code),
    label: col('libelle', text),
    parentCode: opt('code_parent', code),
    activityCode: opt('code_activite', code),
    activityLabel: opt('libelle_activite', text),
    position: opt('position', integer),
  },
  unites: {
    code: col('code_unite', code),
    label: col('libelle', text),
    decimals: opt('decimales', unitDecimals),
  },
  articles: {
    code: col('code_article', code),
    designation1: col('designation1', text),
    designation2: opt('designation2', text),
    description: opt('description', text),
    familyCode: col('code_famille', code),
    priceHt: col('prix_ht', price),
    vatRate: col('taux_tva', vatRate),
    saleUnit: col('unite_vente', code),
    stockUnit: opt('unite_stock', code),
    prepUnit: opt('unite_preparation', code),
    length: opt('longueur', measure),
    width: opt('largeur', measure),
    height: opt('hauteur', measure),
    density: opt('densite', measure),
    weight: opt('poids', measure),
    diameter: opt('diametre', measure),
    capacity: opt('contenance', measure),
    dimensionUnit: opt('unite_dimensions', code),
    weightUnit: opt('unite_poids', code),
    image: opt('image', text),
    minQuantity: opt('quantite_minimum', positiveMeasure),
    saleMultiple: opt('multiple_vente', positiveMeasure),
    backorderDays: opt('delai_commande', days),
    active: col('actif', flag),
  },
  declinaisons: {
    articleCode: col('code_article', code),
    code: col('code_declinaison', code),
    designation: col('designation', text),
    options: opt('options', options),
    priceHt: opt('prix_ht', price),
    weight: opt('poids', measure),
  },
  stocks: {
    articleCode: col('code_article', code),
    variantCode: opt('code_declinaison', code),
    agencyCode: col('code_agence', code),
    quantity: col('quantite', signedMeasure),
  },
  clients: {
    code: col('code_client', code),
    name: col('nom', text),
    typeCode: col('code_type', code),
    typeLabel: opt('libelle_type', text),
    agencyCode: col('code_agence', code),
    isProfessional: col('professionnel', flag),
    creditLimit: opt('limite_encours', money),
    email: opt('email', text),
    phone: opt('telephone', text),
    siret: opt('siret', text),
  },
  adresses: {
    customerCode: col('code_client', code),
    label: col('libelle', text),
    line1: col('ligne1', text),
    line2: opt('ligne2', text),
    postalCode: col('code_postal', code),
    city: col('ville', text),
    zone: opt('zone', text),
    isDefault: opt('par_defaut', flag),
  },
  etats: {
    number: col('numero', code),
    status: col('etat', status),
    date: col('date', dateTime),
    shipmentNumber: opt('numero_expedition', code),
  },
  tarifs: {
    customerCode: opt('code_client', code),
    customerTypeCode: opt('code_type', code),
    articleCode: opt('code_article', code),
    familyCode: opt('code_famille', code),
    agencyCode: opt('code_agence', code),
    netPrice: opt('prix_net', price),
    discount: opt('remise', percent),
    active: opt('actif', flag),
  },
  documents: {
    orderNumber: col('numero', code),
    kind: col('type', documentType),
    number: col('numero_document', code),
    issuedOn: col('date', day),
    amount: opt('montant', money),
    fileName: col('fichier', pdfName),
  },
} as const satisfies Record<ImportKind, Columns>;

export type KindRow<K extends ImportKind> = RowOf<(typeof KIND_COLUMNS)[K]>;
export type FamilyImportRow = KindRow<'familles'>;
export type ArticleImportRow = KindRow<'articles'>;
export type UnitImportRow = KindRow<'unites'>;
export type VariantImportRow = KindRow<'declinaisons'>;
export type StockImportRow = KindRow<'stocks'>;
export type CustomerImportRow = KindRow<'clients'>;
export type AddressImportRow = KindRow<'adresses'>;
export type StatusImportRow = KindRow<'etats'>;
export type AgencyImportRow = KindRow<'agences'>;
export type PriceImportRow = KindRow<'tarifs'>;
export type DocumentImportRow = KindRow<'documents'>;

/** The header names of a kind, in the documented order (what a writer puts on the first line). */
export const kindHeader = (kind: ImportKind): string[] =>
  Object.values(KIND_COLUMNS[kind]).map((c) => c.name);

/** One refused cell or row: where and why, in French. */
export interface RowProblem {
  line: number;
  column: string | null;
  reason: string;
}

/**
 * The default limits of an import (docs/import-erp.md, Limits), each far above what an ERP sends: a
 * row of the widest kind is a few KB; a daily file a few hundred MB; CSV deflates 5 to 20 times.
 */
export const IMPORT_LIMIT_DEFAULTS = {
  /** IMPORT_MAX_LINE_BYTES: one CSV record, in UTF-8 bytes. */
  maxLineBytes: CSV_MAX_LINE_BYTES,
  /** IMPORT_MAX_ENTRY_BYTES: one CSV file or ZIP entry, inflated. */
  maxEntryBytes: 2 * 1024 ** 3,
  /** IMPORT_MAX_ZIP_RATIO: inflated size / compressed size of a ZIP entry (above 1 MiB inflated). */
  maxZipRatio: 200,
} as const;

export const IMPORT_MESSAGES = {
  unknownKind:
    'type de fichier inconnu : le nom doit commencer par agences, familles, unites, articles, declinaisons, stocks, clients, adresses, etats, tarifs ou documents, ou la première ligne être COMPTOIR-IMPORT;<type>;3',
  badVersion: `version de format non prise en charge (${IMPORT_FORMAT_VERSIONS_READ.join(' ou ')} attendue)`,
  empty: 'fichier vide : une ligne d’en-tête est attendue',
  missingColumn: (name: string) => `colonne obligatoire absente de l’en-tête : ${name}`,
  duplicateColumn: (name: string) => `colonne en double dans l’en-tête : ${name}`,
  fieldCount: (expected: number, got: number) => `${expected} champs attendus, ${got} trouvés`,
  duplicateKey: (firstLine: number) => `ligne en double (même clé qu’à la ligne ${firstLine})`,
  badZip: 'archive ZIP illisible',
  /** The job's message when a CSV line passes the limit: `ligne 2 : plus de … (limite …)`. */
  atLine: (line: number, reason: string) => `ligne ${line} : ${reason}`,
  entryTooLarge: (maxBytes: number) =>
    `plus de ${groupDigits(maxBytes)} octets une fois décompressé (limite IMPORT_MAX_ENTRY_BYTES) : fichier refusé`,
  zipBomb: (ratio: number, maxRatio: number) =>
    `se décompresse en ${groupDigits(ratio)} fois sa taille compressée (limite IMPORT_MAX_ZIP_RATIO : ${maxRatio}) : refusé comme bombe ZIP`,
  unsafeEntryPath:
    'entrée refusée : chemin hors du dossier (absolu, avec .. ou \\) ; les autres fichiers de l’archive sont importés',
  symlink: 'fichier refusé : lien symbolique (il n’est pas suivi)',
  notRegularFile: 'fichier refusé : ce n’est pas un fichier ordinaire',
  interruptedTwice:
    'import interrompu deux fois (le serveur s’est arrêté pendant chaque essai) : fichier mis de côté en .err',
  fileGone: 'fichier introuvable : l’import en cours ne peut pas se terminer',
  zipEntry: (name: string) => `fichier de l’archive ignoré : ${name} n’est pas un .csv`,
  emptyZip: 'l’archive ne contient aucun fichier .csv',
  unknownFamily: 'famille inconnue',
  unknownParent: 'famille parente inconnue (elle doit exister ou venir plus haut dans le fichier)',
  tooDeep: 'le plan de vente a 4 niveaux au maximum',
  ownParent: 'une famille ne peut pas être sa propre parente',
  rootWithoutActivity: 'une famille racine doit avoir une activité (code_activite)',
  unknownActivity: 'activité inconnue : donnez libelle_activite pour la créer',
  unknownArticle: 'article inconnu',
  unknownVariant: 'déclinaison inconnue',
  unknownAgency: 'agence inconnue',
  unknownCustomer: 'client inconnu',
  unknownType: 'type de client inconnu : donnez libelle_type pour le créer',
  unknownCustomerType: 'type de client inconnu',
  unknownZone: 'zone inconnue',
  unknownOrder: 'commande inconnue',
  subtreeTooDeep:
    'avec ses sous-familles, la famille dépasserait le 4e niveau du plan de vente (ou serait rangée sous une de ses sous-familles)',
  oneOf: (columns: string) => `une et une seule valeur attendue parmi ${columns}`,
  priceWithoutValue: 'prix_net ou remise attendu (sauf pour actif 0)',
  missingPdf: (name: string) => `PDF absent de l’archive : ${name}`,
  notPdf: (name: string) => `le fichier ${name} n’est pas un PDF`,
  pdfTooLarge: (name: string) => `PDF trop volumineux (20 Mo au maximum) : ${name}`,
  interrupted: 'import interrompu (serveur arrêté) : le fichier a été remis dans la file',
  unexpected: 'Erreur critique',
} as const;

export interface KindDetection {
  kind: ImportKind | null;
  /** The first line was the COMPTOIR-IMPORT marker (the header is on the next one). */
  markerLine: boolean;
  problem?: string;
}

/** The decimals of a unit row: the file's, else the default of its code (defaultUnitDecimals). */
export const unitRowDecimals = (row: UnitImportRow) => row.decimals ?? defaultUnitDecimals(row.code);

/** The kind a file name says (its base name starts with the kind), or null. */
export function kindFromName(name: string): ImportKind | null {
  const base = (name.split('/').pop() ?? name).toLowerCase();
  return IMPORT_KINDS.find((kind) => base.startsWith(kind)) ?? null;
}

/** The kind a marker line names (`COMPTOIR-IMPORT;articles;1`), or undefined when it is no marker. */
export function kindFromMarker(fields: readonly string[]): KindDetection | undefined {
  if (fields[0]?.trim() !== IMPORT_FORMAT_MARKER) return undefined;
  const kind = IMPORT_KINDS.find((k) => k === fields[1]?.trim()) ?? null;
  if (!kind) return { kind: null, markerLine: true, problem: IMPORT_MESSAGES.unknownKind };
  if (
    fields[2] !== undefined &&
    !(IMPORT_FORMAT_VERSIONS_READ as readonly string[]).includes(fields[2].trim())
  )
    return { kind, markerLine: true, problem: IMPORT_MESSAGES.badVersion };
  return { kind, markerLine: true };
}

/** Reads a kind's rows against the header: each record gives its row or its problems. */
export class RowReader<K extends ImportKind> {
  private readonly positions: { key: string; column: Column<unknown>; index: number }[] = [];
  readonly headerProblems: string[] = [];

  constructor(
    readonly kind: K,
    header: readonly string[],
  ) {
    const names = header.map((name) => name.trim().toLowerCase());
    const seen = new Set<string>();
    for (const name of names) {
      if (seen.has(name) && name) this.headerProblems.push(IMPORT_MESSAGES.duplicateColumn(name));
      seen.add(name);
    }
    for (const [key, column] of Object.entries(KIND_COLUMNS[kind] as Columns)) {
      const index = names.indexOf(column.name);
      if (index < 0 && !column.optional) this.headerProblems.push(IMPORT_MESSAGES.missingColumn(column.name));
      this.positions.push({ key, column, index });
    }
    this.width = header.length;
  }

  private readonly width: number;

  read(line: number, fields: readonly string[]): { row: KindRow<K> } | { problems: RowProblem[] } {
    if (fields.length !== this.width)
      return {
        problems: [{ line, column: null, reason: IMPORT_MESSAGES.fieldCount(this.width, fields.length) }],
      };
    const row: Record<string, unknown> = {};
    const problems: RowProblem[] = [];
    for (const { key, column, index } of this.positions) {
      const raw = index < 0 ? '' : fields[index]!;
      try {
        row[key] = column.read(raw);
      } catch (error) {
        if (!(error instanceof CellError)) throw error;
        problems.push({ line, column: column.name, reason: error.message });
      }
    }
    return problems.length ? { problems } : { row: row as KindRow<K> };
  }
}
