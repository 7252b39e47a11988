import { eq } from 'drizzle-orm';
import {
  activities,
  articles,
  customers,
  deliveryAddresses,
  families,
  stock,
  units,
  variants,
} from '@comptoir/db/schema';
import { createAgency, createArticle, createFamily, createOrder, createZone } from '../../test/factories';
import { buildAppAs, type App, type SessionHeaders } from '../../test/helpers';
import { csv, detail, drop, dropFolderFiles, settled, upload, zip } from './test-support';

let app: App;
let admin: SessionHeaders;
beforeAll(async () => {
  ({ app, headers: admin } = await buildAppAs('admin', { config: { importPollMs: 0 } }));
});
afterAll(() => app.close());

const FAMILY_HEADER = 'code_famille;libelle;code_parent;code_activite;libelle_activite;position';
const ARTICLE_HEADER =
  'code_article;designation1;code_famille;prix_ht;taux_tva;unite_vente;unite_stock;poids;unite_poids;image;actif';

/** The history's newest import of `entry`. */
async function lastImport(entry: string) {
  const list = await settled(app, admin);
  const found = list.historique.find((job) => job.entree === entry || job.fichier === entry);
  if (!found) throw new Error(`no import of ${entry}: ${JSON.stringify(list.historique.slice(0, 3))}`);
  return found;
}

const counts = (job: {
  lues: number;
  creees: number;
  modifiees: number;
  inchangees: number;
  desactivees: number;
}) => ({
  lues: job.lues,
  creees: job.creees,
  modifiees: job.modifiees,
  inchangees: job.inchangees,
  desactivees: job.desactivees,
});

describe('families', () => {
  it('creates a sales plan up to 4 levels, then updates and leaves unchanged; the menu version follows', async () => {
    const before = (await app.inject({ url: '/menu/activites' })).json().version;
    await drop(
      app,
      'familles-1.csv',
      csv(
        FAMILY_HEADER,
        'GO;Gros œuvre;;BAT;Bâtiment;1',
        'GO-CIM;Ciments;GO;;;1',
        'GO-CIM-GRIS;Ciments gris;GO-CIM;;;',
        'GO-CIM-GRIS-35;Sacs de 35 kg;GO-CIM-GRIS;;;2',
      ),
    );
    expect(counts(await lastImport('familles-1.csv'))).toEqual({
      lues: 4,
      creees: 4,
      modifiees: 0,
      inchangees: 0,
      desactivees: 0,
    });
    expect(dropFolderFiles(app)).toContain('familles-1.csv.ok');
    const rows = await app.db.select().from(families).where(eq(families.code, 'GO-CIM-GRIS-35'));
    expect(rows[0]).toMatchObject({ level: 4, parentCode: 'GO-CIM-GRIS', position: 2 });
    expect(await app.db.select().from(activities).where(eq(activities.code, 'BAT'))).toEqual([
      { code: 'BAT', label: 'Bâtiment', position: 0 },
    ]);
    const after = (await app.inject({ url: '/menu/activites' })).json();
    expect(after.version).not.toBe(before);
    expect(after.activites).toContainEqual(expect.objectContaining({ code: 'BAT' }));

    await drop(
      app,
      'familles-2.csv',
      csv(FAMILY_HEADER, 'GO;Gros œuvre;;BAT;Bâtiment;1', 'GO-CIM;Ciments et liants;GO;;;1'),
    );
    expect(counts(await lastImport('familles-2.csv'))).toEqual({
      lues: 2,
      creees: 0,
      modifiees: 1,
      inchangees: 1,
      desactivees: 0,
    });
  });

  it('refuses a fifth level, an unknown parent and a root without activity, and writes nothing', async () => {
    await drop(
      app,
      'familles-3.csv',
      csv(
        FAMILY_HEADER,
        'NEUVE;Nouvelle famille;;BAT;;',
        'TROP;Trop profond;GO-CIM-GRIS-35;;;',
        'ORPH;Orpheline;INCONNUE;;;',
        'RACINE;Sans activité;;;;',
      ),
    );
    const job = await lastImport('familles-3.csv');
    expect(job).toMatchObject({ statut: 'erreur', rejets: 3, creees: 0 });
    expect((await detail(app, admin, job.id)).lignesRejetees).toEqual([
      {
        fichier: 'familles-3.csv',
        ligne: 3,
        colonne: 'code_parent',
        motif: 'le plan de vente a 4 niveaux au maximum',
      },
      {
        fichier: 'familles-3.csv',
        ligne: 4,
        colonne: 'code_parent',
        motif: 'famille parente inconnue (elle doit exister ou venir plus haut dans le fichier)',
      },
      {
        fichier: 'familles-3.csv',
        ligne: 5,
        colonne: 'code_activite',
        motif: 'une famille racine doit avoir une activité (code_activite)',
      },
    ]);
    expect(await app.db.select().from(families).where(eq(families.code, 'NEUVE'))).toEqual([]);
    expect(dropFolderFiles(app)).toContain('familles-3.csv.err');
  });
});

