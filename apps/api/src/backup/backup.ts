// `npm run backup -- --out FILE` (docs/operations.md, Backups): one .tar.gz holding manifest.json,
// the database (PGlite's data folder, or pg_dump's custom format) and FILES_DIR, taken while the
// server runs. The database is copied first, then the files: an order in the copy was committed
// before it, so its export file, placed before its pending mark is cleared, is on disk when the
// files are read; one still pending is placed by the restored server at its start. Files of orders
// placed after the database's copy are set aside by that start too (exports-quarantaine).
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { createGzip } from 'node:zlib';
import { openDatabase } from '@comptoir/db/client';
import { migrationsFolder, repoRoot } from '@comptoir/db/paths';
import type { Config } from '../config';
import { requestSnapshot, snapshotSocketOf } from './channel';
import { BackupError, dumpPostgres } from './postgres';
import { TarWriter } from './tar';

export const BACKUP_FORMAT = 'comptoir-sauvegarde';
export const BACKUP_VERSION = 1;
export const MANIFEST = 'manifest.json';
export const PGLITE_ENTRY = 'base/pglite.tar';
export const POSTGRES_ENTRY = 'base/postgres.dump';
/** FILES_DIR's tree goes under this folder of the archive; DATA_DIR's own files under data/. */
export const FILES_PREFIX = 'fichiers/';
export const SESSION_SECRET_ENTRY = 'data/session-secret';

export interface Manifest {
  format: typeof BACKUP_FORMAT;
  version: number;
  date: string;
  database: 'pglite' | 'postgres';
  appVersion: string;
  /** The last migration the code that took the backup knows. */
  migration: string;
}

export interface BackupReport {
  file: string;
  bytes: number;
  databaseBytes: number;
  files: number;
  filesBytes: number;
  /** Files that changed size while read (padded): should be none. */
  changed: string[];
  seconds: number;
}

function codeVersions(): { appVersion: string; migration: string } {
  const api = JSON.parse(fs.readFileSync(path.join(repoRoot, 'apps/api/package.json'), 'utf8'));
  const journal = JSON.parse(fs.readFileSync(path.join(migrationsFolder, 'meta/_journal.json'), 'utf8'));
  return { appVersion: api.version, migration: journal.entries.at(-1)?.tag ?? '' };
}

/** Folders of FILES_DIR left out: the resized pictures, remade on demand. */
const SKIPPED_DIRS = new Set(['cache']);
/** A write in progress (order files go through a temporary name). */
const TEMPORARY = /^\..*\.tmp$/;

async function* walk(root: string, relative = ''): AsyncGenerator<string> {
  let entries: fs.Dirent[];
  try {
    entries = await fsp.readdir(path.join(root, relative), { withFileTypes: true });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return;
    throw error;
  }
  entries.sort((a, b) => (a.name < b.name ? -1 : 1));
  for (const entry of entries) {
    const child = relative ? `${relative}/${entry.name}` : entry.name;
    if (entry.isDirectory()) {
      if (!(relative === '' && SKIPPED_DIRS.has(entry.name))) yield* walk(root, child);
    } else if (entry.isFile() && !TEMPORARY.test(entry.name)) yield child;
  }
}

/** The embedded database's copy: from the server that holds it, or opened here when none runs. */
async function pgliteSnapshot(
  config: Config,
): Promise<{ size: number; bytes: AsyncIterable<Buffer> | Iterable<Buffer> }> {
  const asked = await requestSnapshot(config.dataDir);
  if (asked) return asked;
  if (!fs.existsSync(path.join(config.pgliteDir, 'PG_VERSION')))
    throw new BackupError(`Aucune base à sauvegarder dans ${config.pgliteDir}`);
  // No server answers: this process opens the folder (the lock refuses if a server holds it after all).
  const handle = await openDatabase({ dataDir: config.pgliteDir }).catch((error: Error) => {
    // Held by a server that does not answer on the channel (one without it, or whose socket failed).
    throw new BackupError(
      `${error.message} Le serveur ne répond pas sur ${snapshotSocketOf(config.dataDir)} : arrêtez-le, ou redémarrez-le, puis relancez la sauvegarde.`,
    );
  });
  try {
    const bytes = Buffer.from(await handle.snapshot!());
    return { size: bytes.length, bytes: [bytes] };
  } finally {
    await handle.close();
  }
}

