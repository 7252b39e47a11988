import fc from 'fast-check';
import {
  createCsvTextDecoder,
  decodeWindows1252,
  encodeWindows1252,
  ENCODING_MESSAGES,
  EncodingError,
  firstInvalidUtf8,
  isWindows1252Char,
  utf8SequenceLength,
  type EncodingSetting,
} from './encoding';

const utf8 = (text: string) => new TextEncoder().encode(text);
const withBom = (bytes: Uint8Array) => new Uint8Array([0xef, 0xbb, 0xbf, ...bytes]);

/** `bytes` cut at `cuts` (positions, any order), decoded chunk by chunk. */
function decodeSplit(bytes: Uint8Array, cuts: number[], setting: EncodingSetting = 'auto') {
  const decoder = createCsvTextDecoder(setting);
  const points = [...new Set(cuts.map((c) => c % (bytes.length + 1)))].sort((a, b) => a - b);
  let text = '';
  let from = 0;
  for (const at of points) {
    text += decoder.decode(bytes.subarray(from, at), false);
    from = at;
  }
  text += decoder.decode(bytes.subarray(from), true);
  return { text, encoding: decoder.encoding };
}

/** The first non-ASCII bytes of `bytes` begin a well-formed UTF-8 sequence. */
const startsLikeUtf8 = (bytes: Uint8Array) => {
  const at = bytes.findIndex((b) => b >= 0x80);
  return at !== -1 && utf8SequenceLength(bytes, at) > 0;
};

const cp1252Char = fc
  .integer({ min: 0, max: 0x2122 })
  .map((code) => String.fromCharCode(code))
  .filter(isWindows1252Char);
const cp1252Text = fc.oneof(
  fc.array(cp1252Char, { maxLength: 60 }).map((chars) => chars.join('')),
  fc
    .array(fc.constantFrom('a', ' ', ';', '\n', 'é', 'à', 'ç', 'ô', '€', 'œ', '’', '–', 'Œ', 'É'), {
      maxLength: 60,
    })
    .map((chars) => chars.join('')),
);
const cuts = fc.array(fc.nat(), { maxLength: 8 });

describe('Windows-1252', () => {
  it('decodes the bytes 0x80–0x9F to their characters, the others to their own code point', () => {
    expect(decodeWindows1252(new Uint8Array([0x80, 0x9c, 0x92, 0x96, 0xe9, 0xe0, 0x41]))).toBe('€œ’–éàA');
    expect(encodeWindows1252('Tuile à emboîtement – 12 €')).toEqual(
      new Uint8Array(
        [...'Tuile ', 0xe0, ...' embo', 0xee, ...'tement ', 0x96, ...' 12 ', 0x80].map((c) =>
          typeof c === 'string' ? c.charCodeAt(0) : c,
        ),
      ),
    );
  });

  it('refuses the five undefined bytes, with the text before them', () => {
    for (const byte of [0x81, 0x8d, 0x8f, 0x90, 0x9d]) {
      let error: unknown;
      try {
        decodeWindows1252(new Uint8Array([0x61, 0xe9, byte, 0x62]));
      } catch (caught) {
        error = caught;
      }
      expect(error).toEqual(new EncodingError(ENCODING_MESSAGES.notWindows1252(byte), 'aé'));
    }
    expect(() => encodeWindows1252('日')).toThrow(RangeError);
  });

  it('property: any Windows-1252 text encoded decodes to itself, whatever the chunks', () => {
    fc.assert(
      fc.property(cp1252Text, cuts, (text, at) => {
        const bytes = encodeWindows1252(text);
        expect(decodeWindows1252(bytes)).toBe(text);
        expect(decodeSplit(bytes, at, 'windows-1252')).toEqual({ text, encoding: 'windows-1252' });
        // Detected: unless its first accent happens to be a UTF-8 sequence ('Ã' then '©'…).
        if (!startsLikeUtf8(bytes)) {
          const ascii = !bytes.some((b) => b >= 0x80);
          expect(decodeSplit(bytes, at)).toEqual({ text, encoding: ascii ? 'utf-8' : 'windows-1252' });
        }
      }),
      { numRuns: 500 },
    );
  });
});

