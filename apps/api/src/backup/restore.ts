// `npm run restore -- FILE` (docs/operations.md, Backups): rebuilds an empty DATA_DIR, FILES_DIR and,
// with DATABASE_URL, an empty database from a backup of backup.ts. The whole archive is read, its
// files written, before the database is put in place: a damaged archive leaves the targets as empty
// as they were. The server started afterwards applies the migrations the backup is older than.
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { createGunzip } from 'node:zlib';
import { restorePgliteSnapshot } from '@comptoir/db/pglite-snapshot';
import type { Config } from '../config';
import {
  BACKUP_FORMAT,
  BACKUP_VERSION,
  FILES_PREFIX,
  MANIFEST,
  PGLITE_ENTRY,
  POSTGRES_ENTRY,
  SESSION_SECRET_ENTRY,
  type Manifest,
} from './backup';
import { BackupError, isPostgresEmpty, restorePostgres } from './postgres';
import { CorruptArchive, readTar, type TarEntry } from './tar';

export interface RestoreReport {
  manifest: Manifest;
  files: number;
  seconds: number;
}

const isEmptyDir = (dir: string) => !fs.existsSync(dir) || fs.readdirSync(dir).length === 0;

/** `relative` under `root`, refused when it would climb out of it (an archive made up to harm). */
function inside(root: string, relative: string): string {
  const target = path.resolve(root, relative);
  if (!relative || path.isAbsolute(relative) || !target.startsWith(path.resolve(root) + path.sep))
    throw new CorruptArchive(`chemin refusé : ${relative}`);
  return target;
}

async function collect(entry: TarEntry): Promise<Buffer> {
  const parts: Buffer[] = [];
  for await (const part of entry.body()) parts.push(part);
  return Buffer.concat(parts);
}

function readManifest(data: Buffer, config: Config): Manifest {
  let manifest: Manifest;
  try {
    manifest = JSON.parse(data.toString('utf8'));
  } catch {
    throw new CorruptArchive('manifest.json illisible');
  }
  if (manifest.format !== BACKUP_FORMAT) throw new CorruptArchive('manifest.json d’un autre format');
  if (manifest.version > BACKUP_VERSION)
    throw new BackupError(
      `Cette sauvegarde est au format ${manifest.version}, plus récent que celui de cette version (${BACKUP_VERSION}) : restaurez-la avec la version qui l'a faite`,
    );
  if (manifest.database === 'postgres' && !config.databaseUrl)
    throw new BackupError(
      'Cette sauvegarde vient d’une base PostgreSQL : donnez DATABASE_URL (une base vide) pour la restaurer',
    );
  if (manifest.database === 'pglite' && config.databaseUrl)
    throw new BackupError(
      'Cette sauvegarde vient de la base embarquée (PGlite) : restaurez-la sans DATABASE_URL',
    );
  return manifest;
}

/** Refuses unless every target is empty (nothing is ever overwritten). */
async function checkTargets(config: Config): Promise<void> {
  for (const [name, dir] of [
    ['DATA_DIR', config.dataDir],
    ['FILES_DIR', config.filesDir],
  ] as const)
    if (!isEmptyDir(dir))
      throw new BackupError(
        `Le dossier ${name} (${dir}) n'est pas vide : la restauration ne se fait que dans un dossier vide ou absent`,
      );
  if (config.databaseUrl && !(await isPostgresEmpty(config.databaseUrl)))
    throw new BackupError(
      'La base de DATABASE_URL n’est pas vide : la restauration ne se fait que dans une base neuve (createdb)',
    );
}

export async function restoreBackup(config: Config, file: string): Promise<RestoreReport> {
  const started = performance.now();
  if (!fs.existsSync(file)) throw new BackupError(`Fichier introuvable : ${file}`);
  await checkTargets(config);
  const created = [config.dataDir, config.filesDir].filter((dir) => !fs.existsSync(dir));
  const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'comptoir-restauration-'));
  let manifest: Manifest | undefined;
  let database: string | undefined;
  let files = 0;
  try {
    fs.mkdirSync(config.dataDir, { recursive: true });
    fs.mkdirSync(config.filesDir, { recursive: true });
    const gunzip = createGunzip();
    const input = fs.createReadStream(file);
    // gzip's own complaint (not gzip, cut short, bad checksum) says more than the reader's.
    let gzipError: Error | undefined;
    gunzip.on('error', (error) => (gzipError ??= error));
    input.pipe(gunzip);
    input.on('error', (error) => gunzip.destroy(error));
    try {
      for await (const entry of readTar(gunzip)) {
        if (!manifest) {
          if (entry.name !== MANIFEST) throw new CorruptArchive('pas de manifest.json en tête');
          manifest = readManifest(await collect(entry), config);
        } else if (entry.name === PGLITE_ENTRY || entry.name === POSTGRES_ENTRY) {
          database = path.join(scratch, path.basename(entry.name));
          await pipeline(entry.body(), fs.createWriteStream(database));
        } else if (entry.name === SESSION_SECRET_ENTRY) {
          fs.writeFileSync(path.join(config.dataDir, 'session-secret'), await collect(entry), {
            mode: 0o600,
          });
        } else if (entry.name.startsWith(FILES_PREFIX) && entry.type === '0') {
          const target = inside(config.filesDir, entry.name.slice(FILES_PREFIX.length));
          await fsp.mkdir(path.dirname(target), { recursive: true });
          await pipeline(entry.body(), fs.createWriteStream(target, { flags: 'wx' }));
          files++;
        }
      }
    } catch (error) {
      input.destroy();
      gunzip.destroy();
      if (error instanceof BackupError) throw error;
      if (gzipError) throw new CorruptArchive(gzipError.message);
      throw error;
    }
    if (!manifest) throw new CorruptArchive('archive vide');
    if (!database) throw new CorruptArchive('la base manque');
    if (manifest.database === 'postgres') await restorePostgres(config.databaseUrl!, database);
    else await restorePgliteSnapshot(config.pgliteDir, await fsp.readFile(database));
    return { manifest, files, seconds: (performance.now() - started) / 1000 };
  } catch (error) {
    // The targets were empty: back to empty (the database is restored last, in one transaction).
    for (const dir of [config.dataDir, config.filesDir])
      if (created.includes(dir)) fs.rmSync(dir, { recursive: true, force: true });
      else if (fs.existsSync(dir))
        for (const name of fs.readdirSync(dir))
          fs.rmSync(path.join(dir, name), { recursive: true, force: true });
    if (error instanceof CorruptArchive)
      throw new BackupError(`${file} n'est pas une sauvegarde Comptoir lisible (${error.message})`);
    throw error;
  } finally {
    fs.rmSync(scratch, { recursive: true, force: true });
  }
}
