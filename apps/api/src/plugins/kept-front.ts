// The kept answers' front door. A kept answer (sendKept: the menu, the categories, a visitor's
// category and product pages) is the same bytes for every request alike, yet each such request still
// went through Fastify's routing, its request and reply objects and every hook: about half of what
// the menu cost once its answer was kept (docs/performance/http.md, The front door).
//
// So the first time a request without cookies gets a kept answer through Fastify, what was sent (the
// status, every header the app set, the body) is recorded under the request's URL and variant (the
// encoding negotiated, the protocol); the next same request is answered from that record by the HTTP
// server itself, ahead of Fastify. A record is dropped with the kept answer it came from, when one of
// its tables (and of the settings, which decide whether a visitor may see the shop) changes: the same
// notifications, so an administrator's change is seen at once on every process. Anything else (a
// cookie, a body, another method, the change feed down, the server closing) goes to Fastify as before.
// The pages drawn for a plain visitor are kept beside (kept-pages.ts), under the same notifications,
// and recorded here in turn once sent (web.ts).
import http, { type IncomingMessage, type OutgoingHttpHeaders, type ServerResponse } from 'node:http';
import type { FastifyBaseLogger, FastifyReply, FastifyRequest, FastifyServerOptions } from 'fastify';
import { createChangeClock } from './change-clock';
import { preferredEncoding } from './compression';
import { createKeptPages, type KeptPages } from './kept-pages';
import { createTableIndex } from './table-index';

/** Beyond this many URLs the records start again empty (a category page has a URL per page and filter). */
const MAX_URLS = 10_000;
/**
 * What the recorded bodies may hold together: the least recently served URLs are dropped beyond it.
 * A body is often the kept answer's own text, but one the answer cache dropped for room
 * (MAX_KEPT_BYTES) would otherwise stay here, under the URLs' bound only.
 */
export const MAX_FRONT_BYTES = 16 * 1024 * 1024;
/** Every record also depends on these: the settings say whether a visitor may see the shop at all. */
const ACCESS_TABLES = ['settings'];
/** The log levels at which Fastify logs every request. */
const REQUEST_LOG_LEVELS = new Set(['trace', 'debug', 'info']);

interface Recorded {
  status: number;
  headers: OutgoingHttpHeaders;
  body: string | Buffer;
}

interface UrlRecords {
  tables: readonly string[];
  /** By variant (variantOf). */
  answers: Map<string, Recorded>;
  /** Its bodies' bytes (a character counted as a byte). */
  bytes: number;
}

const bodyBytes = (body: string | Buffer) => body.length;

/** What a request eligible for a record was, when sendKept started answering it. */
export interface FrontTicket {
  url: string;
  variant: string;
  /** The change clock's moment when it was taken. */
  since: number;
}

export interface KeptFront {
  /** The ticket of a request whose kept answer may be recorded; null when it must always go through Fastify. */
  ticket(request: FastifyRequest): FrontTicket | null;
  /** Records what `reply` sends (`body`, a kept answer of `tables`) once it is sent in full. */
  record(ticket: FrontTicket, reply: FastifyReply, tables: readonly string[], body: string | Buffer): void;
  /** Answers `req` from a record and returns true; false: Fastify answers it. */
  serve(req: IncomingMessage, res: ServerResponse): boolean;
  /** A table changed (null: any table may have). */
  onChange(table: string | null): void;
  /** Starts recording, while the change feed is live; requests are logged as Fastify would at `info`. */
  start(live: () => boolean, log: FastifyBaseLogger): void;
  /** The server is closing: Fastify answers (and refuses) every request from now on. */
  stop(): void;
  /** Requests answered from a record so far. */
  readonly served: number;
  /** The pages drawn for a plain visitor, kept while the change feed is live. */
  readonly pages: KeptPages;
}

/** Whether a request may be answered from a record, or recorded: a plain GET, no cookie, no body. */
const plainGet = (req: IncomingMessage): boolean =>
  req.method === 'GET' &&
  req.headers.cookie === undefined &&
  req.headers['content-length'] === undefined &&
  req.headers['transfer-encoding'] === undefined &&
  req.headers['x-no-compression'] === undefined;

/**
 * What, besides the URL, the recorded answer depends on: the encoding sendKept chose, and what
 * Fastify reads the protocol from (the HSTS header is sent over https only).
 */
const variantOf = (req: IncomingMessage): string =>
  `${preferredEncoding(req.headers['accept-encoding']) ?? ''}|${'encrypted' in req.socket && req.socket.encrypted ? 's' : ''}|${req.headers['x-forwarded-proto'] ?? ''}`;

