// The pages drawn by the server for a plain visitor (web.ts), kept as their final HTML: such a page is
// the same for every visitor without a session, a cart or a chosen agency, and drawing it took tens of
// milliseconds. A page is kept with the tables of every kept answer it was drawn from (sendKept notes
// them on the reply: keptTablesOf) and those of the answers a visitor's page reads afresh
// (PAGE_TABLES); a change of one of them, heard from the database's notifications as the kept answers'
// are, drops it on every process at once. It is compressed once per encoding, as a kept answer is.
//
// A page drawn from a missing answer (an unknown article's or family's address: anyone may write one)
// is kept apart, in a small room of its own (MAX_KEPT_NOT_FOUND_BYTES), and dropped at any change: what
// could make it exist is not known. A page drawn while one of its tables changed, or while the change
// feed is down, is not kept.
import { createChangeClock } from './change-clock';
import { compressText, worthCompressing, type TextEncoding } from './compression';
import { createTableIndex } from './table-index';

/** What the kept pages (their HTML and its compressed copies) may hold together, least recently sent dropped first. */
export const MAX_KEPT_PAGE_BYTES = 16 * 1024 * 1024;
/** What the pages drawn from a missing answer may hold together. */
export const MAX_KEPT_NOT_FOUND_BYTES = 1024 * 1024;
/**
 * What every page also depends on: the answers a visitor's page reads afresh (not kept) are read from
 * these: the shop's access and the visitor's prices (settings), its tariff agency (agencies, and the
 * visitor customer's in customers: /rest/agence).
 */
export const PAGE_TABLES = ['settings', 'agencies', 'customers'] as const;

/**
 * The answers a visitor's page reads afresh whose changes PAGE_TABLES covers: who is logged in, the
 * shop's access, the tariff agency. A page drawn from any other answer that is not kept is not kept.
 */
export const FRESH_PAGE_ANSWERS: ReadonlySet<string> = new Set([
  '/auth/me',
  '/catalogue/acces',
  '/rest/agence',
]);

export interface KeptPage {
  url: string;
  html: string;
  /** The tables whose change drops it; null for a page drawn from a missing answer (any change drops it). */
  tables: readonly string[] | null;
  /** worthCompressing(html), measured once. */
  worthCompressing: boolean;
  compressed: Partial<Record<TextEncoding, Buffer>>;
  /** The HTML's size in memory (a byte a character, two when one is beyond Latin-1) and its copies'. */
  bytes: number;
}

export interface KeptPages {
  /** The moment to give keep(), taken before the page is drawn. */
  since(): number;
  /** The page kept for `url` (path and query), or undefined. */
  get(url: string): KeptPage | undefined;
  /**
   * Keeps `html`, drawn for `url` from answers of `tables` (null: from a missing answer) since
   * `moment`, and returns it; undefined when it may be older than a change, or is not kept now.
   */
  keep(url: string, moment: number, tables: readonly string[] | null, html: string): KeptPage | undefined;
  /** The page's body for `encoding` (null: the HTML), compressed once. */
  body(page: KeptPage, encoding: TextEncoding | null): string | Buffer;
  /** A table changed (null: any table may have). */
  onChange(table: string | null): void;
  /** Starts keeping, while the change feed is live. */
  start(live: () => boolean): void;
  /** The server is closing: nothing is kept from now on. */
  stop(): void;
  /** How many pages are kept, and what they hold. */
  readonly size: number;
  readonly bytes: number;
}

const textBytes = (text: string) => (/[\u0100-\uffff]/.test(text) ? 2 * text.length : text.length);

/** A bounded room of pages, in order of last use. */
function createRoom(maxBytes: number) {
  const pages = new Map<string, KeptPage>();
  let bytes = 0;
  return {
    pages,
    get bytes() {
      return bytes;
    },
    delete(url: string) {
      const page = pages.get(url);
      if (!page) return undefined;
      bytes -= page.bytes;
      pages.delete(url);
      return page;
    },
    /** Used last: dropped last. */
    touch(url: string, page: KeptPage) {
      pages.delete(url);
      pages.set(url, page);
    },
    /** `page` grew or came in by `grown` bytes: the least recently used others go beyond the room. */
    grew(page: KeptPage, grown: number, drop: (url: string) => void) {
      bytes += grown;
      for (const [url, oldest] of pages) {
        if (bytes <= maxBytes) break;
        if (oldest !== page) drop(url);
      }
    },
    clear() {
      pages.clear();
      bytes = 0;
    },
  };
}

export function createKeptPages(
  maxBytes = MAX_KEPT_PAGE_BYTES,
  maxNotFoundBytes = MAX_KEPT_NOT_FOUND_BYTES,
): KeptPages {
  const found = createRoom(maxBytes);
  const missing = createRoom(maxNotFoundBytes);
  const byTable = createTableIndex();
  const clock = createChangeClock();
  let live: () => boolean = () => false;
  let open = false;

  const roomOf = (page: KeptPage) => (page.tables ? found : missing);
  const drop = (url: string) => {
    const page = found.delete(url) ?? missing.delete(url);
    if (page?.tables) byTable.remove(url, page.tables);
  };
  const dropAll = () => {
    found.clear();
    missing.clear();
    byTable.clear();
  };

  return {
    since: () => clock.now(),

    get(url) {
      if (!open || !live()) return undefined;
      const page = found.pages.get(url) ?? missing.pages.get(url);
      if (page) roomOf(page).touch(url, page);
      return page;
    },

    keep(url, moment, tables, html) {
      if (!open || !live()) return undefined;
      const pageTables = tables && [...new Set([...tables, ...PAGE_TABLES])];
      if (pageTables ? clock.changedSince(moment, pageTables) : clock.now() !== moment) return undefined;
      const page: KeptPage = {
        url,
        html,
        tables: pageTables,
        worthCompressing: worthCompressing(html),
        compressed: {},
        bytes: textBytes(html),
      };
      drop(url);
      const room = roomOf(page);
      // Larger than its whole room: sent, not kept.
      if (page.bytes > (pageTables ? maxBytes : maxNotFoundBytes)) return page;
      room.pages.set(url, page);
      if (pageTables) byTable.add(url, pageTables);
      room.grew(page, page.bytes, drop);
      return page;
    },

    body(page, encoding) {
      if (!encoding || !page.worthCompressing) return page.html;
      let body = page.compressed[encoding];
      if (!body) {
        body = page.compressed[encoding] = compressText(page.html, encoding);
        page.bytes += body.length;
        const room = roomOf(page);
        if (room.pages.get(page.url) === page) room.grew(page, body.length, drop);
      }
      return body;
    },

    onChange(table) {
      clock.tick(table);
      missing.clear();
      if (table === null) {
        dropAll();
        return;
      }
      for (const url of byTable.keysOf(table)) drop(url);
    },

    start(isLive) {
      live = isLive;
      open = true;
    },

    stop() {
      open = false;
      dropAll();
    },

    get size() {
      return found.pages.size + missing.pages.size;
    },
    get bytes() {
      return found.bytes + missing.bytes;
    },
  };
}

const KEPT_TABLES = Symbol('kept answer tables');

/** Notes on the raw reply of a kept answer the tables it was built from (sendKept, through the front door). */
export function noteKeptTables(raw: object, tables: readonly string[]): void {
  (raw as { [KEPT_TABLES]?: readonly string[] })[KEPT_TABLES] = tables;
}

/** The tables noted by noteKeptTables on a raw reply; undefined for an answer that was not kept. */
export const keptTablesOf = (raw: object): readonly string[] | undefined =>
  (raw as { [KEPT_TABLES]?: readonly string[] })[KEPT_TABLES];
