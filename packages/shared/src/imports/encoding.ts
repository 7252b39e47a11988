// The text encoding of the ERP's CSV files (docs/import-erp.md, Encodage des fichiers): UTF-8, with or
// without a byte order mark, or Windows-1252 (what most French ERPs and Excel write).
//
// Detection is per file and streaming: the bytes before the first non-ASCII byte read the same in
// both encodings, so they are passed on as they come, however far that byte is; the first non-ASCII
// sequence then decides — a well-formed UTF-8 sequence means UTF-8, anything else Windows-1252. This
// holds at most 3 bytes back (never a prefix of the file), and unlike a guess on the first 64 KiB it
// cannot take a Windows-1252 file whose first accent comes late for UTF-8. French text in
// Windows-1252 practically never starts with a valid UTF-8 sequence (it would take e.g. 'Ã' followed
// by '©'). A file judged (or declared) UTF-8 that later holds invalid bytes mixes encodings: it is
// refused, and the error carries the text decoded before the bad byte so that the reader can name the
// bad byte's line.

export const TEXT_ENCODINGS = ['utf-8', 'windows-1252'] as const;
export type TextEncoding = (typeof TEXT_ENCODINGS)[number];

/** What the operator declares (IMPORT_ENCODING): 'auto' detects each file. */
export const ENCODING_SETTINGS = ['auto', ...TEXT_ENCODINGS] as const;
export type EncodingSetting = (typeof ENCODING_SETTINGS)[number];

export const TEXT_ENCODING_LABELS: Record<TextEncoding, string> = {
  'utf-8': 'UTF-8',
  'windows-1252': 'Windows-1252',
};

export const ENCODING_MESSAGES = {
  /** UTF-8 told by a BOM or by the file's first accents, then a byte that is not. */
  mixed: 'octets invalides en UTF-8 : le fichier, lu en UTF-8 d’après son début, mélange des encodages',
  /** UTF-8 declared (IMPORT_ENCODING=utf-8). */
  notUtf8: 'le fichier n’est pas en UTF-8 (encodage déclaré)',
  /** One of the five bytes Windows-1252 leaves undefined. */
  notWindows1252: (byte: number) =>
    `le fichier n’est ni en UTF-8 ni en Windows-1252 (octet 0x${byte.toString(16).toUpperCase()})`,
} as const;

/** Bytes that cannot be decoded; `decoded` is the text of the bytes before them (of this call). */
export class EncodingError extends Error {
  constructor(
    message: string,
    readonly decoded: string,
  ) {
    super(message);
  }
}

// ---------------------------------------------------------------- Windows-1252

// Our own table rather than iconv-lite (not a dependency of ours) or TextDecoder('windows-1252')
// (it needs an ICU build of Node, and turns the five undefined bytes into control characters where
// we refuse them): 32 entries, pure, the same in the browser.

/** The characters of bytes 0x80–0x9F (0: undefined); every other byte is its own code point. */
const CP1252_HIGH = [
  0x20ac, 0, 0x201a, 0x0192, 0x201e, 0x2026, 0x2020, 0x2021, 0x02c6, 0x2030, 0x0160, 0x2039, 0x0152, 0,
  0x017d, 0, 0, 0x2018, 0x2019, 0x201c, 0x201d, 0x2022, 0x2013, 0x2014, 0x02dc, 0x2122, 0x0161, 0x203a,
  0x0153, 0, 0x017e, 0x0178,
];
const CP1252_TO_CODE = Uint16Array.from({ length: 256 }, (_, b) =>
  b >= 0x80 && b < 0xa0 ? CP1252_HIGH[b - 0x80]! : b,
);
const CODE_TO_CP1252 = new Map<number, number>(
  [...CP1252_TO_CODE].flatMap((code, byte) => (code === 0 && byte !== 0 ? [] : [[code, byte]])),
);

const utf16 = new TextDecoder('utf-16le');

/** Windows-1252 bytes as text; throws EncodingError at an undefined byte (0x81, 0x8D, 0x8F, 0x90, 0x9D). */
export function decodeWindows1252(bytes: Uint8Array): string {
  const units = new Uint16Array(bytes.length);
  for (let i = 0; i < bytes.length; i++) {
    const b = bytes[i]!;
    const code = CP1252_TO_CODE[b]!;
    if (code === 0 && b !== 0)
      throw new EncodingError(ENCODING_MESSAGES.notWindows1252(b), utf16.decode(units.subarray(0, i)));
    units[i] = code;
  }
  // A Uint16Array in the platform's order: little-endian on every machine Node runs on.
  return utf16.decode(units);
}

/** Text as Windows-1252 bytes; throws on a character Windows-1252 has not (the export side, tests). */
export function encodeWindows1252(text: string): Uint8Array {
  const bytes = new Uint8Array(text.length);
  for (let i = 0; i < text.length; i++) {
    const byte = CODE_TO_CP1252.get(text.charCodeAt(i));
    if (byte === undefined) throw new RangeError(`caractère absent de Windows-1252 : ${text[i]}`);
    bytes[i] = byte;
  }
  return bytes;
}

/** Whether a character has a Windows-1252 byte. */
export const isWindows1252Char = (ch: string) => ch.length === 1 && CODE_TO_CP1252.has(ch.charCodeAt(0));

// ---------------------------------------------------------------- UTF-8

/**
 * The length of the well-formed UTF-8 sequence starting at `at` (Unicode, table 3-7): 1–4; 0 when
 * the bytes there are not one; -1 when they begin one but the bytes end first.
 */