export function createKeptFront(maxBytes = MAX_FRONT_BYTES, pages = createKeptPages()): KeptFront {
  // In order of last use: the first ones are dropped when the bodies hold more than maxBytes.
  const records = new Map<string, UrlRecords>();
  const byTable = createTableIndex();
  let recordedBytes = 0;
  const forget = (url: string) => {
    const urlRecords = records.get(url);
    if (!urlRecords) return;
    recordedBytes -= urlRecords.bytes;
    records.delete(url);
    byTable.remove(url, urlRecords.tables);
  };
  const forgetAll = () => {
    records.clear();
    byTable.clear();
    recordedBytes = 0;
  };
  let live: () => boolean = () => false;
  let log: FastifyBaseLogger | null = null;
  let open = false;
  let logsRequests = false;
  // An answer sent while one of its tables changed may be older than the change.
  const clock = createChangeClock();
  let served = 0;

  return {
    ticket(request) {
      const req = request.raw;
      if (!open || !live() || !plainGet(req) || req.url === undefined) return null;
      return { url: req.url, variant: variantOf(req), since: clock.now() };
    },

    record(ticket, reply, tables, body) {
      reply.raw.once('finish', () => {
        const recordTables = [...tables, ...ACCESS_TABLES];
        if (reply.statusCode !== 200 || clock.changedSince(ticket.since, recordTables) || !open || !live())
          return;
        const headers: Record<string, string | string[]> = {};
        for (const [name, value] of Object.entries(reply.getHeaders()))
          if (value !== undefined) headers[name] = typeof value === 'number' ? String(value) : value;
        // Sent as given: no hook changed the body on its way.
        if (Number(headers['content-length']) !== Buffer.byteLength(body)) return;
        let urlRecords = records.get(ticket.url);
        if (!urlRecords) {
          if (records.size >= MAX_URLS) forgetAll();
          urlRecords = { tables: recordTables, answers: new Map(), bytes: 0 };
          records.set(ticket.url, urlRecords);
          byTable.add(ticket.url, recordTables);
        }
        const replaced = urlRecords.answers.get(ticket.variant);
        const grown = bodyBytes(body) - (replaced ? bodyBytes(replaced.body) : 0);
        urlRecords.answers.set(ticket.variant, { status: 200, headers, body });
        urlRecords.bytes += grown;
        recordedBytes += grown;
        for (const url of records.keys()) {
          if (recordedBytes <= maxBytes) break;
          if (url !== ticket.url) forget(url);
        }
      });
    },

    serve(req, res) {
      if (records.size === 0 || !plainGet(req) || !live()) return false;
      const urlRecords = records.get(req.url!);
      const answer = urlRecords?.answers.get(variantOf(req));
      if (!answer) return false;
      // Served last: dropped last.
      records.delete(req.url!);
      records.set(req.url!, urlRecords!);
      res.writeHead(answer.status, answer.headers);
      res.end(answer.body);
      served++;
      if (logsRequests)
        log!.info(
          {
            req: {
              method: req.method,
              url: req.url,
              host: req.headers.host,
              remoteAddress: req.socket.remoteAddress,
              remotePort: req.socket.remotePort,
            },
            res: { statusCode: answer.status },
          },
          'request completed (kept answer)',
        );
      return true;
    },

    onChange(table) {
      pages.onChange(table);
      clock.tick(table);
      if (table === null) {
        forgetAll();
        return;
      }
      for (const url of byTable.keysOf(table)) forget(url);
    },

    start(isLive, logger) {
      live = isLive;
      log = logger;
      logsRequests = REQUEST_LOG_LEVELS.has(logger.level);
      open = true;
      pages.start(isLive);
    },

    stop() {
      open = false;
      forgetAll();
      pages.stop();
    },

    get served() {
      return served;
    },

    pages,
  };
}

/**
 * Fastify's own HTTP/1 server, as it makes it without a factory (the same timeouts), with the front
 * door ahead of its handler.
 */
export const frontServerFactory =
  (front: KeptFront) =>
  (handler: (req: IncomingMessage, res: ServerResponse) => void, options: FastifyServerOptions) => {
    const server = http.createServer((req, res) => {
      if (!front.serve(req, res)) handler(req, res);
    });
    server.keepAliveTimeout = options.keepAliveTimeout!;
    server.requestTimeout = options.requestTimeout!;
    server.setTimeout(options.connectionTimeout!);
    if (options.maxRequestsPerSocket! > 0) server.maxRequestsPerSocket = options.maxRequestsPerSocket!;
    return server;
  };
