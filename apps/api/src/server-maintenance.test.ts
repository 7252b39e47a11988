// PGlite has no autovacuum: the server runs the passes of packages/db/src/maintenance.ts itself, every
// PGLITE_MAINTENANCE_SECONDS. The real server from its sources on a fresh PGlite folder: a table
// written through the API past PostgreSQL's analyze threshold is analyzed by the next pass, which the
// server logs.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { spawnServerProcess, until, type ServerProcess } from './test/server-process';

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'comptoir-maintenance-'));
const ADMIN = { login: 'admin', password: 'entretien-de-la-base' };
/** Past the analyze threshold of an empty table: more than 50 rows changed. */
const MODELS = 60;
let server: ServerProcess | undefined;

afterAll(async () => {
  await server?.stop();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

it(
  'analyzes a table written through the API at its next pass, and logs it',
  { timeout: 180_000 },
  async () => {
    server = await spawnServerProcess({
      env: {
        DATA_DIR: dataDir,
        DATABASE_URL: undefined,
        DEMO_DATA: '0',
        ADMIN_LOGIN: ADMIN.login,
        ADMIN_PASSWORD: ADMIN.password,
        PGLITE_MAINTENANCE_SECONDS: '1',
        LOG_LEVEL: 'warn',
      },
    });
    await server.ready(120_000);
    const json = { 'content-type': 'application/json' };
    const login = await fetch(`${server.baseURL}/auth/login`, {
      method: 'POST',
      headers: json,
      body: JSON.stringify(ADMIN),
    });
    expect(login.status).toBe(200);
    const cookie = login.headers
      .getSetCookie()
      .map((header) => header.split(';')[0])
      .join('; ');

    const passes = /entretien de la base embarquée : (.*)/g;
    const logged = () => [...server!.output().matchAll(passes)].map((match) => match[1]!);
    expect(logged().join('\n')).not.toMatch(/selection_models/);
    for (let i = 0; i < MODELS; i++) {
      const saved = await fetch(`${server.baseURL}/admin/selectionModele/post`, {
        method: 'POST',
        headers: { ...json, cookie },
        body: JSON.stringify({ nom: `Modèle ${i}` }),
      });
      expect(saved.status).toBe(200);
    }
    await until(
      () => logged().some((line) => /\bselection_models \(/.test(line)),
      'selection_models dans le journal des passes',
      30_000,
    );
    expect(server.alive()).toBe(true);
  },
);
