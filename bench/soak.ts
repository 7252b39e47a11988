// Load soak: the real compiled server (as `npm start` runs it, with the demo data; `npm run build` first) under a mixed storefront and
// back-office load for M minutes at N connections, its memory sampled all along.
//
//   npm run soak -- [--minutes 10] [--connections 200] [--database pglite|postgres] [--workers N]
//
// Pass: no error (no 5xx, no 4xx but the few a busy shop answers by design, no timeout or socket
// error), and the server's RSS in the last minute within 10 % of its RSS in the minute after the
// warm-up minute (each minute's floor, see RSS_WINDOW_SECONDS). The figures go to
// bench/results/soak-<database>-<date>.json and .md.
import { execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import autocannon from 'autocannon';
import pg from 'pg';
import prettier from 'prettier';
import { CART_MESSAGES } from '@comptoir/shared/cart';
import { repoRoot, spawnServerProcess, type ServerProcess } from '../apps/api/src/test/server-process';

export type SoakDatabase = 'pglite' | 'postgres';

export interface SoakOptions {
  minutes: number;
  connections: number;
  database: SoakDatabase;
  /** A database of the local PostgreSQL server to create the scratch database from (postgres only). */
  postgresUrl: string;
  /** Folder of the results files. */
  resultsDir: string;
  /** A request unanswered after this many seconds counts as an error (autocannon's timeout). */
  timeoutSeconds: number;
  /** Suffix of the results' names: soak-{database}-{date}-{label}.md (none by default). */
  label?: string;
  /** Server processes (the server's WORKERS, PostgreSQL only); 1 by default. */
  workers?: number;
  /**
   * Node flags of the loaded server process only (e.g. `--cpu-prof --cpu-prof-dir=/tmp/prof` to profile
   * it under the load), from the variable SOAK_SERVER_NODE_ARGS.
   */
  serverNodeArgs?: string[];
  log: (line: string) => void;
}

const ADMIN = { login: 'soak-admin', password: 'soak-admin-mot-de-passe' };
/**
 * The customers the load shops as: the demo data's first twenty (professionals and private
 * individuals, each with its delivery addresses), one account each, as a shop's Monday morning has
 * many customers at once. Each load connection is one of them, so that a cart's writes wait only for
 * that customer's own requests (one account for all made every cart write wait on one row lock).
 */
const SHOPPERS = 20;
const CUSTOMERS = Array.from({ length: SHOPPERS }, (_, i) => ({
  login: `soak-client-${i + 1}`,
  password: 'soak-client-mot-de-passe',
  code: `C${String(i + 1).padStart(6, '0')}`,
}));

const SAMPLE_SECONDS = 2;
const WARMUP_SECONDS = 60;
/**
 * RSS is compared between the minute after the warm-up and the last minute, by each one's floor (its
 * lowest sample): between two collections the heap swings by a hundred megabytes, a leak lifts the floor.
 */
const RSS_WINDOW_SECONDS = 60;
const RSS_TOLERANCE = 0.1;

/** Without a callback, autocannon's instance is also a promise of its result. */
export type Tracker = autocannon.Instance & PromiseLike<autocannon.Result>;

// ---------------------------------------------------------------- the server process

interface ServerLog {
  file: string;
  /** Lines pino logged at error level or above (a 500 is logged once, at error level). */
  errors: number;
  warnings: number;
  samples: string[];
  warningSamples: string[];
  /** The server's "Prêt sur" lines: one per server process serving. */
  serving: number;
}

async function until(condition: () => boolean, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`Serveur : pas prêt après ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** The server, its output written to the log file and tallied (pino's JSON lines by level). */
function startServer(
  env: NodeJS.ProcessEnv,
  log: ServerLog,
  print: (line: string) => void,
  nodeArgs?: string[],
) {
  const out = fs.createWriteStream(log.file, { flags: 'a' });
  const onLine = (line: string) => {
    out.write(line + '\n');
    let level: number;
    try {
      level = (JSON.parse(line) as { level?: number }).level ?? 0;
    } catch {
      // the server's own lines ('[comptoir] …') and anything on stderr that is not pino's
      if (line.trim()) print(`  serveur | ${line}`);
      if (line.includes('Prêt sur ')) log.serving++;
      if (/error/i.test(line)) recordServerError(log, line);
      return;
    }
    if (level >= 50) recordServerError(log, line);
    else if (level >= 40 && log.warnings++ < 10) log.warningSamples.push(line.slice(0, 1000));
  };
  return spawnServerProcess({
    env,
    inheritEnv: false,
    compiled: true,
    nodeArgs,
    onLine,
    keepOutput: false,
    // SIGTERM lets it close cleanly; a server still busy after 30 s is killed.
    stopTimeoutMs: 30_000,
  }).then((server) => {
    void server.exited.then(() => out.end());
    return server;
  });
}

function recordServerError(log: ServerLog, line: string) {
  log.errors++;
  if (log.samples.length < 20) log.samples.push(line.slice(0, 2000));
}

export function runCommand(command: string, args: string[], env: NodeJS.ProcessEnv): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd: repoRoot, env, stdio: ['ignore', 'ignore', 'inherit'] });
    child.once('error', reject);
    child.once('exit', (code) =>
      code === 0 ? resolve() : reject(new Error(`${command} ${args.join(' ')} → ${code}`)),
    );
  });
}

/** A customer's account, made with the operators' CLI (`npm run user -- add`), the server stopped. */
export function addCustomerAccount(
  account: { login: string; password: string; code: string },
  env: NodeJS.ProcessEnv,
): Promise<void> {
  const args = ['run', '--silent', 'user', '--', 'add', '--login', account.login, '--password'];
  return runCommand('npm', [...args, account.password, '--role', 'client', '--client', account.code], env);
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

// ---------------------------------------------------------------- /proc sampling

interface ProcSample {
  /** Seconds since the load started. */
  t: number;
  rssMb: number;
  /** Server CPU seconds (user + system) so far. */
  cpuSeconds: number;
  /** 1-minute load average of the machine. */
  load: number;
  /** Responses received since the load started. */
  responses: number;
  /** Connections the kernel has established that the server has not accepted yet. */
  acceptQueue: number;
}

// Linux reports utime and stime in clock ticks: USER_HZ is 100 on every architecture Node runs on.
const CLOCK_TICKS = 100;

/** The accept queue of the server's listening socket (its rx_queue in /proc/net/tcp). */
function readAcceptQueue(port: number): number {
  const hexPort = port.toString(16).toUpperCase().padStart(4, '0');
  for (const line of fs.readFileSync('/proc/net/tcp', 'utf8').split('\n').slice(1)) {
    const [, local, , state, queues] = line.trim().split(/\s+/);
    if (state === '0A' && local?.endsWith(`:${hexPort}`)) return parseInt(queues!.split(':')[1]!, 16);
  }
  return 0;
}

/**
 * The server's RSS and CPU seconds so far: of the process and of its child processes (the server
 * processes a WORKERS supervisor forked; a worker that died takes its CPU seconds with it).
 */
export function readProc(pid: number): { rssMb: number; cpuSeconds: number; load: number } {
  let rssKb = 0;
  let cpuSeconds = 0;
  for (const member of [pid, ...childrenOf(pid)]) {
    const status = fs.readFileSync(`/proc/${member}/status`, 'utf8');
    rssKb += Number(/^VmRSS:\s+(\d+) kB/m.exec(status)?.[1] ?? NaN);
    // Fields after the command name (which may hold spaces): utime and stime are the 12th and 13th.
    const stat = fs.readFileSync(`/proc/${member}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    cpuSeconds += (Number(fields[11]) + Number(fields[12])) / CLOCK_TICKS;
  }
  const load = Number(fs.readFileSync('/proc/loadavg', 'utf8').split(' ')[0]);
  return { rssMb: rssKb / 1024, cpuSeconds, load };
}

