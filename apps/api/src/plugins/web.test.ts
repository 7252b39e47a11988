import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { buildTestApp, type App } from '../test/helpers';
import { createArticle } from '../test/factories';
import { readPageHints } from './page-hints';
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

  it('keeps pages for GET and 404 for an unknown path, and answers 405 to a method a path lacks', async () => {
    // Only a POST route has this path: a GET there is still the page.
    const page = await app.inject({ url: '/openweb/admin/admin_commandeEdite' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    const unknown = await app.inject({ method: 'POST', url: '/connexion' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.headers.allow).toBeUndefined();
    const wrongMethod = await app.inject({ method: 'DELETE', url: '/healthz' });
    expect(wrongMethod.statusCode).toBe(405);
    expect(wrongMethod.headers.allow).toBe('GET, HEAD');
    expect(wrongMethod.json()).toEqual({ message: 'Méthode non autorisée' });
    // A wildcard route, for the web app's files, has its methods too.
    const asset = await app.inject({ method: 'POST', url: '/assets/index.js' });
    expect(asset.statusCode).toBe(405);
    expect(asset.headers.allow).toBe('GET, HEAD');
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

describe('the page hints of index.html', () => {
  const head = `<!doctype html><html lang="fr"><head><title>Comptoir</title><meta name="description" content="${'Comptoir '.repeat(150)}">`;
  let app: App;
  let webDist: string;
  const chunk = (file: string, imports: string[] = [], css?: string[]) => ({ file, imports, css });
  beforeAll(async () => {
    webDist = fs.mkdtempSync(path.join(os.tmpdir(), 'comptoir-web-'));
    fs.mkdirSync(path.join(webDist, '.vite'));
    // Above the compression threshold, as the built one is.
    const page = `${head}</head><body></body></html>`;
    fs.writeFileSync(path.join(webDist, 'index.html'), page);
    // As Vite writes it: the entry, what it imports, the lazily loaded layout and pages.
    const manifest = {
      'index.html': { ...chunk('assets/index-1.js', ['_react-1.js']), isEntry: true },
      '_react-1.js': chunk('assets/react-1.js'),
      '_grid-1.js': chunk('assets/grid-1.js', ['_react-1.js'], ['assets/grid-1.css']),
      'src/app/layouts/shop-layout.tsx': chunk('assets/shop-layout-1.js', ['index.html', '_react-1.js']),
      'src/app/routes/shop/home.tsx': chunk('assets/home-1.js', ['index.html']),
      'src/app/routes/shop/category.tsx': chunk('assets/category-1.js', ['_grid-1.js']),
      'src/app/routes/shop/product.tsx': chunk('assets/product-1.js', ['_grid-1.js']),
    };
    fs.writeFileSync(path.join(webDist, '.vite', 'manifest.json'), JSON.stringify(manifest));
    app = await buildTestApp({ config: { webDist } });
    await createArticle(app, { code: 'A 1&2' });
    await createArticle(app, { code: 'PHOTO', image: 'sac de ciment.jpg' });
  });
  afterAll(async () => {
    await app.close();
    fs.rmSync(webDist, { recursive: true, force: true });
  });

  const headOf = async (url: string) => {
    const response = await app.inject({ url, headers: { 'accept-encoding': 'br' } });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/html');
    expect(response.headers['cache-control']).toBe('no-cache');
    expect(response.headers['content-encoding']).toBe('br');
    const html = zlib.brotliDecompressSync(response.rawPayload).toString();
    expect(html).toMatch(/^<!doctype html>.*<\/head><body><\/body><\/html>$/s);
    return html.split('</head>')[0]!;
  };

  it('names the page’s chunks and first answers, not what index.html loads already', async () => {
    const head = await headOf('/catalogue/BO%2001');
    expect(head).toContain('<link rel="modulepreload" crossorigin href="/assets/shop-layout-1.js">');
    expect(head).toContain('<link rel="modulepreload" crossorigin href="/assets/category-1.js">');
    expect(head).toContain('<link rel="modulepreload" crossorigin href="/assets/grid-1.js">');
    expect(head).toContain('<link rel="preload" as="style" crossorigin href="/assets/grid-1.css">');
    expect(head).not.toContain('index-1.js');
    expect(head).not.toContain('react-1.js');
    expect(head).not.toContain('product-1.js');
    expect(head).toContain('<link rel="preload" as="fetch" crossorigin href="/auth/me">');
    expect(head).toContain(
      '<link rel="preload" as="fetch" crossorigin href="/catalogue/familles/BO%2001?page=0&amp;size=24&amp;tri=pertinence&amp;enStock=0">',
    );
    // Sorted, filtered or another page: the page asks another address.
    expect(await headOf('/catalogue/BO01?tri=prix')).not.toContain('/catalogue/familles/');
  });

  it('names a product’s answer and its picture, and no picture for an unknown article', async () => {
    const drawn = await headOf('/article/A%201%262');
    expect(drawn).toContain(
      '<link rel="preload" as="fetch" crossorigin href="/catalogue/articles/A%201%262">',
    );
    expect(drawn).toContain(
      '<link rel="preload" as="image" fetchpriority="high" href="/images/articles/A%201%262.svg">',
    );
    const photo = await headOf('/article/PHOTO');
    expect(photo).toContain('href="/images/photos/sac%20de%20ciment.jpg?largeur=640"');
    expect(photo).toContain('imagesrcset="/images/photos/sac%20de%20ciment.jpg?largeur=80 80w, ');
    const unknown = await headOf('/article/NOPE');
    expect(unknown).toContain('href="/catalogue/articles/NOPE"');
    expect(unknown).not.toContain('as="image"');
  });

  it('names the home’s answers but not its chunks, and only the layout for the other pages', async () => {
    const home = await headOf('/');
    expect(home).toContain('href="/catalogue/categories"');
    expect(home).not.toContain('modulepreload');
    const cart = await headOf('/panier');
    expect(cart).toContain('href="/assets/shop-layout-1.js"');
    expect(cart).not.toContain('home-1.js');
    expect(cart).not.toContain('/catalogue/categories');
    expect(await headOf('/article/A/B')).not.toContain('/catalogue/articles/');
    expect(await headOf('/openweb/admin/admin_accueil')).toBe(head);
  });

  it('names for a page drawn by the server its stylesheets, applied, and no chunk nor answer', async () => {
    const hints = readPageHints(webDist);
    const noPicture = async () => undefined;
    const category = await hints.forPage('/catalogue/BO01', '', noPicture, true);
    expect(category).toContain('<link rel="stylesheet" crossorigin href="/assets/grid-1.css">');
    expect(category).not.toContain('modulepreload');
    expect(category).not.toContain('as="fetch"');
    expect(await hints.forPage('/', '', noPicture, true)).toBe('');
    const product = await hints.forPage('/article/A', '', async () => 'a.jpg', true);
    expect(product).toContain('as="image"');
    expect(product).not.toContain('as="fetch"');
  });
});
