// Hostile and broken ERP files (docs/import-erp.md, Limits and What the drop folder refuses): lines,
// entries and ZIP ratios past their limits (lowered here so that the files stay small), paths that
// leave the archive, symbolic links and folders, names that are not UTF-8, NUL bytes, files whose
// import died twice and imports whose file is gone.
import fs from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import { eq } from 'drizzle-orm';
import { importJobs } from '@comptoir/db/schema';
import { CsvLineTooLongError } from '@comptoir/shared/imports/csv';
import { IMPORT_LIMIT_DEFAULTS, IMPORT_MESSAGES } from '@comptoir/shared/imports/kinds';
import { createActivity, createFamily } from '../../test/factories';
import { buildAppAs, type App, type SessionHeaders } from '../../test/helpers';
import { countLines, EntryTooLargeError, openSource } from './sources';
import { csv, detail, drop, dropFolderFiles, settled, zip, zipWithNames } from './test-support';

const LIMITS = { maxLineBytes: 1024, maxEntryBytes: 1024 * 1024, maxZipRatio: 200 };
const HEADER = 'code_article;designation1;code_famille;prix_ht;taux_tva;unite_vente;actif';
const row = (code: string, designation = `Article ${code}`) => `${code};${designation};FAMH;10;20;U;1`;

let app: App;
let admin: SessionHeaders;
beforeAll(async () => {
  // A dead import is one silent for 1 ms: the tests write its history rows with an old heartbeat.
  ({ app, headers: admin } = await buildAppAs('admin', {
    config: { importPollMs: 0, importStaleMs: 1, importLimits: LIMITS },
  }));
  await createActivity(app, { code: 'GOH' });
  await createFamily(app, { code: 'FAMH', activityCode: 'GOH' });
});
afterAll(() => app.close());

async function jobsOf(fileName: string) {
  await settled(app, admin);
  return app.db.select().from(importJobs).where(eq(importJobs.fileName, fileName)).orderBy(importJobs.id);
}

