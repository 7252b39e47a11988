// Helpers of the import tests: ERP files written in the drop folder or uploaded, ZIPs, and waiting
// for the imports to end.
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import yazl from 'yazl';
import type { ImportDetail, ImportList } from '@comptoir/shared/imports/contract';
import type { App, SessionHeaders } from '../../test/helpers';

/** A CSV file: header and rows joined by ';' and CRLF. */
export const csv = (header: string, ...rows: string[]) => `${[header, ...rows].join('\r\n')}\r\n`;

/** A ZIP of the given files (name → content). */
export function zip(files: Record<string, string | Buffer>): Promise<Buffer> {
  const archive = new yazl.ZipFile();
  for (const [name, content] of Object.entries(files)) archive.addBuffer(Buffer.from(content), name);
  archive.end();
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    archive.outputStream.on('data', (chunk: Buffer) => chunks.push(chunk));
    archive.outputStream.on('end', () => resolve(Buffer.concat(chunks)));
    archive.outputStream.on('error', reject);
  });
}

/** Puts a file in the drop folder as the ERP would (already settled), then lets the server look. */
export async function drop(app: App, name: string, content: string | Buffer): Promise<void> {
  const file = path.join(app.config.importsDir, name);
  fs.writeFileSync(file, content);
  const past = new Date(Date.now() - 10_000);
  fs.utimesSync(file, past, past);
  await app.ready(); // the drop folder starts with the app
  await app.importDropFolder.poll();
}

export const dropFolderFiles = (app: App) => fs.readdirSync(app.config.importsDir).sort();

/** A multipart/form-data body with one file part. */
export function form(field: string, filename: string, content: Buffer | string) {
  const boundary = `----comptoir${randomBytes(8).toString('hex')}`;
  const head = `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\nContent-Type: application/octet-stream\r\n\r\n`;
  return {
    payload: Buffer.concat([Buffer.from(head), Buffer.from(content), Buffer.from(`\r\n--${boundary}--\r\n`)]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

export async function upload(app: App, admin: SessionHeaders, filename: string, content: Buffer | string) {
  const { payload, headers } = form('fichier', filename, content);
  return app.inject({
    method: 'POST',
    url: '/admin/importation/envoi',
    payload,
    headers: { ...admin, ...headers },
  });
}

export async function listImports(app: App, admin: SessionHeaders, page = 0): Promise<ImportList> {
  const response = await app.inject({ url: `/admin/importation/imports?page=${page}`, headers: admin });
  if (response.statusCode !== 200) throw new Error(response.body);
  return response.json();
}

/** Waits until no import runs and no file is claimed, then answers the history (newest first). */
export async function settled(app: App, admin: SessionHeaders, timeoutMs = 60_000): Promise<ImportList> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const list = await listImports(app, admin);
    const claimed = dropFolderFiles(app).some((name) => name.endsWith('.encours'));
    if (!list.enCours.length && !claimed) return list;
    if (Date.now() > end) throw new Error('imports still running');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

export async function detail(app: App, admin: SessionHeaders, id: number): Promise<ImportDetail> {
  return (await app.inject({ url: `/admin/importation/imports/${id}`, headers: admin })).json();
}

/**
 * A ZIP bomb, built without inflating anything: one entry `name` holding `head` then `lineMiB` MiB of
 * 'A' on one line. The deflated 'A's repeat one sync-flushed block (about 1 KB per MiB), so a 2 GiB
 * line makes a 2 MB archive.
 */
export async function bombZip(
  name: string,
  head: string,
  lineMiB: number,
  /** One MiB the entry repeats after `head` (one line of 'A' by default); its period must divide 32 KiB. */
  block = Buffer.alloc(1024 * 1024, 0x41),
): Promise<Buffer> {
  const deflate = zlib.createDeflateRaw({ level: 9 });
  const flushed = (input: Buffer) =>
    new Promise<Buffer>((resolve) => {
      const parts: Buffer[] = [];
      const onData = (chunk: Buffer) => parts.push(chunk);
      deflate.on('data', onData);
      deflate.write(input);
      deflate.flush(zlib.constants.Z_SYNC_FLUSH, () => {
        deflate.off('data', onData);
        resolve(Buffer.concat(parts));
      });
    });
  const headBytes = Buffer.from(head);
  const parts = [await flushed(headBytes), await flushed(block)];
  const repeated = await flushed(block); // from here on every block deflates alike
  deflate.close();
  for (let i = 2; i <= lineMiB; i++) parts.push(repeated);
  parts.push(Buffer.from([0x03, 0x00])); // an empty final block
  const data = Buffer.concat(parts);
  let crc = zlib.crc32(headBytes);
  for (let i = 0; i < lineMiB; i++) crc = zlib.crc32(block, crc);
  const size = headBytes.length + lineMiB * block.length;
  const fileName = Buffer.from(name);
  const common = (header: Buffer, at: number) => {
    header.writeUInt16LE(8, at); // deflate
    header.writeUInt16LE(0, at + 2);
    header.writeUInt16LE(0x21, at + 4); // 1980-01-01
    header.writeUInt32LE(crc >>> 0, at + 6);
    header.writeUInt32LE(data.length, at + 10);
    header.writeUInt32LE(size, at + 14);
    header.writeUInt16LE(fileName.length, at + 18);
  };
  const local = Buffer.alloc(30);
  local.writeUInt32LE(0x04034b50, 0);
  local.writeUInt16LE(20, 4);
  common(local, 8);
  const central = Buffer.alloc(46);
  central.writeUInt32LE(0x02014b50, 0);
  central.writeUInt16LE(20, 4);
  central.writeUInt16LE(20, 6);
  common(central, 10);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(1, 8);
  end.writeUInt16LE(1, 10);
  end.writeUInt32LE(central.length + fileName.length, 12);
  end.writeUInt32LE(local.length + fileName.length + data.length, 16);
  return Buffer.concat([local, fileName, data, central, fileName, end]);
}

/** A ZIP whose entry names are rewritten byte for byte (yazl refuses to write hostile names). */
export async function zipWithNames(files: Record<string, string>, renames: Record<string, string>) {
  const bytes = await zip(files);
  for (const [from, to] of Object.entries(renames)) {
    const a = Buffer.from(from);
    const b = Buffer.from(to);
    if (a.length !== b.length) throw new Error(`${from} and ${to} differ in length`);
    for (let at = bytes.indexOf(a); at !== -1; at = bytes.indexOf(a, at + 1)) b.copy(bytes, at);
  }
  return bytes;
}
