// THE CONTRACT FUZZ: every route of the server's route table is called with inputs drawn from its
// own schemas (the OpenAPI document, generated from the zod contract) and with hostile variations
// of them, as an administrator and as a customer, on a seeded database. Whatever comes in, the
// server never answers 500; a refusal (4xx) is a French message of the contract (docs/contract/errors.md) and writes nothing: no row of any table (a trigger journal records every committed
// write) and no file under FILES_DIR; and every answer, status and content type, is one the OpenAPI
// document declares for the route. A route added later is fuzzed without a line here.
//
// Reproducible: the draws follow FUZZ_SEED (printed with any failure); FUZZ_ROUTE='POST /auth/login'
// fuzzes that route only, FUZZ_RUNS multiplies the number of draws.
import fs from 'node:fs';
import path from 'node:path';
import fc from 'fast-check';
import { cartLines, sessions, users } from '@comptoir/db/schema';
import { inArray, sql } from 'drizzle-orm';
import { queryRows } from '@comptoir/db/client';
import type { RouteEntry } from './app';
import { badRequest } from './errors';
import { SESSION_COOKIE } from './sessions/cookies';
import { sessionId } from './sessions/sessions';
import { FASTIFY_MESSAGES } from './plugins/errors';
import {
  encodeRequest,
  fileFolders,
  folderState,
  frenchProblem,
  installWriteJournal,
  journalMark,
  multipartUpload,
  mutate,
  mutation,
  exportedTexts,
  fieldPaths,
  knownTexts,
  quotedTexts,
  tableChecksums,
  validInputs,
  writesSince,
  type FuzzRequest,
  type JsonSchema,
  type KnownTexts,
  type Pools,
  type RouteInputs,
} from './test/contract-fuzz';
import { answerProblem, operationOf, type OpenApiDocument } from './test/openapi-truth';
import {
  createActivity,
  createAgency,
  createArticle,
  createBand,
  createCarrier,
  createCustomer,
  createDeliveryAddress,
  createFamily,
  createOrder,
  createSetting,
  createShippingFee,
  createStock,
  createVariant,
  createZone,
} from './test/factories';
import {
  buildTestApp,
  createAdmin,
  createCustomerUser,
  loginAs,
  type App,
  type SessionHeaders,
  type TestUser,
} from './test/helpers';

const SEED = Number(process.env.FUZZ_SEED ?? 20_250_617);
const ONLY = process.env.FUZZ_ROUTE;
const SCALE = Number(process.env.FUZZ_RUNS ?? 1);
/**
 * Draws per route and per account: valid inputs, hostile ones (and as many uploads to a write
 * without JSON body). Fewer for a HEAD route, which answers as its GET, and for a customer on an
 * administrators' route, refused before its inputs are read (the route sweep proves it).
 */
const RUNS = {
  valid: Math.round(10 * SCALE),
  hostile: Math.round(16 * SCALE),
  head: Math.round(2 * SCALE),
  refused: Math.round(2 * SCALE),
};