export async function writeBackup(config: Config, out: string): Promise<BackupReport> {
  const started = performance.now();
  if (fs.existsSync(out)) throw new BackupError(`Le fichier ${out} existe déjà : choisissez un autre nom`);
  // Written under a temporary name, renamed once complete: a cut backup never looks like one.
  const partial = `${out}.partiel`;
  const dumpFile = `${out}.base.tmp`;
  let fd: number;
  try {
    fd = fs.openSync(partial, 'wx', 0o600);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST')
      throw new BackupError(`Impossible d'écrire ${partial} : ${(error as Error).message}`);
    throw new BackupError(
      `${partial} existe : une sauvegarde vers ce fichier est en cours ou a été interrompue (supprimez-le si aucune ne tourne)`,
    );
  }
  const gzip = createGzip({ level: 6 });
  const written = pipeline(gzip, fs.createWriteStream(partial, { fd }));
  // A write error shows at once in `written`; kept from being unhandled meanwhile.
  written.catch(() => {});
  const tar = new TarWriter(gzip);
  const report: BackupReport = {
    file: out,
    bytes: 0,
    databaseBytes: 0,
    files: 0,
    filesBytes: 0,
    changed: [],
    seconds: 0,
  };
  try {
    const manifest: Manifest = {
      format: BACKUP_FORMAT,
      version: BACKUP_VERSION,
      date: new Date().toISOString(),
      database: config.databaseUrl ? 'postgres' : 'pglite',
      ...codeVersions(),
    };
    await tar.addBuffer(MANIFEST, Buffer.from(JSON.stringify(manifest, null, 2)));
    if (config.databaseUrl) {
      await dumpPostgres(config.databaseUrl, dumpFile);
      report.databaseBytes = fs.statSync(dumpFile).size;
      await tar.add(POSTGRES_ENTRY, report.databaseBytes, fs.createReadStream(dumpFile));
    } else {
      const snapshot = await pgliteSnapshot(config);
      report.databaseBytes = snapshot.size;
      if (!(await tar.add(PGLITE_ENTRY, snapshot.size, snapshot.bytes)))
        throw new BackupError('La copie de la base envoyée par le serveur est incomplète');
    }
    const secret = path.join(config.dataDir, 'session-secret');
    if (fs.existsSync(secret)) await tar.addBuffer(SESSION_SECRET_ENTRY, fs.readFileSync(secret));
    for await (const relative of walk(config.filesDir)) {
      let handle: fsp.FileHandle;
      try {
        handle = await fsp.open(path.join(config.filesDir, relative), 'r');
      } catch (error) {
        // Removed since the folder was listed.
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') continue;
        throw error;
      }
      try {
        const stat = await handle.stat();
        const complete = await tar.add(
          FILES_PREFIX + relative,
          stat.size,
          handle.createReadStream({ autoClose: false, start: 0 }),
          stat.mtime,
        );
        if (!complete) report.changed.push(relative);
        report.files++;
        report.filesBytes += stat.size;
      } finally {
        await handle.close();
      }
    }
    await tar.finish();
    gzip.end();
    await written;
    fs.renameSync(partial, out);
    report.bytes = fs.statSync(out).size;
    report.seconds = (performance.now() - started) / 1000;
    return report;
  } catch (error) {
    gzip.destroy();
    // A failed write of the file (disk full…) says more than what it made fail.
    const writeError = await written.then(
      () => null,
      (failure: Error) => failure,
    );
    fs.rmSync(partial, { force: true });
    throw writeError && !(error instanceof BackupError) ? writeError : error;
  } finally {
    fs.rmSync(dumpFile, { force: true });
  }
}
