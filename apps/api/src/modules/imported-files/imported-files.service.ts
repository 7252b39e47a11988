// The ERP drop folder as the imported-files page sees it (docs/contract/imported-files.md): list,
// put back in the queue, delete, download. This module owns the folder's files on behalf of the
// page; the import pipeline claims and renames them by the suffixes of @comptoir/shared/imports.
//
// Every name comes from a URL: it must name a regular file directly inside the folder. Anything
// else (a separator, '..', an absolute path, a control character, a symlink, a folder) is refused
// with a 400 before the file system is touched beyond an lstat.
import fs from 'node:fs/promises';
import { constants, type Dirent, type Stats } from 'node:fs';
import path from 'node:path';
import {
  formatFileSize,
  IMPORTED_FILE_MESSAGES,
  type FichierImportation,
  type ImportedFilesResponse,
} from '@comptoir/shared/imported-files';
import { importFileStateOf, requeuedName } from '@comptoir/shared/imports';
import { badRequest, conflict, notFound } from '../../errors';

const errno = (error: unknown) => (error as NodeJS.ErrnoException).code;

/** True when `name` can only mean a file directly inside the folder. */
export function isPlainFileName(name: string): boolean {
  return (
    name.length > 0 &&
    name.length <= 255 &&
    !name.includes('..') &&
    !/[/\\\p{Cc}]/u.test(name) &&
    !path.isAbsolute(name) &&
    path.basename(name) === name
  );
}

/** The path of `name` in `dir` and its lstat; 400 for an unsafe name or anything but a regular file, 404 when absent. */
async function regularFile(dir: string, name: string): Promise<{ file: string; stats: Stats }> {
  if (!isPlainFileName(name)) throw badRequest(IMPORTED_FILE_MESSAGES.invalidName);
  const file = path.join(dir, name);
  if (path.dirname(file) !== path.resolve(dir)) throw badRequest(IMPORTED_FILE_MESSAGES.invalidName);
  let stats: Stats;
  try {
    stats = await fs.lstat(file);
  } catch (error) {
    if (errno(error) === 'ENOENT' || errno(error) === 'ENOTDIR')
      throw notFound(IMPORTED_FILE_MESSAGES.notFound);
    throw error;
  }
  if (!stats.isFile()) throw badRequest(IMPORTED_FILE_MESSAGES.invalidName);
  return { file, stats };
}

function toFichier(name: string, stats: Stats): FichierImportation {
  return {
    name,
    fullsize: stats.size,
    formatsize: formatFileSize(stats.size),
    etat: importFileStateOf(name),
    date: Math.floor(stats.mtimeMs / 1000),
  };
}

/** The regular files of the folder, newest first (then by name), one page of them. */
export async function listImportedFiles(
  dir: string,
  { page, size }: { page: number; size: number },
): Promise<ImportedFilesResponse> {
  let entries: Dirent[];
  try {
    entries = await fs.readdir(dir, { withFileTypes: true });
  } catch (error) {
    if (errno(error) === 'ENOENT') return { total: 0, elements: [] };
    throw error;
  }
  const files: FichierImportation[] = [];
  for (const entry of entries) {
    // Symlinks and folders are not the ERP's files: never listed, never followed.
    if (!entry.isFile()) continue;
    try {
      files.push(toFichier(entry.name, await fs.lstat(path.join(dir, entry.name))));
    } catch (error) {
      if (errno(error) !== 'ENOENT') throw error; // claimed or deleted meanwhile
    }
  }
  files.sort((a, b) => b.date - a.date || a.name.localeCompare(b.name, 'fr'));
  return { total: files.length, elements: files.slice(page * size, page * size + size) };
}

/**
 * Puts an imported or refused file back in the queue under its queued name (`x.zip.err` → `x.zip`),
 * where the pipeline will pick it up again. Never overwrites: a queued file of that name → 409.
 */
export async function requeueImportedFile(dir: string, name: string): Promise<FichierImportation> {
  const { file } = await regularFile(dir, name);
  if (importFileStateOf(name) === 'encours') throw conflict(IMPORTED_FILE_MESSAGES.inProgress);
  const target = requeuedName(name);
  if (!target) throw badRequest(IMPORTED_FILE_MESSAGES.notRequeueable);
  const targetFile = path.join(dir, target);
  // link + unlink rather than rename: rename would silently replace a file already queued under
  // that name, link fails instead (EEXIST), atomically.
  try {
    await fs.link(file, targetFile);
  } catch (error) {
    if (errno(error) === 'EEXIST') throw conflict(IMPORTED_FILE_MESSAGES.alreadyQueued);
    if (errno(error) === 'ENOENT') throw notFound(IMPORTED_FILE_MESSAGES.notFound);
    throw error;
  }
  await fs.unlink(file).catch((error: unknown) => {
    if (errno(error) !== 'ENOENT') throw error;
  });
  return toFichier(target, await fs.lstat(targetFile));
}

/** Deletes a file of the folder, unless the pipeline is importing it. */
export async function deleteImportedFile(dir: string, name: string): Promise<{ message: string }> {
  const { file } = await regularFile(dir, name);
  if (importFileStateOf(name) === 'encours') throw conflict(IMPORTED_FILE_MESSAGES.inProgress);
  try {
    await fs.unlink(file);
  } catch (error) {
    if (errno(error) === 'ENOENT') throw notFound(IMPORTED_FILE_MESSAGES.notFound);
    throw error;
  }
  return { message: IMPORTED_FILE_MESSAGES.deleted };
}

/** An open handle on a file of the folder, for download; the caller streams and closes it. */
export async function openImportedFile(dir: string, name: string) {
  const { file } = await regularFile(dir, name);
  // O_NOFOLLOW: a symlink swapped in after the lstat is still refused (ELOOP).
  let handle: fs.FileHandle;
  try {
    handle = await fs.open(file, constants.O_RDONLY | constants.O_NOFOLLOW);
  } catch (error) {
    if (errno(error) === 'ENOENT') throw notFound(IMPORTED_FILE_MESSAGES.notFound);
    if (errno(error) === 'ELOOP') throw badRequest(IMPORTED_FILE_MESSAGES.invalidName);
    throw error;
  }
  const stats = await handle.stat();
  if (!stats.isFile()) {
    await handle.close();
    throw badRequest(IMPORTED_FILE_MESSAGES.invalidName);
  }
  return { handle, size: stats.size };
}

/** Content-Disposition for a download: an ASCII fallback and the exact UTF-8 name (RFC 6266). */
export function attachmentHeader(name: string): string {
  const ascii = name.replace(/[^\x20-\x7e]|["\\]/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(name)}`;
}
