// The kept answers' front door, over real HTTP (app.inject does not go through the HTTP server): a
// kept answer is sent again byte for byte, headers included, ahead of Fastify; a change is seen at once;
// a request that carries anything the answer could depend on goes through Fastify.
import { EventEmitter } from 'node:events';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { eq } from 'drizzle-orm';
import { activities, settings } from '@comptoir/db/schema';
import { SETTING_KEYS } from '@comptoir/shared/domain-texts';
import type { FastifyBaseLogger, FastifyReply, FastifyRequest } from 'fastify';
import type { App } from '../app';
import { buildTestApp, untilChangesHeard } from '../test/helpers';
import { rawRequest, type RawAnswer } from '../test/raw-http';
import { createActivity, createFamily } from '../test/factories';
import { createKeptFront, type KeptFront } from './kept-front';

describe('the kept answers’ front door', () => {
  let app: App;
  let base: string;
  beforeAll(async () => {
    app = await buildTestApp({ answerCache: true });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const address = app.server.address();
    base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  });
  afterAll(() => app.close());

  /** The answer as sent, decompressed. */
  const get = (path: string, headers: Record<string, string> = {}, method = 'GET') =>
    rawRequest(`${base}${path}`, headers, method);
  const served = () => app.keptFront!.served;
  const menuLabels = (answer: RawAnswer) =>
    (JSON.parse(answer.text) as { activites: { libelle: string }[] }).activites.map((a) => a.libelle);

  it('sends a kept answer again as Fastify sent it, headers included, per encoding', async () => {
    for (let i = 0; i < 30; i++) await createFamily(app, { label: `Famille racine de la porte ${i}` });
    await untilChangesHeard(app);
    for (const encoding of ['br', 'gzip', '']) {
      const asked: Record<string, string> = encoding ? { 'accept-encoding': encoding } : {};
      const first = await get('/catalogue/categories', asked);
      const before = served();
      const again = await get('/catalogue/categories', asked);
      expect(served()).toBe(before + 1);
      expect(again).toEqual(first);
      expect(again.status).toBe(200);
      expect(again.headers['content-security-policy']).toContain("default-src 'self'");
      expect(again.headers['content-encoding']).toBe(encoding || undefined);
      expect((JSON.parse(again.text) as unknown[]).length).toBeGreaterThanOrEqual(30);
    }
  });

  it('shows a change at once', async () => {
    const activity = await createActivity(app, { label: 'Charpente de la porte' });
    await untilChangesHeard(app);
    expect(menuLabels(await get('/menu/activites'))).toContain('Charpente de la porte');
    const before = served();
    expect(menuLabels(await get('/menu/activites'))).toContain('Charpente de la porte');
    expect(served()).toBe(before + 1);

    await app.db
      .update(activities)
      .set({ label: 'Couverture de la porte' })
      .where(eq(activities.code, activity.code));
    await expect
      .poll(async () => menuLabels(await get('/menu/activites')), { timeout: 2000, interval: 20 })
      .toContain('Couverture de la porte');
  });

  it('leaves to Fastify a request with a cookie, a body or another method', async () => {
    await get('/menu/activites');
    await get('/menu/activites');
    const before = served();
    const withCookie = await get('/menu/activites', { cookie: 'comptoir_agence=A01' });
    expect(withCookie.status).toBe(200);
    expect((await get('/menu/activites', {}, 'HEAD')).status).toBe(200);
    expect(served()).toBe(before);
  });

  it('answers through Fastify, and refuses, once the shop is closed to visitors', async () => {
    await get('/menu/activites');
    await get('/menu/activites');
    await app.db
      .insert(settings)
      .values({ key: SETTING_KEYS.allowAnonymousAccess, value: '0' })
      .onConflictDoUpdate({ target: settings.key, set: { value: '0' } });
    await expect
      .poll(async () => (await get('/menu/activites')).status, { timeout: 2000, interval: 20 })
      .toBe(401);
    await app.db
      .update(settings)
      .set({ value: '1' })
      .where(eq(settings.key, SETTING_KEYS.allowAnonymousAccess));
    await expect
      .poll(async () => (await get('/menu/activites')).status, { timeout: 2000, interval: 20 })
      .toBe(200);
  });
});

