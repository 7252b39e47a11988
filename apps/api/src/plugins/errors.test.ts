import type { AddressInfo } from 'node:net';
import net from 'node:net';
import { Writable } from 'node:stream';
import { z } from 'zod';
import { HTTP_MESSAGES } from '@comptoir/shared/errors';
import { buildTestApp, type App } from '../test/helpers';
import { nulCharacterPath } from './errors';

describe('nulCharacterPath', () => {
  it('names the first text holding U+0000, keys included', () => {
    expect(nulCharacterPath({ a: 'x', b: ['y', { c: 'z\u0000' }] })).toBe('b.1.c');
    expect(nulCharacterPath({ ['k\u0000']: 1 })).toBe('k\u0000');
    expect(nulCharacterPath('\u0000')).toBe('');
    expect(nulCharacterPath({ a: 'x', b: [1, true, null], c: Buffer.from([0]) })).toBeNull();
    expect(nulCharacterPath(undefined)).toBeNull();
  });

  it('walks a deeply nested body without exhausting the stack', () => {
    let deep: unknown = 'fin\u0000';
    for (let i = 0; i < 100_000; i++) deep = [deep];
    expect(nulCharacterPath(deep)).toBe(`${'0.'.repeat(99_999)}0`);
  });
});

describe('error logs', () => {
  let app: App;
  const lines: Record<string, unknown>[] = [];
  beforeAll(async () => {
    const stream = new Writable({
      write(chunk, _encoding, done) {
        lines.push(
          ...String(chunk)
            .trim()
            .split('\n')
            .map((line) => JSON.parse(line)),
        );
        done();
      },
    });
    app = await buildTestApp({ logger: { level: 'info', stream } });
    app.get('/test/deep-boom', { config: { access: 'public' } }, () => {
      const dive = (n: number): never => {
        if (n === 0) throw new Error(`plus rien ${'x'.repeat(5000)}`, { cause: new Error('la cause') });
        return dive(n - 1);
      };
      return dive(50);
    });
    app.get(
      '/test/checked',
      { config: { access: 'public' }, schema: { querystring: z.object({ n: z.coerce.number() }) } },
      () => 'ok',
    );
  });
  afterAll(() => app.close());

  const errorLines = () => lines.filter((line) => (line.level as number) >= 50);

  it('log a 500 once, with bounded messages and the top of its stack only', async () => {
    lines.length = 0;
    const response = await app.inject({ url: '/test/deep-boom' });
    expect(response.statusCode).toBe(500);
    const logged = errorLines();
    expect(logged).toHaveLength(1);
    const error = logged[0]!.error as { type: string; message: string; cause: string; stack: string };
    expect(error.type).toBe('Error');
    expect(error.message).toMatch(/^plus rien x+…$/);
    expect(error.message.length).toBeLessThan(2100);
    expect(error.cause).toBe('la cause');
    const stack = error.stack.split('\n');
    expect(stack.length).toBeGreaterThan(0);
    expect(stack.length).toBeLessThanOrEqual(6);
    expect(stack.every((line) => /^\s+at /.test(line))).toBe(true);
  });

  it('log a 4xx without any stack', async () => {
    lines.length = 0;
    expect((await app.inject({ url: '/test/checked?n=abc' })).statusCode).toBe(400);
    expect((await app.inject({ url: '/test/checked?n=a%00' })).statusCode).toBe(400);
    expect((await app.inject({ url: '/service/nulle-part' })).statusCode).toBe(404);
    expect(errorLines()).toEqual([]);
    const refused = lines.filter((line) => line.msg === 'requête refusée');
    expect(refused).toHaveLength(3);
    expect(JSON.stringify(lines)).not.toMatch(/stack|\s+at /);
  });
});

describe('what the HTTP layer refuses before any route', () => {
  let app: App;
  beforeAll(async () => {
    app = await buildTestApp();
    await app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(() => app.close());

  /** The raw answer of the server to `request`, read until it closes the connection. */
  function exchange(request: string): Promise<string> {
    const { port } = app.server.address() as AddressInfo;
    return new Promise((resolve, reject) => {
      const socket = net.connect(port, '127.0.0.1', () => socket.end(request));
      const chunks: Buffer[] = [];
      socket.on('data', (chunk: Buffer) => chunks.push(chunk));
      socket.on('error', reject);
      socket.on('close', () => resolve(Buffer.concat(chunks).toString('utf8')));
    });
  }

  it('answers headers over 16 KB with a French 431', async () => {
    const answer = await exchange(
      `GET /healthz HTTP/1.1\r\nHost: localhost\r\nX-Trop: ${'x'.repeat(20_000)}\r\n\r\n`,
    );
    const [head = '', body = ''] = answer.split('\r\n\r\n');
    expect(head).toMatch(/^HTTP\/1\.1 431 /);
    expect(head).toContain('Content-Type: application/json; charset=utf-8');
    expect(head).toContain(`Content-Length: ${Buffer.byteLength(body)}`);
    expect(JSON.parse(body)).toEqual({ message: HTTP_MESSAGES[431] });
  });

  it('answers an unreadable request with a French 400', async () => {
    const answer = await exchange('PAS DU TOUT HTTP\r\n\r\n');
    expect(answer).toMatch(/^HTTP\/1\.1 400 /);
    expect(JSON.parse(answer.split('\r\n\r\n')[1]!)).toEqual({ message: HTTP_MESSAGES[400] });
  });
});
