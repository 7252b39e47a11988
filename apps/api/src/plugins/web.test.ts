import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { buildTestApp, type App } from '../test/helpers';
import { isPageRequest } from './web';

const API_LOOKING = [
  '//service/clients',
  '/SERVICE/clients',
  '/Admin/accueil',
  '//admin//accueil',
  '/./service/clients',
  '/catalogue/../service/clients',
  '/%73ervice/clients',
  '/service%2Fclients',
  '/Healthz',
  '//docs',
];

describe('isPageRequest', () => {
  it('loads the app for page routes only', () => {
    expect(isPageRequest('GET', '/')).toBe(true);
    expect(isPageRequest('GET', '/connexion')).toBe(true);
    expect(isPageRequest('HEAD', '/compte/detail-mouvement/12')).toBe(true);
    expect(isPageRequest('POST', '/connexion')).toBe(false);
    expect(isPageRequest('GET', '/service/clients')).toBe(false);
  });

  it.each(API_LOOKING)('reads %s as the API area it looks like', (urlPath) => {
    expect(isPageRequest('GET', urlPath)).toBe(false);
  });

  it('survives a malformed escape', () => {
    expect(isPageRequest('GET', '/%E0%A4%A')).toBe(true);
    expect(isPageRequest('GET', '/service/%E0%A4%A')).toBe(false);
  });
});

describe('history fallback', () => {
  let app: App;
  let webDist: string;
  beforeAll(async () => {
    webDist = fs.mkdtempSync(path.join(os.tmpdir(), 'comptoir-web-'));
    fs.writeFileSync(path.join(webDist, 'index.html'), '<!doctype html><html lang="fr"></html>');
    app = await buildTestApp({ config: { webDist } });
  });
  afterAll(async () => {
    await app.close();
    fs.rmSync(webDist, { recursive: true, force: true });
  });

  // Fastify itself routes some of them ('/./service/clients' is /service/clients: 401); the others
  // reach the not-found handler, which must not take them for pages.
  it.each(API_LOOKING)('answers %s in JSON, never with the web page', async (url) => {
    const response = await app.inject({ url });
    expect([401, 404]).toContain(response.statusCode);
    expect(response.headers['content-type']).toContain('application/json');
    expect(response.body).not.toContain('<html');
  });

  it('answers the reported paths with the JSON 404', async () => {
    for (const url of ['//service/clients', '/SERVICE/clients']) {
      const response = await app.inject({ url });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ message: 'Ressource introuvable' });
    }
  });
});

describe('the web app files', () => {
  let app: App;
  let webDist: string;
  const script = `console.log(${JSON.stringify('Comptoir '.repeat(400))});`;
  beforeAll(async () => {
    webDist = fs.mkdtempSync(path.join(os.tmpdir(), 'comptoir-web-'));
    fs.mkdirSync(path.join(webDist, 'assets'));
    fs.writeFileSync(path.join(webDist, 'index.html'), '<!doctype html><html lang="fr"></html>');
    fs.writeFileSync(path.join(webDist, 'assets', 'app-1234.js'), script);
    // As the build writes them (apps/web/precompress.ts).
    fs.writeFileSync(path.join(webDist, 'assets', 'app-1234.js.br'), zlib.brotliCompressSync(script));
    fs.writeFileSync(path.join(webDist, 'assets', 'app-1234.js.gz'), zlib.gzipSync(script));
    app = await buildTestApp({ config: { webDist } });
  });
  afterAll(async () => {
    await app.close();
    fs.rmSync(webDist, { recursive: true, force: true });
  });

  it('sends the precompressed file to a browser that accepts it, cached for a year', async () => {
    const response = await app.inject({
      url: '/assets/app-1234.js',
      headers: { 'accept-encoding': 'gzip, deflate, br' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBe('br');
    expect(response.headers['content-type']).toContain('javascript');
    expect(response.headers['cache-control']).toContain('immutable');
    expect(zlib.brotliDecompressSync(response.rawPayload).toString()).toBe(script);
  });

  it('sends gzip or the plain file to the others', async () => {
    const gzip = await app.inject({ url: '/assets/app-1234.js', headers: { 'accept-encoding': 'gzip' } });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(gzip.rawPayload).toString()).toBe(script);
    const plain = await app.inject({ url: '/assets/app-1234.js' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(script);
  });
});
