// THE ROUTE SWEEP: walks the server's whole route table, so that every route added later is checked
// without writing a test for it. Every route under /admin/ and /service/ (any method) and every
// non-GET route under /openweb/admin/ answers 401 without a session and 403 to a customer; every
// route not declared public answers 401 without a session.
import { AUTH_MESSAGES } from '@comptoir/shared/auth';
import { isAdminArea } from './plugins/auth';
import { buildAppAs, buildTestApp, type App, type SessionHeaders } from './test/helpers';

let app: App;
let customer: SessionHeaders;
beforeAll(async () => {
  ({ app, headers: customer } = await buildAppAs('client'));
  await app.ready();
});
afterAll(() => app.close());

/** A callable URL for a route pattern: every parameter and wildcard gets a dummy value. */
function concreteUrl(pattern: string): string {
  return pattern
    .replace(/:[\w-]+(\([^)]*\))?/g, '1') // :id and :id(^\\d+$)
    .replace(/\*/g, 'x');
}

const routes = () => app.routeTable.filter((route) => route.method !== 'OPTIONS');

it('sees the routes of every module', () => {
  const keys = routes().map((route) => `${route.method} ${route.url}`);
  expect(keys).toEqual(
    expect.arrayContaining([
      'GET /admin/accueil',
      'GET /service/agences',
      'GET /service/clients',
      'POST /auth/login',
    ]),
  );
});

it('gives every route of the admin area the admin access level', () => {
  const wrong = routes().filter((route) => isAdminArea(route.method, route.url) && route.access !== 'admin');
  expect(wrong).toEqual([]);
});

it('closes every admin route: 401 without a session, 403 to a customer', async () => {
  const adminRoutes = routes().filter((route) => isAdminArea(route.method, route.url));
  expect(adminRoutes.length).toBeGreaterThan(3);
  const failures: string[] = [];
  for (const route of adminRoutes) {
    const url = concreteUrl(route.url);
    const method = route.method as 'GET' | 'HEAD';
    const anonymous = await app.inject({ method, url });
    if (anonymous.statusCode !== 401)
      failures.push(`${route.method} ${url} sans session → ${anonymous.statusCode}`);
    else if (method !== 'HEAD' && anonymous.json().message !== AUTH_MESSAGES.notLoggedIn)
      failures.push(`${route.method} ${url} sans session → ${anonymous.body}`);
    const asCustomer = await app.inject({ method, url, headers: customer });
    if (asCustomer.statusCode !== 403)
      failures.push(`${route.method} ${url} client → ${asCustomer.statusCode}`);
    else if (method !== 'HEAD' && asCustomer.json().message !== AUTH_MESSAGES.forbidden)
      failures.push(`${route.method} ${url} client → ${asCustomer.body}`);
  }
  expect(failures).toEqual([]);
});

it('closes every route not declared public or optional: 401 without a session', async () => {
  const closed = routes().filter((route) => route.access === 'user' || route.access === 'admin');
  const failures: string[] = [];
  for (const route of closed) {
    const url = concreteUrl(route.url);
    const response = await app.inject({ method: route.method as 'GET', url });
    if (response.statusCode !== 401) failures.push(`${route.method} ${url} → ${response.statusCode}`);
  }
  expect(failures).toEqual([]);
});

it('refuses to register a route that loosens the admin area', async () => {
  const other = await buildTestApp();
  try {
    expect(() => other.post('/openweb/admin/essai', { config: { access: 'public' } }, () => 'ok')).toThrow(
      /admin area: access 'public' is not allowed/,
    );
  } finally {
    await other.close().catch(() => {});
  }
});

it('covers a route added under /openweb/admin/ without any declaration', async () => {
  const { app: other, headers: otherCustomer } = await buildAppAs('client');
  try {
    other.post('/openweb/admin/admin_essai', () => 'ok');
    other.get('/openweb/admin/admin_essai', { config: { access: 'public' } }, () => 'page');
    const anonymous = await other.inject({ method: 'POST', url: '/openweb/admin/admin_essai' });
    expect(anonymous.statusCode).toBe(401);
    const asCustomer = await other.inject({
      method: 'POST',
      url: '/openweb/admin/admin_essai',
      headers: otherCustomer,
    });
    expect(asCustomer.statusCode).toBe(403);
    expect((await other.inject({ url: '/openweb/admin/admin_essai' })).body).toBe('page');
  } finally {
    await other.close();
  }
});
