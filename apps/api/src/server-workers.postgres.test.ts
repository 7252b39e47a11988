// WORKERS=2: the real server (from its sources) forks two server processes sharing its port, starts
// again one that dies while serving, and stops them all on SIGTERM.
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { postgresServerUrl } from '@comptoir/db/testing-postgres';
import { spawnServerProcess, until, type ServerProcess } from './test/server-process';

const name = `comptoir_workers_${randomBytes(6).toString('hex')}`;
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'comptoir-workers-'));
const onServer = async (query: string) => {
  const client = new pg.Client({ connectionString: postgresServerUrl });
  await client.connect();
  try {
    await client.query(query);
  } finally {
    await client.end();
  }
};
let server: ServerProcess | undefined;

beforeAll(() => onServer(`create database ${name}`));

afterAll(async () => {
  await server?.stop();
  await onServer(`drop database if exists ${name} with (force)`);
  fs.rmSync(dataDir, { recursive: true, force: true });
});

/** The processes that said they serve, in the order they did. */
const servingPids = (output: string) =>
  [...output.matchAll(/Prêt sur \S+ \(processus (\d+)\)/g)].map((match) => Number(match[1]));

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

it('serves from two processes, restarts one that dies and stops both on SIGTERM', async () => {
  const url = new URL(postgresServerUrl);
  url.pathname = `/${name}`;
  server = await spawnServerProcess({
    env: {
      WORKERS: '2',
      DATABASE_URL: url.toString(),
      DATA_DIR: dataDir,
      DEMO_DATA: '0',
      ADMIN_PASSWORD: 'mot-de-passe-des-processus',
      LOG_LEVEL: 'warn',
      IMPORT_POLL_MS: '0',
    },
  });
  await server.ready(120_000);
  await until(() => servingPids(server!.output()).length === 2, 'deux processus prêts');
  const [first, second] = servingPids(server.output()) as [number, number];
  expect(first).not.toBe(second);
  expect([first, second].every(alive)).toBe(true);

  process.kill(first, 'SIGKILL');
  await until(() => servingPids(server!.output()).length === 3, 'un processus relancé');
  const restarted = servingPids(server.output())[2]!;
  expect(server.output()).toContain(`processus ${first} arrêté (SIGKILL) : relancé`);
  expect((await fetch(`${server.baseURL}/healthz`)).status).toBe(200);

  await server.stop();
  expect(await server.exited).toEqual({ code: 0, signal: null });
  await until(() => ![second, restarted].some(alive), 'les processus arrêtés', 10_000);
}, 240_000);