describe('articles', () => {
  it('creates, updates, leaves unchanged and deactivates; units appear; a re-import changes nothing', async () => {
    const family = await createFamily(app);
    const rows = (price: string, active: string) => [
      `A1;Ciment gris 35 kg;${family.code};${price};20;SAC;SAC;35;kg;ciment.jpg;1`,
      `A2;Sable 0/4;${family.code};48,50;20;T;;1000;kg;;1`,
      `A3;Gravier;${family.code};30;5.5;T;;;;;${active}`,
    ];
    await drop(app, 'articles-a.csv', csv(ARTICLE_HEADER, ...rows('9.99', '1')));
    expect(counts(await lastImport('articles-a.csv'))).toEqual({
      lues: 3,
      creees: 3,
      modifiees: 0,
      inchangees: 0,
      desactivees: 0,
    });
    const [a2] = await app.db.select().from(articles).where(eq(articles.code, 'A2'));
    expect(a2).toMatchObject({
      priceHt: 48.5,
      saleUnit: 'T',
      stockUnit: 'T',
      prepUnit: 'T',
      weight: 1000,
      active: true,
    });
    expect((await app.db.select().from(units).where(eq(units.code, 'SAC'))).length).toBe(1);

    await drop(app, 'articles-b.csv', csv(ARTICLE_HEADER, ...rows('10.49', '0')));
    expect(counts(await lastImport('articles-b.csv'))).toEqual({
      lues: 3,
      creees: 0,
      modifiees: 1,
      inchangees: 1,
      desactivees: 1,
    });
    const [a3] = await app.db.select().from(articles).where(eq(articles.code, 'A3'));
    expect(a3!.active).toBe(false);

    await drop(app, 'articles-c.csv', csv(ARTICLE_HEADER, ...rows('10.49', '0')));
    expect(counts(await lastImport('articles-c.csv'))).toEqual({
      lues: 3,
      creees: 0,
      modifiees: 0,
      inchangees: 3,
      desactivees: 0,
    });
  });

  it('refuses a file with a bad row whole, and reports every bad row with line and column', async () => {
    const family = await createFamily(app);
    await drop(
      app,
      'articles-bad.csv',
      csv(
        ARTICLE_HEADER,
        `B1;Bon article;${family.code};10;20;U;;;;;1`,
        `B2;Prix faux;${family.code};dix;20;U;;;;;1`,
        `B3;Famille inconnue;NOPE;10;20;U;;;;;1`,
        `B4;Actif faux;${family.code};10;20;U;;;;;oui`,
        `B1;Doublon;${family.code};10;20;U;;;;;1`,
      ),
    );
    const job = await lastImport('articles-bad.csv');
    expect(job).toMatchObject({ statut: 'erreur', lues: 5, creees: 0, rejets: 4 });
    expect(
      (await detail(app, admin, job.id)).lignesRejetees.map((r) => [r.ligne, r.colonne, r.motif]),
    ).toEqual([
      [3, 'prix_ht', 'nombre attendu (par exemple 12.5 ou 12,5)'],
      [5, 'actif', '1 (oui) ou 0 (non) attendu'],
      [6, null, 'ligne en double (même clé qu’à la ligne 2)'],
      [4, 'code_famille', 'famille inconnue'],
    ]);
    expect(await app.db.select().from(articles).where(eq(articles.code, 'B1'))).toEqual([]);
    const report = await app.inject({ url: `/admin/importation/imports/${job.id}/rapport`, headers: admin });
    expect(report.headers['content-type']).toMatch(/^text\/csv/);
    expect(report.headers['content-disposition']).toBe(`attachment; filename="rapport-import-${job.id}.csv"`);
    expect(report.body).toContain('articles-bad.csv;3;prix_ht;nombre attendu (par exemple 12.5 ou 12,5)');
  });

  it('refuses a header without a required column, and a file whose kind is unknown', async () => {
    await drop(app, 'articles-entete.csv', csv('code_article;designation1', 'X;Y'));
    expect(await lastImport('articles-entete.csv')).toMatchObject({
      statut: 'erreur',
      message: expect.stringContaining('colonne obligatoire absente de l’en-tête : code_famille'),
    });
    await drop(app, 'divers.csv', csv('a;b', '1;2'));
    expect(await lastImport('divers.csv')).toMatchObject({
      statut: 'erreur',
      message: expect.stringMatching(/^type de fichier inconnu/),
    });
  });

  it('reads the kind from a marker line, a BOM and quoted fields', async () => {
    const family = await createFamily(app);
    await drop(
      app,
      'export-erp.csv',
      `\uFEFFCOMPTOIR-IMPORT;articles;1\r\n${csv(ARTICLE_HEADER, `Q1;"Treillis ""ST25""; 2,40 x 6 m";${family.code};23.15;20;U;;;;;1`)}`,
    );
    expect(await lastImport('export-erp.csv')).toMatchObject({ statut: 'ok', type: 'articles', creees: 1 });
    const [q1] = await app.db.select().from(articles).where(eq(articles.code, 'Q1'));
    expect(q1!.designation1).toBe('Treillis "ST25"; 2,40 x 6 m');
  });
});

