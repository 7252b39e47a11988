import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { IMPORTED_FILE_MESSAGES } from '@comptoir/shared/imported-files';
import { buildAppAs, type App, type SessionHeaders } from '../../test/helpers';

let app: App;
let admin: SessionHeaders;
let dir: string;
let outside: string;

beforeAll(async () => {
  ({ app, headers: admin } = await buildAppAs('admin'));
  dir = app.config.importsDir;
  outside = fs.mkdtempSync(path.join(os.tmpdir(), 'comptoir-outside-'));
});
afterAll(async () => {
  await app.close();
  fs.rmSync(outside, { recursive: true, force: true });
});

beforeEach(() => {
  for (const name of fs.readdirSync(dir)) fs.rmSync(path.join(dir, name), { recursive: true, force: true });
  fs.rmSync(outside, { recursive: true, force: true });
  fs.mkdirSync(outside);
});

const get = (url: string, headers: Record<string, string> = {}) =>
  app.inject({ url, headers: { ...admin, ...headers } });

function write(name: string, content: string | Buffer = 'x', ageSeconds = 0) {
  const file = path.join(dir, name);
  fs.writeFileSync(file, content);
  const when = new Date(Date.now() - ageSeconds * 1000);
  fs.utimesSync(file, when, when);
}

/** Names and contents of everything in the folder and beside it, to prove nothing was touched. */
function snapshot() {
  const read = (d: string) =>
    fs
      .readdirSync(d)
      .sort()
      .map((name) => {
        const stats = fs.lstatSync(path.join(d, name));
        return `${name}:${stats.isSymbolicLink() ? 'link' : stats.isFile() ? fs.readFileSync(path.join(d, name), 'utf8') : 'dir'}`;
      });
  return { inside: read(dir), outside: read(outside) };
}

describe('GET /admin/fichierimportation/fetch', () => {
  it('lists the files newest first with their size in words and their state', async () => {
    write('articles.zip', Buffer.alloc(Math.round(1.2 * 1024 * 1024)), 10);
    write('clients.csv.encours', 'a;b', 20);
    write('stock.csv.ok', 'a;b;c', 30);
    write('tarifs.zip.err', '', 40);
    fs.mkdirSync(path.join(dir, 'sous-dossier'));
    fs.writeFileSync(path.join(outside, 'secret.txt'), 'secret');
    fs.symlinkSync(path.join(outside, 'secret.txt'), path.join(dir, 'lien.zip'));

    const response = await get('/admin/fichierimportation/fetch');
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.total).toBe(4);
    expect(
      body.elements.map((f: { name: string; formatsize: string; etat: string; fullsize: number }) => [
        f.name,
        f.fullsize,
        f.formatsize,
        f.etat,
      ]),
    ).toEqual([
      ['articles.zip', Math.round(1.2 * 1024 * 1024), '1,2 Mo', 'attente'],
      ['clients.csv.encours', 3, '3 o', 'encours'],
      ['stock.csv.ok', 5, '5 o', 'importe'],
      ['tarifs.zip.err', 0, '0 o', 'refuse'],
    ]);
  });

  it('pages by 50 by default', async () => {
    for (let i = 0; i < 53; i++) write(`f${String(i).padStart(2, '0')}.zip.ok`, 'x', i);
    const first = (await get('/admin/fichierimportation/fetch')).json();
    expect(first.total).toBe(53);
    expect(first.elements).toHaveLength(50);
    expect(first.elements[0].name).toBe('f00.zip.ok');
    const second = (await get('/admin/fichierimportation/fetch?page=1')).json();
    expect(second.elements.map((f: { name: string }) => f.name)).toEqual([
      'f50.zip.ok',
      'f51.zip.ok',
      'f52.zip.ok',
    ]);
    expect((await get('/admin/fichierimportation/fetch?size=0')).statusCode).toBe(400);
  });
});

describe('GET /admin/fichierimportation/rename/{name}', () => {
  it('puts an imported or refused file back in the queue', async () => {
    write('tarifs.zip.err', 'contenu');
    const response = await get('/admin/fichierimportation/rename/tarifs.zip.err');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ name: 'tarifs.zip', etat: 'attente', fullsize: 7 });
    expect(snapshot().inside).toEqual(['tarifs.zip:contenu']);

    write('stock.csv.ok', 'ok');
    expect((await get('/admin/fichierimportation/rename/stock.csv.ok')).json().name).toBe('stock.csv');
  });

  it('refuses a file being imported, a queued one, and never overwrites the queue', async () => {
    write('a.zip.encours', '1');
    write('b.zip', '2');
    write('c.zip.ok', 'ancien');
    write('c.zip', 'nouveau');
    const before = snapshot();
    const inProgress = await get('/admin/fichierimportation/rename/a.zip.encours');
    expect(inProgress.statusCode).toBe(409);
    expect(inProgress.json().message).toBe(IMPORTED_FILE_MESSAGES.inProgress);
    const queued = await get('/admin/fichierimportation/rename/b.zip');
    expect(queued.statusCode).toBe(400);
    expect(queued.json().message).toBe(IMPORTED_FILE_MESSAGES.notRequeueable);
    const taken = await get('/admin/fichierimportation/rename/c.zip.ok');
    expect(taken.statusCode).toBe(409);
    expect(taken.json().message).toBe(IMPORTED_FILE_MESSAGES.alreadyQueued);
    expect((await get('/admin/fichierimportation/rename/absent.zip.ok')).statusCode).toBe(404);
    expect(snapshot()).toEqual(before);
  });
});

