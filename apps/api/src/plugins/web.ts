// The built web app (WEB_DIST) and the not-found handler. Any GET that no route matches and that is
// not in an API area loads index.html, so that deep links (/openweb/admin/admin_accueil,
// /compte/detail-mouvement/12) open the app; everything else gets a rate-limited JSON 404.
import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { notFound } from '../errors';
import { productPicture } from '../modules/catalogue/catalogue.service';
import { compressText, preferredEncoding, worthCompressing } from './compression';
import { readPageHints } from './page-hints';

// '/assets/' and '/logos/' too: a missing file must not be answered with HTML.
const API_AREAS =
  /^\/(admin|service|auth|docs|rest|tag|submenu|simplemenu|assets|logos|images)(\/|$)|^\/healthz$/;

/**
 * The path as a lenient client or proxy may read it: decoded, lower-cased, repeated slashes and dot
 * segments collapsed. '//service/clients' or '/SERVICE/clients' must not look like a page.
 */
function canonicalPath(urlPath: string): string {
  let decoded = urlPath;
  try {
    decoded = decodeURIComponent(urlPath);
  } catch {
    // A malformed escape is judged as sent.
  }
  return path.posix.normalize(decoded).toLowerCase();
}

/** True for a request the history fallback answers with index.html. */
export function isPageRequest(method: string, urlPath: string): boolean {
  return (method === 'GET' || method === 'HEAD') && !API_AREAS.test(canonicalPath(urlPath));
}

// A file at the top of WEB_DIST (favicon.svg, robots.txt); anything else is a page route.
function topLevelFile(root: string, urlPath: string): string | null {
  const match = /^\/([\w-][\w.-]*\.\w+)$/.exec(urlPath);
  if (!match?.[1] || match[1] === 'index.html') return null;
  return fs.statSync(path.join(root, match[1]), { throwIfNoEntry: false })?.isFile() ? match[1] : null;
}

const pathOf = (request: FastifyRequest) => request.url.split('?')[0] ?? '/';
const searchOf = (request: FastifyRequest) => request.url.slice(pathOf(request).length);

export default fp(
  async (app) => {
    const root = app.config.webDist;
    const hasWeb = fs.existsSync(path.join(root, 'index.html'));
    // index.html read once, split where each page's hints go (page-hints.ts).
    const [head, tail] = hasWeb
      ? fs.readFileSync(path.join(root, 'index.html'), 'utf8').split('</head>', 2)
      : [];
    const hints = readPageHints(root);
    if (hasWeb) {
      // preCompressed: the build wrote file.br and file.gz beside each text file (apps/web/precompress.ts).
      await app.register(fastifyStatic, { root, serve: false, preCompressed: true });
      // Vite names these files by content hash: they never change, browsers may keep them a year.
      app.get<{ Params: { '*': string } }>(
        '/assets/*',
        { config: { access: 'public' }, schema: { hide: true } },
        (request, reply) =>
          reply.sendFile(`assets/${request.params['*']}`, { immutable: true, maxAge: '365d' }),
      );
    } else {
      app.log.warn(`Application web absente (${root}) : lancez npm run build`);
    }

    const limit = app.rateLimit({ max: 60, timeWindow: '1 minute' });
    app.setNotFoundHandler(
      {
        preHandler: async (request: FastifyRequest, reply: FastifyReply) => {
          if (!(hasWeb && isPageRequest(request.method, pathOf(request))))
            await limit.call(app, request, reply);
        },
      },
      async (request, reply) => {
        const urlPath = pathOf(request);
        if (!hasWeb || !isPageRequest(request.method, urlPath)) throw notFound();
        const file = topLevelFile(root, urlPath);
        if (file) return reply.sendFile(file, { maxAge: '1h' });
        // index.html names the current hashed bundles: always revalidated.
        reply.header('cache-control', 'no-cache');
        if (tail === undefined) return reply.sendFile('index.html', { cacheControl: false });
        const pageHints = await hints.forPage(urlPath, searchOf(request), (code) =>
          productPicture(app.db, code),
        );
        const html = `${head}${pageHints}</head>${tail}`;
        reply.type('text/html; charset=utf-8').header('vary', 'accept-encoding');
        // The compression plugin's hook does not run for the not-found handler: compressed here, alike.
        const encoding = worthCompressing(html)
          ? preferredEncoding(request.headers['accept-encoding'])
          : null;
        if (!encoding) return html;
        return reply.header('content-encoding', encoding).send(compressText(html, encoding));
      },
    );
  },
  { name: 'web', dependencies: ['@fastify/rate-limit'] },
);