describe('limits', () => {
  it('refuses a line past IMPORT_MAX_LINE_BYTES, naming the line and the limit', async () => {
    await drop(app, 'articles-long.csv', csv(HEADER, row('H1'), row('H2', 'A'.repeat(5000))));
    const [job] = await jobsOf('articles-long.csv');
    expect(job).toMatchObject({
      status: 'erreur',
      created: 0,
      message: 'ligne 3 : plus de 1 024 octets (limite IMPORT_MAX_LINE_BYTES)',
    });
    expect(job!.rejects).toEqual([
      expect.objectContaining({ ligne: 3, motif: 'plus de 1 024 octets (limite IMPORT_MAX_LINE_BYTES)' }),
    ]);
    expect(dropFolderFiles(app)).toContain('articles-long.csv.err');
  });

  it('stops counting a 20 MB line at the default limit, the rest never read', async () => {
    let given = 0;
    const block = Buffer.alloc(64 * 1024, 0x41);
    const stream = Readable.from(
      (function* () {
        yield Buffer.from(`${HEADER}\n`);
        for (; given < 20 * 1024 * 1024; given += block.length) yield block;
      })(),
    );
    const error = await countLines(stream, IMPORT_LIMIT_DEFAULTS.maxLineBytes).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(CsvLineTooLongError);
    expect(error).toMatchObject({ line: 2 });
    expect(given).toBeLessThan(IMPORT_LIMIT_DEFAULTS.maxLineBytes + 4 * block.length);
  });

  it('refuses a CSV past IMPORT_MAX_ENTRY_BYTES by its size, and counts the bytes as they are read', async () => {
    await drop(app, 'articles-gros.csv', `${HEADER}\n${'x\n'.repeat(600_000)}`);
    expect((await jobsOf('articles-gros.csv')).map((j) => [j.status, j.message, j.read])).toEqual([
      ['erreur', IMPORT_MESSAGES.entryTooLarge(LIMITS.maxEntryBytes), 0],
    ]);
    // A file that grows after it was opened: the stream stops at the limit.
    const file = path.join(app.config.importsDir, 'croissant.csv');
    fs.writeFileSync(file, 'a\n'.repeat(500));
    const source = await openSource(file, 'croissant.csv', { ...LIMITS, maxEntryBytes: 2000 });
    fs.appendFileSync(file, 'a\n'.repeat(1000));
    const error = await countLines(await source.entries[0]!.open(), 1024).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(EntryTooLargeError);
    source.close();
    fs.rmSync(file);
  });

  it('refuses a quoted record spanning short lines once it passes the limit', async () => {
    const quoted = `"${Array.from({ length: 30 }, () => 'B'.repeat(60)).join('\n')}"`;
    await drop(app, 'articles-quoted.csv', csv(HEADER, `H3;${quoted};FAMH;10;20;U;1`));
    const [job] = await jobsOf('articles-quoted.csv');
    expect(job).toMatchObject({
      status: 'erreur',
      message: expect.stringMatching(/^ligne 2 : plus de 1 024 octets/),
    });
  });

  it('refuses a ZIP bomb from its ratio and a too large entry from its size, before inflating them', async () => {
    const bomb = await zip({ 'articles.csv': `${HEADER}\n${'A'.repeat(3 * 1024 * 1024)}\n` });
    expect(bomb.length).toBeLessThan(20_000);
    await drop(app, 'bombe.zip', bomb);
    const [job] = await jobsOf('bombe.zip');
    expect(job).toMatchObject({ entryName: 'articles.csv', status: 'erreur', read: 0 });
    expect(job!.message).toMatch(/fois sa taille compressée \(limite IMPORT_MAX_ZIP_RATIO : 200\)/);

    const big = Array.from({ length: 40_000 }, (_, i) => row(`B${i}`, Math.random().toString(36))).join('\n');
    await drop(app, 'gros.zip', await zip({ 'articles.csv': `${HEADER}\n${big}\n`, 'agences.csv': 'x' }));
    const jobs = await jobsOf('gros.zip');
    expect(jobs.find((j) => j.entryName === 'articles.csv')!.message).toBe(
      IMPORT_MESSAGES.entryTooLarge(LIMITS.maxEntryBytes),
    );
    expect(dropFolderFiles(app)).toContain('gros.zip.err');
  });
});

describe('the archive', () => {
  it('refuses entries whose path leaves the folder by name, and imports the others', async () => {
    const archive = await zipWithNames(
      {
        'articles.csv': csv(HEADER, row('Z1')),
        'XX/agences.csv': 'code_agence;nom\r\n',
        'CX/evil.csv': 'x',
        'ZZZZ/passwd': 'root',
      },
      { 'XX/agences.csv': '../agences.csv', 'CX/evil.csv': 'C:/evil.csv', 'ZZZZ/passwd': '/etc/passwd' },
    );
    await drop(app, 'glissement.zip', archive);
    const jobs = await jobsOf('glissement.zip');
    const byEntry = Object.fromEntries(jobs.map((j) => [j.entryName, [j.status, j.message]]));
    expect(byEntry).toEqual({
      '../agences.csv': ['erreur', IMPORT_MESSAGES.unsafeEntryPath],
      'C:/evil.csv': ['erreur', IMPORT_MESSAGES.unsafeEntryPath],
      '/etc/passwd': ['erreur', IMPORT_MESSAGES.unsafeEntryPath],
      'articles.csv': ['ok', null],
    });
  });
});