/** Routes left out, each with its reason. Everything else in app.routeTable is fuzzed. */
const EXCLUDED: [pattern: RegExp, reason: string][] = [
  // The OpenAPI UI's pages and files (public on purpose, see the README): @fastify/swagger-ui serves
  // them from its package, they read no input of ours and touch no table.
  [/^\/docs(\/|$)/, 'documentation'],
  // The built web app's hashed files (registered only when WEB_DIST holds a build): @fastify/static.
  [/^\/assets\//, 'fichiers statiques'],
];

/**
 * Refusals that write by design, per route: a wrong password counts a failed attempt, in the
 * database so that every instance shares the limit (docs/contract/customer-account.md).
 */
const WRITES_ON_REFUSAL: Record<string, RegExp> = {
  'POST /auth/login': /^login_attempts /,
  // A wrong current password, or a wrong password-reset link, counts the same way.
  'POST /rest/compte/mot-de-passe': /^login_attempts /,
  'POST /auth/mot-de-passe-oublie/nouveau': /^login_attempts /,
  // A wrong invitation link too (docs/contract/accounts.md).
  'POST /auth/invitation': /^login_attempts /,
};

// The French texts an error answer may carry: those of packages/shared, the errors plugin's, and
// the messages docs/contract/ quotes.
const SHARED_DIR = path.resolve(import.meta.dirname, '../../../packages/shared/src');
const CONTRACT_DIR = path.resolve(import.meta.dirname, '../../../docs/contract');

let app: App;
let accounts: Record<'admin' | 'client', { user: TestUser; headers: SessionHeaders }>;
let tables: Map<string, string[]>;
/** The two accounts' logins as created: a fuzzed DELETE /admin/comptes/{id} may delete one. */
let accountRows: (typeof users.$inferSelect)[];
let french: KnownTexts;

beforeAll(async () => {
  app = await buildTestApp();
  await app.ready();
  const customer = await seed(app);
  const admin = await createAdmin(app);
  const client = await createCustomerUser(app, customer);
  accounts = {
    admin: { user: admin, headers: await loginAs(app, admin) },
    client: { user: client, headers: await loginAs(app, client) },
  };
  accountRows = await app.db
    .select()
    .from(users)
    .where(inArray(users.id, [admin.id, client.id]));
  await restock();
  tables = await installWriteJournal(app.db);
  french = knownTexts([
    ...(await exportedTexts(SHARED_DIR)),
    ...Object.values(FASTIFY_MESSAGES),
    ...fs
      .readdirSync(CONTRACT_DIR)
      .flatMap((file) => quotedTexts(fs.readFileSync(path.join(CONTRACT_DIR, file), 'utf8'))),
  ]);
}, 60_000);
afterAll(() => app.close());

/** A small shop: agencies, zones, a sales plan, articles (one withdrawn, one with declinaisons), orders, fees. */
async function seed(host: App): Promise<string> {
  const [lyon, paris] = [
    await createAgency(host, { label: 'Lyon' }),
    await createAgency(host, { label: 'Paris' }),
  ];
  const [north, south] = [await createZone(host), await createZone(host)];
  const customer = await createCustomer(host, { agencyCode: lyon.code });
  await createCustomer(host, { agencyCode: paris.code, isProfessional: false });
  await createDeliveryAddress(host, { customerCode: customer.code, zoneId: north.id, isDefault: true });
  await createDeliveryAddress(host, { customerCode: customer.code, zoneId: south.id, label: 'Chantier' });
  const activity = await createActivity(host);
  const root = await createFamily(host, { activityCode: activity.code });
  const leaf = await createFamily(host, { parentCode: root.code, activityCode: activity.code });
  const articles = [
    await createArticle(host, { familyCode: leaf.code, weight: 12.5 }),
    await createArticle(host, { familyCode: leaf.code, priceHt: 0.35 }),
    await createArticle(host, { familyCode: root.code, active: false }),
  ];
  const withVariants = await createArticle(host, { familyCode: leaf.code });
  await createVariant(host, { articleCode: withVariants.code });
  await createVariant(host, { articleCode: withVariants.code, priceHt: 12 });
  for (const article of articles)
    await createStock(host, { articleCode: article.code, agencyCode: lyon.code });
  await createSetting(host, 'transport.typeForfait', 'poids');
  const band = await createBand(host, { label: 'De 0 à 100 kg' });
  const progressive = await createBand(host, {
    label: 'Par 100 kg',
    start: 100,
    progressive: true,
    interval: 100,
  });
  const fee = await createShippingFee(host, { bandId: band.id, zoneId: north.id });
  await createShippingFee(host, { bandId: progressive.id, zoneId: north.id, amount: 5 });
  await createShippingFee(host, {
    bandId: band.id,
    zoneId: south.id,
    familyCode: leaf.code,
    agencyCode: lyon.code,
  });
  await createCarrier(host, { name: 'Messagerie', shippingFeeId: fee.id, position: 1 });
  await createCarrier(host, { name: 'Enlèvement', position: 2 });
  await createCarrier(host, { name: 'Ancien', active: false, position: 3 });
  const line = { articleCode: articles[0]!.code, designation: 'Sac de ciment' };
  await createOrder(host, { customerCode: customer.code, cartType: 'ATT' }, [line]);
  await createOrder(host, { customerCode: customer.code, cartType: 'AT2' }, [line, line]);
  await createOrder(host, { customerCode: customer.code }, [line]);
  await createOrder(host, { agencyCode: paris.code, cartType: 'AT2' }, [line]);
  return customer.code;
}

/**
 * Puts back what earlier routes used up, so that every route finds rows to work on: two articles
 * in the customer's cart (one tagged), active carriers, forfaits, orders awaiting their payment.
 */
async function restock() {
  const [counts = { lines: 0, carriers: 0, fees: 0, awaiting: 0 }] = await queryRows<{
    lines: number;
    carriers: number;
    fees: number;
    awaiting: number;
  }>(
    app.db,
    sql`select (select count(*)::int from cart_lines) as lines,
               (select count(*)::int from carriers where active) as carriers,
               (select count(*)::int from shipping_fees) as fees,
               (select count(*)::int from orders where cart_type in ('ATT', 'AT2')) as awaiting`,
  );
  if (counts.carriers < 2)
    for (const name of ['Messagerie', 'Affrètement']) await createCarrier(app, { name });
  if (counts.fees < 2)
    for (const zoneId of await values('select id from zones'))
      await createShippingFee(app, { bandId: (await createBand(app)).id, zoneId: Number(zoneId) });
  if (counts.awaiting < 2)
    await createOrder(app, { customerCode: accounts.client.user.codeClient!, cartType: 'ATT' }, [{}]);
  if (counts.lines >= 2) return;
  const [article, cheap] = await textsOf(
    `select code from articles a where active
       and not exists (select 1 from variants v where v.article_code = a.code) order by code limit 2`,
  );
  const headers = accounts.client.headers;
  for (const codeArticle of [article, cheap])
    await app.inject({
      method: 'POST',
      url: '/rest/panier/lignes',
      headers,
      payload: { codeArticle, quantite: 3 },
    });
  const [first] = await app.db.select({ id: cartLines.id }).from(cartLines).limit(1);
  if (first)
    await app.inject({
      method: 'POST',
      url: '/tag/chantier/',
      headers,
      payload: { id: first.id, tagName: 'Maison Dupont' },
    });
}

/**
 * A session per account again, when a call ended it (POST /auth/logout with its cookie, or a fuzzed
 * DELETE /admin/comptes/{id} that deleted the login itself: put back as it was).
 */
async function keepSessions() {
  await app.db.insert(users).values(accountRows).onConflictDoNothing();
  const rows = await app.db.select({ id: sessions.id }).from(sessions);
  for (const account of Object.values(accounts)) {
    const token = account.headers.cookie.slice(`${SESSION_COOKIE}=`.length);
    if (!rows.some((row) => row.id === sessionId(token, app.config.sessionSecret)))
      account.headers = await loginAs(app, account.user);
  }
}

/**
 * Where the existing values of a field are, so that valid draws often name a row: [route, field
 * path, statement or values]. Only raises the odds: a field without a hint draws from every id and
 * code of the database, and a route added later is fuzzed all the same.
 */
const HINTS: [route: RegExp, field: RegExp, values: string | (() => string[])][] = [
  [/transporteur/, /^id$/, 'select id from carriers'],
  [/forfaitTransport/, /^id$/, 'select id from shipping_fees'],
  [/panier\/lignes|tag\/chantier/, /^(id|cartRowId)$/, 'select id from cart_lines'],
  [/mouvements|admin_commandeEdite/, /^id$/, 'select id from orders'],
  [/reglement|Reglement/, /^(id|numero)$/, "select number from orders where cart_type in ('ATT', 'AT2')"],
  [/./, /^tranche\.id$/, 'select id from bands'],
  [/./, /^(zone\.id|zoneId)$/, 'select id from zones'],
  [/./, /^(carrierId|transporteurId)$/, 'select id from carriers where active'],
  [/./, /^id_forfait_transport$/, 'select id from shipping_fees'],
  [/./, /^adresseId$/, 'select id from delivery_addresses'],
  [/./, /^codeArticle$/, 'select code from articles'],
  [/./, /^codeDeclinaison$/, 'select code from variants'],
  [/familles|planVente|simplemenu/, /^code$/, 'select code from families'],
  [/./, /^(categorie\.code_famille|lines\[\]\.familyCode)$/, 'select code from families'],
  [/articles/, /^code$/, 'select code from articles'],
  [/submenu/, /^activity$/, 'select code from activities'],
  [/./, /^(agence\.code_agence|agencyCode|codeAgence)$/, 'select code from agencies'],
  [/./, /^codeClient$/, 'select code from customers'],
  [/./, /^(tag|tagName)$/, 'select name from site_tags'],
  [/./, /^login$/, 'select login from users'],
  [/./, /^password$/, () => [accounts.admin.user.password]],
  [/logos/, /^file$/, () => fs.readdirSync(app.config.logosDir)],
  [/images\/articles/, /^file$/, "select code || '.svg' from articles"],
  [/admin_commandeEdite/, /^action$/, () => ['EXPORT']],
  [/admin_commandeEdite/, /^(valide|export)$/, () => ['1']],
  [/./, /^logo$/, 'select logo from carriers where logo is not null'],
  [/recherche/, /^text$/, () => ['ciment', 'art', 'Article']],
];

/** Ids and codes of the rows there are now, and the values of the route's hinted fields. */
async function pools(key: string, fields: string[]): Promise<Pools> {
  const ids = await queryRows<{ id: number }>(
    app.db,
    sql`select id from carriers union select id from bands union select id from shipping_fees
        union select id from zones union select id from orders union select id from cart_lines
        union select id from delivery_addresses`,
  );
  const codes = await textsOf(
    `select code from articles union all select code from variants union all select code from families
     union all select code from activities union all select code from agencies union all select code from customers
     union all select number from orders union all select name from site_tags union all select login from users`,
  );
  const byField = new Map<string, (string | number)[]>();
  for (const field of fields) {
    const hint = HINTS.find(([route, name]) => route.test(key) && name.test(field));
    if (hint) byField.set(field, typeof hint[2] === 'string' ? await values(hint[2]) : hint[2]());
  }
  return { ids: ids.map((row) => row.id), texts: [...codes, 'client', 'parametrage', 'connexion'], byField };
}

const textsOf = async (statement: string) => (await values(statement)).map(String);

/** The first column of a statement's rows, numbers as numbers. */
async function values(statement: string): Promise<(string | number)[]> {
  const rows = await queryRows<Record<string, string | number>>(app.db, sql.raw(statement));
  return rows.map((row) => Object.values(row)[0]!);
}

// ---------------------------------------------------------------- the route's inputs, from /docs

interface Operation {
  parameters?: { in: string; name: string; required?: boolean; schema?: JsonSchema }[];
  requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
}

/** What a route accepts, read from the OpenAPI document (a HEAD route takes its GET's inputs). */
function routeInputs(
  route: RouteEntry,
  document: { paths?: Record<string, Record<string, Operation>> },
): RouteInputs {
  const documented = route.url.replace(/:([\w-]+)(\([^)]*\))?/g, '{$1}');
  const method = route.method === 'HEAD' ? 'get' : route.method.toLowerCase();
  const operation = document.paths?.[documented]?.[method] ?? {};
  const parameters = operation.parameters ?? [];
  const params: Record<string, JsonSchema> = {};
  for (const [, name] of route.url.matchAll(/:([\w-]+)/g))
    params[name!] = parameters.find((p) => p.in === 'path' && p.name === name)?.schema ?? { type: 'string' };
  const query = parameters.filter((p) => p.in === 'query');
  const content = operation.requestBody?.content ?? {};
  const writes = !['GET', 'HEAD'].includes(route.method);
  return {
    params,
    query: Object.fromEntries(query.map((p) => [p.name, p.schema ?? {}])),
    requiredQuery: query.filter((p) => p.required).map((p) => p.name),
    body: content['application/json']?.schema ?? null,
    // A write without a JSON body may take a file (the carrier logo): it gets uploads too.
    multipart: writes && !content['application/json'],
  };
}

