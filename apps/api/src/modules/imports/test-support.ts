// Helpers of the import tests: ERP files written in the drop folder or uploaded, ZIPs, and waiting
// for the imports to end.
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
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
