// The encoding of the ERP's files (docs/import-erp.md, Encodage des fichiers): Windows-1252 and UTF-8
// (with or without BOM) articles files uploaded through the page land with their accents exact, as
// the storefront reads them back; the history and the report say the encoding; a UTF-8 file with
// invalid bytes further on is refused at their line; IMPORT_ENCODING declares it.
import { inArray } from 'drizzle-orm';
import { articles } from '@comptoir/db/schema';
import { encodeWindows1252, ENCODING_MESSAGES } from '@comptoir/shared/imports/encoding';
import { createActivity, createFamily } from '../../test/factories';
import { buildAppAs, type App, type SessionHeaders } from '../../test/helpers';
import { csv, detail, settled, upload } from './test-support';

let app: App;
let admin: SessionHeaders;
let family: string;
beforeAll(async () => {
  ({ app, headers: admin } = await buildAppAs('admin', { config: { importPollMs: 0 } }));
  await createActivity(app, { code: 'GOENC' });
  family = (await createFamily(app, { code: 'FAMENC', activityCode: 'GOENC' })).code;
});
afterAll(() => app.close());

const HEADER = 'code_article;designation1;code_famille;prix_ht;taux_tva;unite_vente;actif';
/** Every accent French ERPs write, and the three characters only Windows-1252 (not Latin-1) has: € œ ’. */
const DESIGNATIONS = [
  'Plaque de plâtre BA13 – hydrofuge',
  'Tuile à emboîtement',
  'Cœur de chêne, l’unité à 12 €',
  'Élément « prêt » ŒIL ç ù ï',
];
const articlesFile = (prefix: string) =>
  csv(HEADER, ...DESIGNATIONS.map((d, i) => `${prefix}${i};${d};${family};9.99;20;U;1`));
const utf8 = (text: string) => Buffer.from(text, 'utf8');
const withBom = (bytes: Buffer) => Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), bytes]);

/** Uploads `content` as `name` and answers its import once done. */
async function imported(target: App, headers: SessionHeaders, name: string, content: Buffer) {
  const response = await upload(target, headers, name, content);
  expect(response.statusCode).toBe(200);
  const queued = response.json().fichier;
  const job = (await settled(target, headers)).historique.find((j) => j.fichier === queued);
  if (!job) throw new Error(`no import of ${name}`);
  return job;
}

/** The designations the storefront shows for the articles `prefix`0…3. */
async function storefront(target: App, prefix: string) {
  const read = [];
  for (let i = 0; i < DESIGNATIONS.length; i++) {
    const response = await target.inject({ url: `/catalogue/articles/${prefix}${i}` });
    expect(response.statusCode).toBe(200);
    read.push(response.json().designation1);
  }
  return read;
}

async function reportOf(id: number) {
  return (await app.inject({ url: `/admin/importation/imports/${id}/rapport`, headers: admin })).body;
}

