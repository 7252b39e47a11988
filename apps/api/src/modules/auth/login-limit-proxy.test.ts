// Behind a reverse proxy (TRUST_PROXY=1) the client's address is the one the proxy appended to
// X-Forwarded-For: an address the client wrote there itself must not buy it fresh login attempts.
import { buildTestApp, type App } from '../../test/helpers';

let app: App;
beforeAll(async () => {
  app = await buildTestApp({ config: { trustProxy: 1 } });
});
afterAll(() => app.close());

it('counts the per-address limit on the address the proxy saw, whatever the client wrote before it', async () => {
  const statuses: number[] = [];
  for (let attempt = 1; attempt <= 21; attempt++) {
    const response = await app.inject({
      method: 'POST',
      url: '/auth/login',
      // The client claims a new address each time; the proxy appends the one it really saw.
      headers: { 'x-forwarded-for': `198.51.100.${attempt}, 203.0.113.7` },
      payload: { login: `inconnu-${attempt}`, password: 'mauvais' },
    });
    statuses.push(response.statusCode);
  }
  expect(statuses.slice(0, 20).every((status) => status === 401)).toBe(true);
  expect(statuses[20]).toBe(429);
});
