// Text answers are compressed when the client accepts it (brotli, else gzip). JSON is compressed on
// the fly at a low brotli quality: speed matters more than the last few percent. The web app's files
// come precompressed from the build (see web.ts), and an answer that already carries a
// Content-Encoding is left as it is, so nothing is compressed twice.
import { constants } from 'node:zlib';
import compress from '@fastify/compress';
import fp from 'fastify-plugin';

/** Below this size the headers cost more than compression saves. */
const THRESHOLD_BYTES = 1024;

export default fp(
  async (app) => {
    await app.register(compress, {
      global: true,
      // Compressed request bodies are not part of the contract: refusing them closes a zip-bomb door.
      globalDecompression: false,
      threshold: THRESHOLD_BYTES,
      encodings: ['br', 'gzip'],
      brotliOptions: { params: { [constants.BROTLI_PARAM_QUALITY]: 4 } },
      zlibOptions: { level: 6 },
    });
  },
  { name: 'compression' },
);
