// The order file the ERP imports (documented for the ERP team in docs/export-commande.md — change both
// together, and bump EXPORT_FORMAT_VERSION on any change an existing reader would misread).
//
// A line-oriented UTF-8 text, one record per line, fields separated by ';', RFC 4180 quoting:
//   COMPTOIR-COMMANDE;3                      format marker and version
//   E;…                                      the order header, exactly once
//   L;…                                      one per order line, zero or more
//   F;<nombreLignes>;<totalLignesHT>         the end record: a truncated file has none
// Version 2 adds a line's cut to size (nbPieces and the seven dimensions) at the end of L; version 1
// files are still read (their lines have no cut). Version 3 adds at the end of E a visitor's contact
// (name, e-mail, phone) and billing address, and the version of the CGV accepted; version 1 and 2
// files are still read (those fields null).
// Records end with CRLF (the parser also accepts LF). Decimals use '.' and a fixed number of
// decimals per field; an empty field is null; an empty text (not null) is written "".
import { z } from 'zod';
import { frenchErrorMap } from '../validation';
import { DIMENSIONS } from '../dimensions';
import { deliveryAddress } from './contract';
import { sumCents, toCents } from '../money';

export const EXPORT_FORMAT_MARKER = 'COMPTOIR-COMMANDE';
export const EXPORT_FORMAT_VERSION = 3;
/** The versions parseOrderExport reads; files are always written in EXPORT_FORMAT_VERSION. */
export const EXPORT_FORMAT_READABLE_VERSIONS = [1, 2, 3] as const;
/** Record separator written (CRLF, as RFC 4180 and Windows ERPs expect). */
export const EXPORT_RECORD_END = '\r\n';
/** Content type of the file when downloaded. */
export const EXPORT_CONTENT_TYPE = 'text/plain; charset=utf-8';

/** Largest absolute value of a decimal field: keeps every value exact and out of exponent notation. */
const MAX_DECIMAL = 1e12;

/** A number with at most `decimals` decimals, exactly representable as written with toFixed(decimals). */
function decimal(field: string, decimals: number) {
  return z
    .number({ error: `${field} : nombre attendu` })
    .refine((value) => Number.isFinite(value) && Math.abs(value) < MAX_DECIMAL, {
      error: `${field} : nombre inférieur à ${MAX_DECIMAL} en valeur absolue attendu`,
    })
    .refine((value) => Number(value.toFixed(decimals)) === value, {
      error: `${field} : ${decimals} décimales au maximum`,
    });
}

const ISO_DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(?:Z|[+-]\d{2}:\d{2})$/;

/** An ISO 8601 date and time to the second with its UTC offset, e.g. 2024-03-05T14:30:00+01:00. */
function isoDateTime(field: string) {
  return z
    .string({ error: `${field} : date et heure attendues` })
    .regex(ISO_DATE_TIME, { error: `${field} : date et heure attendues au format AAAA-MM-JJTHH:MM:SS+HH:MM` })
    .refine((text) => !Number.isNaN(Date.parse(text)), { error: `${field} : date et heure inexistantes` });
}

const count = (field: string, min: number) =>
  z
    .number({ error: `${field} : entier attendu` })
    .int({ error: `${field} : entier attendu` })
    .min(min, { error: `${field} : entier supérieur ou égal à ${min} attendu` })
    .max(Number.MAX_SAFE_INTEGER, { error: `${field} : entier trop grand` });

const text = (field: string) => z.string({ error: `${field} : texte attendu` });
const code = (field: string) => text(field).min(1, { error: `${field} : valeur obligatoire` });

