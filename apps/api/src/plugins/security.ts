// Security headers and the cross-site write guard.
import type { IncomingMessage, ServerResponse } from 'node:http';
import fp from 'fastify-plugin';
import helmet, { type HelmetOptions } from 'helmet';
import { AUTH_MESSAGES } from '@comptoir/shared/auth';
import { forbidden } from '../errors';

const WRITES = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

// Helmet's value, sent only over https: over plain http the header is meaningless (browsers ignore
// it) and would claim a policy for a server that did not answer securely. Behind a proxy, the
// protocol is read from X-Forwarded-Proto when TRUST_PROXY=1.
const HSTS = 'max-age=31536000; includeSubDomains';

/**
 * True when a browser sent this write from another site: its Origin is not this server. Non-browser
 * clients (curl, the CLI, tests) send no Origin and are judged by their session alone.
 */
export function isForeignWrite(method: string, origin: string | undefined, host: string): boolean {
  if (!WRITES.has(method) || origin === undefined) return false;
  try {
    return new URL(origin).host !== host;
  } catch {
    return true; // 'null' (sandboxed frames, file://) or garbage
  }
}

/**
 * Helmet's headers for these options, computed once: none depends on the request. (The Fastify
 * plugin rebuilt Helmet's middleware, parsing the policy again, on every request: about 5 % of a
 * cached answer's time.)
 */
export function helmetHeaders(options: HelmetOptions): Record<string, string> {
  const headers: Record<string, string> = {};
  const response = {
    setHeader: (name: string, value: string | number) => (headers[name.toLowerCase()] = String(value)),
    removeHeader: (name: string) => delete headers[name.toLowerCase()],
  };
  helmet(options)({} as IncomingMessage, response as unknown as ServerResponse, (error?: unknown) => {
    if (error) throw error;
  });
  return headers;
}

const SECURITY_HEADERS = helmetHeaders({
  // Not helmet's 'no-referrer': under it browsers send 'Origin: null' with a plain form POST (the
  // orders list's download form), which the guard below must refuse. 'same-origin' keeps the real
  // Origin on this site's own requests and still gives other sites no referrer.
  referrerPolicy: { policy: 'same-origin' },
  strictTransportSecurity: false,
  contentSecurityPolicy: {
    useDefaults: false,
    directives: {
      defaultSrc: ["'self'"],
      baseUri: ["'self'"],
      connectSrc: ["'self'"],
      fontSrc: ["'self'", 'data:'],
      formAction: ["'self'"],
      frameAncestors: ["'self'"],
      imgSrc: ["'self'", 'data:'],
      objectSrc: ["'none'"],
      scriptSrc: ["'self'"],
      scriptSrcAttr: ["'none'"],
      // Mantine writes its CSS variables in inline style attributes and <style> tags.
      styleSrc: ["'self'", "'unsafe-inline'"],
    },
  },
});

export default fp(
  async (app) => {
    // A callback hook: nothing here waits, so no promise per request.
    app.addHook('onRequest', (request, reply, done) => {
      reply.headers(SECURITY_HEADERS);
      if (request.protocol === 'https') reply.header('strict-transport-security', HSTS);
      done(
        isForeignWrite(request.method, request.headers.origin, request.host)
          ? forbidden(AUTH_MESSAGES.foreignOrigin)
          : undefined,
      );
    });
  },
  { name: 'security' },
);
