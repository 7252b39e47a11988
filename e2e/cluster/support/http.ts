// A small HTTP(S) client on node:http: unlike fetch, it can choose the local address a request leaves
// from (any 127.x.y.z on Linux), so that nginx and the servers see real, distinct client addresses.
import http, { type IncomingHttpHeaders } from 'node:http';
import https from 'node:https';

/** Somewhere requests go: nginx (https, its test certificate) or one server directly (http). */
export interface Target {
  name: string;
  url: string;
  /** The certificate to trust for https. */
  ca?: Buffer;
}

export interface RequestOptions {
  /** Sent as JSON. */
  json?: unknown;
  /** Sent as multipart/form-data, one file field. */
  file?: { field: string; name: string; type: string; bytes: Buffer };
  /** The session cookie's value. */
  session?: string;
  headers?: Record<string, string>;
  /** The client address the request leaves from. */
  from?: string;
}

export interface Reply {
  status: number;
  headers: IncomingHttpHeaders;
  body: Buffer;
  json: () => unknown;
  /** The server nginx chose (its X-Upstream header), or the target's name when none. */
  servedBy: string;
  /** The session cookie the answer set, when it set one; '' when it cleared it. */
  session: string | undefined;
  /** The session cookie's raw Set-Cookie line. */
  sessionCookie: string | undefined;
}

export const SESSION_COOKIE = 'comptoir_session';

export function send(target: Target, method: string, path: string, options: RequestOptions = {}) {
  const url = new URL(path, target.url);
  const headers: Record<string, string> = { ...options.headers };
  let body: Buffer | undefined;
  if (options.json !== undefined) {
    body = Buffer.from(JSON.stringify(options.json));
    headers['content-type'] = 'application/json';
  } else if (options.file) {
    const boundary = `----comptoir${Date.now().toString(16)}`;
    const { field, name, type, bytes } = options.file;
    body = Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${name}"\r\n` +
          `Content-Type: ${type}\r\n\r\n`,
      ),
      bytes,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    headers['content-type'] = `multipart/form-data; boundary=${boundary}`;
  }
  if (body) headers['content-length'] = String(body.length);
  if (options.session) headers.cookie = `${SESSION_COOKIE}=${options.session}`;

  const client = url.protocol === 'https:' ? https : http;
  return new Promise<Reply>((resolve, reject) => {
    const request = client.request(
      url,
      {
        method,
        headers,
        // A fresh connection each time, so that `from` holds for every request.
        agent: false,
        localAddress: options.from,
        ca: target.ca,
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('error', reject);
        response.on('end', () => {
          const bytes = Buffer.concat(chunks);
          const cookieLine = (response.headers['set-cookie'] ?? []).find((line) =>
            line.startsWith(`${SESSION_COOKIE}=`),
          );
          const upstream = response.headers['x-upstream'];
          resolve({
            status: response.statusCode ?? 0,
            headers: response.headers,
            body: bytes,
            json: () => JSON.parse(bytes.toString('utf8')),
            servedBy: typeof upstream === 'string' ? upstream : target.name,
            session: cookieLine?.slice(SESSION_COOKIE.length + 1).split(';')[0],
            sessionCookie: cookieLine,
          });
        });
      },
    );
    request.on('error', reject);
    request.end(body);
  });
}
