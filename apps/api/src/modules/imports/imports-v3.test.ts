// Format version 3 (docs/import-erp.md): the units of sale with their decimals, the articles' minimum,
// multiple and supplier's delay; a version 2 articles file still imports, its new units with the
// default decimals.
import { eq, inArray } from 'drizzle-orm';
import { articles, units } from '@comptoir/db/schema';
import { createActivity, createFamily } from '../../test/factories';
import { buildAppAs, type App, type SessionHeaders } from '../../test/helpers';
import { csv, detail, drop, settled } from './test-support';

let app: App;
let admin: SessionHeaders;
beforeAll(async () => {
  ({ app, headers: admin } = await buildAppAs('admin', { config: { importPollMs: 0 } }));
  await createActivity(app, { code: 'GO' });
  await createFamily(app, { code: 'FAM3', activityCode: 'GO' });
});
afterAll(() => app.close());

async function lastImport(entry: string) {
  const list = await settled(app, admin);
  const found = list.historique.find((job) => job.entree === entry || job.fichier === entry);
  if (!found) throw new Error(`no import of ${entry}`);
  return found;
}

const V2_HEADER = 'code_article;designation1;code_famille;prix_ht;taux_tva;unite_vente;actif';
const V3_HEADER = `${V2_HEADER};quantite_minimum;multiple_vente;delai_commande`;

describe('unites', () => {
  it('creates units with their decimals, the default when the cell is empty, and refuses bad ones', async () => {
    await drop(
      app,
      'unites-1.csv',
      csv(
        'COMPTOIR-IMPORT;unites;3\r\ncode_unite;libelle;decimales',
        'SACX;Sac;0',
        'M2X;Mètre carré;2',
        'KG;Kilogramme;',
      ),
    );
    expect((await lastImport('unites-1.csv')).statut).toBe('ok');
    const rows = await app.db
      .select()
      .from(units)
      .where(inArray(units.code, ['SACX', 'M2X', 'KG']));
    expect(Object.fromEntries(rows.map((row) => [row.code, row.decimals]))).toEqual({
      SACX: 0,
      M2X: 2,
      KG: 2,
    });

    await drop(app, 'unites-2.csv', csv('code_unite;libelle;decimales', 'SACX;Sac;4', 'BTEX;Boîte;1,5'));
    const job = await lastImport('unites-2.csv');
    expect(job.statut).toBe('erreur');
    expect(
      (await detail(app, admin, job.id)).lignesRejetees.map((r) => [r.ligne, r.colonne, r.motif]),
    ).toEqual([
      [2, 'decimales', 'entier de 0 à 3 attendu'],
      [3, 'decimales', 'entier positif attendu'],
    ]);
  });
});

describe('articles of version 3', () => {
  it('stores the minimum, the multiple and the delay; refuses a multiple of 0', async () => {
    await drop(
      app,
      'articles-v3.csv',
      csv(V3_HEADER, 'PARP10;Parpaing;FAM3;1,5;20;U;1;;10;', 'BRIQ;Brique;FAM3;5;20;U;1;20;;7'),
    );
    expect((await lastImport('articles-v3.csv')).statut).toBe('ok');
    const rows = await app.db
      .select({
        code: articles.code,
        min: articles.minQuantity,
        multiple: articles.saleMultiple,
        days: articles.backorderDays,
      })
      .from(articles)
      .where(inArray(articles.code, ['PARP10', 'BRIQ']))
      .orderBy(articles.code);
    expect(rows).toEqual([
      { code: 'BRIQ', min: 20, multiple: null, days: 7 },
      { code: 'PARP10', min: null, multiple: 10, days: null },
    ]);

    await drop(app, 'articles-v3-bad.csv', csv(V3_HEADER, 'PARP0;Parpaing;FAM3;1,5;20;U;1;;0;'));
    const job = await lastImport('articles-v3-bad.csv');
    expect((await detail(app, admin, job.id)).lignesRejetees.map((r) => [r.colonne, r.motif])).toEqual([
      ['multiple_vente', 'nombre supérieur à 0 attendu'],
    ]);
  });

  it('still imports a version 2 file: new units get the default decimals, no minimum nor multiple', async () => {
    await drop(
      app,
      'articles-v2.csv',
      csv(
        `COMPTOIR-IMPORT;articles;2\r\n${V2_HEADER}`,
        'V2SAC;Ciment;FAM3;9;20;SACV2;1',
        'V2M;Tube;FAM3;2;20;ML;1',
      ),
    );
    expect((await lastImport('articles-v2.csv')).statut).toBe('ok');
    const made = await app.db
      .select()
      .from(units)
      .where(inArray(units.code, ['SACV2', 'ML']));
    expect(Object.fromEntries(made.map((row) => [row.code, [row.label, row.decimals]]))).toEqual({
      SACV2: ['SACV2', 0],
      ML: ['ML', 2],
    });
    const [article] = await app.db.select().from(articles).where(eq(articles.code, 'V2SAC'));
    expect(article).toMatchObject({ minQuantity: null, saleMultiple: null, backorderDays: null });
  });
});
