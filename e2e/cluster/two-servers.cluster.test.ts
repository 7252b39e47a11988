// Two servers sharing one database behind nginx: whatever server a request reaches, the user sees one
// shop (sessions, data, files) and the login limits of docs/contract/conventions.md (Accounts and login) hold
// across them.
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import pg from 'pg';
import { AUTH_MESSAGES, NO_SESSION } from '@comptoir/shared/auth';
import { exportFileName, parseOrderExport } from '@comptoir/shared/orders/export-format';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, CUSTOMER, GUESSED, startCluster, type Cluster } from './support/cluster';
import { send, type Reply, type Target } from './support/http';

// A 1×1 PNG: logos are recognised by their content.
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);

let cluster: Cluster;
let a: Target;
let b: Target;
let proxy: Target;
const figures: string[] = [];
const began = Date.now();

beforeAll(async () => {
  cluster = await startCluster();
  ({ proxy } = cluster);
  [a, b] = cluster.servers;
  figures.push(
    `démarrage : ${Object.entries(cluster.timings)
      .map(([step, seconds]) => `${step} ${seconds.toFixed(1)} s`)
      .join(', ')}`,
  );
});

afterAll(async () => {
  if (!cluster) return;
  const proxyPort = Number(new URL(proxy.url).port);
  await cluster.stop();
  expect(cluster.running()).toEqual([]);
  for (const port of [proxyPort, ...cluster.servers.map((server) => Number(new URL(server.url).port))])
    expect(await accepts(port)).toBe(false);
  figures.push(`durée totale : ${((Date.now() - began) / 1000).toFixed(1)} s, tous les processus arrêtés`);
  console.log(`\n--- chiffres du test à deux serveurs\n${figures.join('\n')}\n`);
});

const login = (target: Target, account: { login: string; password: string }, from?: string) =>
  send(target, 'POST', '/auth/login', { json: account, from });
const me = (target: Target, session: string | undefined) => send(target, 'GET', '/auth/me', { session });

/** Sends `count` requests through nginx; returns them with the server each reached. */
async function throughProxy(count: number, request: () => Promise<Reply>): Promise<Reply[]> {
  const replies: Reply[] = [];
  for (let i = 0; i < count; i++) replies.push(await request());
  return replies;
}

const servedBy = (replies: Reply[]) => replies.map((reply) => reply.servedBy);
/** 'A' or 'B' for the figures. */
const serverLabel = (name: string) => (name === a.name ? 'A' : name === b.name ? 'B' : name);