describe('GET /admin/fichierimportation/delete/{name}', () => {
  it('deletes a file, but not one being imported', async () => {
    write('a.zip.ok');
    write('b.zip.encours');
    const response = await get('/admin/fichierimportation/delete/a.zip.ok');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ message: 'Fichier supprimé' });
    expect((await get('/admin/fichierimportation/delete/b.zip.encours')).statusCode).toBe(409);
    expect((await get('/admin/fichierimportation/delete/a.zip.ok')).statusCode).toBe(404);
    expect(snapshot().inside).toEqual(['b.zip.encours:x']);
  });

  it('refuses a request a browser made from another site', async () => {
    write('a.zip.ok');
    const response = await get('/admin/fichierimportation/delete/a.zip.ok', {
      'sec-fetch-site': 'cross-site',
    });
    expect(response.statusCode).toBe(403);
    expect(fs.existsSync(path.join(dir, 'a.zip.ok'))).toBe(true);
    expect(
      (await get('/admin/fichierimportation/delete/a.zip.ok', { 'sec-fetch-site': 'same-origin' }))
        .statusCode,
    ).toBe(200);
  });
});

describe('GET /admin/fichierimportation/download/{name}', () => {
  it('sends the file as an attachment', async () => {
    write('clients é.csv.ok', 'code;nom\nC1;Dupont\n');
    const response = await get(
      `/admin/fichierimportation/download/${encodeURIComponent('clients é.csv.ok')}`,
    );
    expect(response.statusCode).toBe(200);
    expect(response.body).toBe('code;nom\nC1;Dupont\n');
    expect(response.headers['content-type']).toBe('application/octet-stream');
    expect(response.headers['content-disposition']).toBe(
      `attachment; filename="clients _.csv.ok"; filename*=UTF-8''clients%20%C3%A9.csv.ok`,
    );
    expect((await get('/admin/fichierimportation/download/absent.zip')).statusCode).toBe(404);
  });
});

describe('a name that leaves the folder', () => {
  const ROUTES = ['rename', 'delete', 'download'] as const;
  // Each is sent as the path's last segment exactly as written (already URL-encoded where needed).
  const ATTEMPTS = [
    '..',
    '%2e%2e',
    '%2E%2E',
    '.%2e',
    '..%2fsecret.txt.ok',
    '..%2Fsecret.txt.ok',
    '%2e%2e%2fsecret.txt.ok',
    '..%5csecret.txt.ok',
    '%5c..%5csecret.txt.ok',
    'a%2f..%2f..%2fsecret.txt.ok',
    '%2fetc%2fpasswd',
    '%2Ftmp%2Fsecret.txt.ok',
    'C%3A%5CWindows%5Cwin.ini',
    'secret.txt.ok%00',
    'a%00.zip.ok',
    'lien.zip.ok',
    'dossier.zip.ok',
    '.',
    '%2e',
    'a%0a.zip.ok',
    '%c0%ae%c0%ae',
    '....%2f%2fsecret.txt.ok',
  ];

  beforeEach(() => {
    fs.writeFileSync(path.join(outside, 'secret.txt.ok'), 'secret');
    fs.symlinkSync(path.join(outside, 'secret.txt.ok'), path.join(dir, 'lien.zip.ok'));
    fs.mkdirSync(path.join(dir, 'dossier.zip.ok'));
    fs.writeFileSync(path.join(dir, 'dossier.zip.ok', 'dedans.csv'), 'dedans');
    write('garde.zip.ok', 'garde');
  });

  /**
   * Over a real socket, the path sent byte for byte: inject() and browsers resolve '..' and '%2e%2e'
   * segments before sending, an attacker's client does not.
   */
  function rawGet(port: number, urlPath: string): Promise<{ statusCode: number; body: string }> {
    return new Promise((resolve, reject) => {
      const request = http.get({ host: '127.0.0.1', port, path: urlPath, headers: admin }, (response) => {
        let body = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => (body += chunk));
        response.on('end', () => resolve({ statusCode: response.statusCode ?? 0, body }));
      });
      request.on('error', reject);
    });
  }

  let port: number;
  beforeAll(async () => {
    await app.listen({ host: '127.0.0.1', port: 0 });
    port = (app.server.address() as { port: number }).port;
  });

  it.each(ROUTES)('is refused by %s with a 400 and nothing touched', async (route) => {
    const failures: string[] = [];
    for (const attempt of ATTEMPTS) {
      const before = snapshot();
      const response = await rawGet(port, `/admin/fichierimportation/${route}/${attempt}`);
      if (response.statusCode !== 400)
        failures.push(`${attempt} → ${response.statusCode} ${response.body.slice(0, 80)}`);
      if (response.body.includes('secret') || response.body.includes('dedans'))
        failures.push(`${attempt} leaked`);
      expect(snapshot()).toEqual(before);
    }
    expect(failures).toEqual([]);
  });

  it('is refused by fetch too: no parameter takes a path, and a symlinked file is never listed', async () => {
    const response = await get('/admin/fichierimportation/fetch?page=..%2f');
    expect(response.statusCode).toBe(400);
    const list = (await get('/admin/fichierimportation/fetch')).json();
    expect(list.elements.map((f: { name: string }) => f.name)).toEqual(['garde.zip.ok']);
  });
});