// ---------------------------------------------------------------- the fuzz

interface Failure {
  route: string;
  account: string;
  request: string;
  status: number;
  problem: string;
}

const figures = { routes: 0, requests: 0, byStatus: new Map<number, number>(), succeeded: new Set<string>() };
const covered = new Set<string>();

const routeKey = (route: RouteEntry) => `${route.method} ${route.url}`;
const isExcluded = (route: RouteEntry) => EXCLUDED.some(([pattern]) => pattern.test(route.url));

/** A seed per route, so that adding a route does not change the draws of the others. */
function routeSeed(key: string): number {
  let hash = SEED | 0;
  for (const char of key) hash = (Math.imul(hash, 31) + char.charCodeAt(0)) | 0;
  return hash;
}

/** The requests of one route: valid and hostile draws, as each account. */
function drawRequests(
  route: RouteEntry,
  inputs: RouteInputs,
  known: Pools,
): { account: 'admin' | 'client'; request: FuzzRequest }[] {
  const valid = validInputs(inputs, known);
  const head = route.method === 'HEAD';
  const validRequest = valid.map((drawn) => encodeRequest(route.method, route.url, drawn));
  const hostileRequest = fc.tuple(valid, mutation).map(([drawn, change]) => {
    const { inputs: changed, ...extras } = mutate(drawn, change);
    if (head || route.method === 'GET') delete extras.raw;
    return encodeRequest(
      route.method,
      route.url,
      head || route.method === 'GET' ? { ...changed, body: undefined } : changed,
      extras,
    );
  });
  const upload = fc.tuple(valid, multipartUpload).map(([drawn, file]) => {
    const request = encodeRequest(route.method, route.url, { ...drawn, body: undefined });
    return {
      ...request,
      headers: { ...request.headers, 'content-type': file.contentType },
      payload: file.payload,
      shown: `${request.shown} ${file.shown}`,
    };
  });
  const draws: { account: 'admin' | 'client'; request: FuzzRequest }[] = [];
  const seed = routeSeed(routeKey(route));
  for (const [index, account] of (['admin', 'client'] as const).entries()) {
    const sample = <T>(arbitrary: fc.Arbitrary<T>, numRuns: number, offset: number) =>
      numRuns > 0 ? fc.sample(arbitrary, { seed: seed + index * 10 + offset, numRuns }) : [];
    const few = head ? RUNS.head : account === 'client' && route.access === 'admin' ? RUNS.refused : 0;
    const requests = few
      ? [...sample(validRequest, few, 0), ...sample(hostileRequest, few, 1)]
      : [
          ...sample(validRequest, RUNS.valid, 0),
          ...sample(hostileRequest, RUNS.hostile, 1),
          ...(inputs.multipart ? sample(upload, RUNS.hostile, 2) : []),
        ];
    draws.push(...requests.map((request) => ({ account, request })));
  }
  return draws;
}

