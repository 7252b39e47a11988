// A server of a test file's own, on its own data folder, for browser tests that need the shop in a
// state the shared server must not be put in (settings, credit limits): started like the shared one
// (demo data, first administrator, the test customer account), stopped, prepared, started again.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { CUSTOMER } from './accounts';
import { freePorts, startServerProcess } from '../../apps/api/src/test/server-process';
import { run, serverEnv } from './global-setup';
import type { ShopState } from './prepare-shop';

export interface OwnServer {
  baseURL: string;
  close: () => Promise<void>;
}

/** `extraEnv`: variables over the test server's own (e.g. SMTP_URL to a test's mail server). */
export async function startOwnServer(
  state: ShopState,
  extraEnv: Record<string, string | undefined> = {},
): Promise<OwnServer> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'comptoir-e2e-own-'));
  const [port] = await freePorts(1);
  const env = { ...serverEnv(dataDir, port!), ...extraEnv };
  // The processes it runs between two starts take the same variables, DATABASE_URL left out.
  const processEnv = { ...process.env, ...env, DATABASE_URL: '' };
  const start = (readyTimeoutMs: number) =>
    startServerProcess({ env, stdio: 'inherit', compiled: true, readyTimeoutMs });
  let server = await start(180_000);
  await server.stop();
  for (const account of [CUSTOMER, ...(state.accounts ?? [])]) {
    const user = ['run', '--silent', 'user', '--', 'add', '--login', account.login];
    await run(
      'npm',
      [...user, '--password', account.password, '--role', 'client', '--client', account.code],
      processEnv,
    );
  }
  await run(process.execPath, ['--import', 'tsx', 'e2e/support/prepare-shop.ts', JSON.stringify(state)], {
    ...processEnv,
    PGLITE_DIR: path.join(dataDir, 'db'),
  });
  server = await start(60_000);
  return {
    baseURL: server.baseURL,
    close: async () => {
      await server.stop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
