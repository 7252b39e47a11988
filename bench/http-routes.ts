// The HTTP benchmark's JSON routes: what each asks (as a visitor, the customer with prices of its own,
// or an administrator), found through the API on the data set; and each route's own SQL, recorded on
// the wire between a first server and PostgreSQL (sql-capture.ts) and replayed through a direct client.
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { unaccent } from '@electric-sql/pglite/contrib/unaccent';
import { ADMIN, CUSTOMER } from './http-data';
import type { Figures } from './load';
import { getJson, login, settle, startCompiledServer } from './server';
import {
  SqlRecorder,
  timeOnPglite,
  timeOnPostgres,
  type RecordedStatement,
  type SqlTiming,
} from './sql-capture';

/** Replays of a route's SQL: at most this many, or this long, for its latency. */
const SQL_REPLAYS = { iterations: 50, ms: 5_000 };
/** Its throughput: as many replays at once as the server's pool has connections. */
const SQL_PARALLEL = 10;

export interface Target {
  name: string;
  path: string;
  auth?: 'customer' | 'admin';
}

export interface RouteResult {
  name: string;
  path: string;
  runs: Figures[];
  sql?: SqlTiming;
}

const enc = encodeURIComponent;

async function targets(baseUrl: string, admin: string): Promise<Target[]> {
  const menu = await getJson<{ activites: { code: string }[] }>(baseUrl, '/menu/activites');
  const plan = await getJson<{ codeFamille: string; nbArt: number }[]>(baseUrl, '/service/planVente', admin);
  const family = plan.filter((f) => f.nbArt > 0).sort((a, b) => b.nbArt - a.nbArt)[0]!;
  const familyPath = `/catalogue/familles/${enc(family.codeFamille)}`;
  type Tile = { codeArticle: string; hasDeclinaisons: boolean };
  const page = await getJson<{ articles: { elements: Tile[] } }>(baseUrl, familyPath);
  // A product with declinaisons: the page reads their prices and stock too.
  const product = page.articles.elements.find((a) => a.hasDeclinaisons) ?? page.articles.elements[0]!;
  const articlePath = `/catalogue/articles/${enc(product.codeArticle)}`;
  type Row = { date: number; codeClient: string; codeAgence: string; numero: string };
  const orders = await getJson<{ elements: Row[] }>(baseUrl, '/admin/commandes/fetch?size=1', admin);
  const last = orders.elements[0]!;
  const day = (seconds: number) => new Date(seconds * 1000).toISOString().slice(0, 10);
  const monthBefore = day(last.date - 30 * 86_400);
  const ordersList = (name: string, filters: Record<string, string>): Target => ({
    name,
    path: `/admin/commandes/fetch?${new URLSearchParams(filters)}`,
    auth: 'admin',
  });
  return [
    { name: 'santé (/healthz)', path: '/healthz' },
    { name: 'menu', path: '/menu/activites' },
    { name: 'sous-menu', path: `/submenu/${enc(menu.activites[0]!.code)}` },
    { name: 'catégories', path: '/catalogue/categories' },
    { name: 'page catégorie', path: familyPath },
    { name: 'page catégorie (client)', path: familyPath, auth: 'customer' },
    { name: 'fiche article', path: articlePath },
    { name: 'fiche article (client)', path: articlePath, auth: 'customer' },
    { name: 'recherche « vis »', path: '/rest/recherche/vis' },
    { name: 'recherche « plaque de plâtre »', path: `/rest/recherche/${enc('plaque de plâtre')}` },
    { name: 'recherche « ciment 35 »', path: `/rest/recherche/${enc('ciment 35')}` },
    { name: 'panier (client)', path: '/rest/panier', auth: 'customer' },
    ordersList('commandes', {}),
    ordersList('commandes, page 2', { page: '2' }),
    ordersList('commandes, client', { codeClient: last.codeClient }),
    ordersList('commandes, agence', { codeAgence: last.codeAgence }),
    ordersList('commandes, référence', { reference: last.numero }),
    ordersList('commandes, 30 jours', { dateDebut: monthBefore, dateFin: day(last.date) }),
    {
      name: 'statistiques, 30 jours',
      path: `/admin/statistiques/fetch?dateDebut=${monthBefore}&dateFin=${day(last.date)}&echelle=jour`,
      auth: 'admin',
    },
  ];
}

export interface Session {
  cookies: Record<'admin' | 'customer', string>;
  list: Target[];
}

export async function openSession(baseUrl: string): Promise<Session> {
  const cookies = { admin: await login(baseUrl, ADMIN), customer: await login(baseUrl, CUSTOMER) };
  return { cookies, list: await targets(baseUrl, cookies.admin) };
}

/** The request headers of a route: compressed answers, the session's cookie when it has one. */
export const routeHeaders = (session: Session, target: Target): Record<string, string> => ({
  'accept-encoding': 'br, gzip',
  ...(target.auth ? { cookie: session.cookies[target.auth] } : {}),
});

/**
 * The statements each route sends for one request once its caches are warm: the server started on a
 * recording relay to PostgreSQL (before the measures, in a process of its own), each route asked
 * twice, the second recorded.
 */
export async function recordStatements(env: NodeJS.ProcessEnv): Promise<Map<string, RecordedStatement[]>> {
  const target = new URL(env.DATABASE_URL!);
  const recorder = await SqlRecorder.start({ host: target.hostname, port: Number(target.port || 5432) });
  const relayed = new URL(target);
  relayed.host = `127.0.0.1:${recorder.port}`;
  const server = await startCompiledServer({ ...env, DATABASE_URL: relayed.toString() });
  try {
    await server.ready(600_000);
    const session = await openSession(server.baseURL);
    const recorded = new Map<string, RecordedStatement[]>();
    for (const route of session.list) {
      const headers = routeHeaders(session, route);
      await settle(server.baseURL + route.path, headers);
      recorded.set(route.name, await recorder.record(() => settle(server.baseURL + route.path, headers)));
    }
    return recorded;
  } finally {
    await server.stop();
    await recorder.stop();
  }
}

/** Each route's SQL through a direct client, once the server has stopped (PGlite allows one process). */
export async function replayStatements(
  database: 'pglite' | 'postgres',
  env: NodeJS.ProcessEnv,
  routes: RouteResult[],
  recorded: Map<string, RecordedStatement[]>,
  parallelSeconds: number,
) {
  if (database === 'postgres') {
    for (const route of routes) {
      const statements = recorded.get(route.name);
      if (statements)
        route.sql = await timeOnPostgres(env.DATABASE_URL!, statements, {
          ...SQL_REPLAYS,
          parallel: SQL_PARALLEL,
          seconds: parallelSeconds,
        });
    }
    return;
  }
  if (recorded.size === 0) return;
  const client = await PGlite.create(path.join(env.DATA_DIR!, 'db'), { extensions: { pg_trgm, unaccent } });
  try {
    for (const route of routes) {
      const statements = recorded.get(route.name);
      if (statements) route.sql = await timeOnPglite(client, statements, SQL_REPLAYS);
    }
  } finally {
    await client.close();
  }
}