describe('the drop folder', () => {
  it('refuses a symbolic link and a folder without opening them', async () => {
    const dir = app.config.importsDir;
    fs.mkdirSync(dir, { recursive: true });
    fs.symlinkSync('/etc/passwd', path.join(dir, 'articles-lien.csv'));
    fs.mkdirSync(path.join(dir, 'dossier.csv'));
    await app.ready();
    await app.importDropFolder.poll();
    expect((await jobsOf('articles-lien.csv')).map((j) => [j.status, j.message, j.read])).toEqual([
      ['erreur', IMPORT_MESSAGES.symlink, 0],
    ]);
    expect((await jobsOf('dossier.csv')).map((j) => j.message)).toEqual([IMPORT_MESSAGES.notRegularFile]);
    expect(fs.lstatSync(path.join(dir, 'articles-lien.csv.err')).isSymbolicLink()).toBe(true);
    expect(fs.statSync(path.join(dir, 'dossier.csv.err')).isDirectory()).toBe(true);
  });

  it('imports a file whose name is not UTF-8 under its Windows-1252 reading', async () => {
    const raw = Buffer.concat([
      Buffer.from(`${app.config.importsDir}/articles-`),
      Buffer.from([0xe9, 0x74, 0xe9]),
      Buffer.from('.csv'),
    ]);
    fs.writeFileSync(raw, csv(HEADER, row('E1')));
    const past = new Date(Date.now() - 10_000);
    fs.utimesSync(raw, past, past);
    await app.importDropFolder.poll();
    expect((await jobsOf('articles-été.csv')).map((j) => j.status)).toEqual(['ok']);
    expect(dropFolderFiles(app)).toContain('articles-été.csv.ok');
  });

  it('refuses NUL bytes in a cell with a clear reason', async () => {
    await drop(app, 'articles-nul.csv', csv(HEADER, row('N1', 'avec\u0000nul')));
    const [job] = await jobsOf('articles-nul.csv');
    expect(job!.status).toBe('erreur');
    expect((await detail(app, admin, job!.id)).lignesRejetees).toEqual([
      expect.objectContaining({ ligne: 2, motif: expect.stringContaining('caractère nul interdit') }),
    ]);
  });
});

describe('interrupted imports', () => {
  const dead = (fileName: string, status: 'en_cours' | 'interrompu') =>
    app.db.insert(importJobs).values({
      fileName,
      entryName: fileName,
      kind: 'articles',
      status,
      source: 'dossier',
      heartbeatAt: new Date(Date.now() - 60_000),
    });
  const claimed = (name: string) => {
    const file = path.join(app.config.importsDir, `${name}.encours`);
    fs.writeFileSync(file, csv(HEADER, row('I1')));
    const past = new Date(Date.now() - 10_000);
    fs.utimesSync(file, past, past);
  };

  it('retries a file interrupted once, and sets aside one interrupted twice in a row', async () => {
    // Yesterday's file of the same name was interrupted once, then imported: it does not count.
    await dead('articles-int.csv', 'interrompu');
    await app.db.insert(importJobs).values({
      fileName: 'articles-int.csv',
      entryName: 'articles-int.csv',
      status: 'ok',
      source: 'dossier',
    });
    await dead('articles-int.csv', 'en_cours');
    claimed('articles-int.csv');
    await app.importDropFolder.poll();
    expect((await jobsOf('articles-int.csv')).slice(2).map((j) => j.status)).toEqual(['interrompu', 'ok']);
    expect(dropFolderFiles(app)).toContain('articles-int.csv.ok');

    await dead('articles-deux.csv', 'interrompu');
    await dead('articles-deux.csv', 'en_cours');
    claimed('articles-deux.csv');
    await app.importDropFolder.poll();
    expect((await jobsOf('articles-deux.csv')).map((j) => [j.status, j.message])).toEqual([
      ['interrompu', null],
      ['erreur', IMPORT_MESSAGES.interruptedTwice],
    ]);
    expect(dropFolderFiles(app)).toContain('articles-deux.csv.err');
  });

  it('ends as failed a running import whose file is gone', async () => {
    await dead('articles-parti.csv', 'en_cours');
    await app.importDropFolder.poll();
    expect((await jobsOf('articles-parti.csv')).map((j) => [j.status, j.message])).toEqual([
      ['erreur', IMPORT_MESSAGES.fileGone],
    ]);
  });
});
