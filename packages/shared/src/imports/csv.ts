// A streamed reader of the ERP's CSV files (docs/import-erp.md, Encoding and syntax): UTF-8 (a byte
// order mark is skipped) or Windows-1252, told apart by encoding.ts; fields separated by ';', RFC 4180
// quoting (a quoted field may hold ';', '"' doubled, and line breaks), records ended by CRLF or LF. It
// holds one record at a time, never the file, and never more of a record than `maxLineBytes`
// (docs/import-erp.md, Limits): the length is counted while the record is read, so that a hostile
// line is refused before it is held.
import { createCsvTextDecoder, EncodingError, type CsvTextDecoder } from './encoding';

export const CSV_SEPARATOR = ';';

export interface CsvRecord {
  /** The physical line (1-based) the record starts on. */
  line: number;
  fields: string[];
}

/** The file cannot be read as CSV at all (bad encoding, an unterminated quote). */
export class CsvSyntaxError extends Error {
  constructor(
    message: string,
    readonly line: number,
  ) {
    super(message);
  }
}

/** A record longer than the limit: the file is refused, its report names the limit and the line. */
export class CsvLineTooLongError extends CsvSyntaxError {}

/** The default limit of a record's length in bytes (UTF-8), far above any ERP row (docs/import-erp.md). */
export const CSV_MAX_LINE_BYTES = 1_048_576;

/** 1048576 → '1 048 576' (the limits in the import messages). */
export const groupDigits = (n: number) => String(n).replace(/\B(?=(\d{3})+(?!\d))/g, ' ');

export const CSV_MESSAGES = {
  lineTooLong: (maxBytes: number) => `plus de ${groupDigits(maxBytes)} octets (limite IMPORT_MAX_LINE_BYTES)`,
  openQuote: 'guillemet ouvrant sans guillemet fermant',
  strayQuote: 'guillemet inattendu dans un champ sans guillemets',
} as const;

/** The UTF-8 length of one UTF-16 code unit (each half of a surrogate pair counts 2). */
const utf8Bytes = (code: number) =>
  code < 0x80 ? 1 : code < 0x800 || (code >= 0xd800 && code < 0xe000) ? 2 : 3;

/**
 * The records of a CSV byte stream, one at a time; blank lines are skipped. `decoder` tells the
 * encoding (detected by default; the caller reads the one used from it); a record past
 * `maxLineBytes` (UTF-8) is refused.
 */
export async function* readCsv(
  chunks: AsyncIterable<Uint8Array | string>,
  options: { decoder?: CsvTextDecoder; maxLineBytes?: number } = {},
): AsyncGenerator<CsvRecord> {
  const maxLineBytes = options.maxLineBytes ?? CSV_MAX_LINE_BYTES;
  const decoder = options.decoder ?? createCsvTextDecoder();
  let fields: string[] = [];
  let field = '';
  let inQuotes = false;
  let quoteSeen = false; // the previous character closed a quote (or was a doubled quote's first half)
  let fieldQuoted = false;
  let line = 1;
  let recordLine = 1;
  let pendingCr = false;
  /** The record's length so far in UTF-8 bytes (line ends inside quotes count, its own does not). */
  let recordBytes = 0;
  const records: CsvRecord[] = [];

  const endField = () => {
    fields.push(field);
    field = '';
    fieldQuoted = false;
  };
  const endRecord = () => {
    endField();
    if (!(fields.length === 1 && fields[0] === '')) records.push({ line: recordLine, fields });
    fields = [];
    recordBytes = 0;
  };

  const consume = (text: string) => {
    for (let i = 0; i < text.length; i++) {
      const ch = text[i]!;
      if (pendingCr) {
        pendingCr = false;
        // The LF of a CRLF: the CR counted the line (and ended the record outside quotes).
        if (ch === '\n') {
          if (inQuotes) field += ch;
          continue;
        }
      }
      if (inQuotes || (ch !== '\n' && ch !== '\r')) {
        recordBytes += utf8Bytes(text.charCodeAt(i));
        if (recordBytes > maxLineBytes)
          throw new CsvLineTooLongError(CSV_MESSAGES.lineTooLong(maxLineBytes), recordLine);
      }
      if (inQuotes) {
        if (ch === '"') {
          inQuotes = false;
          quoteSeen = true;
        } else {
          if (ch === '\n' || ch === '\r') {
            line++;
            if (ch === '\r') pendingCr = true;
          }
          field += ch;
        }
        continue;
      }
      if (quoteSeen) {
        quoteSeen = false;
        if (ch === '"') {
          // A doubled quote inside a quoted field.
          field += '"';
          inQuotes = true;
          continue;
        }
      }
      if (ch === CSV_SEPARATOR) endField();
      else if (ch === '\n' || ch === '\r') {
        endRecord();
        line++;
        recordLine = line;
        if (ch === '\r') pendingCr = true;
      } else if (ch === '"') {
        if (field !== '' || fieldQuoted) throw new CsvSyntaxError(CSV_MESSAGES.strayQuote, line);
        inQuotes = true;
        fieldQuoted = true;
      } else {
        if (fieldQuoted) throw new CsvSyntaxError(CSV_MESSAGES.strayQuote, line);
        field += ch;
      }
    }
  };

  const decode = (chunk: Uint8Array | string, stream: boolean) => {
    if (typeof chunk === 'string') return chunk;
    try {
      return decoder.decode(chunk, !stream);
    } catch (error) {
      if (!(error instanceof EncodingError)) throw error;
      // The text before the bad bytes brings the line count to the bad byte's line.
      consume(error.decoded);
      throw new CsvSyntaxError(error.message, line);
    }
  };

  let first = true;
  for await (const chunk of chunks) {
    let text = decode(chunk, true);
    // A BOM given as text (the decoder drops it from bytes itself).
    if (first && text.charCodeAt(0) === 0xfeff) text = text.slice(1);
    if (text) first = false;
    consume(text);
    yield* records;
    records.length = 0;
  }
  consume(decode(new Uint8Array(), false));
  if (inQuotes) throw new CsvSyntaxError(CSV_MESSAGES.openQuote, recordLine);
  if (field !== '' || fields.length > 0 || fieldQuoted) endRecord();
  yield* records;
}

/** One record as a CSV line (quoted where needed), without its line end. */
export function csvLine(fields: readonly (string | number | null | undefined)[]): string {
  return fields
    .map((value) => {
      const text = value === null || value === undefined ? '' : String(value);
      return /[;"\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
    })
    .join(CSV_SEPARATOR);
}
