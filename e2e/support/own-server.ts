// A server of a test file's own, on its own data folder, for browser tests that need the shop in a
// state the shared server must not be put in (settings, credit limits): started like the shared one
// (demo data, first administrator, the test customer account), stopped, prepared, started again.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { CUSTOMER } from './accounts';
import { freePort, run, serverEnv, startServer, stop, waitForHealth } from './global-setup';
import type { ShopState } from './prepare-shop';

export interface OwnServer {
  baseURL: string;
  close: () => Promise<void>;
}

export async function startOwnServer(state: ShopState): Promise<OwnServer> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'comptoir-e2e-own-'));
  const port = await freePort();
  const baseURL = `http://127.0.0.1:${port}`;
  const env = serverEnv(dataDir, port);
  let server = startServer(env);
  await waitForHealth(baseURL, server, 180_000);
  await stop(server);
  const user = ['run', '--silent', 'user', '--', 'add', '--login', CUSTOMER.login];
  await run(
    'npm',
    [...user, '--password', CUSTOMER.password, '--role', 'client', '--client', CUSTOMER.code],
    env,
  );
  await run(process.execPath, ['--import', 'tsx', 'e2e/support/prepare-shop.ts', JSON.stringify(state)], {
    ...env,
    PGLITE_DIR: path.join(dataDir, 'db'),
  });
  server = startServer(env);
  await waitForHealth(baseURL, server, 60_000);
  return {
    baseURL,
    close: async () => {
      await stop(server);
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
