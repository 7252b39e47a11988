// A file uploaded on the import page (docs/import-erp.md): put in the drop folder already claimed and
// imported in the background.
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { Readable } from 'node:stream';
import { IMPORT_PAGE_MESSAGES, type ImportUploadResponse } from '@comptoir/shared/imports/contract';
import { nameInState, QUEUED_FILE_EXTENSIONS } from '@comptoir/shared/imports';
import { badRequest, HttpError } from '../../errors';
import { importClaimedFile } from './import-runs.service';
import type { ImportRuntime } from './runtime';

/** The imports of uploaded files under way (the app waits for them before closing the database). */
const uploads = new Set<Promise<unknown>>();
export const uploadsDone = () => Promise.all([...uploads]);

/** A file name safe in the drop folder: no path, only plain characters. */
function safeName(original: string): string {
  const base = path.basename(original.replaceAll('\\', '/'));
  return base
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^A-Za-z0-9._-]/g, '_')
    .replace(/^[._]+/, '')
    .slice(-120);
}

/**
 * An uploaded file: written under a temporary name, then claimed at once (renamed `.encours`) and
 * imported in the background; the page follows it in the history.
 */
export async function acceptUpload(
  runtime: ImportRuntime,
  upload: { filename: string; file: Readable & { truncated?: boolean } },
): Promise<ImportUploadResponse> {
  const base = safeName(upload.filename);
  if (!QUEUED_FILE_EXTENSIONS.some((ext) => base.toLowerCase().endsWith(ext))) {
    upload.file.resume();
    throw badRequest(IMPORT_PAGE_MESSAGES.badExtension);
  }
  const stamp = new Date().toISOString().replace(/[-:]/g, '').replace('T', '-').slice(0, 15);
  // The original name first: it may say the kind (articles…).
  const ext = path.extname(base);
  const queuedName = `${base.slice(0, -ext.length)}-${stamp}-${randomBytes(3).toString('hex')}${ext.toLowerCase()}`;
  const temp = path.join(runtime.importsDir, `.envoi-${randomBytes(8).toString('hex')}.part`);
  try {
    await pipeline(upload.file, fs.createWriteStream(temp, { flags: 'wx' }));
    if (upload.file.truncated) throw new HttpError(413, IMPORT_PAGE_MESSAGES.tooLarge);
    await fs.promises.rename(temp, path.join(runtime.importsDir, nameInState(queuedName, 'running')));
  } catch (error) {
    await fs.promises.rm(temp, { force: true });
    throw error;
  }
  const work = importClaimedFile(runtime, queuedName, 'page')
    .catch((error: unknown) => runtime.log.error({ err: error, queuedName }, 'import en échec'))
    .finally(() => uploads.delete(work));
  uploads.add(work);
  return { fichier: queuedName, message: IMPORT_PAGE_MESSAGES.uploaded(queuedName) };
}