it('never answers 500; every refusal is a French message of the contract and writes nothing', async () => {
  const document = app.swagger() as OpenApiDocument & { paths?: Record<string, Record<string, Operation>> };
  const routes = app.routeTable.filter(
    (route) => route.method !== 'OPTIONS' && !isExcluded(route) && (!ONLY || routeKey(route) === ONLY),
  );
  const failures: Failure[] = [];
  const started = performance.now();
  for (const route of routes) {
    await restock();
    await keepSessions();
    const key = routeKey(route);
    const inputs = routeInputs(route, document);
    const draws = drawRequests(route, inputs, await pools(key, fieldPaths(inputs)));
    figures.routes++;
    covered.add(key);
    let mark = await journalMark(app.db);
    const batchStart = { mark, checksums: await tableChecksums(app.db, tables) };
    let folders = fileFolders(app.config.filesDir);
    let filesBefore = folderState(folders);
    for (const { account, request } of draws) {
      const response = await app.inject({
        method: request.method as 'GET',
        url: request.url,
        headers: { ...accounts[account].headers, ...request.headers },
        ...(request.payload !== undefined && { payload: request.payload }),
      });
      const status = response.statusCode;
      figures.requests++;
      figures.byStatus.set(status, (figures.byStatus.get(status) ?? 0) + 1);
      if (status < 300) figures.succeeded.add(key);
      const fail = (problem: string) =>
        failures.push({ route: key, account, request: request.shown, status, problem });
      const written = await writesSince(app.db, mark);
      mark = written.mark;
      const filesAfter = folderState(folders);
      // A path a raw segment took off the route ('%2e%2e' is a dot segment, which inject's URL
      // parser resolves as a browser would) is the not-found handler's answer, not the route's.
      const sent = new URL(request.url, 'http://fuzz').pathname;
      const routed = app.findRoute({ method: route.method as 'GET', url: sent });
      const undeclared =
        routed && answerProblem(operationOf(document, route.method, route.url), route.method, response);
      if (undeclared) fail(`réponse non déclarée : ${undeclared}`);
      if (status >= 500) fail(`réponse ${status} : ${response.body.slice(0, 200)}`);
      else if (status >= 400) {
        if (route.method !== 'HEAD') {
          const problem = frenchProblem(jsonOf(response.body), french);
          if (problem) fail(problem);
        }
        const allowed = WRITES_ON_REFUSAL[key];
        const writes = written.writes.filter((write) => !allowed?.test(write));
        if (filesAfter !== filesBefore) writes.push('fichiers de FILES_DIR');
        if (writes.length) fail(`écriture malgré le refus : ${writes.join(', ')}`);
      }
      if (status < 400 && (written.writes.length || !['GET', 'HEAD'].includes(route.method))) {
        // A write may have ended a session (POST /auth/logout) or made a folder.
        await keepSessions();
        mark = await journalMark(app.db);
        folders = fileFolders(app.config.filesDir);
      }
      filesBefore = folderState(folders);
    }
    // The journal's cross-check: when it saw no write in the whole batch, no table changed either.
    if ((await writesSince(app.db, batchStart.mark)).writes.length === 0) {
      const checksums = await tableChecksums(app.db, tables);
      const changed = [...tables.keys()].filter(
        (table) => checksums.get(table) !== batchStart.checksums.get(table),
      );
      if (changed.length)
        failures.push({
          route: key,
          account: '-',
          request: '-',
          status: 0,
          problem: `tables changées hors journal : ${changed.join(', ')}`,
        });
    }
  }
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  const statuses = [...figures.byStatus].sort(([a], [b]) => a - b).map(([status, n]) => `${status}: ${n}`);
  const count = (from: number, to: number) =>
    [...figures.byStatus]
      .filter(([status]) => status >= from && status < to)
      .reduce((sum, [, n]) => sum + n, 0);
  console.log(
    `contract fuzz (FUZZ_SEED=${SEED}): ${figures.routes} routes, ${figures.requests} requests in ${seconds} s; ` +
      `2xx ${count(200, 300)}, 3xx ${count(300, 400)}, 4xx ${count(400, 500)}, 5xx ${count(500, 600)} (${statuses.join(', ')}); ` +
      `never 2xx: ${[...covered].filter((key) => !figures.succeeded.has(key)).join(', ') || 'none'}`,
  );
  // One line per route and kind of problem, with its first request.
  const groups = new Map<string, Failure[]>();
  for (const failure of failures) {
    const kind = `${failure.route} ${failure.status} ${failure.problem.replace(/ : .*$/s, '')}`;
    groups.set(kind, [...(groups.get(kind) ?? []), failure]);
  }
  const report = [...groups].map(
    ([kind, [first, ...others]]) =>
      `${kind} (${others.length + 1}×) — [${first!.account}] ${first!.problem}\n    ${first!.request}`,
  );
  expect(report, `FUZZ_SEED=${SEED}: ${failures.length} failures`).toEqual([]);
}, 240_000);