function childrenOf(pid: number): number[] {
  try {
    const list = fs.readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').trim();
    return list ? list.split(' ').map(Number) : [];
  } catch {
    return [];
  }
}

// ---------------------------------------------------------------- HTTP helpers (set-up only)

export async function login(baseUrl: string, account: { login: string; password: string }): Promise<string> {
  const response = await fetch(`${baseUrl}/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ login: account.login, password: account.password }),
  });
  if (!response.ok)
    throw new Error(`Connexion de ${account.login} : ${response.status} ${await response.text()}`);
  const cookie = response.headers.getSetCookie().find((c) => c.startsWith('comptoir_session='));
  if (!cookie) throw new Error(`Connexion de ${account.login} : pas de cookie de session`);
  return cookie.split(';')[0]!;
}

export async function getJson<T>(baseUrl: string, url: string, cookie?: string): Promise<T> {
  const response = await fetch(baseUrl + url, { headers: cookie ? { cookie } : {} });
  if (!response.ok) throw new Error(`GET ${url} : ${response.status} ${await response.text()}`);
  return (await response.json()) as T;
}

// ---------------------------------------------------------------- the workload

/** What the shop holds, read through the API before the load: every request is drawn from it. */
interface Fixtures {
  activities: string[];
  rootFamilies: string[];
  families: { code: string; pages: number }[];
  /** Articles a customer can put in the cart, with a declinaison when the article has some. */
  buyable: { article: string; declinaison?: string }[];
  articles: string[];
  searchTexts: string[];
  carrierIds: number[];
  agencies: string[];
  zoneIds: number[];
  customers: string[];
  references: string[];
  orderPages: number;
  /** First and last day (YYYY-MM-DD) holding orders. */
  orderDays: [string, string];
}

/** One customer the load shops as, with what its own requests draw from and what they learn. */
interface Shopper {
  code: string;
  cookie: string;
  addressIds: number[];
  paymentMethods: string[];
  orderIds: number[];
  /** The cart's line ids, learnt as the load goes (for quantity changes). */
  cartLineIds: number[];
}

type Auth = 'none' | 'customer' | 'admin' | 'either';

interface Built {
  method: 'GET' | 'POST' | 'PATCH';
  path: string;
  body?: unknown;
}

interface RouteClass {
  name: string;
  weight: number;
  auth: Auth;
  build: (f: Fixtures, shopper: Shopper) => Built;
  /** 4xx answers the shop gives by design under this load: status → exact message. */
  expected?: Record<number, string>;
}

const pick = <T>(items: readonly T[]): T => items[Math.floor(Math.random() * items.length)]!;
const chance = (p: number) => Math.random() < p;
const int = (max: number) => Math.floor(Math.random() * max);
/** Mostly the first pages, as shoppers and agents browse. */
const skewedPage = (pages: number) => Math.min(pages - 1, Math.floor(pages * Math.random() ** 3));
const enc = encodeURIComponent;

const CLASSES: RouteClass[] = [
  {
    name: 'home',
    weight: 8,
    auth: 'either',
    build: () => ({
      method: 'GET',
      path: pick(['/menu/activites', '/catalogue/categories', '/catalogue/parametres']),
    }),
  },
  {
    name: 'menu',
    weight: 4,
    auth: 'either',
    build: (f) =>
      chance(0.5)
        ? { method: 'GET', path: `/submenu/${enc(pick(f.activities))}` }
        : { method: 'GET', path: `/simplemenu/${enc(pick(f.families).code)}` },
  },
  {
    name: 'category',
    weight: 14,
    auth: 'either',
    build: (f) => {
      const family = chance(0.2) ? { code: pick(f.rootFamilies), pages: 1 } : pick(f.families);
      const page = skewedPage(family.pages);
      return { method: 'GET', path: `/catalogue/familles/${enc(family.code)}${page ? `?page=${page}` : ''}` };
    },
  },
  {
    name: 'product',
    weight: 18,
    auth: 'either',
    build: (f) => ({ method: 'GET', path: `/catalogue/articles/${enc(pick(f.articles))}` }),
  },
  {
    name: 'search',
    weight: 14,
    auth: 'either',
    build: (f) => {
      const text = enc(pick(f.searchTexts));
      return chance(0.2)
        ? { method: 'GET', path: `/rest/recherche/${text}/tout?page=${int(3)}` }
        : { method: 'GET', path: `/rest/recherche/${text}` };
    },
  },
  {
    name: 'cart-read',
    weight: 6,
    auth: 'customer',
    build: () => ({ method: 'GET', path: '/rest/panier' }),
  },
  {
    name: 'cart-add',
    weight: 5,
    auth: 'customer',
    build: (f) => {
      const item = pick(f.buyable);
      return {
        method: 'POST',
        path: '/rest/panier/lignes',
        body: { codeArticle: item.article, codeDeclinaison: item.declinaison, quantite: 1 + int(10) },
      };
    },
    // Lines of one article add up: a line past the bound is refused, unchanged.
    expected: { 400: CART_MESSAGES.quantityTooLarge },
  },
  {
    name: 'cart-update',
    weight: 1,
    auth: 'customer',
    build: (_f, shopper) => ({
      method: 'PATCH',
      path: `/rest/panier/lignes/${shopper.cartLineIds.length ? pick(shopper.cartLineIds) : 1}`,
      body: { quantite: 1 + int(20) },
    }),
    // A checkout running at the same time empties the cart: the line is gone.
    expected: { 404: CART_MESSAGES.unknownLine },
  },
  {
    name: 'checkout-options',
    weight: 2,
    auth: 'customer',
    build: (_f, shopper) => ({
      method: 'GET',
      path: chance(0.5)
        ? '/rest/panier/livraison'
        : `/rest/panier/livraison?adresseId=${pick(shopper.addressIds)}`,
    }),
  },
  {
    name: 'checkout',
    weight: 0.5,
    auth: 'customer',
    build: (f, shopper) => {
      const method = pick(shopper.paymentMethods);
      return {
        method: 'POST',
        path: '/rest/panier/commande',
        body: {
          adresseId: pick(shopper.addressIds),
          transporteurId: pick(f.carrierIds),
          modeReglement: method,
          // The demo shop's CGV, version 1: an order is refused without them.
          versionCGV: 1,
          refClient: chance(0.5) ? `SOAK-${int(1e6)}` : undefined,
        },
      };
    },
    // Two checkouts of one cart place one order: the other finds the cart empty.
    expected: { 400: CART_MESSAGES.emptyCart },
  },
  {
    name: 'account',
    weight: 2,
    auth: 'customer',
    build: (_f, shopper) =>
      chance(0.7) || shopper.orderIds.length === 0
        ? { method: 'GET', path: `/rest/compte/mouvements?page=${skewedPage(3)}` }
        : {
            method: 'GET',
            path: `/rest/compte/mouvements/${pick(shopper.orderIds)}?codeClient=${shopper.code}`,
          },
  },
  {
    name: 'admin-orders',
    weight: 12,
    auth: 'admin',
    build: (f) => {
      const query = new URLSearchParams();
      const filter = Math.random();
      if (filter < 0.4) {
        const page = skewedPage(f.orderPages);
        if (page) query.set('page', String(page));
      } else if (filter < 0.6) query.set('codeClient', pick(f.customers));
      else if (filter < 0.75) query.set('codeAgence', pick(f.agencies));
      else if (filter < 0.9) {
        const [first, last] = f.orderDays.map((d) => Date.parse(d));
        const start = first! + int((last! - first!) / 86_400_000) * 86_400_000;
        query.set('dateDebut', new Date(start).toISOString().slice(0, 10));
        query.set(
          'dateFin',
          new Date(Math.min(last!, start + int(60) * 86_400_000)).toISOString().slice(0, 10),
        );
        if (chance(0.3)) query.set('codeAgence', pick(f.agencies));
      } else query.set('reference', pick(f.references));
      if (chance(0.2)) query.set('size', pick(['50', '100']));
      const search = query.toString();
      return { method: 'GET', path: `/admin/commandes/fetch${search ? `?${search}` : ''}` };
    },
  },
  {
    name: 'admin-carriers',
    weight: 3,
    auth: 'admin',
    build: () => ({
      method: 'GET',
      path: pick(['/service/transporteurs', '/service/transporteurs', '/service/transporteur/options']),
    }),
  },
  {
    name: 'admin-fees',
    weight: 4,
    auth: 'admin',
    build: (f) =>
      chance(0.25)
        ? {
            method: 'POST',
            path: '/service/forfaitTransport/simulation',
            body: {
              agencyCode: pick(f.agencies),
              zoneId: pick(f.zoneIds),
              carrierId: chance(0.5) ? pick(f.carrierIds) : null,
              lines: Array.from({ length: 1 + int(5) }, () => ({
                familyCode: pick(f.families).code,
                weightKg: Math.round(Math.random() * 2000) / 10,
                amountHt: Math.round(Math.random() * 50_000) / 100,
              })),
            },
          }
        : {
            method: 'GET',
            path: pick([
              '/service/forfaitsTransport',
              '/service/tranches',
              '/service/typeForfaitTransport',
              '/service/zones',
            ]),
          },
  },
  {
    name: 'admin-home',
    weight: 2,
    auth: 'admin',
    build: () => ({ method: 'GET', path: '/admin/accueil' }),
  },
];

/** What one customer's requests draw from: its addresses, payment methods and orders. */
async function readShopper(baseUrl: string, account: (typeof CUSTOMERS)[number]): Promise<Shopper> {
  const cookie = await login(baseUrl, account);
  const checkout = await getJson<{ adresses: { id: number }[]; modesReglement: { code: string }[] }>(
    baseUrl,
    '/rest/panier/livraison',
    cookie,
  );
  const own = await getJson<{ elements: { id: number }[] }>(baseUrl, '/rest/compte/mouvements', cookie);
  return {
    code: account.code,
    cookie,
    addressIds: checkout.adresses.map((a) => a.id),
    paymentMethods: checkout.modesReglement.map((m) => m.code),
    orderIds: own.elements.map((o) => o.id),
    cartLineIds: [],
  };
}

/** Reads what the workload draws from, through the API (customer and administrator sessions). */
async function readFixtures(baseUrl: string, admin: string, customer: string): Promise<Fixtures> {
  const menu = await getJson<{ activites: { code: string }[] }>(baseUrl, '/menu/activites');
  const roots = await getJson<{ code: string }[]>(baseUrl, '/catalogue/categories');
  const plan = await getJson<{ codeFamille: string; nbArt: number }[]>(baseUrl, '/service/planVente', admin);
  const withArticles = plan.filter((family) => family.nbArt > 0);
  const families = withArticles.map((family) => ({
    code: family.codeFamille,
    pages: Math.ceil(family.nbArt / 24),
  }));

  type Card = { codeArticle: string; designation: string; hasDeclinaisons: boolean };
  const cards: Card[] = [];
  // Forty families spread over the sales plan give a few hundred articles to draw from.
  const step = Math.max(1, Math.floor(withArticles.length / 40));
  for (let i = 0; i < withArticles.length; i += step) {
    const page = await getJson<{ articles: { elements: Card[] } }>(
      baseUrl,
      `/catalogue/familles/${enc(withArticles[i]!.codeFamille)}?size=96`,
    );
    cards.push(...page.articles.elements);
  }
  // Articles cut to size are ordered by pieces and dimensions, not by a bare quantity: left out.
  const soldAsIs: Card[] = [];
  for (const card of cards) {
    const cut = await getJson<{ surMesure: boolean }>(
      baseUrl,
      `/catalogue/articles/${enc(card.codeArticle)}/decoupe`,
    );
    if (!cut.surMesure) soldAsIs.push(card);
  }
  const buyable: Fixtures['buyable'] = [];
  for (const card of soldAsIs.filter((c) => !c.hasDeclinaisons).slice(0, 150))
    buyable.push({ article: card.codeArticle });
  for (const card of soldAsIs.filter((c) => c.hasDeclinaisons).slice(0, 30)) {
    const sheet = await getJson<{ declinaisons: { HIDDEN_CODE_DECLINAISON: string }[] }>(
      baseUrl,
      `/catalogue/articles/${enc(card.codeArticle)}`,
    );
    for (const variant of sheet.declinaisons.slice(0, 3))
      buyable.push({ article: card.codeArticle, declinaison: variant.HIDDEN_CODE_DECLINAISON });
  }

  const checkout = await getJson<{ transporteurs: { id: number }[] }>(
    baseUrl,
    '/rest/panier/livraison',
    customer,
  );
  const agencies = await getJson<{ code_agence: string }[]>(baseUrl, '/service/agences', admin);
  const zones = await getJson<{ id: number }[]>(baseUrl, '/service/zones', admin);
  type OrderRow = { id: number; date: number; codeClient: string; refClient: string | null; numero: string };
  const orders = await getJson<{ total: number; elements: OrderRow[] }>(
    baseUrl,
    '/admin/commandes/fetch?size=100',
    admin,
  );
  const oldest = await getJson<{ elements: OrderRow[] }>(
    baseUrl,
    `/admin/commandes/fetch?size=1&page=${Math.max(0, orders.total - 1)}`,
    admin,
  );
  const day = (seconds: number) => new Date(seconds * 1000).toISOString().slice(0, 10);

  return {
    activities: menu.activites.map((a) => a.code),
    rootFamilies: roots.map((r) => r.code),
    families,
    buyable,
    articles: cards.map((c) => c.codeArticle),
    searchTexts: searchTexts(cards),
    carrierIds: checkout.transporteurs.map((t) => t.id),
    agencies: agencies.map((a) => a.code_agence),
    zoneIds: zones.map((z) => z.id),
    customers: [...new Set(orders.elements.map((o) => o.codeClient))],
    references: orders.elements.map((o) => (o.refClient && chance(0.5) ? o.refClient : o.numero)),
    orderPages: Math.max(1, Math.ceil(orders.total / 20)),
    orderDays: [day(oldest.elements[0]?.date ?? orders.elements[0]!.date), day(orders.elements[0]!.date)],
  };
}

/** Varied texts: words and pairs of words of designations, code prefixes, other cases, nothing found. */
function searchTexts(cards: { codeArticle: string; designation: string }[]): string[] {
  const texts = new Set<string>();
  for (const card of cards) {
    const words = card.designation.split(/[\s,()/]+/).filter((w) => w.length >= 3);
    if (words[0]) texts.add(words[0].toLowerCase());
    if (words.length >= 2) texts.add(`${words[0]} ${words[1]}`);
    if (words[2]) texts.add(words[2].toUpperCase());
    if (card.codeArticle.length >= 4)
      texts.add(card.codeArticle.slice(0, 3 + int(card.codeArticle.length - 2)));
  }
  const list = [...texts].filter((t) => t.trim().length >= 3 && t.length <= 60);
  // Accents dropped (the search ignores them), typos and words of no article.
  for (const text of list.slice(0, 40)) texts.add(text.normalize('NFD').replace(/\p{Diacritic}/gu, ''));
  for (const text of ['zzyzx', 'qwertyuiop', 'béton armé xyz', '100%', 'a_b_c', '   vis   ', 'ÉTANCHÉITÉ'])
    texts.add(text);
  return [...texts].filter((t) => t.trim().length >= 3 && t.trim().length <= 60);
}

// ---------------------------------------------------------------- counting

interface ClassStats {
  latencies: number[];
  statuses: Map<number, number>;
  expected: number;
  unexpected: number;
  timeouts: number;
  socketErrors: number;
}

interface ErrorSample {
  class: string;
  method: string;
  path: string;
  status: number | 'timeout' | 'socket';
  body: string;
}

const percentile = (sorted: number[], p: number) =>
  sorted.length ? sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]! : 0;
const median = (values: number[]) =>
  percentile(
    [...values].sort((a, b) => a - b),
    50,
  );
const round = (value: number, digits = 1) => Math.round(value * 10 ** digits) / 10 ** digits;

/** Slope of the least-squares line through (x, y), per unit of x. */
function slope(points: [number, number][]): number {
  const n = points.length;
  if (n < 2) return 0;
  const mx = points.reduce((s, [x]) => s + x, 0) / n;
  const my = points.reduce((s, [, y]) => s + y, 0) / n;
  const sxy = points.reduce((s, [x, y]) => s + (x - mx) * (y - my), 0);
  const sxx = points.reduce((s, [x]) => s + (x - mx) ** 2, 0);
  return sxx ? sxy / sxx : 0;
}

// ---------------------------------------------------------------- the run

export interface SoakReport {
  pass: boolean;
  failures: string[];
  files: { json: string; md: string };
}

export async function runSoak(options: SoakOptions): Promise<SoakReport> {
  const { log } = options;
  const durationSeconds = Math.round(options.minutes * 60);
  // A short run (while developing) warms up for a third of its time.
  const warmupSeconds = Math.min(WARMUP_SECONDS, Math.floor(durationSeconds / 3));
  const startedAt = new Date();
  const loadAtStart = os.loadavg();
  log(
    `Soak : ${options.database}, ${options.connections} connexions, ${options.minutes} min ` +
      `(charge de la machine : ${loadAtStart.map((l) => l.toFixed(2)).join(' ')})`,
  );

  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'comptoir-soak-'));
  const serverLog: ServerLog = {
    file: path.join(dataDir, 'server.log'),
    errors: 0,
    warnings: 0,
    serving: 0,
    samples: [],
    warningSamples: [],
  };
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    DEMO_DATA: '1',
    ADMIN_LOGIN: ADMIN.login,
    ADMIN_PASSWORD: ADMIN.password,
    LOG_LEVEL: 'warn',
  };
  delete env.DATABASE_URL;
  delete env.INIT_CWD;

  let scratch: { admin: string; name: string } | undefined;
  let server: ServerProcess | undefined;
  let tracker: Tracker | undefined;
  let interrupted = false;
  const onSignal = () => {
    interrupted = true;
    log('Interrompu : arrêt du serveur et nettoyage…');
    tracker?.stop();
  };
  process.once('SIGINT', onSignal);
  process.once('SIGTERM', onSignal);
  // Should this process die on a bug, the server does not outlive it (server-process.ts kills it).

  try {
    if (options.database === 'postgres') {
      scratch = { admin: options.postgresUrl, name: `comptoir_soak_${Date.now().toString(36)}` };
      await adminQuery(scratch.admin, `create database ${scratch.name}`);
      const url = new URL(options.postgresUrl);
      url.pathname = `/${scratch.name}`;
      env.DATABASE_URL = url.toString();
      log(`Base PostgreSQL de travail : ${scratch.name}`);
    }

    // Migrations, demo data and the administrator at the first start; the customer accounts with the
    // operators' CLI while the server is stopped (PGlite allows one process), then the real start.
    let started = Date.now();
    server = await startServer(env, serverLog, log);
    await server.ready(300_000);
    log(`Données de démonstration chargées en ${((Date.now() - started) / 1000).toFixed(1)} s`);
    await server.stop();
    // One CLI run per account; on PGlite one process at a time holds the folder.
    const batch = options.database === 'postgres' ? 5 : 1;
    for (let i = 0; i < CUSTOMERS.length; i += batch)
      await Promise.all(CUSTOMERS.slice(i, i + batch).map((account) => addCustomerAccount(account, env)));
    started = Date.now();
    const workers = options.workers ?? 1;
    serverLog.serving = 0;
    server = await startServer({ ...env, WORKERS: String(workers) }, serverLog, log, options.serverNodeArgs);
    await server.ready(120_000);
    // With several processes, the load starts once each of them serves.
    await until(() => serverLog.serving >= workers, 60_000);
    log(`Serveur prêt en ${((Date.now() - started) / 1000).toFixed(1)} s (pid ${server.child.pid})`);
    if (interrupted) throw new Error('Interrompu');

    const baseUrl = server.baseURL;
    const adminCookie = await login(baseUrl, ADMIN);
    const shoppers: Shopper[] = [];
    for (const account of CUSTOMERS) shoppers.push(await readShopper(baseUrl, account));
    const fixtures = await readFixtures(baseUrl, adminCookie, shoppers[0]!.cookie);
    const ordersBefore = (
      await getJson<{ total: number }>(baseUrl, '/admin/commandes/fetch?size=1', adminCookie)
    ).total;
    log(
      `Données tirées : ${fixtures.families.length} familles, ${fixtures.articles.length} articles, ` +
        `${fixtures.buyable.length} achetables, ${fixtures.searchTexts.length} recherches, ${ordersBefore} commandes`,
    );

    const cookieFor = (auth: Auth, shopper: Shopper) =>
      auth === 'admin'
        ? adminCookie
        : auth === 'customer' || (auth === 'either' && chance(0.5))
          ? shopper.cookie
          : undefined;
    for (const shopper of shoppers) await preflight(baseUrl, fixtures, shopper, cookieFor);

    const stats = new Map<string, ClassStats>(
      CLASSES.map((c) => [
        c.name,
        { latencies: [], statuses: new Map(), expected: 0, unexpected: 0, timeouts: 0, socketErrors: 0 },
      ]),
    );
    const errorSamples: ErrorSample[] = [];
    const totalWeight = CLASSES.reduce((sum, c) => sum + c.weight, 0);
    const drawClass = () => {
      let r = Math.random() * totalWeight;
      for (const c of CLASSES) if ((r -= c.weight) < 0) return c;
      return CLASSES[0]!;
    };

    // Per connection: the request in flight and the one before it (a timeout is reported once the
    // replacement request is already built).
    interface InFlight {
      cls: RouteClass;
      built: Built;
      t0: number;
    }
    interface ConnectionState {
      /** The customer this connection shops as, whenever a request is a customer's. */
      shopper: Shopper;
      current?: InFlight;
      previous?: InFlight;
      /** Responses this connection has received (it reconnects after a timeout). */
      answered: number;
    }
    const connections: ConnectionState[] = [];
    const recordError = (flight: InFlight | undefined, kind: 'timeout' | 'socket') => {
      if (!flight) return;
      const s = stats.get(flight.cls.name)!;
      if (kind === 'timeout') s.timeouts++;
      else s.socketErrors++;
      if (errorSamples.length < 50)
        errorSamples.push({
          class: flight.cls.name,
          method: flight.built.method,
          path: flight.built.path,
          status: kind,
          body: '',
        });
    };
    let responses = 0;

    const samples: ProcSample[] = [];
    const serverPid = server.child.pid!;
    let loadStart = 0;
    const cpuBefore = process.cpuUsage();
    const serverPort = server.port;
    const sample = () => {
      const proc = readProc(serverPid);
      samples.push({
        t: round((performance.now() - loadStart) / 1000),
        ...proc,
        responses,
        acceptQueue: readAcceptQueue(serverPort),
      });
    };

    log(`Charge : ${durationSeconds} s, ${options.connections} connexions (échauffement ${warmupSeconds} s)`);
    loadStart = performance.now();
    sample();
    tracker = autocannon({
      url: baseUrl,
      connections: options.connections,
      duration: durationSeconds,
      timeout: options.timeoutSeconds,
      setupClient: (client: unknown) => {
        // One state per connection, kept across requests (autocannon otherwise resets the context).
        const connection: ConnectionState = {
          shopper: shoppers[connections.length % shoppers.length]!,
          answered: 0,
        };
        connections.push(connection);
        const iterator = (client as { requestIterator: { context: unknown; resetContext: () => void } })
          .requestIterator;
        iterator.resetContext = () => {
          iterator.context = connection;
        };
        iterator.resetContext();
        const emitter = client as NodeJS.EventEmitter;
        emitter.on('timeout', () => recordError(connection.previous, 'timeout'));
        emitter.on('connError', () => recordError(connection.previous, 'socket'));
      },
      requests: [
        {
          setupRequest: (request: autocannon.Request, context: unknown) => {
            const connection = context as ConnectionState;
            const cls = drawClass();
            // autocannon builds a first request before setupClient gives the connection its state.
            const shopper = connection.shopper ?? shoppers[0]!;
            const built = cls.build(fixtures, shopper);
            const cookie = cookieFor(cls.auth, shopper);
            const headers: Record<string, string> = {};
            if (cookie) headers.cookie = cookie;
            let body: string | undefined;
            if (built.body !== undefined) {
              body = JSON.stringify(built.body);
              headers['content-type'] = 'application/json';
            }
            connection.previous = connection.current;
            connection.current = { cls, built, t0: performance.now() };
            return { ...request, method: built.method, path: built.path, headers, body };
          },
          onResponse: (status: number, body: string, context: unknown) => {
            const connection = context as ConnectionState;
            const flight = connection.current;
            if (!flight) return;
            responses++;
            connection.answered++;
            const s = stats.get(flight.cls.name)!;
            s.latencies.push(performance.now() - flight.t0);
            s.statuses.set(status, (s.statuses.get(status) ?? 0) + 1);
            if (status >= 200 && status < 300) {
              // Learn the cart's line ids now and then (parsing every cart would load the client).
              if ((flight.cls.name === 'cart-add' || flight.cls.name === 'cart-read') && chance(0.2))
                connection.shopper.cartLineIds = (
                  JSON.parse(body) as { lignes: { id: number }[] }
                ).lignes.map((l) => l.id);
              return;
            }
            const message = flight.cls.expected?.[status];
            if (message !== undefined && readMessage(body) === message) {
              s.expected++;
              return;
            }
            s.unexpected++;
            if (errorSamples.length < 50)
              errorSamples.push({
                class: flight.cls.name,
                method: flight.built.method,
                path: flight.built.path,
                status,
                body: body.slice(0, 500),
              });
          },
        },
      ],
    } as autocannon.Options) as unknown as Tracker;
    let lastPrint = 0;
    const sampler = setInterval(() => {
      try {
        sample();
      } catch {
        return; // the server is gone: the run's result says so
      }
      const last = samples.at(-1)!;
      if (last.t - lastPrint >= 30 || last.t >= durationSeconds) {
        lastPrint = last.t;
        const prev = samples.findLast((s) => s.t <= last.t - 30) ?? samples[0]!;
        const rate = (last.responses - prev.responses) / Math.max(1, last.t - prev.t);
        const errors = [...stats.values()].reduce(
          (n, s) => n + s.unexpected + s.timeouts + s.socketErrors,
          0,
        );
        log(
          `  ${String(Math.round(last.t)).padStart(4)} s  ${rate.toFixed(0).padStart(5)} req/s  ` +
            `RSS ${last.rssMb.toFixed(0)} Mo  erreurs ${errors}  en attente d'accept ${last.acceptQueue}  ` +
            `charge ${last.load.toFixed(2)}`,
        );
      }
    }, SAMPLE_SECONDS * 1000);
    const result = await tracker;
    clearInterval(sampler);
    const loadSeconds = (performance.now() - loadStart) / 1000;
    const clientCpu = process.cpuUsage(cpuBefore);
    const serverAlive = server.child.exitCode === null;
    if (serverAlive) sample();
    if (interrupted) throw new Error('Interrompu');

    // Memory once the load has stopped: what the server gives back.
    await sleep(10_000);
    const idle = serverAlive ? readProc(serverPid) : undefined;
    const ordersAfter = serverAlive
      ? (await getJson<{ total: number }>(baseUrl, '/admin/commandes/fetch?size=1', adminCookie)).total
      : null;
    await server.stop();

    const json = reportJson({
      options,
      startedAt,
      loadAtStart,
      durationSeconds,
      warmupSeconds,
      loadSeconds,
      fixtures,
      stats,
      errorSamples,
      samples,
      idleRssMb: idle?.rssMb ?? null,
      serverLog,
      serverAlive,
      autocannonTotals: {
        requests: result.requests.total,
        errors: result.errors,
        timeouts: result.timeouts,
        non2xx: result.non2xx,
        resets: result.resets,
      },
      clientCpuSeconds: (clientCpu.user + clientCpu.system) / 1e6,
      ordersPlaced: ordersAfter === null ? null : ordersAfter - ordersBefore,
      connectionsNeverAnswered: connections.filter((c) => c.answered === 0).length,
    });
    const markdown = markdownOf(json);
    const files = await writeReport(json, markdown, options);
    log('');
    log(markdown);
    const shown = (file: string) => path.relative(process.env.INIT_CWD ?? process.cwd(), file);
    log(`Résultats : ${shown(files.json)}, ${shown(files.md)}`);
    return { pass: json.pass, failures: json.failures, files };
  } finally {
    process.off('SIGINT', onSignal);
    process.off('SIGTERM', onSignal);
    await server?.stop();
    if (scratch) await adminQuery(scratch.admin, `drop database if exists ${scratch.name}`);
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

function readMessage(body: string): string | undefined {
  try {
    return (JSON.parse(body) as { message?: string }).message;
  } catch {
    return undefined;
  }
}

/** One statement on the local server's maintenance connection (create or drop the scratch database). */
export async function adminQuery(url: string, statement: string) {
  const client = new pg.Client({ connectionString: url, application_name: 'comptoir-soak' });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

/**
 * Each class's requests, a few times, before the load: a wrong path or fixture fails now, not after
 * ten minutes. Every answer must be a 2xx or one of the class's expected refusals, and every class
 * must have a 2xx (the classes run in order: the cart is filled before the checkout empties it).
 */
async function preflight(
  baseUrl: string,
  fixtures: Fixtures,
  shopper: Shopper,
  cookieFor: (auth: Auth, shopper: Shopper) => string | undefined,
) {
  for (const cls of CLASSES) {
    let succeeded = false;
    for (let i = 0; i < 5; i++) {
      const built = cls.build(fixtures, shopper);
      const cookie = cookieFor(cls.auth, shopper);
      const response = await fetch(baseUrl + built.path, {
        method: built.method,
        headers: {
          ...(cookie ? { cookie } : {}),
          ...(built.body !== undefined ? { 'content-type': 'application/json' } : {}),
        },
        body: built.body !== undefined ? JSON.stringify(built.body) : undefined,
      });
      const text = await response.text();
      const expected = cls.expected?.[response.status];
      if (!response.ok && (expected === undefined || readMessage(text) !== expected))
        throw new Error(`Essai avant la charge : ${built.method} ${built.path} → ${response.status} ${text}`);
      succeeded ||= response.ok;
      if (response.ok && cls.name === 'cart-add')
        shopper.cartLineIds = (JSON.parse(text) as { lignes: { id: number }[] }).lignes.map((l) => l.id);
    }
    if (!succeeded) throw new Error(`Essai avant la charge : aucune réponse 2xx pour ${cls.name}`);
  }
}

// ---------------------------------------------------------------- report

interface ReportInput {
  options: SoakOptions;
  startedAt: Date;
  loadAtStart: number[];
  durationSeconds: number;
  warmupSeconds: number;
  loadSeconds: number;
  fixtures: Fixtures;
  stats: Map<string, ClassStats>;
  errorSamples: ErrorSample[];
  samples: ProcSample[];
  idleRssMb: number | null;
  serverLog: ServerLog;
  serverAlive: boolean;
  autocannonTotals: Record<string, number>;
  clientCpuSeconds: number;
  ordersPlaced: number | null;
  /** Load-generator connections that never received a response. */
  connectionsNeverAnswered: number;
}

function reportJson(input: ReportInput) {
  const { options, stats, samples, loadSeconds, warmupSeconds, durationSeconds } = input;
  const all: number[] = [];
  const classes = CLASSES.map((cls) => {
    const s = stats.get(cls.name)!;
    const sorted = [...s.latencies].sort((a, b) => a - b);
    // Not push(...latencies): a long run's hundreds of thousands of arguments overflow the stack.
    for (const latency of s.latencies) all.push(latency);
    return {
      class: cls.name,
      requests: sorted.length,
      perSecond: round(sorted.length / loadSeconds),
      p50Ms: round(percentile(sorted, 50)),
      p90Ms: round(percentile(sorted, 90)),
      p99Ms: round(percentile(sorted, 99)),
      maxMs: round(sorted.at(-1) ?? 0),
      statuses: Object.fromEntries([...s.statuses].sort(([a], [b]) => a - b)),
      expected4xx: s.expected,
      errors: s.unexpected + s.timeouts + s.socketErrors,
    };
  });
  all.sort((a, b) => a - b);
  const sum = (f: (s: ClassStats) => number) => [...stats.values()].reduce((n, s) => n + f(s), 0);
  const errors = {
    total: sum((s) => s.unexpected + s.timeouts + s.socketErrors),
    unexpectedStatus: sum((s) => s.unexpected),
    timeouts: sum((s) => s.timeouts),
    socketErrors: sum((s) => s.socketErrors),
    expected4xx: sum((s) => s.expected),
    serverLogErrors: input.serverLog.errors,
    serverLogWarnings: input.serverLog.warnings,
    samples: input.errorSamples,
    serverLogSamples: input.serverLog.samples,
    serverLogWarningSamples: input.serverLog.warningSamples,
  };

  // RSS: the floor of the window after the warm-up against the floor of the last window (see
  // RSS_WINDOW_SECONDS); the windows' medians are reported beside.
  const width = Math.min(RSS_WINDOW_SECONDS, warmupSeconds);
  const window = (from: number, to: number) =>
    samples.filter((s) => s.t >= from && s.t <= to).map((s) => s.rssMb);
  const warmWindow = window(warmupSeconds, warmupSeconds + width);
  const endWindow = window(durationSeconds - width, durationSeconds + SAMPLE_SECONDS);
  const warmRss = Math.min(...warmWindow);
  const endRss = Math.min(...endWindow);
  const rssChange = (endRss - warmRss) / warmRss;
  const afterWarmup = samples.filter((s) => s.t >= warmupSeconds);
  const perMinute = [];
  for (let minute = 0; minute * 60 < durationSeconds; minute++) {
    const inMinute = samples.filter((s) => s.t > minute * 60 && s.t <= (minute + 1) * 60);
    const before = samples.filter((s) => s.t <= minute * 60).at(-1);
    const last = inMinute.at(-1);
    if (!inMinute.length || !before || !last) continue;
    const rss = inMinute.map((s) => s.rssMb);
    perMinute.push({
      minute: minute + 1,
      requestsPerSecond: round((last.responses - before.responses) / (last.t - before.t)),
      rssMinMb: round(Math.min(...rss)),
      rssMedianMb: round(median(rss)),
      rssMaxMb: round(Math.max(...rss)),
      serverCpuPercent: round((100 * (last.cpuSeconds - before.cpuSeconds)) / (last.t - before.t)),
      acceptQueueMax: Math.max(...inMinute.map((s) => s.acceptQueue)),
      machineLoad: round(last.load, 2),
    });
  }
  const first = samples[0]!;
  const last = samples.at(-1)!;
  const loads = samples.map((s) => s.load);
  const rss = {
    windowSeconds: width,
    startMb: round(first.rssMb),
    afterWarmupFloorMb: round(warmRss),
    endFloorMb: round(endRss),
    changePercent: round(rssChange * 100),
    afterWarmupMedianMb: round(median(warmWindow)),
    endMedianMb: round(median(endWindow)),
    minMb: round(Math.min(...samples.map((s) => s.rssMb))),
    maxMb: round(Math.max(...samples.map((s) => s.rssMb))),
    slopeAfterWarmupMbPerMinute: round(slope(afterWarmup.map((s) => [s.t / 60, s.rssMb])), 2),
    afterIdle10sMb: input.idleRssMb === null ? null : round(input.idleRssMb),
    samples: samples.map((s) => [s.t, round(s.rssMb)]),
  };

  const failures: string[] = [];
  if (!input.serverAlive) failures.push('le serveur s’est arrêté pendant la charge');
  if (errors.total > 0)
    failures.push(
      `${errors.total} erreurs (${errors.unexpectedStatus} réponses inattendues, ${errors.timeouts} délais dépassés, ` +
        `${errors.socketErrors} erreurs de connexion)`,
    );
  if (Math.abs(rssChange) > RSS_TOLERANCE)
    failures.push(
      `RSS (plancher) ${round(warmRss)} → ${round(endRss)} Mo (${round(rssChange * 100)} %, tolérance 10 %)`,
    );

  const json = {
    soak: {
      database: options.database,
      minutes: options.minutes,
      connections: options.connections,
      workers: options.workers ?? 1,
      warmupSeconds,
      timeoutSeconds: options.timeoutSeconds,
      startedAt: input.startedAt.toISOString(),
      loadSeconds: round(loadSeconds),
      node: process.version,
      cpus: os.cpus().length,
      memoryGb: round(os.totalmem() / 2 ** 30),
      commit: gitCommit(),
      machineLoad: {
        beforeStart: input.loadAtStart.map((l) => round(l, 2)),
        duringMedian: round(median(loads), 2),
        duringMax: round(Math.max(...loads), 2),
      },
      workload: CLASSES.map((c) => ({ class: c.name, weight: c.weight, auth: c.auth })),
    },
    data: {
      families: input.fixtures.families.length,
      articles: input.fixtures.articles.length,
      buyable: input.fixtures.buyable.length,
      searchTexts: input.fixtures.searchTexts.length,
      ordersPlaced: input.ordersPlaced,
    },
    pass: failures.length === 0,
    failures,
    totals: {
      responses: all.length,
      requestsPerSecond: round(all.length / loadSeconds),
      p50Ms: round(percentile(all, 50)),
      p90Ms: round(percentile(all, 90)),
      p99Ms: round(percentile(all, 99)),
      maxMs: round(all.at(-1) ?? 0),
      serverCpuPercent: round((100 * (last.cpuSeconds - first.cpuSeconds)) / Math.max(1, last.t - first.t)),
      loadGeneratorCpuPercent: round((100 * input.clientCpuSeconds) / loadSeconds),
      connectionsNeverAnswered: input.connectionsNeverAnswered,
      acceptQueueMax: Math.max(...samples.map((s) => s.acceptQueue)),
      autocannon: input.autocannonTotals,
    },
    classes,
    errors,
    rss: { ...rss, perMinute },
  };
  return json;
}

type ReportJson = ReturnType<typeof reportJson>;

function markdownOf(r: ReportJson): string {
  const s = r.soak;
  const lines = [
    `# Soak ${s.database} — ${s.startedAt.slice(0, 10)}`,
    '',
    `**${r.pass ? 'PASS' : 'FAIL'}**${r.failures.length ? ` — ${r.failures.join('; ')}` : ''}`,
    '',
    `${s.connections} connections, ${s.minutes} min (warm-up ${s.warmupSeconds} s), timeout ${s.timeoutSeconds} s, ` +
      `${s.workers} server process${s.workers > 1 ? 'es (WORKERS; RSS and CPU are their sum)' : ''}; ` +
      `${s.cpus} CPUs, ${s.memoryGb} GiB, Node ${s.node}, commit ${s.commit}. Machine load (1 min) before: ` +
      `${s.machineLoad.beforeStart[0]}, during: median ${s.machineLoad.duringMedian}, max ${s.machineLoad.duringMax}.`,
    '',
    `Overall: ${r.totals.responses} responses, **${r.totals.requestsPerSecond} req/s**, latency p50 ` +
      `${r.totals.p50Ms} ms, p90 ${r.totals.p90Ms} ms, p99 ${r.totals.p99Ms} ms, max ${r.totals.maxMs} ms. ` +
      `Server CPU ${r.totals.serverCpuPercent} %, load generator CPU ${r.totals.loadGeneratorCpuPercent} % ` +
      `(same machine). Orders placed: ${r.data.ordersPlaced ?? '?'}.`,
    '',
    `Errors: ${r.errors.total} (unexpected status ${r.errors.unexpectedStatus}, timeouts ${r.errors.timeouts}, ` +
      `socket ${r.errors.socketErrors}); expected 4xx ${r.errors.expected4xx}; server log: ` +
      `${r.errors.serverLogErrors} errors, ${r.errors.serverLogWarnings} warnings. Connections never answered: ` +
      `${r.totals.connectionsNeverAnswered} of ${s.connections}; connections waiting in the server's accept queue: ` +
      `up to ${r.totals.acceptQueueMax}.`,
    '',
    `RSS (floor = lowest sample of a ${r.rss.windowSeconds} s window): after warm-up ${r.rss.afterWarmupFloorMb} MB, ` +
      `last window ${r.rss.endFloorMb} MB (**${r.rss.changePercent >= 0 ? '+' : ''}${r.rss.changePercent} %**); ` +
      `medians ${r.rss.afterWarmupMedianMb} → ${r.rss.endMedianMb} MB; start ${r.rss.startMb}, min ${r.rss.minMb}, ` +
      `max ${r.rss.maxMb}, slope after warm-up ${r.rss.slopeAfterWarmupMbPerMinute} MB/min, 10 s after the load ` +
      `${r.rss.afterIdle10sMb ?? '?'} MB.`,
    '',
    '| class | requests | req/s | p50 ms | p90 ms | p99 ms | max ms | statuses | errors |',
    '| --- | ---: | ---: | ---: | ---: | ---: | ---: | --- | ---: |',
    ...r.classes.map(
      (c) =>
        `| ${c.class} | ${c.requests} | ${c.perSecond} | ${c.p50Ms} | ${c.p90Ms} | ${c.p99Ms} | ${c.maxMs} | ` +
        `${Object.entries(c.statuses)
          .map(([status, n]) => `${status}: ${n}`)
          .join(', ')} | ${c.errors} |`,
    ),
    '',
    '| minute | req/s | RSS min MB | RSS median MB | RSS max MB | server CPU % | accept queue max | machine load |',
    '| ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |',
    ...r.rss.perMinute.map(
      (m) =>
        `| ${m.minute} | ${m.requestsPerSecond} | ${m.rssMinMb} | ${m.rssMedianMb} | ${m.rssMaxMb} | ` +
        `${m.serverCpuPercent} | ${m.acceptQueueMax} | ${m.machineLoad} |`,
    ),
  ];
  if (r.errors.samples.length || r.errors.serverLogSamples.length) {
    lines.push('', 'First errors:', '');
    for (const e of r.errors.samples.slice(0, 10))
      lines.push(`- ${e.class}: ${e.method} ${e.path} → ${e.status} ${e.body}`);
    for (const line of r.errors.serverLogSamples.slice(0, 5))
      lines.push(`- server log: ${line.slice(0, 400)}`);
  }
  return lines.join('\n') + '\n';
}

export function gitCommit(): string {
  try {
    return execFileSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: repoRoot, encoding: 'utf8' }).trim();
  } catch {
    return '?';
  }
}

async function writeReport(report: ReportJson, markdown: string, options: SoakOptions) {
  fs.mkdirSync(options.resultsDir, { recursive: true });
  const base = path.join(
    options.resultsDir,
    `soak-${options.database}-${report.soak.startedAt.slice(0, 10)}${options.label ? `-${options.label}` : ''}`,
  );
  const json = `${base}.json`;
  const md = `${base}.md`;
  // Formatted as the repository's prettier check wants it.
  const config = (await prettier.resolveConfig(json)) ?? {};
  fs.writeFileSync(json, await prettier.format(JSON.stringify(report), { ...config, parser: 'json' }));
  fs.writeFileSync(md, markdown);
  return { json, md };
}