describe('a record of the front door', () => {
  /** `front` sends `body`, an answer of the table 'menu', for `url`; `change` is heard before it was sent in full. */
  function send(
    front: KeptFront,
    url: string,
    { change, body = '{}' }: { change?: string; body?: string } = {},
  ) {
    const raw = { method: 'GET', url, headers: {}, socket: {} } as IncomingMessage;
    const ticket = front.ticket({ raw } as FastifyRequest)!;
    const finished = new EventEmitter();
    const reply = {
      raw: finished,
      statusCode: 200,
      getHeaders: () => ({
        'content-type': 'application/json; charset=utf-8',
        'content-length': body.length,
      }),
    } as unknown as FastifyReply;
    front.record(ticket, reply, ['menu'], body);
    if (change) front.onChange(change);
    finished.emit('finish');
    return raw;
  }
  function openFront(maxBytes?: number) {
    const front = createKeptFront(maxBytes);
    front.start(() => true, { level: 'warn' } as FastifyBaseLogger);
    return front;
  }
  /** A front door with one answer of the table 'menu' sent for `url`, `change` heard before it was sent in full. */
  function sendOnce(url: string, change?: string) {
    const front = openFront();
    return { front, raw: send(front, url, { change }) };
  }
  /** What the front door writes for `raw`, or null when it leaves it to Fastify. */
  function answer(front: KeptFront, raw: IncomingMessage) {
    const written: unknown[] = [];
    const res = {
      writeHead: (...args: unknown[]) => written.push(args),
      end: (body: unknown) => written.push(body),
    } as unknown as ServerResponse;
    return front.serve(raw, res) ? written : null;
  }

  it('answers the same request as it was sent, until a table of it changes', () => {
    const { front, raw } = sendOnce('/menu');
    expect(answer(front, raw)).toEqual([
      [200, { 'content-type': 'application/json; charset=utf-8', 'content-length': '2' }],
      '{}',
    ]);
    expect(answer(front, { ...raw, url: '/menu?x=1' } as IncomingMessage)).toBeNull();
    expect(answer(front, { ...raw, method: 'HEAD' } as IncomingMessage)).toBeNull();
    front.onChange('stock');
    expect(answer(front, raw)).not.toBeNull();
    front.onChange('settings');
    expect(answer(front, raw)).toBeNull();
  });

  it('does not record an answer sent while a change was heard: it may be older than the change', () => {
    const { front, raw } = sendOnce('/menu', 'menu');
    expect(answer(front, raw)).toBeNull();
  });

  it('records an answer sent while another table changed, and not one sent while the settings did', () => {
    const { front, raw } = sendOnce('/menu', 'orders');
    expect(answer(front, raw)).not.toBeNull();
    const closed = sendOnce('/menu', 'settings');
    expect(answer(closed.front, closed.raw)).toBeNull();
  });

  it('keeps its bodies within its bytes, the least recently served URL dropped first', () => {
    const front = openFront(30);
    const body = '0123456789';
    const a = send(front, '/a', { body });
    const b = send(front, '/b', { body });
    const c = send(front, '/c', { body });
    expect(answer(front, a)).not.toBeNull(); // a served: now the most recent
    send(front, '/d', { body }); // 40 bytes: b, the least recently served, goes
    expect(answer(front, b)).toBeNull();
    for (const raw of [a, c]) expect(answer(front, raw)).not.toBeNull();
    expect(answer(front, { ...a, url: '/d' } as IncomingMessage)).not.toBeNull();
    // A change frees the room of what it drops.
    front.onChange('menu');
    for (const url of ['/e', '/f', '/g']) send(front, url, { body });
    for (const url of ['/e', '/f', '/g'])
      expect(answer(front, { ...a, url } as IncomingMessage), url).not.toBeNull();
  });

  it('records nothing and answers nothing once the server is closing', () => {
    const { front, raw } = sendOnce('/menu');
    front.stop();
    expect(answer(front, raw)).toBeNull();
    expect(front.ticket({ raw } as FastifyRequest)).toBeNull();
  });
});