describe('two servers behind nginx', () => {
  it('balances round-robin, and the servers see https through X-Forwarded-Proto', async () => {
    const replies = await throughProxy(6, () => send(proxy, 'GET', '/healthz'));
    expect(replies.map((reply) => reply.status)).toEqual(Array(6).fill(200));
    const order = servedBy(replies);
    expect(new Set(order)).toEqual(new Set([a.name, b.name]));
    for (let i = 1; i < order.length; i++) expect(order[i]).not.toBe(order[i - 1]);
    figures.push(`répartition de 6 requêtes par nginx : ${order.map(serverLabel).join(' → ')}`);

    // Over https through nginx: Secure cookie and HSTS; straight to a server over http: neither.
    const secure = await login(proxy, ADMIN);
    expect(secure.status).toBe(200);
    expect(secure.sessionCookie).toMatch(/; Secure/);
    expect(secure.headers['strict-transport-security']).toMatch(/max-age=/);
    const plain = await login(a, ADMIN);
    expect(plain.status).toBe(200);
    expect(plain.sessionCookie).not.toMatch(/Secure/);
    expect(plain.headers['strict-transport-security']).toBeUndefined();
  });

  it('accepts a browser write whose Origin is the address nginx serves, and refuses a foreign one', async () => {
    const session = (await login(proxy, ADMIN)).session;
    const write = (origin: string) =>
      send(proxy, 'POST', '/service/setTypeForfaitTransport', {
        session,
        json: { typeForfait: 'poids' },
        headers: { origin },
      });
    const own = await throughProxy(2, () => write(proxy.url));
    expect(own.map((reply) => reply.status)).toEqual([200, 200]);
    expect(new Set(servedBy(own)).size).toBe(2);
    const foreign = await write('https://ailleurs.example');
    expect(foreign.status).toBe(403);
    expect(foreign.json()).toEqual({ message: AUTH_MESSAGES.foreignOrigin });
  });

  it('keeps a session opened on one server valid on the other, directly and through nginx', async () => {
    const expected = { login: CUSTOMER.login, role: 'client', codeClient: CUSTOMER.code };
    const opened = await login(a, CUSTOMER);
    expect(opened.status).toBe(200);
    expect(opened.json()).toEqual(expected);
    for (const target of [a, b]) {
      const reply = await me(target, opened.session);
      expect(reply.status).toBe(200);
      expect(reply.json()).toEqual(expected);
    }
    const proxied = await throughProxy(2, () => me(proxy, opened.session));
    expect(proxied.map((reply) => reply.status)).toEqual([200, 200]);
    expect(new Set(servedBy(proxied))).toEqual(new Set([a.name, b.name]));

    // Opened through nginx (on whichever server), valid on both.
    const viaProxy = await login(proxy, CUSTOMER);
    expect(viaProxy.status).toBe(200);
    for (const target of [a, b]) expect((await me(target, viaProxy.session)).json()).toEqual(expected);
  });

  it('shows a change made on one server at once on the other: carrier, logo file, setting', async () => {
    const session = (await login(b, ADMIN)).session;

    // The logo is stored by A, the carrier saved by B (which checks that the file exists).
    const upload = await send(a, 'POST', '/service/transporteur/logo/upload', {
      session,
      file: { field: 'logo', name: 'logo.png', type: 'image/png', bytes: PNG },
    });
    expect(upload.status).toBe(200);
    const { logo } = upload.json() as { logo: string };
    const saved = await send(b, 'POST', '/service/transporteur', {
      session,
      json: { nom: 'Transports Rhône', logo, description: null, tracking_url: null },
    });
    expect(saved.status).toBe(200);
    const carrier = saved.json() as { id: number; nom: string; logo: string; etat: boolean };
    expect(carrier).toMatchObject({ nom: 'Transports Rhône', logo, etat: true });

    const listed = await send(a, 'GET', '/service/transporteurs', { session });
    expect(listed.json()).toEqual([
      expect.objectContaining({ id: carrier.id, nom: 'Transports Rhône', logo }),
    ]);
    for (const target of [a, b]) {
      const image = await send(target, 'GET', logo);
      expect(image.status).toBe(200);
      expect(image.headers['content-type']).toBe('image/png');
      expect(image.body.equals(PNG)).toBe(true);
    }

    // Through nginx: the write and the read that follows reach different servers.
    const [off, read] = [
      await send(proxy, 'POST', `/service/transporteur/${carrier.id}/etat`, {
        session,
        json: { etat: false },
      }),
      await send(proxy, 'GET', '/service/transporteurs', { session }),
    ];
    expect(off.status).toBe(200);
    expect(read.servedBy).not.toBe(off.servedBy);
    expect(read.json()).toEqual([expect.objectContaining({ id: carrier.id, etat: false })]);

    // The shipping fee type setting, written on one, read on the other.
    for (const [writer, reader, value] of [
      [a, b, 'poids'],
      [b, a, 'montant'],
    ] as const) {
      const set = await send(writer, 'POST', '/service/setTypeForfaitTransport', {
        session,
        json: { typeForfait: value },
      });
      expect(set.status).toBe(200);
      const got = await send(reader, 'GET', '/service/typeForfaitTransport', { session });
      expect(got.json()).toEqual({ typeForfait: value });
    }

    const removed = await send(proxy, 'DELETE', `/service/transporteur/${carrier.id}`, { session });
    expect(removed.status).toBe(200);
    const after = await send(proxy, 'GET', '/service/transporteurs', { session });
    expect(after.servedBy).not.toBe(removed.servedBy);
    expect(after.json()).toEqual([]);
  });

  it('places one export file per re-export of an order, re-exported on both servers at once', async () => {
    const session = (await login(a, ADMIN)).session;
    const database = new pg.Client({ connectionString: cluster.databaseUrl });
    await database.connect();
    try {
      const numero = 'CLU-000001';
      const { rows } = await database.query<{ id: string }>(
        `insert into orders (number, movement_type, customer_code, agency_code, amount_ht, cart_type)
         values ($1, 'web', $2, 'A01', 10, 'TER') returning id`,
        [numero, CUSTOMER.code],
      );
      const id = Number(rows[0]!.id);
      await database.query(
        `insert into order_lines (order_id, position, article_code, designation, quantity, unit,
                                  unit_price_ht, amount_ht, vat_rate)
         values ($1, 1, 'CIM', 'Ciment 35 kg', 1, 'U', 10, 10, 20)`,
        [id],
      );
      // Each server writes the file after its own commit, under the order's lock held in PostgreSQL.
      const replies = await Promise.all(
        Array.from({ length: 10 }, (_, i) =>
          send(i % 2 ? a : b, 'POST', '/openweb/admin/admin_commandeEdite', {
            session,
            json: { id, action: 'EXPORT', valide: '1', export: '1' },
          }),
        ),
      );
      expect(replies.map((reply) => reply.status)).toEqual(Array(10).fill(200));
      const { rows: state } = await database.query<{ reexport_count: number; export_file_pending: boolean }>(
        'select reexport_count, export_file_pending from orders where id = $1',
        [id],
      );
      expect(state[0]).toEqual({ reexport_count: 10, export_file_pending: false });
      const exportsDir = path.join(cluster.filesDir, 'exports');
      const file = parseOrderExport(
        fs.readFileSync(path.join(exportsDir, exportFileName({ numero })), 'utf8'),
      );
      expect([file.id, file.sequenceExport]).toEqual([id, 10]);
      expect(fs.readdirSync(exportsDir).filter((name) => name.endsWith('.tmp'))).toEqual([]);
    } finally {
      await database.end();
    }
  });

  it('ends on both servers a session closed on one', async () => {
    const opened = await login(a, CUSTOMER);
    expect((await me(b, opened.session)).status).toBe(200);
    const closed = await send(b, 'POST', '/auth/logout', { session: opened.session });
    expect(closed.status).toBe(204);
    for (const target of [a, b]) {
      const reply = await me(target, opened.session);
      expect(reply.status).toBe(200);
      expect(reply.json()).toEqual(NO_SESSION);
    }
    const proxied = await throughProxy(2, () => me(proxy, opened.session));
    expect(proxied.map((reply) => reply.json())).toEqual([NO_SESSION, NO_SESSION]);
    expect(new Set(servedBy(proxied)).size).toBe(2);

    // Closed through nginx, refused straight on both servers.
    const viaProxy = await login(proxy, CUSTOMER);
    expect((await send(proxy, 'POST', '/auth/logout', { session: viaProxy.session })).status).toBe(204);
    for (const target of [a, b]) expect((await me(target, viaProxy.session)).json()).toEqual(NO_SESSION);
  });
});

