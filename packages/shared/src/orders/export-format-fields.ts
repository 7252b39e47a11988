// The fields of each record of the order file, in file order, and how each is written and read back
// (export-format.ts describes the format).
import { DIMENSIONS } from '../dimensions';
import { sumCents } from '../money';
import { OrderExportFormatError, type OrderExport, type OrderExportLine } from './export-format-schema';

/** One field as read: its text, and whether it was written between double quotes. */
export interface RawField {
  value: string;
  quoted: boolean;
}

export interface Codec {
  write(value: unknown): string;
  read(raw: RawField, where: string): unknown;
}

const NEEDS_QUOTES = /[;"\r\n]/;
const quote = (value: string) => `"${value.replaceAll('"', '""')}"`;
const writeText = (value: string) => (NEEDS_QUOTES.test(value) ? quote(value) : value);

const textCodec: Codec = {
  write: (value) => writeText(value as string),
  read: (raw) => raw.value,
};

// null is an empty field; an empty text is "" so that the two stay apart.
const nullableTextCodec: Codec = {
  write: (value) => (value === null ? '' : value === '' ? '""' : writeText(value as string)),
  read: (raw) => (raw.value === '' && !raw.quoted ? null : raw.value),
};

function fail(where: string, expected: string, raw: RawField): never {
  throw new OrderExportFormatError(`${where} : ${expected} attendu, lu « ${raw.value} »`);
}

export const integerCodec: Codec = {
  write: (value) => String(value),
  read: (raw, where) => (/^-?\d+$/.test(raw.value) ? Number(raw.value) : fail(where, 'entier', raw)),
};

const nullableIntegerCodec: Codec = {
  write: (value) => (value === null ? '' : String(value)),
  read: (raw, where) => (raw.value === '' ? null : integerCodec.read(raw, where)),
};

export function decimalCodec(decimals: number, nullable: boolean): Codec {
  const pattern = new RegExp(`^-?\\d+\\.\\d{${decimals}}$`);
  return {
    write: (value) => (value === null ? '' : (value as number).toFixed(decimals)),
    read: (raw, where) => {
      if (nullable && raw.value === '') return null;
      // + 0 turns a '-0.00' written by another tool into 0.
      if (pattern.test(raw.value)) return Number(raw.value) + 0;
      return fail(where, `nombre à ${decimals} décimales séparées par un point`, raw);
    },
  };
}

export interface FieldSpec {
  /** Dotted path in OrderExport (or OrderExportLine for L records). */
  name: string;
  codec: Codec;
}

export const field = (name: string, codec: Codec): FieldSpec => ({ name, codec });

/** The E record's fields after the record type, in file order, as versions 1 and 2 wrote them. */
export const HEADER_FIELDS_V2: FieldSpec[] = [
  field('id', integerCodec),
  field('numero', textCodec),
  field('date', textCodec),
  field('refClient', nullableTextCodec),
  field('webCdeId', nullableTextCodec),
  field('codeClient', textCodec),
  field('libelleClient', textCodec),
  field('codeAgence', textCodec),
  field('typePanier', textCodec),
  field('libelleModeReglement', nullableTextCodec),
  field('adresseLivraison.libelle', nullableTextCodec),
  field('adresseLivraison.ligne1', nullableTextCodec),
  field('adresseLivraison.ligne2', nullableTextCodec),
  field('adresseLivraison.codePostal', nullableTextCodec),
  field('adresseLivraison.ville', nullableTextCodec),
  field('adresseLivraison.zone', nullableTextCodec),
  field('transporteur', nullableTextCodec),
  field('fraisPort', decimalCodec(2, false)),
  field('montantHT', decimalCodec(2, false)),
  field('montantTVA', decimalCodec(2, true)),
  field('montantTTC', decimalCodec(2, true)),
  field('sequenceExport', integerCodec),
  field('dateExport', textCodec),
];

/** Version 3's E record: version 2's fields, then the visitor's contact and billing, and the CGV. */
export const HEADER_FIELDS: FieldSpec[] = [
  ...HEADER_FIELDS_V2,
  field('contact.nom', nullableTextCodec),
  field('contact.email', nullableTextCodec),
  field('contact.telephone', nullableTextCodec),
  field('adresseFacturation.ligne1', nullableTextCodec),
  field('adresseFacturation.ligne2', nullableTextCodec),
  field('adresseFacturation.codePostal', nullableTextCodec),
  field('adresseFacturation.ville', nullableTextCodec),
  field('versionCGV', nullableIntegerCodec),
];

/** What a version 1 or 2 header lacks, and a customer's order without CGV carries. */
export const EXPORT_HEADER_NO_VISITOR = {
  contact: { nom: null, email: null, telephone: null },
  adresseFacturation: { ligne1: null, ligne2: null, codePostal: null, ville: null },
  versionCGV: null,
} as const satisfies Pick<OrderExport, 'contact' | 'adresseFacturation' | 'versionCGV'>;

/** The L record's fields after the record type, in file order, as version 1 wrote them. */
export const LINE_FIELDS_V1: FieldSpec[] = [
  field('position', integerCodec),
  field('codeArticle', textCodec),
  field('codeDeclinaison', textCodec),
  field('designation', textCodec),
  field('quantite', decimalCodec(4, false)),
  field('unite', textCodec),
  field('prixUnitaireHT', decimalCodec(4, false)),
  field('montantHT', decimalCodec(2, false)),
  field('tauxTVA', decimalCodec(2, false)),
  field('chantier', nullableTextCodec),
];

/** Version 2's L record: version 1's fields, then the cut to size. */
export const LINE_FIELDS: FieldSpec[] = [
  ...LINE_FIELDS_V1,
  field('nbPieces', nullableIntegerCodec),
  ...DIMENSIONS.map((dimension) => field(dimension, decimalCodec(3, true))),
];

/** The cut fields of a line not cut to size, and what a version 1 line lacks. */
export const EXPORT_LINE_NO_CUT = Object.fromEntries(
  ['nbPieces', ...DIMENSIONS].map((name) => [name, null]),
) as Pick<OrderExportLine, 'nbPieces' | (typeof DIMENSIONS)[number]>;

/** The F record's fields after the record type. */
const TRAILER_FIELDS = ['nombreLignes', 'totalLignesHT'] as const;

/** Field names of each record, after the record type, in file order (what docs/export-commande.md lists). */
export const EXPORT_RECORD_FIELDS = {
  E: HEADER_FIELDS.map((f) => f.name),
  L: LINE_FIELDS.map((f) => f.name),
  F: [...TRAILER_FIELDS],
} as const;

export function get(object: unknown, path: string): unknown {
  return path.split('.').reduce<unknown>((value, key) => (value as Record<string, unknown>)[key], object);
}

export function set(object: Record<string, unknown>, path: string, value: unknown): void {
  const keys = path.split('.');
  const last = keys.pop() as string;
  let target = object;
  for (const key of keys) target = (target[key] ??= {}) as Record<string, unknown>;
  target[last] = value;
}

// ---------------------------------------------------------------- the trailer's control total

export function centsToText(cents: number): string {
  const abs = Math.abs(cents);
  return `${cents < 0 ? '-' : ''}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

/** Sum of the lines' montantHT in cents: exact, whatever the number of lines. */
export const linesTotalCents = (lines: readonly OrderExportLine[]) =>
  sumCents(lines.map((line) => line.montantHT));
