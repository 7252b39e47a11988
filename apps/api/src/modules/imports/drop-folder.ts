// The ERP drop folder (FILES_DIR/imports), polled every IMPORT_POLL_MS (polling rather than watching:
// it works the same on network shares and with several instances, and a missed event cannot strand a
// file). Each look first gives names that are not UTF-8 a readable one, puts back in the queue the
// files whose import died with its server (once: a file interrupted twice in a row is set aside as
// `.err`), ends the imports whose file is gone, then claims the oldest queued file by renaming it
// `.encours` — of two instances, only one rename wins — and imports it. Files still being written are
// left alone for a second; symbolic links and anything but a regular file are refused unopened
// (docs/import-erp.md, What the drop folder refuses).
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { DbOrTx } from '@comptoir/db/client';
import { importFileStateOf, nameInState, runningFileQueuedName } from '@comptoir/shared/imports';
import { IMPORT_MESSAGES } from '@comptoir/shared/imports/kinds';
import * as repo from './imports.repository';
import { claimedByThisProcess, importClaimedFile, refuseFile } from './import-runs.service';
import type { ImportRuntime } from './runtime';

/** A queued file modified this recently may still be being written. */
const SETTLE_MS = 1000;
/** History rows read back to count a file's interruptions in a row. */
const HISTORY_LOOKBACK = 200;

export interface DropFolder {
  /** One look at the folder: requeue the dead, import what is queued. Resolves when done. */
  poll(): Promise<void>;
  stop(): Promise<void>;
}

/**
 * How many times in a row the file was interrupted, from its history (newest first): interrupted rows
 * count until a finished row of an entry that was interrupted, or of the whole file (an earlier file of
 * the same name that ended); the rows of its other entries, imported before the interruption, are passed.
 */
export function interruptionsInARow(
  rows: readonly { entryName: string; status: string }[],
  fileName: string,
): number {
  const interrupted = new Set<string>();
  let count = 0;
  for (const row of rows) {
    if (row.status === 'interrompu') {
      count++;
      interrupted.add(row.entryName);
    } else if (row.status !== 'en_cours' && (interrupted.has(row.entryName) || row.entryName === fileName))
      break;
  }
  return count;
}

const utf8 = new TextDecoder('utf-8', { fatal: true });
const windows1252 = new TextDecoder('windows-1252');

/** A name as text: itself when it is UTF-8, else read as Windows-1252 (what Windows shares write), made safe. */
export function readableName(raw: Buffer): { name: string; changed: boolean } {
  try {
    return { name: utf8.decode(raw), changed: false };
  } catch {
    // eslint-disable-next-line no-control-regex -- control characters have no place in a file name
    const name = windows1252.decode(raw).replace(/[\u0000-\u001f\u007f-\u009f/\\]/g, '_');
    return { name, changed: true };
  }
}