describe('declinaisons, stock, customers, addresses and order statuses', () => {
  it('imports each kind, then counts a re-import as unchanged', async () => {
    const article = await createArticle(app, { code: 'D1' });
    const agency = await createAgency(app, { code: 'LYO' });
    const zone = await createZone(app, { label: 'Rhône import' });
    const order = await createOrder(app, { number: 'W2026-IMP-1' });
    const files = {
      'declinaisons.csv': csv(
        'code_article;code_declinaison;designation;options;prix_ht;poids',
        `${article.code};GRIS;Gris;COULEUR=Gris|LONGUEUR=2,50 m;12.5;3`,
        `${article.code};BLANC;Blanc;COULEUR=Blanc;;`,
      ),
      'stocks.csv': csv(
        'code_article;code_declinaison;code_agence;quantite',
        `${article.code};;${agency.code};12`,
        `${article.code};GRIS;${agency.code};4.5`,
      ),
      'clients.csv': csv(
        'code_client;nom;code_type;libelle_type;code_agence;professionnel;limite_encours;email;telephone;siret',
        `CLI-1;Maçonnerie Dupont;ART;Artisan;${agency.code};1;5000;contact@dupont.fr;0478000000;12345678900011`,
      ),
      'adresses.csv': csv(
        'code_client;libelle;ligne1;ligne2;code_postal;ville;zone;par_defaut',
        `CLI-1;Chantier Vaise;12 rue de Bourgogne;;69009;Lyon;${zone.label};1`,
      ),
      'etats.csv': csv('numero;etat;date', `${order.number};E_LIV;2026-11-20T15:30:00`),
    };
    for (const [name, content] of Object.entries(files)) await drop(app, name, content);
    const history = (await settled(app, admin)).historique;
    const byEntry = (name: string) => history.find((job) => job.entree === name)!;
    expect(byEntry('declinaisons.csv')).toMatchObject({ statut: 'ok', creees: 2 });
    expect(byEntry('stocks.csv')).toMatchObject({ statut: 'ok', creees: 2 });
    expect(byEntry('clients.csv')).toMatchObject({ statut: 'ok', creees: 1 });
    expect(byEntry('adresses.csv')).toMatchObject({ statut: 'ok', creees: 1 });
    expect(byEntry('etats.csv')).toMatchObject({ statut: 'ok', modifiees: 1 });

    const [gris] = await app.db.select().from(variants).where(eq(variants.code, 'GRIS'));
    expect(gris).toMatchObject({
      options: { COULEUR: 'Gris', LONGUEUR: '2,50 m' },
      priceHt: 12.5,
      weight: 3,
    });
    expect(await app.db.select().from(stock).where(eq(stock.articleCode, article.code))).toHaveLength(2);
    const [customer] = await app.db.select().from(customers).where(eq(customers.code, 'CLI-1'));
    expect(customer).toMatchObject({
      name: 'Maçonnerie Dupont',
      typeCode: 'ART',
      isProfessional: true,
      creditLimit: 5000,
    });
    const [address] = await app.db
      .select()
      .from(deliveryAddresses)
      .where(eq(deliveryAddresses.customerCode, 'CLI-1'));
    expect(address).toMatchObject({ city: 'Lyon', zoneId: zone.id, isDefault: true });
    const orders = await app.inject({
      url: `/admin/commandes/fetch?page=0&size=20&reference=${order.number}`,
      headers: admin,
    });
    expect(orders.json().elements[0]).toMatchObject({ numero: order.number, etat: 'E_LIV' });

    // Again, the same files: every row unchanged.
    for (const [name, content] of Object.entries(files))
      await drop(app, `${name.replace('.csv', '')}-bis.csv`, content);
    const again = (await settled(app, admin)).historique.filter((job) => job.entree.includes('-bis'));
    expect(again).toHaveLength(5);
    for (const job of again)
      expect(job).toMatchObject({ statut: 'ok', creees: 0, modifiees: 0, inchangees: job.lues });
  });

  it('refuses references to unknown articles, agencies, customers and orders', async () => {
    await drop(app, 'stocks-bad.csv', csv('code_article;code_agence;quantite', 'NOPE;NOPE;1'));
    await drop(
      app,
      'etats-bad.csv',
      csv('numero;etat;date', 'NOPE;E_XXX;2026-13-01', 'NOPE;E_LIV;2026-11-01'),
    );
    const bad = (await settled(app, admin)).historique;
    const stockJob = bad.find((job) => job.entree === 'stocks-bad.csv')!;
    expect((await detail(app, admin, stockJob.id)).lignesRejetees).toEqual([
      { fichier: 'stocks-bad.csv', ligne: 2, colonne: 'code_article', motif: 'article inconnu' },
    ]);
    const statusJob = bad.find((job) => job.entree === 'etats-bad.csv')!;
    expect((await detail(app, admin, statusJob.id)).lignesRejetees.map((r) => [r.ligne, r.colonne])).toEqual([
      [2, 'etat'],
      [2, 'date'],
      [3, 'numero'],
    ]);
  });
});

