// An answer as the server sent it over a real socket, decompressed here (fetch would decompress on
// its own and hide the encoding): for the tests of what goes out ahead of Fastify.
import http from 'node:http';
import zlib from 'node:zlib';

export interface RawAnswer {
  status: number;
  /** Every header but `date`. */
  headers: Record<string, string>;
  text: string;
}

export const rawRequest = (
  url: string,
  headers: Record<string, string> = {},
  method = 'GET',
): Promise<RawAnswer> =>
  new Promise((resolve, reject) => {
    const request = http.request(url, { method, headers }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('error', reject);
      response.on('end', () => {
        const body = Buffer.concat(chunks);
        const encoding = response.headers['content-encoding'];
        const text =
          encoding === 'br'
            ? zlib.brotliDecompressSync(body).toString()
            : encoding === 'gzip'
              ? zlib.gunzipSync(body).toString()
              : body.toString();
        const sent = Object.fromEntries(
          Object.entries(response.headers).filter(([name]) => name !== 'date'),
        ) as Record<string, string>;
        resolve({ status: response.statusCode!, headers: sent, text });
      });
    });
    request.on('error', reject);
    request.end();
  });