describe('the encoding of an uploaded file', () => {
  it.each([
    ['windows-1252', 'W', (text: string) => Buffer.from(encodeWindows1252(text))],
    ['utf-8', 'U', utf8],
    ['utf-8', 'B', (text: string) => withBom(utf8(text))],
  ] as const)('imports a %s file (%s) with its accents exact', async (encoding, prefix, encode) => {
    const job = await imported(app, admin, `articles-${prefix}.csv`, encode(articlesFile(prefix)));
    expect(job).toMatchObject({ statut: 'ok', creees: DESIGNATIONS.length, encodage: encoding });
    expect(await storefront(app, prefix)).toEqual(DESIGNATIONS);
    expect((await detail(app, admin, job.id)).encodage).toBe(encoding);
    expect(await reportOf(job.id)).toContain(`\r\nencodage;${encoding}\r\n`);
  });

  it('reads back a Windows-1252 file identical: its text again, in UTF-8, changes nothing', async () => {
    const file = articlesFile('R');
    const bytes = Buffer.from(encodeWindows1252(file));
    expect(await imported(app, admin, 'articles-r1.csv', bytes)).toMatchObject({ statut: 'ok' });
    const stored = await app.db
      .select({ designation: articles.designation1 })
      .from(articles)
      .where(inArray(articles.code, ['R0', 'R1', 'R2', 'R3']))
      .orderBy(articles.code);
    expect(Buffer.from(encodeWindows1252(stored.map((r) => r.designation).join('\n')))).toEqual(
      Buffer.from(encodeWindows1252(DESIGNATIONS.join('\n'))),
    );
    expect(await imported(app, admin, 'articles-r2.csv', utf8(file))).toMatchObject({
      statut: 'ok',
      encodage: 'utf-8',
      inchangees: DESIGNATIONS.length,
      modifiees: 0,
    });
  });

  it('detects Windows-1252 when the first accent comes past the first chunks of the file', async () => {
    const plain = Array.from({ length: 2000 }, (_, i) => `L${i};Article numero ${i};${family};1;20;U;1`);
    const file = csv(HEADER, ...plain, `LX;Tuile à emboîtement;${family};1;20;U;1`);
    expect(file.indexOf('à')).toBeGreaterThan(65_536);
    const job = await imported(app, admin, 'articles-tard.csv', Buffer.from(encodeWindows1252(file)));
    expect(job).toMatchObject({ statut: 'ok', encodage: 'windows-1252', creees: 2001 });
    expect((await app.inject({ url: '/catalogue/articles/LX' })).json().designation1).toBe(
      'Tuile à emboîtement',
    );
  });

  it('refuses a UTF-8 file with Windows-1252 bytes further on, at their line, and writes nothing', async () => {
    const head = utf8(
      csv(HEADER, `M0;Tuile à emboîtement;${family};1;20;U;1`, `M1;Brique;${family};1;20;U;1`),
    );
    const bad = Buffer.from(encodeWindows1252(`M2;Cœur de chêne;${family};1;20;U;1\r\n`));
    const job = await imported(app, admin, 'articles-mixte.csv', Buffer.concat([head, bad]));
    expect(job).toMatchObject({ statut: 'erreur', encodage: 'utf-8', creees: 0 });
    expect((await detail(app, admin, job.id)).lignesRejetees).toEqual([
      { fichier: job.entree, ligne: 4, colonne: null, motif: ENCODING_MESSAGES.mixed },
    ]);
    expect(
      await app.db
        .select()
        .from(articles)
        .where(inArray(articles.code, ['M0', 'M1'])),
    ).toEqual([]);
  });
});

describe('IMPORT_ENCODING', () => {
  it('reads the files in the declared encoding: Windows-1252 as such, UTF-8 refused at the line', async () => {
    // 'Ã©' in Windows-1252 is also the UTF-8 of 'é': detection would take it for UTF-8.
    const declared = await buildAppAs('admin', {
      config: { importPollMs: 0, importEncoding: 'windows-1252' },
    });
    const strict = await buildAppAs('admin', { config: { importPollMs: 0, importEncoding: 'utf-8' } });
    try {
      for (const target of [declared.app, strict.app]) {
        await createActivity(target, { code: 'GOENC' });
        await createFamily(target, { code: 'FAMENC', activityCode: 'GOENC' });
      }
      const file = csv(HEADER, `D0;Brique;${family};1;20;U;1`, `D1;Ã© rare;${family};1;20;U;1`);
      const bytes = Buffer.from(encodeWindows1252(file));
      expect(await imported(declared.app, declared.headers, 'articles-d.csv', bytes)).toMatchObject({
        statut: 'ok',
        encodage: 'windows-1252',
      });
      expect((await declared.app.inject({ url: '/catalogue/articles/D1' })).json().designation1).toBe(
        'Ã© rare',
      );

      const refused = await imported(
        strict.app,
        strict.headers,
        'articles-s.csv',
        Buffer.from(
          encodeWindows1252(csv(HEADER, `S0;Brique;${family};1;20;U;1`, `S1;Tuile à;${family};1;20;U;1`)),
        ),
      );
      expect(refused).toMatchObject({ statut: 'erreur', encodage: 'utf-8' });
      expect((await detail(strict.app, strict.headers, refused.id)).lignesRejetees).toMatchObject([
        { ligne: 3, motif: ENCODING_MESSAGES.notUtf8 },
      ]);
    } finally {
      await declared.app.close();
      await strict.app.close();
    }
  });
});
