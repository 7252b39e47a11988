// The ERP drop folder (FILES_DIR/imports), polled every IMPORT_POLL_MS (polling rather than watching:
// it works the same on network shares and with several instances, and a missed event cannot strand a
// file). Each look first puts back in the queue the files whose import died with its server, then
// claims the oldest queued file by renaming it `.encours` — of two instances, only one rename wins —
// and imports it. Files still being written are left alone for a second.
import fs from 'node:fs';
import path from 'node:path';
import { importFileStateOf, nameInState, runningFileQueuedName } from '@comptoir/shared/imports';
import { IMPORT_MESSAGES } from '@comptoir/shared/imports/kinds';
import * as repo from './imports.repository';
import { claimedByThisProcess, importClaimedFile, type ImportRuntime } from './imports.service';

/** A queued file modified this recently may still be being written. */
const SETTLE_MS = 1000;

export interface DropFolder {
  /** One look at the folder: requeue the dead, import what is queued. Resolves when done. */
  poll(): Promise<void>;
  stop(): Promise<void>;
}

export function startDropFolder(
  runtime: ImportRuntime,
  options: { pollMs: number; staleMs: number },
): DropFolder {
  const { importsDir, db, log } = runtime;
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let current: Promise<void> = Promise.resolve();

  async function requeueDead(names: string[]) {
    for (const name of names) {
      const queuedName = runningFileQueuedName(name);
      if (queuedName === null || claimedByThisProcess(queuedName)) continue;
      const stat = await fs.promises.stat(path.join(importsDir, name)).catch(() => null);
      // Just claimed by another instance, which has not written its history row yet.
      if (!stat || Date.now() - stat.ctimeMs < options.staleMs) continue;
      if (await repo.hasLiveJob(db, queuedName, options.staleMs)) continue;
      await repo.interruptJobs(db, queuedName, IMPORT_MESSAGES.interrupted, options.staleMs);
      await fs.promises
        .rename(path.join(importsDir, name), path.join(importsDir, queuedName))
        .then(() => log.warn({ file: queuedName }, 'import interrompu : fichier remis dans la file'))
        .catch(() => {}); // another instance requeued it first
    }
  }

  async function nextQueued(names: string[]): Promise<string | undefined> {
    const queued: { name: string; mtime: number }[] = [];
    for (const name of names) {
      if (importFileStateOf(name) !== 'attente') continue;
      const stat = await fs.promises.stat(path.join(importsDir, name)).catch(() => null);
      if (stat?.isFile() && Date.now() - stat.mtimeMs >= SETTLE_MS)
        queued.push({ name, mtime: stat.mtimeMs });
    }
    queued.sort((a, b) => a.mtime - b.mtime || a.name.localeCompare(b.name));
    for (const { name } of queued) {
      try {
        await fs.promises.rename(
          path.join(importsDir, name),
          path.join(importsDir, nameInState(name, 'running')),
        );
        return name;
      } catch {
        // Claimed by another instance meanwhile.
      }
    }
    return undefined;
  }

  async function look() {
    let names = await fs.promises.readdir(importsDir).catch(() => [] as string[]);
    await requeueDead(names);
    while (!stopped) {
      names = await fs.promises.readdir(importsDir).catch(() => [] as string[]);
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
