import { csvLine, CSV_MAX_LINE_BYTES, CsvLineTooLongError, CsvSyntaxError, readCsv } from './csv';
import { createCsvTextDecoder, ENCODING_MESSAGES } from './encoding';

async function* chunks(...parts: (string | Uint8Array)[]) {
  for (const part of parts) yield typeof part === 'string' ? new TextEncoder().encode(part) : part;
}
const all = async (...parts: (string | Uint8Array)[]) => {
  const records = [];
  for await (const record of readCsv(chunks(...parts))) records.push(record);
  return records;
};

describe('readCsv', () => {
  it('reads records split anywhere across chunks, CRLF or LF, with their line numbers', async () => {
    expect(await all('a;b\r', '\nc;', 'd\n\ne;"f', '"\n')).toEqual([
      { line: 1, fields: ['a', 'b'] },
      { line: 2, fields: ['c', 'd'] },
      { line: 4, fields: ['e', 'f'] },
    ]);
  });

  it('reads quoted fields with separators, doubled quotes and line breaks', async () => {
    expect(await all('"x;y";"dit ""oui""";"deux\r\nlignes"\nsuite;1')).toEqual([
      { line: 1, fields: ['x;y', 'dit "oui"', 'deux\r\nlignes'] },
      { line: 3, fields: ['suite', '1'] },
    ]);
  });

  it('skips a byte order mark and keeps a last line without line end', async () => {
    expect(await all(new Uint8Array([0xef, 0xbb]), new Uint8Array([0xbf, 0x61, 0x3b]), 'é')).toEqual([
      { line: 1, fields: ['a', 'é'] },
    ]);
  });

  it('keeps a multi-byte character cut between two chunks', async () => {
    const bytes = new TextEncoder().encode('ç;à');
    expect(await all(bytes.slice(0, 1), bytes.slice(1))).toEqual([{ line: 1, fields: ['ç', 'à'] }]);
  });

  it('reads a Windows-1252 file, its first accent on line 2, and says so', async () => {
    const decoder = createCsvTextDecoder();
    const records = [];
    const bytes = new Uint8Array([...'code;nom\nA1;'].map((c) => c.charCodeAt(0)).concat([0x80, 0x9c, 0x92]));
    for await (const record of readCsv(chunks(bytes), { decoder })) records.push(record);
    expect(records).toEqual([
      { line: 1, fields: ['code', 'nom'] },
      { line: 2, fields: ['A1', '€œ’'] },
    ]);
    expect(decoder.encoding).toBe('windows-1252');
  });

  it('refuses a UTF-8 file with invalid bytes at the line they are on, across chunks', async () => {
    await expect(
      all('code;nom\r\nA1;é\n', '"deux\nlignes";', 'x\nA2;', new Uint8Array([0x62, 0xe9])),
    ).rejects.toEqual(new CsvSyntaxError(ENCODING_MESSAGES.mixed, 5));
    await expect(all('é\n\n', new Uint8Array([0xff]))).rejects.toMatchObject({ line: 3 });
  });

  it('refuses an unclosed quote and a stray quote', async () => {
    await expect(all('a;b\n"ouvert;c')).rejects.toMatchObject({
      line: 2,
      message: 'guillemet ouvrant sans guillemet fermant',
    });
    await expect(all('a;b"c')).rejects.toMatchObject({
      message: 'guillemet inattendu dans un champ sans guillemets',
    });
  });
});

describe('csvLine', () => {
  it('quotes only what needs it, and reads back as written', async () => {
    const fields = ['simple', 'a;b', 'dit "oui"', 'deux\nlignes', ''];
    const line = csvLine([...fields, null]);
    expect(line).toBe('simple;"a;b";"dit ""oui""";"deux\nlignes";;');
    expect((await all(line))[0]!.fields).toEqual([...fields, '']);
  });
});

describe('readCsv, the line limit', () => {
  it('refuses a 20 MB line at the default limit having read little more than the limit', async () => {
    let given = 0;
    async function* hostile() {
      yield new TextEncoder().encode('a;b\n');
      const block = new Uint8Array(64 * 1024).fill(0x41);
      for (let sent = 0; sent < 20 * 1024 * 1024; sent += block.length) {
        given += block.length;
        yield block;
      }
    }
    const error = await (async () => {
      for await (const record of readCsv(hostile())) void record;
    })().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(CsvLineTooLongError);
    expect(error).toMatchObject({
      line: 2,
      message: 'plus de 1 048 576 octets (limite IMPORT_MAX_LINE_BYTES)',
    });
    // The stream was left at the limit: the rest of the 20 MB was never asked for.
    expect(given).toBeLessThanOrEqual(CSV_MAX_LINE_BYTES + 64 * 1024);
  });

  it('counts a quoted record’s line breaks and multi-byte characters against a lowered limit', async () => {
    await expect(all('x;"', 'é'.repeat(6), '\n', 'é'.repeat(6), '"\n')).resolves.toHaveLength(1);
    const records = readCsv(chunks('x;"', 'é'.repeat(6), '\n', 'é'.repeat(6), '"\n'), { maxLineBytes: 20 });
    await expect(records.next()).rejects.toMatchObject({ line: 1 });
  });
});
