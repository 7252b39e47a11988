import { helmetHeaders } from './security';
import { buildTestApp, type App } from '../test/helpers';

describe('Strict-Transport-Security', () => {
  let direct: App;
  let proxied: App;
  beforeAll(async () => {
    direct = await buildTestApp();
    proxied = await buildTestApp({ config: { trustProxy: 1 } });
  });
  afterAll(async () => {
    await direct.close();
    await proxied.close();
  });

  it('is not sent over plain http, where browsers ignore it anyway', async () => {
    const response = await direct.inject({ url: '/healthz' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['strict-transport-security']).toBeUndefined();
    // A client cannot claim https without a trusted proxy.
    const claimed = await direct.inject({ url: '/healthz', headers: { 'x-forwarded-proto': 'https' } });
    expect(claimed.headers['strict-transport-security']).toBeUndefined();
  });

  it('is sent when the request came over https, errors included', async () => {
    for (const url of ['/healthz', '/service/nulle-part', '/auth/me']) {
      const response = await proxied.inject({ url, headers: { 'x-forwarded-proto': 'https' } });
      expect(response.headers['strict-transport-security'], url).toBe('max-age=31536000; includeSubDomains');
    }
    const plain = await proxied.inject({ url: '/healthz', headers: { 'x-forwarded-proto': 'http' } });
    expect(plain.headers['strict-transport-security']).toBeUndefined();
  });
});

describe('security headers', () => {
  let app: App;
  beforeAll(async () => {
    app = await buildTestApp();
  });
  afterAll(() => app.close());

  it("sends Helmet's headers on answers and errors alike, computed once", async () => {
    for (const url of ['/healthz', '/service/nulle-part', '/auth/me']) {
      const { headers } = await app.inject({ url });
      expect(headers['x-frame-options'], url).toBe('SAMEORIGIN');
      expect(headers['x-content-type-options'], url).toBe('nosniff');
      expect(headers['referrer-policy'], url).toBe('same-origin');
      expect(headers['cross-origin-opener-policy'], url).toBe('same-origin');
      expect(headers['content-security-policy'], url).toContain("object-src 'none'");
      expect(headers['x-powered-by'], url).toBeUndefined();
    }
    expect(helmetHeaders({ xFrameOptions: { action: 'deny' } })['x-frame-options']).toBe('DENY');
  });
});
