import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { z } from 'zod';
import { buildAppAs, buildTestApp, type App, type SessionHeaders } from './test/helpers';

describe('errors', () => {
  let app: App;
  const logged: string[] = [];
  beforeAll(async () => {
    const stream = new Writable({
      write(chunk, _encoding, done) {
        logged.push(String(chunk));
        done();
      },
    });
    app = await buildTestApp({ logger: { level: 'error', stream } });
    // Routes that exist only in this test, to provoke the answers of the error handler.
    app.get('/test/boom', { config: { access: 'public' } }, () => {
      throw new Error('select * from users where password_hash = secret');
    });
    app.get(
      '/test/bad-output',
      { config: { access: 'public' }, schema: { response: { 200: z.object({ n: z.number() }) } } },
      () => ({ n: 'pas un nombre' }) as never,
    );
    app.post(
      '/test/echo',
      {
        config: { access: 'public' },
        schema: {
          querystring: z.object({ page: z.coerce.number().int().min(0) }),
          body: z.object({ lignes: z.array(z.object({ quantite: z.number().positive() })) }),
          response: { 200: z.object({ ok: z.boolean() }) },
        },
      },
      () => ({ ok: true }),
    );
  });
  afterAll(() => app.close());

  it('answers 500 "Erreur critique" leaking nothing, and logs the error', async () => {
    for (const url of ['/test/boom', '/test/bad-output']) {
      const response = await app.inject({ url });
      expect(response.statusCode).toBe(500);
      expect(response.json()).toEqual({ message: 'Erreur critique' });
      expect(response.body).not.toMatch(/password|select|stack|nombre/);
    }
    expect(logged.join('')).toContain('select * from users where password_hash = secret');
  });

  it('answers 400 with a French message naming the field', async () => {
    const query = await app.inject({ method: 'POST', url: '/test/echo?page=abc', payload: { lignes: [] } });
    expect(query.statusCode).toBe(400);
    expect(query.json()).toEqual({
      message: 'Paramètre « page » invalide : nombre attendu',
      details: [{ champ: 'page', message: 'nombre attendu' }],
    });
    const missing = await app.inject({ method: 'POST', url: '/test/echo', payload: { lignes: [] } });
    expect(missing.json().message).toBe('Paramètre « page » invalide : valeur obligatoire');
    const nested = await app.inject({
      method: 'POST',
      url: '/test/echo?page=0',
      payload: { lignes: [{ quantite: 2 }, { quantite: -1 }] },
    });
    expect(nested.json().message).toBe('Champ « lignes.1.quantite » invalide : doit être supérieur à 0');
    const noBody = await app.inject({ method: 'POST', url: '/test/echo?page=0' });
    expect(noBody.json().message).toBe('Corps de la requête invalide : valeur obligatoire');
    const badJson = await app.inject({
      method: 'POST',
      url: '/test/echo?page=0',
      payload: '{"lignes": [',
      headers: { 'content-type': 'application/json' },
    });
    expect(badJson.statusCode).toBe(400);
    expect(badJson.json()).toEqual({ message: 'Corps de la requête illisible : JSON invalide' });
  });

  it('answers an unknown API route with a JSON 404', async () => {
    for (const [method, url] of [
      ['GET', '/admin/nulle-part'],
      ['GET', '/service/nulle-part'],
      ['POST', '/openweb/admin/nulle-part'],
    ] as const) {
      const response = await app.inject({ method, url });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ message: 'Ressource introuvable' });
    }
  });

  it('answers a method a route path lacks with a JSON 405 listing its methods in Allow', async () => {
    const response = await app.inject({ method: 'DELETE', url: '/catalogue/categories' });
    expect(response.statusCode).toBe(405);
    expect(response.headers.allow).toBe('GET, HEAD');
    expect(response.json()).toEqual({ message: 'Méthode non autorisée' });
  });

  it('rate-limits the 404 answers', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 61; i++) {
      statuses.push((await app.inject({ url: '/service/sonde', remoteAddress: '10.9.9.9' })).statusCode);
    }
    expect(statuses.slice(0, 60).every((status) => status === 404)).toBe(true);
    expect(statuses[60]).toBe(429);
  });
});

