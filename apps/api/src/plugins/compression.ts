// Text answers are compressed when the client accepts it (brotli, else gzip). JSON is compressed on
// the fly at a low brotli quality: speed matters more than the last few percent. The web app's files
// come precompressed from the build (see web.ts), and an answer that already carries a
// Content-Encoding is left as it is, so nothing is compressed twice.
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import compress from '@fastify/compress';
import fp from 'fastify-plugin';

/** Below this size the headers cost more than compression saves. */
const THRESHOLD_BYTES = 1024;
const BROTLI_OPTIONS = { params: { [constants.BROTLI_PARAM_QUALITY]: 4 } };
const GZIP_OPTIONS = { level: 6 };

export type TextEncoding = 'br' | 'gzip';

/**
 * The encoding to send to a client with this Accept-Encoding header: brotli, else gzip, among those
 * it accepts (a q of 0 refuses); null for none.
 */
export function preferredEncoding(acceptEncoding: string | undefined): TextEncoding | null {
  if (!acceptEncoding) return null;
  const accepted = new Set<string>();
  for (const part of acceptEncoding.toLowerCase().split(',')) {
    const [name, ...params] = part.split(';').map((piece) => piece.trim());
    const q = params.find((param) => param.startsWith('q='));
    if (name && !(q && Number(q.slice(2)) === 0)) accepted.add(name);
  }
  if (accepted.has('br')) return 'br';
  if (accepted.has('gzip')) return 'gzip';
  return null;
}

/** `text` compressed as the plugin would for `encoding` (for answers kept already compressed). */
export const compressText = (text: string, encoding: TextEncoding): Buffer =>
  encoding === 'br' ? brotliCompressSync(text, BROTLI_OPTIONS) : gzipSync(text, GZIP_OPTIONS);

/** Whether a text this long is worth compressing. */
export const worthCompressing = (text: string) => Buffer.byteLength(text) >= THRESHOLD_BYTES;

export default fp(
  async (app) => {
    await app.register(compress, {
      global: true,
      // Compressed request bodies are not part of the contract: refusing them closes a zip-bomb door.
      globalDecompression: false,
      threshold: THRESHOLD_BYTES,
      encodings: ['br', 'gzip'],
      brotliOptions: BROTLI_OPTIONS,
      zlibOptions: GZIP_OPTIONS,
    });
  },
  { name: 'compression' },
);
