// The CSV files of a dropped file: itself, or the entries of a ZIP read one by one from its central
// directory (yauzl: maintained, streams each entry without holding the archive in memory, checks
// entry sizes against the directory, and refuses names that leave the archive).
import fs from 'node:fs';
import path from 'node:path';
import type { Readable } from 'node:stream';
import yauzl from 'yauzl';
import { IMPORT_KINDS, kindFromName } from '@comptoir/shared/imports/kinds';

export interface CsvEntry {
  /** The CSV's name: the file's, or the entry's path inside the ZIP. */
  name: string;
  open(): Promise<Readable>;
  /** Opens a file of the same folder of the archive (the documents' PDFs); null when there is none. */
  openSibling(name: string): Promise<Readable> | null;
}

export interface CsvSource {
  entries: CsvEntry[];
  close(): void;
}

/** Thrown when the ZIP cannot be read at all. */
export class BadArchiveError extends Error {}

const isZip = (name: string) => name.toLowerCase().endsWith('.zip');
const kindOrder = (name: string) => {
  const kind = kindFromName(name);
  return kind ? IMPORT_KINDS.indexOf(kind) : IMPORT_KINDS.length;
};

/** The CSV files of `filePath` (named `queuedName` in the queue), in the order they must be imported. */
export async function openSource(filePath: string, queuedName: string): Promise<CsvSource> {
  if (!isZip(queuedName)) {
    return {
      entries: [
        { name: queuedName, open: async () => fs.createReadStream(filePath), openSibling: () => null },
      ],
      close: () => {},
    };
  }
  const zip = await new Promise<yauzl.ZipFile>((resolve, reject) =>
    yauzl.open(filePath, { lazyEntries: true, autoClose: false }, (error, file) =>
      error ? reject(new BadArchiveError(error.message)) : resolve(file),
    ),
  );
  const found: yauzl.Entry[] = [];
  try {
    await new Promise<void>((resolve, reject) => {
      zip.on('entry', (entry: yauzl.Entry) => {
        const base = path.posix.basename(entry.fileName);
        // Folders, and the resource forks macOS adds, are no CSV files.
        if (!entry.fileName.endsWith('/') && !entry.fileName.startsWith('__MACOSX/') && !base.startsWith('.'))
          found.push(entry);
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
        error ? reject(new BadArchiveError(error.message)) : resolve(stream),
      ),
    );
  const byName = new Map(found.map((entry) => [entry.fileName, entry]));
  const entries = found
    .filter((entry) => entry.fileName.toLowerCase().endsWith('.csv'))
    .sort((a, b) => kindOrder(a.fileName) - kindOrder(b.fileName) || a.fileName.localeCompare(b.fileName))
    .map((entry) => ({
      name: entry.fileName,
      open: () => openEntry(entry),
      openSibling: (name: string) => {
        const folder = path.posix.dirname(entry.fileName);
        const sibling = byName.get(folder === '.' ? name : `${folder}/${name}`);
        return sibling ? openEntry(sibling) : null;
      },
    }));
  return { entries, close: () => zip.close() };
}

/** Lines of a stream (line ends counted, plus an unterminated last line): the total the progress bar shows. */
export async function countLines(stream: Readable): Promise<number> {
  let lines = 0;
  let last = 0x0a;
  for await (const chunk of stream as AsyncIterable<Buffer>) {
    for (let at = chunk.indexOf(0x0a); at !== -1; at = chunk.indexOf(0x0a, at + 1)) lines++;
    if (chunk.length) last = chunk[chunk.length - 1]!;
  }
  return last === 0x0a ? lines : lines + 1;
}
