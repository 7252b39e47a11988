// The tar format of backups (docs/operations.md, Backups), written and read as streams: POSIX ustar
// headers, with a pax header for names over 100 bytes or not ASCII, and for sizes of 8 GiB or more.
// Only regular files: folders are made on the way when extracting.
import { once } from 'node:events';
import type { Writable } from 'node:stream';

const BLOCK = 512;
const ZEROS = Buffer.alloc(BLOCK * 2);

/** An archive that is not a tar, cut short or damaged. */
export class CorruptArchive extends Error {}

function octal(value: number, width: number): string {
  return value.toString(8).padStart(width - 1, '0') + '\0';
}

function header(name: string, size: number, mtime: Date, type: '0' | 'x'): Buffer {
  const block = Buffer.alloc(BLOCK);
  block.write(name, 0, 100, 'utf8');
  block.write(octal(0o644, 8), 100, 'ascii');
  block.write(octal(0, 8), 108, 'ascii');
  block.write(octal(0, 8), 116, 'ascii');
  block.write(octal(size, 12), 124, 'ascii');
  block.write(octal(Math.floor(mtime.getTime() / 1000), 12), 136, 'ascii');
  block.write(' '.repeat(8), 148, 'ascii');
  block.write(type, 156, 'ascii');
  block.write('ustar\u000000', 257, 'ascii');
  block.write(octal(checksum(block), 7) + ' ', 148, 'ascii');
  return block;
}

function checksum(block: Buffer): number {
  let sum = 0;
  for (let i = 0; i < BLOCK; i++) sum += i >= 148 && i < 156 ? 32 : block[i]!;
  return sum;
}

const padding = (size: number) => Buffer.alloc((BLOCK - (size % BLOCK)) % BLOCK);

/** A pax record: "<length> <key>=<value>\n", its length counting itself. */
function paxRecord(key: string, value: string): string {
  const body = ` ${key}=${value}\n`;
  let length = Buffer.byteLength(body) + 1;
  while (String(length).length + Buffer.byteLength(body) !== length) length++;
  return `${length}${body}`;
}

/** Writes entries one after the other to `out`, waiting when it is full (bounded memory). */
export class TarWriter {
  constructor(private readonly out: Writable) {}

  private async write(chunk: Buffer): Promise<void> {
    // A stream that failed emits nothing more: waiting for it would never end.
    if (this.out.destroyed) throw this.out.errored ?? new Error('archive fermée');
    // once() rejects when `out` fails meanwhile.
    if (!this.out.write(chunk)) await once(this.out, 'drain');
  }

  /**
   * One file of `size` bytes whose content `body` gives (exactly `size` bytes: a source shorter than
   * announced is padded with zeros and reported false, a longer one cut).
   */
  async add(
    name: string,
    size: number,
    body: AsyncIterable<Buffer | Uint8Array> | Iterable<Buffer | Uint8Array>,
    mtime = new Date(),
  ) {
    const long = Buffer.byteLength(name) > 100 || !/^[\x20-\x7e]*$/.test(name);
    const huge = size >= 8 ** 11;
    if (long || huge) {
      const pax = Buffer.from(
        (long ? paxRecord('path', name) : '') + (huge ? paxRecord('size', String(size)) : ''),
      );
      await this.write(header('PaxHeader', pax.length, mtime, 'x'));
      await this.write(Buffer.concat([pax, padding(pax.length)]));
    }
    await this.write(header(long ? name.slice(0, 100) : name, huge ? 0 : size, mtime, '0'));
    let written = 0;
    for await (const chunk of body) {
      const part = Buffer.from(chunk.buffer, chunk.byteOffset, Math.min(chunk.byteLength, size - written));
      if (part.length) await this.write(part);
      written += part.length;
      if (written === size) break;
    }
    const complete = written === size;
    if (!complete) await this.write(Buffer.alloc(size - written));
    await this.write(padding(size));
    return complete;
  }

  addBuffer(name: string, data: Buffer, mtime?: Date) {
    return this.add(name, data.length, [data], mtime);
  }

  /** The end of the archive (two zero blocks); `out` is left open for its owner to end. */
  finish(): Promise<void> {
    return this.write(ZEROS);
  }
}

export interface TarEntry {
  name: string;
  size: number;
  /** '0': a file; other types ('5' a folder…) are listed for the reader to skip. */
  type: string;
  /** The content, to be read before the next entry (what is left unread is skipped). */
  body(): AsyncGenerator<Buffer>;
}