describe('ZIP files and uploads', () => {
  it('imports a ZIP of several kinds in dependency order, each CSV with its own history row', async () => {
    await createAgency(app, { code: 'ZIPAG' });
    const archive = await zip({
      'stocks.csv': csv('code_article;code_agence;quantite', 'Z1;ZIPAG;7'),
      'articles.csv': csv(ARTICLE_HEADER, 'Z1;Article zippé;ZF;5;20;U;;;;;1'),
      'dossier/familles.csv': csv(FAMILY_HEADER, 'ZF;Famille zippée;;ZACT;Activité zip;'),
    });
    await drop(app, 'livraison.zip', archive);
    const jobs = (await settled(app, admin)).historique.filter((job) => job.fichier === 'livraison.zip');
    expect(jobs.map((job) => [job.entree, job.statut, job.creees]).reverse()).toEqual([
      ['dossier/familles.csv', 'ok', 1],
      ['articles.csv', 'ok', 1],
      ['stocks.csv', 'ok', 1],
    ]);
    expect(dropFolderFiles(app)).toContain('livraison.zip.ok');
  });

  it('refuses an archive that is no ZIP', async () => {
    await drop(app, 'casse.zip', 'pas une archive');
    expect(await lastImport('casse.zip')).toMatchObject({
      statut: 'erreur',
      message: 'archive ZIP illisible',
    });
    expect(dropFolderFiles(app)).toContain('casse.zip.err');
  });

  it('imports an uploaded file, and refuses what is no .zip or .csv', async () => {
    const family = await createFamily(app);
    const response = await upload(
      app,
      admin,
      'articles du jour.csv',
      csv(ARTICLE_HEADER, `U1;Envoyé;${family.code};1;20;U;;;;;1`),
    );
    expect(response.statusCode).toBe(200);
    const { fichier } = response.json();
    expect(fichier).toMatch(/^articles_du_jour-\d{8}-\d{6}-[0-9a-f]{6}\.csv$/);
    expect(await lastImport(fichier)).toMatchObject({ statut: 'ok', source: 'page', creees: 1 });
    expect(dropFolderFiles(app)).toContain(`${fichier}.ok`);

    const refused = await upload(app, admin, 'photo.png', 'x');
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe('Fichier .zip ou .csv attendu');
  });

  it('runs two imports of one kind one after the other', async () => {
    const family = await createFamily(app);
    const file = (price: number) =>
      csv(
        ARTICLE_HEADER,
        ...Array.from({ length: 1500 }, (_, i) => `C${i};Concurrent ${i};${family.code};${price};20;U;;;;;1`),
      );
    const [first, second] = await Promise.all([
      upload(app, admin, 'articles-x.csv', file(1)),
      upload(app, admin, 'articles-y.csv', file(2)),
    ]);
    const names = [first.json().fichier, second.json().fichier];
    const jobs = (await settled(app, admin)).historique.filter((job) => names.includes(job.fichier));
    // Had they run together, both would have found the articles missing and counted them created.
    expect(jobs.map((job) => [job.statut, job.creees, job.modifiees]).sort()).toEqual([
      ['ok', 0, 1500],
      ['ok', 1500, 0],
    ]);
  });
});
