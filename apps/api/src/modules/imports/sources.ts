// The CSV files of a dropped file: itself, or the entries of a ZIP read one by one from its central
// directory (yauzl: maintained, streams each entry without holding the archive in memory, and checks
// that an entry inflates to no more than its declared size). Hostile files are bounded here
// (docs/import-erp.md, Limits): the file is opened without following a symbolic link and must be a
// regular file; an entry whose path leaves the archive's folder, whose declared size passes
// IMPORT_MAX_ENTRY_BYTES or whose ratio passes IMPORT_MAX_ZIP_RATIO is refused by name before any
// byte is inflated, and the bytes read are counted against the size limit as they come.
import fs from 'node:fs';
import path from 'node:path';
import { Transform, type Readable } from 'node:stream';
import { promisify } from 'node:util';
import yauzl from 'yauzl';
import { CSV_MESSAGES, CsvLineTooLongError } from '@comptoir/shared/imports/csv';
import { IMPORT_KINDS, IMPORT_MESSAGES, kindFromName } from '@comptoir/shared/imports/kinds';

export interface ImportLimits {
  maxLineBytes: number;
  maxEntryBytes: number;
  maxZipRatio: number;
}

export interface CsvEntry {
  /** The CSV's name: the file's, or the entry's path inside the ZIP. */
  name: string;
  open(): Promise<Readable>;
  /** Opens a file of the same folder of the archive (the documents' PDFs); null when there is none. */
  openSibling(name: string): Promise<Readable> | null;
}

/** A file of the archive refused before being read, with the reason. */
export interface RefusedEntry {
  name: string;
  message: string;
}

export interface CsvSource {
  entries: CsvEntry[];
  refused: RefusedEntry[];
  close(): void;
}

/** Thrown when the ZIP cannot be read at all. */
export class BadArchiveError extends Error {}
/** Thrown when the file is not one the pipeline opens (a symbolic link, a folder…); the message says why. */
export class RefusedFileError extends Error {}
/** Thrown by a stream that inflated past IMPORT_MAX_ENTRY_BYTES; the message names the limit. */
export class EntryTooLargeError extends Error {}

/** Entries inflating to less than this are never bombs, whatever their ratio (a tiny file deflates well). */
const RATIO_FLOOR_BYTES = 1024 * 1024;

const isZip = (name: string) => name.toLowerCase().endsWith('.zip');
const kindOrder = (name: string) => {
  const kind = kindFromName(name);
  return kind ? IMPORT_KINDS.indexOf(kind) : IMPORT_KINDS.length;
};

const openFd = promisify(fs.open);
const closeFd = (fd: number) => fs.close(fd, () => {});

/**
 * Opens `filePath` read-only without following a symbolic link (O_NOFOLLOW: a link swapped in after
 * the folder was listed is refused here, not opened) nor blocking on a FIFO, and checks it is a
 * regular file.
 */
async function openRegularFile(filePath: string): Promise<{ fd: number; size: number; ino: number }> {
  const { O_RDONLY, O_NOFOLLOW, O_NONBLOCK } = fs.constants;
  let fd: number;
  try {
    fd = await openFd(filePath, O_RDONLY | O_NOFOLLOW | O_NONBLOCK);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ELOOP')
      throw new RefusedFileError(IMPORT_MESSAGES.symlink);
    throw error;
  }
  const fstat = await promisify(fs.fstat)(fd);
  if (!fstat.isFile()) {
    closeFd(fd);
    throw new RefusedFileError(IMPORT_MESSAGES.notRegularFile);
  }
  return { fd, size: fstat.size, ino: fstat.ino };
}

/** Passes the bytes through, and errors the stream once more than `maxBytes` went by. */
function sizeGuard(maxBytes: number): Transform {
  let seen = 0;
  return new Transform({
    transform(chunk: Buffer, _encoding, done) {
      seen += chunk.length;
      if (seen > maxBytes) done(new EntryTooLargeError(IMPORT_MESSAGES.entryTooLarge(maxBytes)));
      else done(null, chunk);
    },
  });
}

/** A source stream through the size guard (an error of either ends the other). */
function guarded(stream: Readable, maxBytes: number): Readable {
  const guard = sizeGuard(maxBytes);
  stream.on('error', (error) => guard.destroy(error));
  guard.on('close', () => stream.destroy());
  return stream.pipe(guard);
}

/** yauzl's own decoding of an entry's name (UTF-8 flag, Info-ZIP path field, else CP437), backslashes kept. */
const decodeEntryName = (entry: yauzl.Entry): string =>
  (
    yauzl as unknown as {
      getFileNameLowLevel(flags: number, raw: Buffer, extra: unknown[], strict: boolean): string;
    }
  ).getFileNameLowLevel(
    entry.generalPurposeBitFlag,
    entry.fileName as unknown as Buffer,
    entry.extraFields,
    true,
  );

/** Why an entry's path is refused: absolute, a drive letter, a `..` segment, a backslash or a NUL. */
const unsafePath = (name: string) => name.includes('\0') || yauzl.validateFileName(name) !== null;