export function utf8SequenceLength(bytes: Uint8Array, at: number): number {
  const b0 = bytes[at]!;
  if (b0 < 0x80) return 1;
  let length: number;
  let low = 0x80;
  let high = 0xbf;
  if (b0 >= 0xc2 && b0 <= 0xdf) length = 2;
  else if (b0 >= 0xe0 && b0 <= 0xef) {
    length = 3;
    if (b0 === 0xe0) low = 0xa0;
    else if (b0 === 0xed) high = 0x9f; // no surrogates
  } else if (b0 >= 0xf0 && b0 <= 0xf4) {
    length = 4;
    if (b0 === 0xf0) low = 0x90;
    else if (b0 === 0xf4) high = 0x8f; // nothing past U+10FFFF
  } else return 0;
  for (let k = 1; k < length; k++) {
    if (at + k >= bytes.length) return -1;
    const b = bytes[at + k]!;
    if (b < (k === 1 ? low : 0x80) || b > (k === 1 ? high : 0xbf)) return 0;
  }
  return length;
}

/** Where the bytes stop being well-formed UTF-8 (a sequence cut by the end counts), or -1. */
export function firstInvalidUtf8(bytes: Uint8Array): number {
  for (let i = 0; i < bytes.length;) {
    if (bytes[i]! < 0x80) {
      i++;
      continue;
    }
    const length = utf8SequenceLength(bytes, i);
    if (length <= 0) return i;
    i += length;
  }
  return -1;
}

/** How many bytes at the end begin a UTF-8 sequence the next chunk may complete (0–3). */
function cutTail(bytes: Uint8Array): number {
  for (let back = 1; back <= Math.min(3, bytes.length); back++) {
    const at = bytes.length - back;
    const b = bytes[at]!;
    if (b < 0x80) return 0;
    if (b >= 0xc0) return utf8SequenceLength(bytes, at) === -1 ? back : 0;
  }
  return 0;
}

const concat = (a: Uint8Array, b: Uint8Array) => {
  if (!a.length) return b;
  const out = new Uint8Array(a.length + b.length);
  out.set(a);
  out.set(b, a.length);
  return out;
};

const BOM = [0xef, 0xbb, 0xbf];

// ---------------------------------------------------------------- the streaming decoder

/** Decodes one file's chunks in order; `encoding` is known once decided (null while only ASCII was read). */
export interface CsvTextDecoder {
  /** The text of the chunk (`last`: no more bytes follow); throws EncodingError. */
  decode(chunk: Uint8Array, last: boolean): string;
  readonly encoding: TextEncoding | null;
}

/**
 * A decoder for one file. `setting` 'auto' detects as said at the top; a declared encoding is used
 * as it is, except that a file starting with a UTF-8 byte order mark is read as UTF-8 whatever the
 * setting (those three bytes are no header a Windows-1252 file starts with).
 */
export function createCsvTextDecoder(setting: EncodingSetting = 'auto'): CsvTextDecoder {
  const utf8 = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });
  let encoding: TextEncoding | null = setting === 'auto' ? null : setting;
  let bomChecked = false;
  let mixedMessage: string = setting === 'utf-8' ? ENCODING_MESSAGES.notUtf8 : ENCODING_MESSAGES.mixed;
  /** Bytes held back: a BOM's or a UTF-8 sequence's beginning. */
  let held: Uint8Array = new Uint8Array();

  const decodeUtf8 = (bytes: Uint8Array, last: boolean): string => {
    const keep = last ? 0 : cutTail(bytes);
    const whole = keep ? bytes.subarray(0, bytes.length - keep) : bytes;
    held = keep ? bytes.slice(bytes.length - keep) : new Uint8Array();
    try {
      return utf8.decode(whole);
    } catch {
      const bad = firstInvalidUtf8(whole);
      throw new EncodingError(mixedMessage, utf8.decode(whole.subarray(0, Math.max(bad, 0))));
    }
  };

  const decodeUndecided = (bytes: Uint8Array, last: boolean): string => {
    let i = 0;
    while (i < bytes.length && bytes[i]! < 0x80) i++;
    const ascii = utf8.decode(bytes.subarray(0, i));
    if (i === bytes.length) {
      held = new Uint8Array();
      return ascii;
    }
    const length = utf8SequenceLength(bytes, i);
    if (length === -1 && !last) {
      held = bytes.slice(i);
      return ascii;
    }
    encoding = length > 0 ? 'utf-8' : 'windows-1252';
    const rest = bytes.subarray(i);
    try {
      return ascii + (encoding === 'utf-8' ? decodeUtf8(rest, last) : decodeWindows1252(rest));
    } catch (error) {
      if (error instanceof EncodingError) throw new EncodingError(error.message, ascii + error.decoded);
      throw error;
    }
  };

  return {
    get encoding() {
      return encoding;
    },
    decode(chunk, last) {
      let bytes = concat(held, chunk);
      held = new Uint8Array();
      if (!bomChecked) {
        const prefix = bytes.subarray(0, 3);
        if (!last && prefix.length < 3 && prefix.every((b, k) => b === BOM[k])) {
          held = bytes;
          return '';
        }
        bomChecked = true;
        if (prefix.length === 3 && prefix.every((b, k) => b === BOM[k])) {
          encoding = 'utf-8';
          mixedMessage = ENCODING_MESSAGES.mixed;
          bytes = bytes.subarray(3);
        }
      }
      if (encoding === 'utf-8') return decodeUtf8(bytes, last);
      if (encoding === 'windows-1252') return decodeWindows1252(bytes);
      const text = decodeUndecided(bytes, last);
      // Only ASCII to the end: it is UTF-8 (and Windows-1252 alike).
      if (last && encoding === null) encoding = 'utf-8';
      return text;
    },
  };
}
