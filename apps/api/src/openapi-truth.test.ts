// THE OPENAPI DOCUMENT HELD AGAINST THE SERVER: every operation of /docs/json is a route of the
// server's table and every route is an operation (but the few listed); every route, called without a
// session, as a customer and as an administrator, and with the inputs any route may be sent (a NUL
// character, a path parameter too long, a body of an unknown type), gives only answers its operation
// declares, with their content type; and a method a documented path does not have answers 405 with
// Allow. The contract fuzz checks the same of every answer it draws (contract-fuzz.test.ts).
import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { HTTP_MESSAGES } from '@comptoir/shared/errors';
import { PATH_PARAM_MAX_LENGTH } from '@comptoir/shared/validation';
import type { RouteEntry } from './app';
import { createTestProvider } from './modules/payments/test-provider';
import {
  buildAppAs,
  createAdmin,
  loginAs,
  type App,
  type SessionHeaders,
  type TestUser,
} from './test/helpers';
import {
  answerProblem,
  documentedPath,
  operationOf,
  type Answer,
  type OpenApiDocument,
} from './test/openapi-truth';

/** Routes the document leaves out, each with its reason. */
const UNDOCUMENTED: [pattern: RegExp, reason: string][] = [
  // The OpenAPI UI's own pages and files, and the document itself (@fastify/swagger-ui).
  [/^\/docs(\/|$)/, 'documentation'],
  // The built web app's hashed files (registered only when WEB_DIST holds a build).
  [/^\/assets\//, 'fichiers statiques'],
];

const METHODS = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE'] as const;

let app: App;
let document: OpenApiDocument;
let users: { client: TestUser; admin: TestUser };
let accounts: Record<'anonyme' | 'client' | 'admin', SessionHeaders | Record<string, never>>;
beforeAll(async () => {
  const built = await buildAppAs('client');
  app = built.app;
  await app.ready();
  users = { client: built.user, admin: await createAdmin(app) };
  await logIn();
  document = app.swagger() as OpenApiDocument;
}, 60_000);
afterAll(() => app.close());

/** A session per account (again after POST /auth/logout, which ends the one it is sent). */
async function logIn() {
  accounts = {
    anonyme: {},
    client: await loginAs(app, users.client),
    admin: await loginAs(app, users.admin),
  };
}

const documented = (route: RouteEntry) => !UNDOCUMENTED.some(([pattern]) => pattern.test(route.url));
const routes = () => app.routeTable.filter((route) => route.method !== 'OPTIONS' && documented(route));

/** A callable URL for a route pattern: every parameter and wildcard gets `value`. */
const concreteUrl = (pattern: string, value = '1') =>
  pattern.replace(/:[\w-]+(\([^)]*\))?/g, value).replace(/\*/g, 'x');

it('documents every route of the table, and nothing else', () => {
  const table = new Set(
    routes()
      .filter((route) => route.method !== 'HEAD')
      .map((route) => `${route.method.toLowerCase()} ${documentedPath(route.url)}`),
  );
  const operations = Object.entries(document.paths ?? {}).flatMap(([path, operations]) =>
    Object.keys(operations).map((method) => `${method} ${path}`),
  );
  console.log(`openapi truth: ${operations.length} operations, ${table.size} routes`);
  expect(operations.filter((key) => !table.has(key))).toEqual([]);
  expect([...table].filter((key) => !operations.includes(key))).toEqual([]);
  // A HEAD route is documented by its GET: there is one.
  const heads = routes().filter((route) => route.method === 'HEAD');
  expect(heads.filter((head) => !operationOf(document, 'GET', head.url))).toEqual([]);
});

it('declares every answer the routes give, with its content type', async () => {
  const failures: string[] = [];
  let calls = 0;
  const check = async (route: RouteEntry, shown: string, answer: Answer) => {
    calls++;
    if (route.url === '/auth/logout') await logIn();
    const problem = answerProblem(operationOf(document, route.method, route.url), route.method, answer);
    if (problem) failures.push(`${route.method} ${route.url} — ${shown} : ${problem}`);
  };
  for (const route of routes()) {
    const method = route.method as 'GET';
    const url = concreteUrl(route.url);
    const writes = route.method !== 'GET' && route.method !== 'HEAD';
    for (const [account, headers] of Object.entries(accounts)) {
      await check(route, account, await app.inject({ method, url, headers }));
    }
    // Inputs any route may be sent, as an administrator (past every access check).
    const nul = await app.inject({ method, url: `${url}?inconnu=%00`, headers: accounts.admin });
    await check(route, 'caractère nul', nul);
    if (nul.statusCode !== 400)
      failures.push(`${route.method} ${route.url} — caractère nul : ${nul.statusCode}`);
    if (route.url.includes(':'))
      await check(
        route,
        'paramètre trop long',
        await app.inject({
          method,
          url: concreteUrl(route.url, 'x'.repeat(PATH_PARAM_MAX_LENGTH + 1)),
          headers: accounts.admin,
        }),
      );
    if (writes) {
      const typed = (type: string, payload: string) =>
        app.inject({ method, url, headers: { ...accounts.admin, 'content-type': type }, payload });
      await check(route, 'texte brut', await typed('text/plain', 'bonjour'));
      await check(route, 'XML', await typed('application/xml', '<a/>'));
      await check(route, 'JSON illisible', await typed('application/json', '{'));
      await check(
        route,
        'corps trop gros',
        await typed('application/json', `"${'x'.repeat(1024 * 1024 + 1)}"`),
      );
    }
  }
  console.log(`openapi truth: ${calls} answers checked, ${failures.length} undeclared`);
  expect(failures).toEqual([]);
}, 120_000);