/** Why an entry is refused from its central directory record alone, or null. */
function declaredProblem(entry: yauzl.Entry, limits: ImportLimits): string | null {
  // The ratio first: a bomb is usually past both, and the ratio says what it is.
  const ratio = entry.uncompressedSize / Math.max(1, entry.compressedSize);
  if (entry.uncompressedSize > RATIO_FLOOR_BYTES && ratio > limits.maxZipRatio)
    return IMPORT_MESSAGES.zipBomb(Math.round(ratio), limits.maxZipRatio);
  if (entry.uncompressedSize > limits.maxEntryBytes)
    return IMPORT_MESSAGES.entryTooLarge(limits.maxEntryBytes);
  return null;
}

/** The CSV files of `filePath` (named `queuedName` in the queue), in the order they must be imported. */
export async function openSource(
  filePath: string,
  queuedName: string,
  limits: ImportLimits,
): Promise<CsvSource> {
  const { fd, size, ino } = await openRegularFile(filePath);
  if (!isZip(queuedName)) {
    const refused =
      size > limits.maxEntryBytes
        ? [{ name: queuedName, message: IMPORT_MESSAGES.entryTooLarge(limits.maxEntryBytes) }]
        : [];
    closeFd(fd);
    // Opened again the same way for each read, and refused if it is no longer the same file.
    const open = async () => {
      const again = await openRegularFile(filePath);
      if (again.ino !== ino) {
        closeFd(again.fd);
        throw new RefusedFileError(IMPORT_MESSAGES.notRegularFile);
      }
      return guarded(fs.createReadStream('', { fd: again.fd }), limits.maxEntryBytes);
    };
    return {
      entries: refused.length ? [] : [{ name: queuedName, open, openSibling: () => null }],
      refused,
      close: () => {},
    };
  }
  const zip = await new Promise<yauzl.ZipFile>((resolve, reject) =>
    yauzl.fromFd(
      fd,
      // Names left as bytes: yauzl would refuse the whole archive for one bad name; they are checked below.
      { lazyEntries: true, autoClose: false, decodeStrings: false, validateEntrySizes: true },
      (error, file) => {
        if (!error) return resolve(file);
        closeFd(fd);
        reject(new BadArchiveError(error.message));
      },
    ),
  );
  const found: { name: string; entry: yauzl.Entry }[] = [];
  const refused: RefusedEntry[] = [];
  try {
    await new Promise<void>((resolve, reject) => {
      zip.on('entry', (entry: yauzl.Entry) => {
        const name = decodeEntryName(entry);
        const base = path.posix.basename(name);
        const problem = unsafePath(name) ? IMPORT_MESSAGES.unsafeEntryPath : declaredProblem(entry, limits);
        if (problem) refused.push({ name, message: problem });
        // Folders, and the resource forks macOS adds, are no CSV files.
        else if (!name.endsWith('/') && !name.startsWith('__MACOSX/') && !base.startsWith('.'))
          found.push({ name, entry });
        zip.readEntry();
      });
      zip.on('end', () => resolve());
      zip.on('error', (error: Error) => reject(new BadArchiveError(error.message)));
      zip.readEntry();
    });
  } catch (error) {
    zip.close();
    throw error;
  }
  const openEntry = (entry: yauzl.Entry) =>
    new Promise<Readable>((resolve, reject) =>
      zip.openReadStream(entry, (error, stream) =>
        error ? reject(new BadArchiveError(error.message)) : resolve(guarded(stream, limits.maxEntryBytes)),
      ),
    );
  const byName = new Map(found.map(({ name, entry }) => [name, entry]));
  const entries = found
    .filter(({ name }) => name.toLowerCase().endsWith('.csv'))
    .sort((a, b) => kindOrder(a.name) - kindOrder(b.name) || a.name.localeCompare(b.name))
    .map(({ name, entry }) => ({
      name,
      open: () => openEntry(entry),
      openSibling: (sibling: string) => {
        const folder = path.posix.dirname(name);
        const other = byName.get(folder === '.' ? sibling : `${folder}/${sibling}`);
        return other ? openEntry(other) : null;
      },
    }));
  return { entries, refused, close: () => zip.close() };
}

/**
 * Lines of a stream (line ends counted, plus an unterminated last line): the total the progress bar
 * shows. A physical line longer than the limit refuses the file here already, before it is parsed.
 */
export async function countLines(stream: Readable, maxLineBytes: number): Promise<number> {
  let lines = 0;
  let last = 0x0a;
  /** Bytes of the current physical line so far (its CR allowed for). */
  let lineBytes = 0;
  const tooLong = () => new CsvLineTooLongError(CSV_MESSAGES.lineTooLong(maxLineBytes), lines + 1);
  for await (const chunk of stream as AsyncIterable<Buffer>) {
    let from = 0;
    for (let at = chunk.indexOf(0x0a); at !== -1; at = chunk.indexOf(0x0a, at + 1)) {
      if (lineBytes + (at - from) > maxLineBytes + 1) {
        stream.destroy();
        throw tooLong();
      }
      lines++;
      lineBytes = 0;
      from = at + 1;
    }
    lineBytes += chunk.length - from;
    if (lineBytes > maxLineBytes + 1) {
      stream.destroy();
      throw tooLong();
    }
    if (chunk.length) last = chunk[chunk.length - 1]!;
  }
  return last === 0x0a ? lines : lines + 1;
}