function jsonOf(body: string): unknown {
  try {
    return JSON.parse(body);
  } catch {
    return undefined;
  }
}

it('fuzzed every route of the table but the listed exclusions', () => {
  if (ONLY) return;
  const expected = app.routeTable
    .filter((route) => route.method !== 'OPTIONS' && !isExcluded(route))
    .map(routeKey);
  expect(expected.length).toBeGreaterThan(40);
  expect(expected.filter((key) => !covered.has(key))).toEqual([]);
});

describe("the fuzz's own checks", () => {
  it('catch a refusal that wrote, and not one whose transaction rolled back', async () => {
    const other = await buildTestApp();
    try {
      const watched = await installWriteJournal(other.db);
      expect([...watched.keys()]).toEqual(expect.arrayContaining(['orders', 'sessions', 'zones']));
      other.post('/essai/ecrit-puis-refuse', { config: { access: 'public' } }, async () => {
        await createZone(other);
        throw badRequest('Refusé après écriture');
      });
      other.post('/essai/refuse-en-transaction', { config: { access: 'public' } }, () =>
        other.db.transaction(async (tx) => {
          await createZone({ db: tx as unknown as App['db'] });
          throw badRequest('Refusé, écriture annulée');
        }),
      );
      const mark = await journalMark(other.db);
      const written = await other.inject({ method: 'POST', url: '/essai/ecrit-puis-refuse' });
      expect(written.statusCode).toBe(400);
      const first = await writesSince(other.db, mark);
      expect(first.writes).toEqual(['zones INSERT ×1']);
      const rolledBack = await other.inject({ method: 'POST', url: '/essai/refuse-en-transaction' });
      expect(rolledBack.statusCode).toBe(400);
      expect((await writesSince(other.db, first.mark)).writes).toEqual([]);
    } finally {
      await other.close();
    }
  });

  it('tell a French answer of the contract from an English or unknown one', () => {
    expect(frenchProblem({ message: 'Transporteur invalide' }, french)).toBeNull();
    expect(frenchProblem({ message: 'Aucune commande ne porte le numéro W2025-000001' }, french)).toBeNull();
    expect(
      frenchProblem({ message: 'Paramètre « page » invalide : doit être supérieur ou égal à 0' }, french),
    ).toBeNull();
    expect(
      frenchProblem(
        { error: 'Bad Request', message: "'/a/%zz' is not a valid url component", statusCode: 400 },
        french,
      ),
    ).toMatch(/^texte anglais/);
    expect(
      frenchProblem(
        { message: 'Requête invalide', details: [{ champ: 'a', message: 'Invalid input: expected string' }] },
        french,
      ),
    ).toMatch(/^texte anglais/);
    expect(frenchProblem({ message: 'Quelque chose a échoué' }, french)).toMatch(/^message hors du contrat/);
    expect(frenchProblem('Erreur', french)).toBe('pas un objet JSON');
  });
});
