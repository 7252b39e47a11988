// Reading an order file back (export-format.ts describes the format).
import { toCents } from '../money';
import { frenchErrorMap } from '../validation';
import {
  EXPORT_FORMAT_MARKER,
  EXPORT_FORMAT_READABLE_VERSIONS,
  EXPORT_FORMAT_VERSION,
  invalidOrder,
  orderExport,
  OrderExportFormatError,
  type OrderExport,
} from './export-format-schema';
import {
  centsToText,
  decimalCodec,
  EXPORT_HEADER_NO_VISITOR,
  EXPORT_LINE_NO_CUT,
  field,
  HEADER_FIELDS,
  HEADER_FIELDS_V2,
  integerCodec,
  LINE_FIELDS,
  LINE_FIELDS_V1,
  linesTotalCents,
  set,
  type FieldSpec,
  type RawField,
} from './export-format-fields';

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
