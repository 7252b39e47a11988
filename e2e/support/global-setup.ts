// Starts the real server (built web app, migrations, demo data, first administrator) on a fresh
// data folder and a free port, exactly as `npm start` does, and hands its URL to the tests.
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { ADMIN, CUSTOMER } from './accounts';

const repoRoot = path.resolve(import.meta.dirname, '../..');

declare module 'vitest' {
  export interface ProvidedContext {
    baseURL: string;
    dataDir: string;
  }
}

export default async function setup(project: TestProject) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'comptoir-e2e-'));
  const port = await freePort();
  const env = serverEnv(dataDir, port);

  const started = Date.now();
  let server = startServer(env);
  await waitForHealth(`http://127.0.0.1:${port}`, server, 120_000);
  console.log(`e2e: serveur prêt en ${((Date.now() - started) / 1000).toFixed(1)} s (${dataDir})`);

  // A customer account, made with the operators' CLI while the server is stopped (PGlite: one process).
  await stop(server);
  await run(
    'npm',
    [
      'run',
      '--silent',
      'user',
      '--',
      'add',
      '--login',
      CUSTOMER.login,
      '--password',
      CUSTOMER.password,
      '--role',
      'client',
      '--client',
      CUSTOMER.code,
    ],
    env,
  );
  server = startServer(env);
  await waitForHealth(`http://127.0.0.1:${port}`, server, 60_000);

  project.provide('baseURL', `http://127.0.0.1:${port}`);
  project.provide('dataDir', dataDir);
  return async () => {
    await stop(server);
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
}

/** The environment of a test server on `dataDir` and `port`: demo data, the test administrator, PGlite. */
export function serverEnv(dataDir: string, port: number): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    DEMO_DATA: '1',
    ADMIN_LOGIN: ADMIN.login,
    ADMIN_PASSWORD: ADMIN.password,
    LOG_LEVEL: 'warn',
  };
  delete env.DATABASE_URL;
  return env;
}

export function startServer(env: NodeJS.ProcessEnv): ChildProcess {
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/api/src/server.ts'], {
    cwd: repoRoot,
    env,
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  return child;
}

export async function waitForHealth(baseURL: string, child: ChildProcess, timeoutMs: number) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`Le serveur s'est arrêté (code ${child.exitCode})`);
    try {
      const response = await fetch(`${baseURL}/healthz`);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`Le serveur ne répond pas sur ${baseURL}/healthz après ${timeoutMs} ms`);
}

export function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
  });
}

export function run(command: string, args: string[], env: NodeJS.ProcessEnv): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd: repoRoot, env, stdio: 'inherit' });
    child.once('exit', (code) =>
      code === 0 ? resolve() : reject(new Error(`${command} ${args.join(' ')} → ${code}`)),
    );
  });
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('port')),
      );
    });
  });
}