/** One order line of the export. Decimals: quantite and prixUnitaireHT 4, montantHT and tauxTVA 2. */
export const orderExportLine = z.object({
  /** 1-based position of the line in the order. */
  position: count('position', 1),
  codeArticle: code('codeArticle'),
  /** '' for an article without variants. */
  codeDeclinaison: text('codeDeclinaison'),
  designation: text('designation'),
  quantite: decimal('quantite', 4),
  unite: text('unite'),
  prixUnitaireHT: decimal('prixUnitaireHT', 4),
  montantHT: decimal('montantHT', 2),
  /** Percent: 20 for 20 %. */
  tauxTVA: decimal('tauxTVA', 2),
  /** The chantier (job site) tag, or null. */
  chantier: text('chantier').nullable(),
  /** Version 2: a line cut to size, its number of pieces; null otherwise (and for every version 1 line). */
  nbPieces: count('nbPieces', 1).nullable(),
  /** Version 2: the dimensions of one piece (3 decimals; m, mm, kg/m³, L, kg), null when not asked. */
  longueur: decimal('longueur', 3).nullable(),
  largeur: decimal('largeur', 3).nullable(),
  hauteur: decimal('hauteur', 3).nullable(),
  diametre: decimal('diametre', 3).nullable(),
  densite: decimal('densite', 3).nullable(),
  contenance: decimal('contenance', 3).nullable(),
  poids: decimal('poids', 3).nullable(),
});
export type OrderExportLine = z.infer<typeof orderExportLine>;

/**
 * Everything the file holds. Only validated orders are exported, so typePanier is TER or VAL.
 * Amounts (fraisPort, montantHT, montantTVA, montantTTC) have at most 2 decimals.
 */
export const orderExport = z.object({
  /** The shop's order id (the id of the orders list and of the re-export message). */
  id: count('id', 1),
  numero: code('numero'),
  /** When the order was placed, ISO 8601 with offset (Europe/Paris: toParisIsoDateTime). */
  date: isoDateTime('date'),
  refClient: text('refClient').nullable(),
  webCdeId: text('webCdeId').nullable(),
  codeClient: code('codeClient'),
  libelleClient: text('libelleClient'),
  codeAgence: code('codeAgence'),
  typePanier: z.enum(['TER', 'VAL'], { error: 'typePanier : commande validée attendue (TER ou VAL)' }),
  libelleModeReglement: text('libelleModeReglement').nullable(),
  adresseLivraison: deliveryAddress,
  /** The carrier's name, or null. */
  transporteur: text('transporteur').nullable(),
  fraisPort: decimal('fraisPort', 2),
  montantHT: decimal('montantHT', 2),
  montantTVA: decimal('montantTVA', 2).nullable(),
  montantTTC: decimal('montantTTC', 2).nullable(),
  /** 0 for the first export, n for the nth re-export. */
  sequenceExport: count('sequenceExport', 0),
  /** When this file was written, ISO 8601 with offset. */
  dateExport: isoDateTime('dateExport'),
  /** Version 3: who ordered without an account (a visitor); every field null for a customer's order. */
  contact: z.object({
    nom: text('contact.nom').nullable(),
    email: text('contact.email').nullable(),
    telephone: text('contact.telephone').nullable(),
  }),
  /** Version 3: a visitor's billing address when it is not the delivery address; null fields otherwise. */
  adresseFacturation: z.object({
    ligne1: text('adresseFacturation.ligne1').nullable(),
    ligne2: text('adresseFacturation.ligne2').nullable(),
    codePostal: text('adresseFacturation.codePostal').nullable(),
    ville: text('adresseFacturation.ville').nullable(),
  }),
  /** Version 3: the version of the CGV the shopper accepted; null when none was published. */
  versionCGV: count('versionCGV', 1).nullable(),
  lignes: z.array(orderExportLine),
});
export type OrderExport = z.infer<typeof orderExport>;

/** A malformed or unsupported order file, or an order that cannot be written; the message is French. */
export class OrderExportFormatError extends Error {
  /** 1-based line of the file where the problem is, when known. */
  readonly line: number | undefined;
  constructor(message: string, line?: number) {
    super(message);
    this.name = 'OrderExportFormatError';
    this.line = line;
  }
}

// ---------------------------------------------------------------- field codecs

/** One field as read: its text, and whether it was written between double quotes. */
interface RawField {
  value: string;
  quoted: boolean;
}