describe('login limits across the two servers', () => {
  /** How the attempts of one run are sent. */
  const routes = {
    'un serveur': () => a,
    'les deux serveurs en alternance': (i: number) => (i % 2 ? b : a),
    nginx: () => proxy,
  };
  type RouteName = keyof typeof routes;

  /**
   * Sends failed logins until the first 429 (at most `max`), the i-th from `attempt(i)`; returns
   * its 1-based rank and the servers the attempts reached.
   */
  async function firstRefusal(
    route: RouteName,
    max: number,
    attempt: (i: number) => { login: string; from: string },
  ): Promise<{ rank: number | null; servers: Record<string, number>; retryAfter: number | null }> {
    const servers: Record<string, number> = {};
    for (let i = 0; i < max; i++) {
      const { login: name, from } = attempt(i);
      const reply = await login(routes[route](i), { login: name, password: 'pas-le-bon' }, from);
      const server = serverLabel(reply.servedBy);
      servers[server] = (servers[server] ?? 0) + 1;
      if (reply.status === 429) {
        expect(reply.json()).toEqual({ message: AUTH_MESSAGES.tooManyAttempts });
        return { rank: i + 1, servers, retryAfter: Number(reply.headers['retry-after']) };
      }
      expect(reply.status).toBe(401);
    }
    return { rank: null, servers, retryAfter: null };
  }

  const limits = [
    // [name, rank of the first refusal, the i-th attempt of run r]
    [
      '10 par adresse et identifiant',
      11,
      (r: number) => () => ({ login: `essai-al-${r}`, from: `127.10.${r}.1` }),
    ],
    [
      '20 par adresse',
      21,
      (r: number) => (i: number) => ({ login: `essai-a-${r}-${i}`, from: `127.20.${r}.1` }),
    ],
    [
      '3 par adresse et identifiant après 30 échecs sur l’identifiant',
      // 30 addresses fail once each (none refused), then the first of them tries again: its 4th
      // attempt, the 33rd of the run, is refused.
      33,
      // The nginx run guesses at a real account; the others at logins nobody has (counted alike).
      (r: number) => (i: number) => ({
        login: r === 2 ? GUESSED.login : `essai-l-${r}`,
        from: `127.30.${r}.${i < 30 ? i + 1 : 1}`,
      }),
    ],
  ] as const;

  for (const [name, refusedAt, attemptsOf] of limits) {
    it(`refuses attempt ${refusedAt} on one server, on both in turn and through nginx (${name})`, async () => {
      const ranks: Record<string, number | null> = {};
      const spread: string[] = [];
      for (const [r, route] of (Object.keys(routes) as RouteName[]).entries()) {
        const result = await firstRefusal(route, refusedAt + 4, attemptsOf(r));
        ranks[route] = result.rank;
        spread.push(`${route} ${JSON.stringify(result.servers)} Retry-After ${result.retryAfter}`);
        expect(result.retryAfter).toBeGreaterThanOrEqual(1);
        expect(result.retryAfter).toBeLessThanOrEqual(60);
        if (route !== 'un serveur') expect(Object.keys(result.servers)).toHaveLength(2);
      }
      figures.push(`limite ${name} : 429 à la tentative ${JSON.stringify(ranks)} ; ${spread.join(' ; ')}`);
      expect(ranks).toEqual({
        'un serveur': refusedAt,
        'les deux serveurs en alternance': refusedAt,
        nginx: refusedAt,
      });
    });
  }

  it('lets the right password of a guessed account in from a fresh address, but not from the attacker', async () => {
    for (const target of [a, b, proxy]) {
      expect((await login(target, GUESSED, '127.31.0.1')).status).toBe(200);
      expect((await login(target, GUESSED, '127.30.2.1')).status).toBe(429);
    }
  });

  it('counts the address nginx saw, not an X-Forwarded-For the client made up', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 21; i++) {
      const reply = await send(proxy, 'POST', '/auth/login', {
        json: { login: `usurpe-${i}`, password: 'pas-le-bon' },
        from: '127.40.0.1',
        headers: { 'x-forwarded-for': `198.51.100.${i + 1}` },
      });
      statuses.push(reply.status);
    }
    expect(statuses).toEqual([...Array(20).fill(401), 429]);
  });
});

function accepts(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}
