// Starts the real server (built web app, migrations, demo data, first administrator) on a fresh
// data folder and a free port, exactly as `npm start` does, and hands its URL to the tests.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { freePorts, repoRoot, startServerProcess } from '../../apps/api/src/test/server-process';
import { ADMIN, CUSTOMER } from './accounts';

declare module 'vitest' {
  export interface ProvidedContext {
    baseURL: string;
    dataDir: string;
    /** The run's saved sessions (Playwright storage states, one per server and account: setup.ts). */
    storageStateDir: string;
  }
}

export default async function setup(project: TestProject) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'comptoir-e2e-'));
  const [port] = await freePorts(1);
  const env = serverEnv(dataDir, port!);

  const started = Date.now();
  // The demo data load takes minutes on a machine shared by several test runs: wait as own-server does.
  let server = await startServerProcess({ env, stdio: 'inherit', compiled: true, readyTimeoutMs: 300_000 });
  console.log(`e2e: serveur prêt en ${((Date.now() - started) / 1000).toFixed(1)} s (${dataDir})`);

  // A customer account, made with the operators' CLI while the server is stopped (PGlite: one process).
  await server.stop();
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
    { ...process.env, ...env, DATABASE_URL: '' },
  );
  server = await startServerProcess({ env, stdio: 'inherit', compiled: true });

  project.provide('baseURL', server.baseURL);
  project.provide('dataDir', dataDir);
  const storageStateDir = fs.mkdtempSync(path.join(os.tmpdir(), 'comptoir-e2e-sessions-'));
  project.provide('storageStateDir', storageStateDir);
  return async () => {
    await server.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
    fs.rmSync(storageStateDir, { recursive: true, force: true });
  };
}

/** The environment of a test server on `dataDir` and `port`: demo data, the test administrator, PGlite. */
export function serverEnv(dataDir: string, port: number): Record<string, string | undefined> {
  return {
    PORT: String(port),
    DATA_DIR: dataDir,
    DATABASE_URL: undefined,
    DEMO_DATA: '1',
    ADMIN_LOGIN: ADMIN.login,
    ADMIN_PASSWORD: ADMIN.password,
    LOG_LEVEL: 'warn',
  };
}

export function run(command: string, args: string[], env: NodeJS.ProcessEnv): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd: repoRoot, env, stdio: 'inherit' });
    child.once('exit', (code) =>
      code === 0 ? resolve() : reject(new Error(`${command} ${args.join(' ')} → ${code}`)),
    );
  });
}
