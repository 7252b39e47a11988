import zlib from 'node:zlib';
import { buildTestApp, type App } from '../test/helpers';
import { preferredEncoding } from './compression';

// The OpenAPI document: a large public JSON answer.
const LARGE_JSON = '/docs/json';

describe('compression of the answers', () => {
  let app: App;
  beforeAll(async () => {
    app = await buildTestApp();
  });
  afterAll(async () => {
    await app.close();
  });

  it('sends brotli to a client that accepts it, and the same JSON once decoded', async () => {
    const plain = await app.inject({ url: LARGE_JSON });
    expect(plain.headers['content-encoding']).toBeUndefined();

    const response = await app.inject({ url: LARGE_JSON, headers: { 'accept-encoding': 'br, gzip' } });
    expect(response.headers['content-encoding']).toBe('br');
    expect(response.headers.vary).toContain('accept-encoding');
    const decoded = zlib.brotliDecompressSync(response.rawPayload).toString();
    expect(JSON.parse(decoded)).toEqual(plain.json());
    expect(response.rawPayload.length).toBeLessThan(plain.rawPayload.length / 4);
  });

  it('falls back to gzip', async () => {
    const response = await app.inject({ url: LARGE_JSON, headers: { 'accept-encoding': 'gzip' } });
    expect(response.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(zlib.gunzipSync(response.rawPayload).toString())).toHaveProperty('openapi');
  });

  it('leaves a small answer as it is', async () => {
    const response = await app.inject({ url: '/healthz', headers: { 'accept-encoding': 'br, gzip' } });
    expect(response.headers['content-encoding']).toBeUndefined();
  });

  it('refuses a compressed request body rather than inflating it', async () => {
    const body = zlib.gzipSync(JSON.stringify({ login: 'a', password: 'b' }));
    const response = await app.inject({
      method: 'POST',
      url: '/auth/login',
      headers: { 'content-type': 'application/json', 'content-encoding': 'gzip' },
      payload: body,
    });
    expect(response.statusCode).toBeGreaterThanOrEqual(400);
    expect(response.statusCode).toBeLessThan(500);
  });
});

describe('the encoding a client accepts', () => {
  it('prefers brotli, then gzip, and honours a refusal', () => {
    expect(preferredEncoding('gzip, deflate, br, zstd')).toBe('br');
    expect(preferredEncoding('gzip;q=0.8, deflate')).toBe('gzip');
    expect(preferredEncoding('br;q=0, gzip')).toBe('gzip');
    expect(preferredEncoding('BR')).toBe('br');
    expect(preferredEncoding('identity')).toBeNull();
    expect(preferredEncoding('')).toBeNull();
    expect(preferredEncoding(undefined)).toBeNull();
  });
});