export function startDropFolder(
  runtime: ImportRuntime,
  options: { pollMs: number; staleMs: number },
): DropFolder {
  const { importsDir, db, log } = runtime;
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let current: Promise<void> = Promise.resolve();
  const inFolder = (name: string) => path.join(importsDir, name);

  /** The folder's names; those that are not UTF-8 are first renamed to a readable name. */
  async function readNames(): Promise<string[]> {
    const raws = await fs.promises.readdir(importsDir, { encoding: 'buffer' }).catch(() => [] as Buffer[]);
    const names: string[] = [];
    for (const raw of raws) {
      const { name, changed } = readableName(raw);
      if (!changed) {
        names.push(name);
        continue;
      }
      const taken = await fs.promises.lstat(inFolder(name)).then(
        () => true,
        () => false,
      );
      const ext = path.extname(name);
      const target = taken
        ? `${name.slice(0, name.length - ext.length)}-${randomBytes(3).toString('hex')}${ext}`
        : name;
      try {
        await fs.promises.rename(Buffer.concat([Buffer.from(`${importsDir}/`), raw]), inFolder(target));
        log.warn({ bytes: raw.toString('hex'), file: target }, 'nom de fichier non UTF-8 : fichier renommé');
        names.push(target);
      } catch {
        // Renamed or removed by another instance meanwhile.
      }
    }
    return names;
  }

  /** Puts back in the queue, or sets aside when it already was interrupted, a file whose import died. */
  async function requeueDead(names: string[]) {
    for (const name of names) {
      const queuedName = runningFileQueuedName(name);
      if (queuedName === null || claimedByThisProcess(queuedName)) continue;
      const stat = await fs.promises.lstat(inFolder(name)).catch(() => null);
      // Just claimed by another instance, which has not written its history row yet.
      if (!stat || Date.now() - stat.ctimeMs < options.staleMs) continue;
      if (await repo.hasLiveJob(db, queuedName, options.staleMs)) continue;
      // One instance at a time decides, and renames, under the lock.
      await db.transaction(async (tx: DbOrTx) => {
        await repo.lockRequeue(tx, queuedName);
        if (!(await fs.promises.lstat(inFolder(name)).catch(() => null))) return; // another instance did it
        const before = interruptionsInARow(
          await repo.recentJobsOf(tx, queuedName, HISTORY_LOOKBACK),
          queuedName,
        );
        const setAside = before >= 1;
        const message = setAside ? IMPORT_MESSAGES.interruptedTwice : IMPORT_MESSAGES.interrupted;
        const status = setAside ? 'erreur' : 'interrompu';
        const ended = await repo.interruptJobs(tx, queuedName, message, options.staleMs, status);
        // Died before its first history row: one is written, so that the next death counts as the second.
        if (!ended) {
          const id = await repo.insertJob(tx, {
            fileName: queuedName,
            entryName: queuedName,
            kind: null,
            source: 'dossier',
          });
          await repo.updateJob(tx, id, { status, message, finishedAt: new Date() });
        }
        await fs.promises.rename(
          inFolder(name),
          inFolder(setAside ? nameInState(queuedName, 'refused') : queuedName),
        );
        if (setAside)
          log.error({ file: queuedName }, 'import interrompu deux fois : fichier mis de côté (.err)');
        else log.warn({ file: queuedName }, 'import interrompu : fichier remis dans la file');
      });
    }
  }

  /** Ends as failed the running imports, silent past the stale delay, whose `.encours` file is gone. */
  async function failOrphans(names: string[]) {
    const present = new Set(names);
    for (const job of await repo.silentJobs(db, options.staleMs)) {
      if (claimedByThisProcess(job.fileName) || present.has(nameInState(job.fileName, 'running'))) continue;
      await repo.failSilentJob(db, job.id, IMPORT_MESSAGES.fileGone, options.staleMs);
      log.warn({ file: job.fileName }, 'import en cours sans fichier : terminé en échec');
    }
  }

  /** Refuses a queued name that is a symbolic link, a folder or anything but a regular file: renamed `.err`, never opened. */
  async function refuseOddFile(name: string, stat: fs.Stats) {
    const message = stat.isSymbolicLink() ? IMPORT_MESSAGES.symlink : IMPORT_MESSAGES.notRegularFile;
    const renamed = await fs.promises.rename(inFolder(name), inFolder(nameInState(name, 'refused'))).then(
      () => true,
      () => false, // refused by another instance meanwhile
    );
    if (!renamed) return;
    log.warn({ file: name, reason: message }, 'fichier d’import refusé');
    await refuseFile(db, { fileName: name, entryName: name, kind: null, source: 'dossier' }, message);
  }

  async function nextQueued(names: string[]): Promise<string | undefined> {
    const queued: { name: string; mtime: number }[] = [];
    for (const name of names) {
      if (importFileStateOf(name) !== 'attente') continue;
      // lstat: a symbolic link is looked at, not followed.
      const stat = await fs.promises.lstat(inFolder(name)).catch(() => null);
      if (!stat) continue;
      if (!stat.isFile()) await refuseOddFile(name, stat);
      else if (Date.now() - stat.mtimeMs >= SETTLE_MS) queued.push({ name, mtime: stat.mtimeMs });
    }
    queued.sort((a, b) => a.mtime - b.mtime || a.name.localeCompare(b.name));
    for (const { name } of queued) {
      try {
        await fs.promises.rename(inFolder(name), inFolder(nameInState(name, 'running')));
        return name;
      } catch {
        // Claimed by another instance meanwhile.
      }
    }
    return undefined;
  }

  async function look() {
    let names = await readNames();
    await requeueDead(names);
    await failOrphans(await readNames());
    while (!stopped) {
      names = await readNames();
      const claimed = await nextQueued(names);
      if (!claimed) return;
      await importClaimedFile(runtime, claimed, 'dossier');
    }
  }

  function poll(): Promise<void> {
    current = current
      .then(look)
      .catch((error: unknown) => log.error({ err: error }, 'dossier d’import illisible'));
    return current;
  }

  const schedule = () => {
    if (stopped || !options.pollMs) return;
    timer = setTimeout(() => void poll().finally(schedule), options.pollMs);
  };
  schedule();

  return {
    poll,
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await current;
    },
  };
}
