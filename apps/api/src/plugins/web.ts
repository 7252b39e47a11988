// The built web app (WEB_DIST) and the not-found handler. Any GET that no route matches and that is
// not in an API area loads index.html, so that deep links (/openweb/admin/admin_accueil,
// /compte/detail-mouvement/12) open the app; everything else gets a rate-limited JSON 405 (a path
// that has routes, with their methods in Allow) or 404. A page drawn for a plain visitor is kept
// (kept-pages.ts) and sent again ahead of routing (kept-front.ts) until what it was drawn from changes.
import { AsyncLocalStorage } from 'node:async_hooks';
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import fastifyStatic from '@fastify/static';
import type { FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { methodNotAllowed, notFound } from '../errors';
import type { DbOrTx } from '@comptoir/db/client';
import { AGENCY_COOKIE, SESSION_COOKIE, VISITOR_COOKIE } from '../sessions/cookies';
import { compressText, preferredEncoding, worthCompressing } from './compression';
import { allowedMethods } from './errors';
import { readPageHints, shopPageOf } from './page-hints';
import { FRESH_PAGE_ANSWERS, keptTablesOf, type KeptPage } from './kept-pages';
import { pageMetaTags, withoutDefaultMeta } from './page-meta';

/** What apps/web/src/entry-server.tsx exports. */
interface Renderer {
  SSR_STATE_ID: string;
  renderPage(
    url: string,
    fetcher: (url: string) => Promise<Response>,
    signal: AbortSignal,
  ): Promise<{ html: string; state: string }>;
}

/** Past this, a page goes as the plain shell (the browser draws it): a slow page must not wait more. */
export const RENDER_TIMEOUT_MS = 2000;

/** What the answers a page was drawn from say of it (the renderer's fetcher notes them). */
interface DrawnFrom {
  /** The tables of the kept answers among them. */
  tables: Set<string>;
  /** One was a 404 (an unknown article or family). */
  missing: boolean;
  /** One failed otherwise (a 5xx): the page is not kept. */
  failed: boolean;
  /**
   * One was neither a kept answer nor one of the fresh reads PAGE_TABLES covers: what it was built
   * from is not known, so no change could drop the page, and it is not kept.
   */
  untracked: boolean;
}

/** The page a drawing is for (its answers are asked through the one fetcher, from its async context). */
const drawing = new AsyncLocalStorage<DrawnFrom>();

/**
 * True for a request drawn by the server: a visitor's (no session, no visitor cart, no agency chosen:
 * what the page shows is the same for every such visitor; docs/architecture/server-rendering.md).
 */
function isPlainVisitor(request: FastifyRequest): boolean {
  const cookies = request.cookies;
  return !cookies[SESSION_COOKIE] && !cookies[VISITOR_COOKIE] && !cookies[AGENCY_COOKIE];
}

/** The renderer built beside the web app, or null without one (an app built without it, the tests). */
async function loadRenderer(file: string): Promise<Renderer | null> {
  if (!fs.existsSync(file)) return null;
  return (await import(pathToFileURL(file).href)) as Renderer;
}

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

/** Sends a page's HTML, compressed here: the compression plugin's hook does not run for the not-found handler. */
function sendHtml(reply: FastifyReply, html: string) {
  reply.type('text/html; charset=utf-8').header('vary', 'accept-encoding');
  const encoding = worthCompressing(html)
    ? preferredEncoding(reply.request.headers['accept-encoding'])
    : null;
  if (!encoding) return reply.send(html);
  return reply.header('content-encoding', encoding).send(compressText(html, encoding));
}

/** What the web plugin needs of the modules, given as its options by app.ts. */
export interface WebOptions {
  /** The catalogue module's: the picture a product page shows first, for its page hints. */
  productPicture(db: DbOrTx, code: string): Promise<string | undefined>;
}

export default fp<WebOptions>(
  async (app, options) => {
    const root = app.config.webDist;
    const hasWeb = fs.existsSync(path.join(root, 'index.html'));
    // index.html read once, split where each page's hints go (page-hints.ts).
    const [head, tail] = hasWeb
      ? fs.readFileSync(path.join(root, 'index.html'), 'utf8').split('</head>', 2)
      : [];
    // Without its title and description, for the pages that carry their own (page-meta.ts).
    const bareHead = head === undefined ? undefined : withoutDefaultMeta(head);
    const hints = readPageHints(root);
    const renderer = hasWeb ? await loadRenderer(app.config.webRenderer) : null;
    // The renderer asks the app itself: its answer cache, access rules and serializers apply, as for a
    // visitor's browser without cookies.
    const fetcher = async (url: string) => {
      const answer = await app.inject({ method: 'GET', url });
      const drawn = drawing.getStore();
      if (drawn) {
        const tables = keptTablesOf(answer.raw.res);
        for (const table of tables ?? []) drawn.tables.add(table);
        if (!tables && answer.statusCode === 200 && !FRESH_PAGE_ANSWERS.has(url.split('?')[0]!))
          drawn.untracked = true;
        if (answer.statusCode === 404) drawn.missing = true;
        else if (answer.statusCode >= 500) drawn.failed = true;
      }
      return new Response(answer.statusCode === 204 ? null : answer.body, {
        status: answer.statusCode,
        headers: { 'content-type': String(answer.headers['content-type'] ?? 'application/json') },
      });
    };
    /** Whether the page at `urlPath` is drawn for this request: a visitor's GET of a shop page. */
    const drawsFor = (request: FastifyRequest, urlPath: string) =>
      renderer !== null &&
      request.method === 'GET' &&
      shopPageOf(urlPath) !== null &&
      isPlainVisitor(request);
    /** The page drawn for a visitor, or null (the drawing failed: logged), with what it was drawn from. */
    const rendered = async (request: FastifyRequest, drawn: DrawnFrom) => {
      const controller = new AbortController();
      const timer = setTimeout(
        () => controller.abort(new Error(`plus de ${RENDER_TIMEOUT_MS} ms`)),
        RENDER_TIMEOUT_MS,
      );
      try {
        const aborted = new Promise<never>((_, reject) =>
          controller.signal.addEventListener('abort', () => reject(controller.signal.reason as Error)),
        );
        return await Promise.race([
          drawing.run(drawn, () => renderer!.renderPage(request.url, fetcher, controller.signal)),
          aborted,
        ]);
      } catch (error) {
        request.log.warn(
          { err: error, url: request.url },
          'Rendu serveur de la page impossible : page vide envoyée',
        );
        return null;
      } finally {
        clearTimeout(timer);
      }
    };
    /** The whole page: index.html with the page's hints and, when drawn, the page and its answers. */
    const pageHtml = async (
      request: FastifyRequest,
      urlPath: string,
      page: { html: string; state: string } | null,
    ) => {
      const pageHints = await hints.forPage(
        urlPath,
        searchOf(request),
        (code) => options.productPicture(app.db, code),
        page !== null,
      );
      const body = page
        ? tail!.replace(
            '<div id="root"></div>',
            // A function: `$` in the page is not a replacement pattern.
            () =>
              `<div id="root">${page.html}</div><script type="application/json" id="${renderer!.SSR_STATE_ID}">${page.state}</script>`,
          )
        : tail!;
      // A visitor's shop page (a crawler's, a shared link's) says what it is in its head.
      const opened = isPlainVisitor(request) ? shopPageOf(urlPath) : null;
      const metaTags = opened ? await pageMetaTags(app, opened) : null;
      return metaTags
        ? `${bareHead}${metaTags}${pageHints}</head>${body}`
        : `${head}${pageHints}</head>${body}`;
    };
    /**
     * The page drawn for a visitor, kept (KeptPage) when it may be, else its HTML (the plain shell when
     * the drawing failed). Visitors asking the same page at once wait for one drawing.
     */
    const draw = async (request: FastifyRequest, urlPath: string): Promise<KeptPage | string> => {
      const pages = app.keptFront?.pages;
      const since = pages?.since() ?? 0;
      const drawn: DrawnFrom = { tables: new Set(), missing: false, failed: false, untracked: false };
      const page = await rendered(request, drawn);
      const html = await pageHtml(request, urlPath, page);
      if (!page || drawn.failed || drawn.untracked || !pages) return html;
      return pages.keep(request.url, since, drawn.missing ? null : [...drawn.tables], html) ?? html;
    };
    const drawings = new Map<string, Promise<KeptPage | string>>();
    const drawnOnce = (request: FastifyRequest, urlPath: string) => {
      let page = drawings.get(request.url);
      if (!page) {
        page = draw(request, urlPath).finally(() => drawings.delete(request.url));
        drawings.set(request.url, page);
      }
      return page;
    };
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
        if (!hasWeb || !isPageRequest(request.method, urlPath)) {
          const allowed = allowedMethods(app, urlPath);
          // Only a method the path lacks: a route that sends its own request here stays a 404.
          if (allowed.length === 0 || allowed.includes(request.method as (typeof allowed)[number]))
            throw notFound();
          reply.header('allow', allowed.join(', '));
          throw methodNotAllowed();
        }
        const file = topLevelFile(root, urlPath);
        if (file) return reply.sendFile(file, { maxAge: '1h' });
        // index.html names the current hashed bundles: always revalidated.
        reply.header('cache-control', 'no-cache');
        if (tail === undefined) return reply.sendFile('index.html', { cacheControl: false });
        if (!drawsFor(request, urlPath)) return sendHtml(reply, await pageHtml(request, urlPath, null));
        const pages = app.keptFront?.pages;
        // Taken before the page is looked up: a change meanwhile keeps it from being recorded.
        const ticket = app.keptFront?.ticket(request) ?? null;
        const page = pages?.get(request.url) ?? (await drawnOnce(request, urlPath));
        if (typeof page === 'string') return sendHtml(reply, page);
        reply.type('text/html; charset=utf-8').header('vary', 'accept-encoding');
        const encoding = page.worthCompressing ? preferredEncoding(request.headers['accept-encoding']) : null;
        if (encoding) reply.header('content-encoding', encoding);
        const body = pages!.body(page, encoding);
        // A page drawn from a missing answer is not sent ahead of routing: it is dropped at any change.
        if (ticket && page.tables) app.keptFront!.record(ticket, reply, page.tables, body);
        return reply.send(body);
      },
    );
  },
  { name: 'web', dependencies: ['@fastify/rate-limit'] },
);