describe('UTF-8', () => {
  it('tells the length of well-formed sequences, 0 for ill-formed ones, -1 for cut ones', () => {
    const at0 = (...bytes: number[]) => utf8SequenceLength(new Uint8Array(bytes), 0);
    expect([at0(0x41), at0(0xc3, 0xa9), at0(0xe2, 0x82, 0xac), at0(0xf0, 0x9f, 0x98, 0x80)]).toEqual([
      1, 2, 3, 4,
    ]);
    expect([at0(0xe9, 0x20), at0(0xc0, 0x80), at0(0xed, 0xa0, 0x80), at0(0xf4, 0x90, 0x80, 0x80)]).toEqual([
      0, 0, 0, 0,
    ]);
    expect([at0(0xe2, 0x82), at0(0xf0)]).toEqual([-1, -1]);
  });

  it('property: firstInvalidUtf8 agrees with a strict decoder on any bytes', () => {
    const strict = new TextDecoder('utf-8', { fatal: true });
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 40 }), (bytes) => {
        const bad = firstInvalidUtf8(bytes);
        let valid = true;
        try {
          strict.decode(bytes);
        } catch {
          valid = false;
        }
        expect(bad === -1).toBe(valid);
        if (bad !== -1) expect(() => strict.decode(bytes.subarray(0, bad))).not.toThrow();
      }),
      { numRuns: 2000 },
    );
  });

  it('property: any text in UTF-8, with or without BOM, decodes to itself, whatever the chunks', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary', maxLength: 40 }), fc.boolean(), cuts, (text, bom, at) => {
        fc.pre(!text.startsWith('\uFEFF') && new TextDecoder().decode(utf8(text)) === text);
        const bytes = bom ? withBom(utf8(text)) : utf8(text);
        expect(decodeSplit(bytes, at)).toEqual({ text, encoding: 'utf-8' });
        expect(decodeSplit(bytes, at, 'utf-8')).toEqual({ text, encoding: 'utf-8' });
      }),
      { numRuns: 1000 },
    );
  });
});

describe('createCsvTextDecoder', () => {
  it('decides on the first non-ASCII byte, however far into the file', () => {
    const late = new Uint8Array([...new Uint8Array(200_000).fill(0x61), 0xe9]);
    expect(decodeSplit(late, [65_536, 131_072]).encoding).toBe('windows-1252');
    expect(decodeSplit(late, [65_536]).text.endsWith('aé')).toBe(true);
  });

  it('keeps a BOM or a first accent cut across chunks', () => {
    expect(decodeSplit(withBom(utf8('é')), [1, 2, 3, 4])).toEqual({ text: 'é', encoding: 'utf-8' });
    expect(decodeSplit(utf8('a€'), [2, 3])).toEqual({ text: 'a€', encoding: 'utf-8' });
  });

  it('refuses invalid bytes after a UTF-8 start, with the text before them', () => {
    const decoder = createCsvTextDecoder();
    expect(decoder.decode(utf8('é;1\n'), false)).toBe('é;1\n');
    expect(() => decoder.decode(new Uint8Array([0x61, 0x0a, 0x62, 0xe9, 0x63]), false)).toThrow(
      new EncodingError(ENCODING_MESSAGES.mixed, 'a\nb'),
    );
    // A sequence cut by the end of the file.
    const cut = createCsvTextDecoder('utf-8');
    expect(cut.decode(new Uint8Array([0x61, 0xe2, 0x82]), false)).toBe('a');
    expect(() => cut.decode(new Uint8Array(), true)).toThrow(ENCODING_MESSAGES.notUtf8);
  });

  it('reads a declared encoding as declared, but a BOM always as UTF-8', () => {
    expect(decodeSplit(encodeWindows1252('Ã©'), [], 'windows-1252').text).toBe('Ã©');
    expect(decodeSplit(encodeWindows1252('Ã©'), []).text).toBe('é');
    expect(() => decodeSplit(encodeWindows1252('é'), [], 'utf-8')).toThrow(ENCODING_MESSAGES.notUtf8);
    expect(decodeSplit(withBom(utf8('é')), [], 'windows-1252')).toEqual({ text: 'é', encoding: 'utf-8' });
  });
});