/** Bytes taken from a stream as asked, whatever the sizes of its chunks. */
class ByteReader {
  private pending: Buffer[] = [];
  private length = 0;
  private ended = false;

  constructor(private readonly source: AsyncIterator<Buffer>) {}

  private async fill(wanted: number): Promise<void> {
    while (this.length < wanted && !this.ended) {
      const next = await this.source.next();
      if (next.done) this.ended = true;
      else {
        this.pending.push(next.value);
        this.length += next.value.length;
      }
    }
  }

  /** Up to `max` bytes (at least one), or null at the end of the stream. */
  async some(max: number): Promise<Buffer | null> {
    await this.fill(1);
    if (this.length === 0) return null;
    const first = this.pending[0]!;
    const part = first.subarray(0, max);
    if (part.length === first.length) this.pending.shift();
    else this.pending[0] = first.subarray(part.length);
    this.length -= part.length;
    return part;
  }

  /** Exactly `count` bytes: the archive is cut short otherwise. */
  async exactly(count: number): Promise<Buffer> {
    await this.fill(count);
    if (this.length < count) throw new CorruptArchive('archive tronquée');
    const all = this.pending.length === 1 ? this.pending[0]! : Buffer.concat(this.pending);
    this.pending = all.length > count ? [all.subarray(count)] : [];
    this.length -= count;
    return all.subarray(0, count);
  }
}

const field = (block: Buffer, start: number, width: number) =>
  block
    .subarray(start, start + width)
    .toString('utf8')
    .replace(/\0.*$/s, '');

function number(block: Buffer, start: number, width: number): number {
  const text = field(block, start, width).trim();
  if (!/^[0-7]*$/.test(text)) throw new CorruptArchive('en-tête illisible');
  return text ? parseInt(text, 8) : 0;
}

function paxFields(data: Buffer): Record<string, string> {
  const fields: Record<string, string> = {};
  for (let at = 0; at < data.length;) {
    const space = data.indexOf(0x20, at);
    const length = Number(data.subarray(at, space).toString('ascii'));
    if (space < 0 || !Number.isSafeInteger(length) || length <= 0)
      throw new CorruptArchive('en-tête pax illisible');
    const record = data.subarray(space + 1, at + length - 1).toString('utf8');
    const equals = record.indexOf('=');
    fields[record.slice(0, equals)] = record.slice(equals + 1);
    at += length;
  }
  return fields;
}

/**
 * The entries of the tar that `source` streams, in order. Fails with CorruptArchive on a header
 * whose checksum is wrong, or when the stream ends before the archive's end blocks.
 */
export async function* readTar(source: AsyncIterable<Buffer>): AsyncGenerator<TarEntry> {
  const reader = new ByteReader(source[Symbol.asyncIterator]());
  let pax: Record<string, string> = {};
  for (;;) {
    const block = await reader.exactly(BLOCK);
    if (block.every((byte) => byte === 0)) {
      // Read to the stream's end all the same: gzip checks its checksum only there.
      while (await reader.some(1 << 16));
      return;
    }
    if (number(block, 148, 8) !== checksum(block)) throw new CorruptArchive('en-tête endommagé');
    const type = field(block, 156, 1) || '0';
    const prefix = field(block, 345, 155);
    const name = pax.path ?? (prefix ? `${prefix}/${field(block, 0, 100)}` : field(block, 0, 100));
    const size = pax.size ? Number(pax.size) : number(block, 124, 12);
    pax = {};
    let left = size;
    const body = async function* () {
      while (left > 0) {
        const part = await reader.some(Math.min(left, 1 << 16));
        if (!part) throw new CorruptArchive('archive tronquée');
        left -= part.length;
        yield part;
      }
    };
    if (type === 'x') {
      pax = paxFields(await reader.exactly(size));
      left = 0;
    } else if (type === 'g') {
      await reader.exactly(size);
      left = 0;
    } else yield { name, size, type, body };
    // What the consumer left unread, then the padding to the next block.
    while (left > 0) {
      const part = await reader.some(Math.min(left, 1 << 16));
      if (!part) throw new CorruptArchive('archive tronquée');
      left -= part.length;
    }
    await reader.exactly((BLOCK - (size % BLOCK)) % BLOCK);
  }
}
