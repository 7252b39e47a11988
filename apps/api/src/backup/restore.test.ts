// What npm run restore refuses before writing anything that stays: a path that climbs out of
// FILES_DIR, a backup of the other kind of database, a newer format. The target is left empty.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createGzip } from 'node:zlib';
import { afterAll, expect, it } from 'vitest';
import { parseConfig } from '../config';
import { BACKUP_FORMAT, MANIFEST, POSTGRES_ENTRY } from './backup';
import { restoreBackup } from './restore';
import { TarWriter } from './tar';

const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'comptoir-restauration-test-'));
afterAll(() => fs.rmSync(scratch, { recursive: true, force: true }));

let made = 0;
async function backupOf(manifest: object, entries: [string, string][]): Promise<string> {
  const file = path.join(scratch, `sauvegarde-${++made}.tar.gz`);
  const gzip = createGzip();
  const done = new Promise<void>((resolve) =>
    gzip.pipe(fs.createWriteStream(file)).on('finish', () => resolve()),
  );
  const tar = new TarWriter(gzip);
  await tar.addBuffer(MANIFEST, Buffer.from(JSON.stringify(manifest)));
  for (const [name, content] of entries) await tar.addBuffer(name, Buffer.from(content));
  await tar.finish();
  gzip.end();
  await done;
  return file;
}

const manifest = (changes: object = {}) => ({
  format: BACKUP_FORMAT,
  version: 1,
  date: new Date().toISOString(),
  database: 'pglite',
  appVersion: '0.1.0',
  migration: '0000',
  ...changes,
});

const target = () => path.join(scratch, `cible-${++made}`);
const configFor = (dataDir: string) => parseConfig({ DATA_DIR: dataDir });

it('refuses a file path that climbs out of FILES_DIR and leaves the target absent', async () => {
  const file = await backupOf(manifest(), [['fichiers/../../evade.txt', 'non']]);
  const dataDir = target();
  await expect(restoreBackup(configFor(dataDir), file)).rejects.toThrow(/chemin refusé/);
  expect(fs.existsSync(dataDir)).toBe(false);
  expect(fs.existsSync(path.join(scratch, 'evade.txt'))).toBe(false);
});

it('refuses a PostgreSQL backup without DATABASE_URL, and a newer format', async () => {
  const postgres = await backupOf(manifest({ database: 'postgres' }), [[POSTGRES_ENTRY, 'x']]);
  await expect(restoreBackup(configFor(target()), postgres)).rejects.toThrow(/donnez DATABASE_URL/);
  const newer = await backupOf(manifest({ version: 2 }), []);
  await expect(restoreBackup(configFor(target()), newer)).rejects.toThrow(/plus récent/);
});

it('refuses an archive without its database, and one without a manifest first', async () => {
  const dataDir = target();
  fs.mkdirSync(dataDir);
  const noDatabase = await backupOf(manifest(), [['fichiers/exports/a.txt', 'a']]);
  await expect(restoreBackup(configFor(dataDir), noDatabase)).rejects.toThrow(/la base manque/);
  // The folder existed, empty: it is left so.
  expect(fs.readdirSync(dataDir)).toEqual([]);
  const gzip = createGzip();
  const file = path.join(scratch, 'sans-manifeste.tar.gz');
  const done = new Promise<void>((resolve) =>
    gzip.pipe(fs.createWriteStream(file)).on('finish', () => resolve()),
  );
  const tar = new TarWriter(gzip);
  await tar.addBuffer('autre.txt', Buffer.from('?'));
  await tar.finish();
  gzip.end();
  await done;
  await expect(restoreBackup(configFor(dataDir), file)).rejects.toThrow(/pas de manifest.json/);
});
