// The backups' tar (tar.ts): what it writes the system's tar reads, what the system's tar writes it
// reads, and an archive cut short or damaged is refused.
import { execFileSync } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PassThrough } from 'node:stream';
import { afterAll, describe, expect, it } from 'vitest';
import { CorruptArchive, readTar, TarWriter } from './tar';

const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'comptoir-tar-'));
afterAll(() => fs.rmSync(scratch, { recursive: true, force: true }));

const files: [string, Buffer][] = [
  ['manifest.json', Buffer.from('{"format":"comptoir-sauvegarde"}')],
  ['vide.txt', Buffer.alloc(0)],
  [`fichiers/images/${'dossier-long/'.repeat(9)}photo.jpg`, randomBytes(700_000)],
  ['fichiers/logos/évier à l’été.png', randomBytes(513)],
  ['fichiers/exports/commande-W2026-000001.txt', Buffer.alloc(512, 'a')],
];

async function archive(entries: [string, Buffer][]): Promise<Buffer> {
  const out = new PassThrough();
  const chunks: Buffer[] = [];
  out.on('data', (chunk: Buffer) => chunks.push(chunk));
  const tar = new TarWriter(out);
  for (const [name, data] of entries) await tar.addBuffer(name, data);
  await tar.finish();
  out.end();
  return Buffer.concat(chunks);
}

async function entries(data: Buffer): Promise<[string, Buffer][]> {
  const read: [string, Buffer][] = [];
  // In odd-sized chunks, as a stream gives them.
  const chunks = (function* () {
    for (let at = 0; at < data.length; at += 7_777) yield data.subarray(at, at + 7_777);
  })();
  async function* source() {
    yield* chunks;
  }
  for await (const entry of readTar(source())) {
    if (entry.type !== '0') continue;
    const parts: Buffer[] = [];
    for await (const part of entry.body()) parts.push(part);
    read.push([entry.name, Buffer.concat(parts)]);
  }
  return read;
}

/** Names and digests: vitest compares large buffers byte by byte, slowly. */
const digests = (list: [string, Buffer][]) =>
  list.map(([name, data]) => [name, data.length, createHash('sha256').update(data).digest('hex')]);

describe('the backups’ tar', () => {
  it('reads back what it writes: long and accented names, empty and large files', async () => {
    expect(digests(await entries(await archive(files)))).toEqual(digests(files));
  });

  it('writes what the system’s tar reads, and reads what it writes', async () => {
    const file = path.join(scratch, 'ecrit.tar');
    fs.writeFileSync(file, await archive(files));
    const listed = execFileSync('tar', ['-tf', file], { encoding: 'utf8' }).trim().split('\n');
    expect(listed).toEqual(files.map(([name]) => name));
    const tree = path.join(scratch, 'arbre');
    execFileSync('tar', ['-xf', file, '-C', (fs.mkdirSync(tree), tree)]);
    const again = path.join(scratch, 'systeme.tar');
    execFileSync('tar', ['--format=pax', '-cf', again, '-C', tree, ...files.map(([name]) => name)]);
    expect(digests(await entries(fs.readFileSync(again)))).toEqual(digests(files));
  });

  it('refuses an archive cut short or with a damaged header', async () => {
    const whole = await archive(files);
    await expect(entries(whole.subarray(0, 600_000))).rejects.toThrow(CorruptArchive);
    await expect(entries(whole.subarray(0, whole.length - 1024))).rejects.toThrow(CorruptArchive);
    const damaged = Buffer.from(whole);
    damaged[10] = damaged[10]! ^ 1;
    await expect(entries(damaged)).rejects.toThrow(CorruptArchive);
  });

  it('pads a file that gave less than its announced size and says so', async () => {
    const out = new PassThrough();
    const chunks: Buffer[] = [];
    out.on('data', (chunk: Buffer) => chunks.push(chunk));
    const tar = new TarWriter(out);
    expect(await tar.add('court.bin', 10, [Buffer.from('abc')])).toBe(false);
    expect(await tar.add('juste.bin', 3, [Buffer.from('abcdef')])).toBe(true);
    await tar.finish();
    expect(await entries(Buffer.concat(chunks))).toEqual([
      ['court.bin', Buffer.concat([Buffer.from('abc'), Buffer.alloc(7)])],
      ['juste.bin', Buffer.from('abc')],
    ]);
  });
});