interface Codec {
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

const integerCodec: Codec = {
  write: (value) => String(value),
  read: (raw, where) => (/^-?\d+$/.test(raw.value) ? Number(raw.value) : fail(where, 'entier', raw)),
};

const nullableIntegerCodec: Codec = {
  write: (value) => (value === null ? '' : String(value)),
  read: (raw, where) => (raw.value === '' ? null : integerCodec.read(raw, where)),
};

function decimalCodec(decimals: number, nullable: boolean): Codec {
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

interface FieldSpec {
  /** Dotted path in OrderExport (or OrderExportLine for L records). */
  name: string;
  codec: Codec;
}

const field = (name: string, codec: Codec): FieldSpec => ({ name, codec });

/** The E record's fields after the record type, in file order, as versions 1 and 2 wrote them. */
const HEADER_FIELDS_V2: FieldSpec[] = [
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
const HEADER_FIELDS: FieldSpec[] = [
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
const LINE_FIELDS_V1: FieldSpec[] = [
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
const LINE_FIELDS: FieldSpec[] = [
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

function get(object: unknown, path: string): unknown {
  return path.split('.').reduce<unknown>((value, key) => (value as Record<string, unknown>)[key], object);
}

function set(object: Record<string, unknown>, path: string, value: unknown): void {
  const keys = path.split('.');
  const last = keys.pop() as string;
  let target = object;
  for (const key of keys) target = (target[key] ??= {}) as Record<string, unknown>;
  target[last] = value;
}

// ---------------------------------------------------------------- the trailer's control total

function centsToText(cents: number): string {
  const abs = Math.abs(cents);
  return `${cents < 0 ? '-' : ''}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

/** Sum of the lines' montantHT in cents: exact, whatever the number of lines. */
const linesTotalCents = (lines: readonly OrderExportLine[]) => sumCents(lines.map((line) => line.montantHT));

// ---------------------------------------------------------------- writing

function invalidOrder(error: z.ZodError, prefix: string): OrderExportFormatError {
  const issue = error.issues[0];
  const path = issue?.path.map(String) ?? [];
  let message = issue?.message ?? 'valeur invalide';
  // Our messages start with the field's own name ('montantHT : …'): show its full path instead
  // (lignes.2.montantHT), so that the faulty line is named too.
  const own = `${path.at(-1) ?? ''} : `;
  if (path.length > 0 && message.startsWith(own)) message = message.slice(own.length);
  return new OrderExportFormatError(`${prefix} : ${path.length > 0 ? `${path.join('.')} : ` : ''}${message}`);
}

/**
 * The file of an order. Throws OrderExportFormatError (French message naming the field) when the
 * order does not satisfy `orderExport`, e.g. an amount with 3 decimals or a typePanier ATT.
 */
export function serializeOrderExport(order: OrderExport): string {
  const checked = orderExport.safeParse(order, { error: frenchErrorMap });
  if (!checked.success) throw invalidOrder(checked.error, 'Commande non exportable');
  const o = checked.data;
  const records: string[][] = [
    [EXPORT_FORMAT_MARKER, String(EXPORT_FORMAT_VERSION)],
    ['E', ...HEADER_FIELDS.map((f) => f.codec.write(get(o, f.name)))],
    ...o.lignes.map((line) => ['L', ...LINE_FIELDS.map((f) => f.codec.write(get(line, f.name)))]),
    ['F', String(o.lignes.length), centsToText(linesTotalCents(o.lignes))],
  ];
  return records.map((fields) => fields.join(';') + EXPORT_RECORD_END).join('');
}

// ---------------------------------------------------------------- reading

interface RawRecord {
  /** 1-based line where the record starts. */
  line: number;
  fields: RawField[];
}

/** Splits the text into records of fields (RFC 4180; records end with CRLF or LF). */
function tokenize(input: string): RawRecord[] {
  const records: RawRecord[] = [];
  let line = 1;
  let i = 0;
  while (i < input.length) {
    const record: RawRecord = { line, fields: [] };
    for (;;) {
      let value = '';
      let quoted = false;
      if (input[i] === '"') {
        quoted = true;
        const start = line;
        i++;
        for (;;) {
          if (i >= input.length)
            throw new OrderExportFormatError(
              `Ligne ${start} : guillemet ouvrant sans guillemet fermant`,
              start,
            );
          const c = input[i] as string;
          if (c === '"') {
            if (input[i + 1] === '"') {
              value += '"';
              i += 2;
              continue;
            }
            i++;
            break;
          }
          if (c === '\n') line++;
          value += c;
          i++;
        }
        const next = input[i];
        if (next !== undefined && next !== ';' && next !== '\n' && next !== '\r')
          throw new OrderExportFormatError(
            `Ligne ${line} : caractère « ${next} » après un guillemet fermant`,
            line,
          );
      } else {
        while (i < input.length && !';\r\n'.includes(input[i] as string)) {
          if (input[i] === '"')
            throw new OrderExportFormatError(
              `Ligne ${line} : guillemet dans un champ qui n'est pas entre guillemets`,
              line,
            );
          value += input[i];
          i++;
        }
      }
      record.fields.push({ value, quoted });
      const c = input[i];
      if (c === ';') {
        i++;
        continue;
      }
      if (c === '\r') {
        if (input[i + 1] !== '\n')
          throw new OrderExportFormatError(`Ligne ${line} : retour chariot isolé hors guillemets`, line);
        i += 2;
        line++;
      } else if (c === '\n') {
        i++;
        line++;
      }
      break;
    }
    records.push(record);
  }
  return records;
}

function readFields(record: RawRecord, label: string, specs: readonly FieldSpec[]): Record<string, unknown> {
  const values = record.fields.slice(1);
  if (values.length !== specs.length)
    throw new OrderExportFormatError(
      `Ligne ${record.line} : ${label} : ${specs.length + 1} champs attendus, ${values.length + 1} lus`,
      record.line,
    );
  const result: Record<string, unknown> = {};
  specs.forEach((spec, index) => {
    const where = `Ligne ${record.line}, champ ${spec.name}`;
    try {
      set(result, spec.name, spec.codec.read(values[index] as RawField, where));
    } catch (error) {
      if (error instanceof OrderExportFormatError)
        throw new OrderExportFormatError(error.message, record.line);
      throw error;
    }
  });
  return result;
}

const recordType = (record: RawRecord) => record.fields[0]?.value ?? '';

/**
 * Reads an order file back. Throws OrderExportFormatError with a French message (and the line) on an
 * unknown marker, an unsupported version, a malformed or misplaced record, a missing end record
 * (truncated file), a line count or control total that does not match, or a value `orderExport`
 * refuses. A leading UTF-8 byte order mark is ignored.
 */
export function parseOrderExport(input: string): OrderExport {
  const records = tokenize(input.startsWith('\uFEFF') ? input.slice(1) : input);

  const marker = records[0];
  if (!marker || recordType(marker) !== EXPORT_FORMAT_MARKER)
    throw new OrderExportFormatError(
      `Fichier de commande non reconnu : la première ligne doit être ${EXPORT_FORMAT_MARKER};${EXPORT_FORMAT_VERSION}`,
      1,
    );
  const version = marker.fields[1]?.value ?? '';
  const readable = EXPORT_FORMAT_READABLE_VERSIONS.map(String);
  if (marker.fields.length !== 2 || !readable.includes(version))
    throw new OrderExportFormatError(
      `Version du format de commande non prise en charge : « ${version} » (versions lues : ${readable.join(', ')})`,
      1,
    );
  const lineFields = version === '1' ? LINE_FIELDS_V1 : LINE_FIELDS;

  const header = records[1];
  if (!header)
    throw new OrderExportFormatError('Fichier de commande tronqué : en-tête de commande (E) absent');
  if (recordType(header) !== 'E')
    throw new OrderExportFormatError(
      `Ligne ${header.line} : en-tête de commande (E) attendu, lu « ${recordType(header)} »`,
      header.line,
    );
  const order = {
    ...EXPORT_HEADER_NO_VISITOR,
    ...readFields(header, 'en-tête de commande (E)', version === '3' ? HEADER_FIELDS : HEADER_FIELDS_V2),
  };

  const lines: Record<string, unknown>[] = [];
  let trailer: Record<string, unknown> | null = null;
  for (const record of records.slice(2)) {
    if (trailer)
      throw new OrderExportFormatError(
        `Ligne ${record.line} : contenu après l'enregistrement de fin (F)`,
        record.line,
      );
    const type = recordType(record);
    if (type === 'L')
      lines.push({ ...EXPORT_LINE_NO_CUT, ...readFields(record, 'ligne de commande (L)', lineFields) });
    else if (type === 'F')
      trailer = readFields(record, 'enregistrement de fin (F)', [
        field('nombreLignes', integerCodec),
        field('totalLignesHT', decimalCodec(2, false)),
      ]);
    else if (type === 'E')
      throw new OrderExportFormatError(
        `Ligne ${record.line} : un seul en-tête de commande (E) attendu`,
        record.line,
      );
    else
      throw new OrderExportFormatError(
        `Ligne ${record.line} : type d'enregistrement inconnu « ${type} » (attendu : L ou F)`,
        record.line,
      );
  }
  if (!trailer)
    throw new OrderExportFormatError('Fichier de commande tronqué : enregistrement de fin (F) absent');

  const parsed = orderExport.safeParse({ ...order, lignes: lines }, { error: frenchErrorMap });
  if (!parsed.success) throw invalidOrder(parsed.error, 'Fichier de commande invalide');

  if (trailer.nombreLignes !== lines.length)
    throw new OrderExportFormatError(
      `Fichier de commande incohérent : ${String(trailer.nombreLignes)} lignes annoncées, ${lines.length} lues`,
    );
  const total = centsToText(linesTotalCents(parsed.data.lignes));
  const announced = centsToText(toCents(trailer.totalLignesHT as number));
  if (total !== announced)
    throw new OrderExportFormatError(
      `Fichier de commande incohérent : total des lignes HT annoncé ${announced}, calculé ${total}`,
    );
  return parsed.data;
}

// ---------------------------------------------------------------- names and dates

/**
 * The file's name: commande-<numero>.txt, the numero reduced to letters, digits, '-' and '_' (any
 * other character becomes '_'), so that it is safe on every filesystem and in a
 * Content-Disposition header. A re-export keeps the name and replaces the file.
 */
export function exportFileName(order: Pick<OrderExport, 'numero'>): string {
  const safe = order.numero
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .replace(/[^A-Za-z0-9_-]/g, '_')
    .slice(0, 100);
  return `commande-${safe || '_'}.txt`;
}

const parisParts = new Intl.DateTimeFormat('en-GB', {
  timeZone: 'Europe/Paris',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  hourCycle: 'h23',
});

const pad = (n: number) => String(n).padStart(2, '0');

/**
 * A moment as Europe/Paris wall-clock time with its offset, to the second, for the file's dates:
 * toParisIsoDateTime(new Date('2024-03-05T13:30:00Z')) → '2024-03-05T14:30:00+01:00'.
 * A number is read as seconds since the epoch (the API's dates).
 */
export function toParisIsoDateTime(value: Date | number): string {
  const ms = typeof value === 'number' ? value * 1000 : value.getTime();
  if (!Number.isFinite(ms)) throw new RangeError('toParisIsoDateTime : date invalide');
  const seconds = Math.floor(ms / 1000) * 1000;
  const parts = Object.fromEntries(
    parisParts.formatToParts(new Date(seconds)).map((p) => [p.type, p.value]),
  ) as Record<string, string>;
  const [year, month, day, hour, minute, second] = ['year', 'month', 'day', 'hour', 'minute', 'second'].map(
    (type) => Number(parts[type]),
  ) as [number, number, number, number, number, number];
  const offsetMinutes = Math.round((Date.UTC(year, month - 1, day, hour, minute, second) - seconds) / 60_000);
  const sign = offsetMinutes < 0 ? '-' : '+';
  const abs = Math.abs(offsetMinutes);
  return (
    `${String(year).padStart(4, '0')}-${pad(month)}-${pad(day)}T${pad(hour)}:${pad(minute)}:${pad(second)}` +
    `${sign}${pad(Math.floor(abs / 60))}:${pad(abs % 60)}`
  );
}