describe('security headers, docs and health', () => {
  let app: App;
  beforeAll(async () => {
    app = await buildTestApp();
  });
  afterAll(() => app.close());

  it('sends a Content-Security-Policy allowing only the app itself', async () => {
    const response = await app.inject({ url: '/healthz' });
    const csp = response.headers['content-security-policy'];
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("style-src 'self' 'unsafe-inline'");
    expect(csp).toContain("img-src 'self' data:");
    expect(csp).not.toContain('https:');
    expect(response.headers['x-content-type-options']).toBe('nosniff');
  });

  it('answers /healthz after checking the database', async () => {
    const response = await app.inject({ url: '/healthz' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'ok' });
  });

  it('serves the OpenAPI document generated from the zod schemas, and its UI', async () => {
    const json = await app.inject({ url: '/docs/json' });
    expect(json.statusCode).toBe(200);
    const doc = json.json();
    expect(doc.openapi).toMatch(/^3\./);
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining([
        '/auth/login',
        '/auth/logout',
        '/auth/me',
        '/service/agences',
        '/service/clients',
        '/service/typesClient',
        '/catalogue/categories',
        '/admin/accueil',
        '/healthz',
      ]),
    );
    const clients = doc.paths['/service/clients'].get;
    expect(clients.parameters.map((p: { name: string }) => p.name)).toEqual(['recherche', 'limit']);
    expect(Object.keys(clients.responses)).toEqual(
      expect.arrayContaining(['200', '400', '401', '403', '500']),
    );
    expect(clients.security).toEqual([{ session: [] }]);
    expect(doc.paths['/catalogue/categories'].get.security).toBeUndefined();
    expect(doc.paths['/auth/login'].post.requestBody.content['application/json'].schema.required).toEqual([
      'login',
      'password',
    ]);
    const ui = await app.inject({ url: '/docs' });
    expect(ui.statusCode).toBe(200);
    expect(ui.headers['content-type']).toContain('text/html');
  });
});

describe('web app', () => {
  let app: App;
  let admin: SessionHeaders;
  let webDist: string;
  beforeAll(async () => {
    webDist = fs.mkdtempSync(path.join(os.tmpdir(), 'comptoir-web-'));
    fs.mkdirSync(path.join(webDist, 'assets'));
    fs.writeFileSync(
      path.join(webDist, 'index.html'),
      '<!doctype html><html lang="fr"><title>Comptoir</title></html>',
    );
    fs.writeFileSync(path.join(webDist, 'assets', 'index-AbC123.js'), 'console.log(1)');
    fs.writeFileSync(path.join(webDist, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
    ({ app, headers: admin } = await buildAppAs('admin', { config: { webDist } }));
  });
  afterAll(async () => {
    await app.close();
    fs.rmSync(webDist, { recursive: true, force: true });
  });

  it.each([
    '/',
    '/connexion',
    '/openweb/admin/admin_accueil',
    '/compte/detail-mouvement/12?codeClient=C1',
    '/catalogue/F01',
  ])('loads the app at %s', async (url) => {
    const response = await app.inject({ url });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/html');
    expect(response.body).toContain('lang="fr"');
    expect(response.headers['cache-control']).toBe('no-cache');
  });

  it('serves hashed assets for a year and top-level files', async () => {
    const asset = await app.inject({ url: '/assets/index-AbC123.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['content-type']).toContain('javascript');
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const icon = await app.inject({ url: '/favicon.svg' });
    expect(icon.statusCode).toBe(200);
    expect(icon.headers['content-type']).toContain('image/svg+xml');
  });

  it('never answers HTML for an API area or a missing asset', async () => {
    for (const url of [
      '/assets/absent.js',
      '/admin/absent',
      '/service/absent',
      '/auth/absent',
      '/docs/absent',
      '/rest/x',
      '/tag/x',
      '/submenu/x',
      '/simplemenu/x',
    ]) {
      const response = await app.inject({ url });
      expect(response.statusCode, url).toBe(404);
      expect(response.json()).toEqual({ message: 'Ressource introuvable' });
    }
    const post = await app.inject({ method: 'POST', url: '/connexion' });
    expect(post.statusCode).toBe(404);
  });

  it('keeps the API working beside the app', async () => {
    const response = await app.inject({ url: '/auth/me', headers: admin });
    expect(response.statusCode).toBe(200);
  });
});
