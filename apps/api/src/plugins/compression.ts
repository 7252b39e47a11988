// Text answers are compressed when the client accepts it (brotli, else gzip). JSON is compressed on
// the fly at a low brotli quality: speed matters more than the last few percent. The web app's files
// come precompressed from the build (see web.ts), and an answer that already carries a
// Content-Encoding is left as it is, so nothing is compressed twice.
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { negotiate } from '@fastify/accept-negotiator';
import compress from '@fastify/compress';
import fp from 'fastify-plugin';

/** Below this size the headers cost more than compression saves. */
const THRESHOLD_BYTES = 1024;
const BROTLI_OPTIONS = { params: { [constants.BROTLI_PARAM_QUALITY]: 4 } };
const GZIP_OPTIONS = { level: 6 };

export type TextEncoding = 'br' | 'gzip';
/** In the server's order of preference. */
const ENCODINGS: TextEncoding[] = ['br', 'gzip'];

/**
 * The encoding the compression plugin would choose for this Accept-Encoding header: the same
 * negotiation (q values, then brotli before gzip) and the same aliases (`*` and `x-gzip` read as
 * gzip); null for none.
 */
export function preferredEncoding(acceptEncoding: string | undefined): TextEncoding | null {
  if (!acceptEncoding) return null;
  let encoding = negotiated.get(acceptEncoding);
  if (encoding === undefined) {
    encoding = negotiate(acceptEncoding.toLowerCase().replace(/\*|x-gzip/g, 'gzip'), ENCODINGS);
    if (negotiated.size >= NEGOTIATED_LIMIT) negotiated.clear();
    negotiated.set(acceptEncoding, encoding);
  }
  return encoding;
}

// Browsers send a handful of distinct Accept-Encoding headers: each is negotiated once. Bounded, as
// the header is the client's to write.
const NEGOTIATED_LIMIT = 200;
const negotiated = new Map<string, TextEncoding | null>();

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
      encodings: ENCODINGS,
      brotliOptions: BROTLI_OPTIONS,
      zlibOptions: GZIP_OPTIONS,
    });
  },
  { name: 'compression' },
);