it('declares the redirects and bodiless answers it gives', async () => {
  const checked = async (method: 'GET' | 'POST', url: string, status: number, payload?: string) => {
    const pattern = routes().find(
      (route) => route.method === method && patternOf(route.url).test(url.split('?')[0]!),
    )!;
    const answer = await app.inject({
      method,
      url,
      ...(payload !== undefined && {
        payload,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
      }),
    });
    expect(answer.statusCode).toBe(status);
    expect(answerProblem(operationOf(document, method, pattern.url), method, answer)).toBeNull();
    return answer;
  };
  // The test provider's page sends the shopper back with a signed return (303).
  const provider = createTestProvider(app.config.testPaymentSecret);
  const session = await provider.createSession({
    orderId: 1,
    numero: 'W1',
    amountTtc: 1,
    customerEmail: null,
  });
  const back = await checked('POST', session.url, 303, 'resultat=refused');
  expect(back.headers.location).toMatch(/^\/rest\/paiement\/test\/retour\?session=/);
  // A return of a session no order has is refused (400), its parameters documented.
  await checked('GET', String(back.headers.location), 400);
  const retour = operationOf(document, 'GET', '/rest/paiement/test/retour')!;
  expect(retour.parameters?.map((parameter) => `${parameter.in} ${parameter.name}`)).toEqual([
    'query session',
    'query resultat',
    'query signature',
  ]);
  expect(Object.keys(retour.responses ?? {})).toContain('303');
  expect(retour.responses?.['303']?.content).toBeUndefined();
  expect(operationOf(document, 'POST', '/auth/logout')?.responses?.['204']?.content).toBeUndefined();
  // A photo (WebP), then its revalidation (304, no body).
  const picture = sharp({ create: { width: 64, height: 48, channels: 3, background: '#c83c28' } });
  fs.writeFileSync(path.join(app.config.imagesDir, 'essai.png'), await picture.png().toBuffer());
  const photo = await checked('GET', '/images/photos/essai.png?largeur=160', 200);
  const etag = String(photo.headers.etag);
  const revalidated = await app.inject({
    url: '/images/photos/essai.png?largeur=160',
    headers: { 'if-none-match': etag },
  });
  expect(revalidated.statusCode).toBe(304);
  expect(answerProblem(operationOf(document, 'GET', '/images/photos/:file'), 'GET', revalidated)).toBeNull();
});

/** A route pattern as a regular expression of the paths it takes (a parameter may be empty). */
const patternOf = (url: string) =>
  new RegExp(
    `^${url
      .split(/(:[\w-]+|\*)/)
      .map((part) =>
        part === '*' ? '.*' : part.startsWith(':') ? '[^/]*' : part.replace(/[.*+?^$(){}|[\]\\]/g, '\\$&'),
      )
      .join('')}$`,
  );

it('answers 405 with Allow to a method a documented path does not have', async () => {
  const table = routes().map((route) => ({ ...route, pattern: patternOf(route.url) }));
  const failures: string[] = [];
  let probes = 0;
  for (const url of new Set(table.map((route) => concreteUrl(route.url)))) {
    // Every route whose pattern takes the path counts: /service/transporteur/options is also a :id.
    const methods = new Set(table.filter((route) => route.pattern.test(url)).map((route) => route.method));
    const allow = METHODS.filter((method) => methods.has(method)).join(', ');
    for (const method of METHODS.filter((m) => !methods.has(m))) {
      // An address per request: requests that find no route are rate-limited per address.
      const remoteAddress = `127.1.${probes >> 8}.${probes++ & 255}`;
      const answer = await app.inject({ method, url, headers: accounts.admin, remoteAddress });
      if (answer.statusCode !== 405 || answer.headers.allow !== allow)
        failures.push(
          `${method} ${url} → ${answer.statusCode} Allow: ${String(answer.headers.allow)} (attendu ${allow})`,
        );
      else if (method !== 'HEAD' && answer.json<{ message: string }>().message !== HTTP_MESSAGES[405])
        failures.push(`${method} ${url} → ${answer.body}`);
    }
  }
  expect(failures).toEqual([]);
  // A path no route has stays a 404, whatever the method.
  for (const method of ['GET', 'POST', 'DELETE'] as const) {
    const answer = await app.inject({ method, url: '/rest/aucune-route-ici' });
    expect(answer.statusCode).toBe(404);
    expect(answer.headers.allow).toBeUndefined();
  }
});
