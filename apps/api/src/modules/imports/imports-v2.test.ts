// The kinds of format version 2 (docs/import-erp.md): agencies, customer prices and documents, and a
// family moved with its sub-families. Each: a good file, a file with bad rows that imports nothing,
// a re-import that changes nothing, and what the storefront shows afterwards.
import fs from 'node:fs';
import path from 'node:path';
import { eq, inArray } from 'drizzle-orm';
import { agencies, customerPrices, families, orderDocuments } from '@comptoir/db/schema';
import type { OrderDocument } from '@comptoir/shared/documents';
import type { OrderDetail } from '@comptoir/shared/orders/contract';
import type { FicheArticle } from '@comptoir/shared/catalogue';
import type { SitePageAnswer } from '@comptoir/shared/site-pages';
import {
  createActivity,
  createAgency,
  createArticle,
  createCarrier,
  createCustomer,
  createCustomerType,
  createFamily,
  createOrder,
} from '../../test/factories';
import { buildAppAs, createCustomerUser, loginAs, type App, type SessionHeaders } from '../../test/helpers';
import { csv, detail, drop, dropFolderFiles, settled, zip } from './test-support';

/** A minimal PDF: what the import checks is the content's %PDF- signature. */
const pdf = (text: string) => Buffer.from(`%PDF-1.4\n% ${text}\n%%EOF\n`);

let app: App;
let admin: SessionHeaders;
beforeAll(async () => {
  ({ app, headers: admin } = await buildAppAs('admin', { config: { importPollMs: 0 } }));
});
afterAll(() => app.close());

async function lastImport(entry: string) {
  const list = await settled(app, admin);
  const found = list.historique.find((job) => job.entree === entry || job.fichier === entry);
  if (!found) throw new Error(`no import of ${entry}`);
  return found;
}
const counts = (job: { creees: number; modifiees: number; inchangees: number; desactivees: number }) => [
  job.creees,
  job.modifiees,
  job.inchangees,
  job.desactivees,
];
const rejects = async (id: number) =>
  (await detail(app, admin, id)).lignesRejetees.map((r) => [r.ligne, r.colonne, r.motif]);

describe('agences', () => {
  const HEADER = 'code_agence;libelle;adresse;code_postal;ville;telephone;url_stock';
  const URL = 'https://stock.example/q?a={codeArticle}&d={codeDeclinaison}&ag={codeAgence}';

  it('creates and updates agencies with their stock-query URL, which the product page then uses', async () => {
    await createAgency(app, { code: 'AG-OLD', label: 'Ancienne' });
    const file = (label: string) =>
      csv(HEADER, `AG-NEW;Agence Neuve;1 rue Neuve;69001;Lyon;0400000000;${URL}`, `AG-OLD;${label};;;;;`);
    await drop(app, 'agences-1.csv', file('Agence renommée'));
    expect(counts(await lastImport('agences-1.csv'))).toEqual([1, 1, 0, 0]);
    const [created] = await app.db.select().from(agencies).where(eq(agencies.code, 'AG-NEW'));
    expect(created).toMatchObject({ label: 'Agence Neuve', city: 'Lyon', stockQueryUrl: URL });

    await drop(app, 'agences-2.csv', file('Agence renommée'));
    expect(counts(await lastImport('agences-2.csv'))).toEqual([0, 0, 2, 0]);

    const article = await createArticle(app, { code: 'AGART' });
    const customer = await createCustomer(app, { agencyCode: 'AG-NEW' });
    const headers = await loginAs(app, await createCustomerUser(app, customer.code));
    const page = (
      await app.inject({ url: `/catalogue/articles/${article.code}`, headers })
    ).json<FicheArticle>();
    expect(page.INTERRO_STOCK).toBe('https://stock.example/q?a=AGART&d=&ag=AG-NEW');
  });

  it('takes the opening hours (revision 2.2), which the contact page shows with address and phone', async () => {
    await drop(
      app,
      'agences-horaires.csv',
      csv(
        `${HEADER};horaires`,
        'AG-H;Agence Horaires;2 rue Haute;69002;Lyon;04 00 00 00 01;;Lundi au vendredi : 8 h – 18 h',
      ),
    );
    expect(counts(await lastImport('agences-horaires.csv'))).toEqual([1, 0, 0, 0]);
    const page = (await app.inject({ url: '/rest/pages/contact' })).json<SitePageAnswer>();
    expect(page.agences.find((agency) => agency.code === 'AG-H')).toEqual({
      code: 'AG-H',
      libelle: 'Agence Horaires',
      adresse: '2 rue Haute',
      codePostal: '69002',
      ville: 'Lyon',
      telephone: '04 00 00 00 01',
      horaires: 'Lundi au vendredi : 8 h – 18 h',
    });
  });

  it('refuses a URL that is no http(s) one, and writes nothing', async () => {
    await drop(app, 'agences-bad.csv', csv(HEADER, 'AG-X;X;;;;;', 'AG-Y;Y;;;;;javascript:alert(1)'));
    const job = await lastImport('agences-bad.csv');
    expect(job).toMatchObject({ statut: 'erreur', rejets: 1 });
    expect(await rejects(job.id)).toEqual([[3, 'url_stock', 'adresse http:// ou https:// attendue']]);
    expect(await app.db.select().from(agencies).where(eq(agencies.code, 'AG-X'))).toEqual([]);
  });
});

describe('tarifs', () => {
  const HEADER = 'code_client;code_type;code_article;code_famille;code_agence;prix_net;remise;actif';

  it('imports net prices and discounts; the customer sees its price; a re-import changes nothing', async () => {
    const type = await createCustomerType(app, { code: 'TPRIX' });
    const family = await createFamily(app, { code: 'FPRIX' });
    await createArticle(app, { code: 'PX1', familyCode: family.code, priceHt: 20 });
    await createArticle(app, { code: 'PX2', familyCode: family.code, priceHt: 50 });
    const customer = await createCustomer(app, { code: 'CPRIX', typeCode: type.code });
    const headers = await loginAs(app, await createCustomerUser(app, customer.code));
    const price = async (code: string) =>
      (await app.inject({ url: `/catalogue/articles/${code}`, headers })).json<FicheArticle>().prixHT;
    expect(await price('PX1')).toBe(20);

    const rows = [`CPRIX;;PX1;;;12,5;;`, `;TPRIX;;FPRIX;;;10;1`, `;TPRIX;PX2;;${customer.agencyCode};45;;`];
    await drop(app, 'tarifs-1.csv', csv(HEADER, ...rows));
    expect(counts(await lastImport('tarifs-1.csv'))).toEqual([3, 0, 0, 0]);
    expect(await price('PX1')).toBe(12.5);
    expect(await price('PX2')).toBe(45);

    await drop(app, 'tarifs-2.csv', csv(HEADER, ...rows));
    expect(counts(await lastImport('tarifs-2.csv'))).toEqual([0, 0, 3, 0]);

    // Its own price changed, the agency's price withdrawn: the type's discount applies again.
    await drop(
      app,
      'tarifs-3.csv',
      csv(HEADER, `CPRIX;;PX1;;;11;;`, `;TPRIX;PX2;;${customer.agencyCode};;;0`, `;TPRIX;;FPRIX;;;10;1`),
    );
    expect(counts(await lastImport('tarifs-3.csv'))).toEqual([0, 1, 1, 1]);
    expect(await price('PX1')).toBe(11);
    expect(await price('PX2')).toBe(45);
    expect(
      await app.db.select().from(customerPrices).where(eq(customerPrices.customerTypeCode, 'TPRIX')),
    ).toHaveLength(1);
  });

  it('reports every bad row and imports nothing', async () => {
    for (const code of ['PXB', 'PXC', 'PXD', 'PXE']) await createArticle(app, { code });
    await drop(
      app,
      'tarifs-bad.csv',
      csv(
        HEADER,
        `NOBODY;;PXB;;;5;;`,
        `;;PXB;;;5;;`,
        `;TPRIX;PXB;FPRIX;;5;;`,
        `;TPRIX;PXB;;;;;`,
        `;TPRIX;PXC;;;5;3;`,
        `;TPRIX;PXD;;;5;101;`,
        `;TPRIX;PXE;;;5;;`,
      ),
    );
    const job = await lastImport('tarifs-bad.csv');
    expect(job).toMatchObject({ statut: 'erreur', lues: 7, creees: 0, rejets: 6 });
    expect(await rejects(job.id)).toEqual([
      [7, 'remise', 'nombre inférieur ou égal à 100 attendu'],
      [2, 'code_client', 'client inconnu'],
      [3, 'code_client', 'une et une seule valeur attendue parmi code_client et code_type'],
      [4, 'code_article', 'une et une seule valeur attendue parmi code_article et code_famille'],
      [5, 'prix_net', 'prix_net ou remise attendu (sauf pour actif 0)'],
      [6, 'prix_net', 'une et une seule valeur attendue parmi prix_net et remise'],
    ]);
    expect(
      await app.db
        .select()
        .from(customerPrices)
        .where(inArray(customerPrices.articleCode, ['PXB', 'PXC', 'PXD', 'PXE'])),
    ).toEqual([]);
  });
});

describe('etats: the shipment number', () => {
  const HEADER = 'numero;etat;date;numero_expedition';

  it("sets the order's shipment number, which the customer's order detail links to the carrier's tracking page", async () => {
    const customer = await createCustomer(app);
    const headers = await loginAs(app, await createCustomerUser(app, customer.code));
    const carrier = await createCarrier(app, { trackingUrl: 'https://suivi.example/colis/{numero}' });
    const order = await createOrder(app, { customerCode: customer.code, carrierId: carrier.id });
    const shipment = async () => {
      const response = await app.inject({ url: `/rest/compte/mouvements/${order.id}`, headers });
      expect(response.statusCode).toBe(200);
      const { numeroExpedition, lienSuivi } = response.json<OrderDetail>().entete;
      return [numeroExpedition, lienSuivi];
    };
    expect(await shipment()).toEqual([null, null]);

    await drop(app, 'etats-exp-1.csv', csv(HEADER, `${order.number};E_DIS;2026-11-20T10:00:00;RX 42/7`));
    expect(counts(await lastImport('etats-exp-1.csv'))).toEqual([0, 1, 0, 0]);
    expect(await shipment()).toEqual(['RX 42/7', 'https://suivi.example/colis/RX%2042%2F7']);

    await drop(app, 'etats-exp-2.csv', csv(HEADER, `${order.number};E_DIS;2026-11-20T10:00:00;RX 42/7`));
    expect(counts(await lastImport('etats-exp-2.csv'))).toEqual([0, 0, 1, 0]);

    // Without a number (an empty cell, or a file without the column) the order keeps its own.
    await drop(app, 'etats-exp-3.csv', csv(HEADER, `${order.number};E_LIV;2026-11-21T09:00:00;`));
    expect(counts(await lastImport('etats-exp-3.csv'))).toEqual([0, 1, 0, 0]);
    await drop(app, 'etats-exp-4.csv', csv('numero;etat;date', `${order.number};E_FAC;2026-11-22T09:00:00`));
    expect(counts(await lastImport('etats-exp-4.csv'))).toEqual([0, 1, 0, 0]);
    expect(await shipment()).toEqual(['RX 42/7', 'https://suivi.example/colis/RX%2042%2F7']);

    await drop(app, 'etats-exp-5.csv', csv(HEADER, `${order.number};E_FAC;2026-11-22T09:00:00;RX 43/1`));
    expect(counts(await lastImport('etats-exp-5.csv'))).toEqual([0, 1, 0, 0]);
    expect(await shipment()).toEqual(['RX 43/1', 'https://suivi.example/colis/RX%2043%2F1']);
  });
});

describe('documents', () => {
  const HEADER = 'numero;type;numero_document;date;montant;fichier';
  /** A ZIP of the index `rows` and the `pdfs` beside it, dropped as `name`. */
  const dropIndex = async (name: string, rows: string[], pdfs: Record<string, string | Buffer>) =>
    drop(app, name, await zip({ 'documents.csv': csv(HEADER, ...rows), ...pdfs }));

  it('imports the index and its PDFs; the customer downloads its invoice from its order', async () => {
    const customer = await createCustomer(app);
    const headers = await loginAs(app, await createCustomerUser(app, customer.code));
    const order = await createOrder(app, { customerCode: customer.code, status: 'E_FAC' });
    const files = {
      'documents.csv': csv(
        HEADER,
        `${order.number};bl;BLIMP1;2026-11-18;;BLIMP1.pdf`,
        `${order.number};facture;FAIMP1;2026-11-20;1234,50;FAIMP1.pdf`,
      ),
      'BLIMP1.pdf': pdf('BL'),
      'FAIMP1.pdf': pdf('FA'),
    };
    await drop(app, 'docs-1.zip', await zip(files));
    expect(counts(await lastImport('docs-1.zip'))).toEqual([2, 0, 0, 0]);

    const list = (await app.inject({ url: `/rest/compte/mouvements/${order.id}/documents`, headers })).json<
      OrderDocument[]
    >();
    expect(list.map((d) => [d.type, d.numero, d.date, d.montant])).toEqual([
      ['bl', 'BLIMP1', '2026-11-18', null],
      ['facture', 'FAIMP1', '2026-11-20', 1234.5],
    ]);
    const download = await app.inject({ url: list[1]!.lien, headers });
    expect(download.statusCode).toBe(200);
    expect(download.rawPayload.equals(files['FAIMP1.pdf'])).toBe(true);
    const stranger = await loginAs(app, await createCustomerUser(app));
    expect((await app.inject({ url: list[1]!.lien, headers: stranger })).statusCode).toBe(404);

    await drop(app, 'docs-2.zip', await zip(files));
    expect(counts(await lastImport('docs-2.zip'))).toEqual([0, 0, 2, 0]);

    // A new PDF for the same invoice is stored beside the old one; once its row is committed the
    // customer downloads it, and the next documents import removes the old file.
    const storedFileOf = async (number: string) =>
      (await app.db.select().from(orderDocuments).where(eq(orderDocuments.number, number)))[0]!.storedFile;
    const oldFile = await storedFileOf('FAIMP1');
    await drop(app, 'docs-3.zip', await zip({ ...files, 'FAIMP1.pdf': pdf('FA bis') }));
    expect(counts(await lastImport('docs-3.zip'))).toEqual([0, 1, 1, 0]);
    expect((await app.inject({ url: list[1]!.lien, headers })).rawPayload.equals(pdf('FA bis'))).toBe(true);
    expect(await storedFileOf('FAIMP1')).not.toBe(oldFile);
    await drop(app, 'docs-4.zip', await zip({ ...files, 'FAIMP1.pdf': pdf('FA bis') }));
    expect(counts(await lastImport('docs-4.zip'))).toEqual([0, 0, 2, 0]);
    expect(fs.readdirSync(app.config.documentsDir)).not.toContain(oldFile);
  });

  it('refuses a row whose PDF is missing or is no PDF, and imports nothing: no PDF written or replaced', async () => {
    const order = await createOrder(app);
    const documentsDir = app.config.documentsDir;
    const kept = pdf('déjà là');
    await dropIndex('docs-before.zip', [`${order.number};bl;BLKEEP;2026-11-19;;BLKEEP.pdf`], {
      'BLKEEP.pdf': kept,
    });
    expect(counts(await lastImport('docs-before.zip'))).toEqual([1, 0, 0, 0]);
    await dropIndex(
      'docs-bad.zip',
      [
        `${order.number};facture;FABAD1;2026-11-20;10;FABAD1.pdf`,
        `${order.number};facture;FABAD2;2026-11-20;10;ABSENT.pdf`,
        `${order.number};facture;FABAD3;2026-11-20;10;FAUX.pdf`,
        `${order.number};avoir;FABAD4;2026-11-20;10;../x.pdf`,
      ],
      { 'FABAD1.pdf': pdf('ok'), 'FAUX.pdf': 'ceci est du texte' },
    );
    const job = await lastImport('docs-bad.zip');
    expect(job).toMatchObject({ statut: 'erreur', creees: 0 });
    expect(await rejects(job.id)).toEqual([
      [5, 'type', 'un de facture, bl attendu'],
      [
        5,
        'fichier',
        'nom de fichier PDF attendu (lettres, chiffres, _, -, ., terminé par .pdf, sans dossier)',
      ],
      [3, 'fichier', 'PDF absent de l’archive : ABSENT.pdf'],
      [4, 'fichier', 'le fichier FAUX.pdf n’est pas un PDF'],
    ]);
    expect(await app.db.select().from(orderDocuments).where(eq(orderDocuments.number, 'FABAD1'))).toEqual([]);
    expect(dropFolderFiles(app)).toContain('docs-bad.zip.err');

    // What a server killed in the middle of a documents import leaves: a half-written PDF and a PDF
    // its rolled-back rows pointed to. The next documents import removes them.
    fs.writeFileSync(path.join(documentsDir, `${'0'.repeat(40)}.pdf.0a1b2c.part`), '%PDF-1.4 à moitié');
    fs.writeFileSync(path.join(documentsDir, `${'0'.repeat(40)}.pdf`), pdf('jamais validé'));
    // Rows refused only once their PDF is looked at, after good rows whose PDFs were written: those
    // are gone, and the PDF one of them would have replaced is untouched.
    await dropIndex(
      'docs-bad-2.zip',
      [
        `${order.number};facture;FABAD1;2026-11-20;10;FABAD1.pdf`,
        `${order.number};bl;BLKEEP;2026-11-20;;BLKEEP.pdf`,
        `${order.number};facture;FABAD2;2026-11-20;10;ABSENT.pdf`,
      ],
      { 'FABAD1.pdf': pdf('ok'), 'BLKEEP.pdf': pdf('remplacé ?') },
    );
    const second = await lastImport('docs-bad-2.zip');
    expect(second).toMatchObject({ statut: 'erreur', creees: 0, modifiees: 0 });
    expect(await rejects(second.id)).toEqual([[4, 'fichier', 'PDF absent de l’archive : ABSENT.pdf']]);
    // Every file left in the folder is one the index points to, and BLKEEP's is still the first PDF.
    const index = await app.db.select().from(orderDocuments);
    expect(fs.readdirSync(documentsDir).sort()).toEqual([...new Set(index.map((d) => d.storedFile))].sort());
    const keptRow = index.find((d) => d.number === 'BLKEEP')!;
    expect(fs.readFileSync(path.join(documentsDir, keptRow.storedFile)).equals(kept)).toBe(true);
  });
});

describe('familles: a family moved carries its sub-families', () => {
  const HEADER = 'code_famille;libelle;code_parent;code_activite';
  const levels = async (codes: string[]) =>
    Object.fromEntries(
      (await app.db.select().from(families).where(inArray(families.code, codes))).map((f) => [
        f.code,
        f.level,
      ]),
    );

  it('recomputes the levels of every descendant in the same import', async () => {
    const activity = await createActivity(app);
    await drop(
      app,
      'familles-arbre.csv',
      csv(
        HEADER,
        `MV-R1;Racine 1;;${activity.code}`,
        `MV-R2;Racine 2;;${activity.code}`,
        'MV-A;A;MV-R1;',
        'MV-B;B;MV-A;',
        'MV-C;C;MV-B;',
      ),
    );
    expect(await lastImport('familles-arbre.csv')).toMatchObject({ statut: 'ok', creees: 5 });
    // MV-A becomes a root: B and C go up one level.
    await drop(app, 'familles-monte.csv', csv(HEADER, `MV-A;A;;${activity.code}`));
    expect(await lastImport('familles-monte.csv')).toMatchObject({ statut: 'ok', modifiees: 1 });
    expect(await levels(['MV-A', 'MV-B', 'MV-C'])).toEqual({ 'MV-A': 1, 'MV-B': 2, 'MV-C': 3 });
    // MV-A under MV-R2: back down.
    await drop(app, 'familles-descend.csv', csv(HEADER, 'MV-A;A;MV-R2;'));
    expect(await lastImport('familles-descend.csv')).toMatchObject({ statut: 'ok' });
    expect(await levels(['MV-A', 'MV-B', 'MV-C'])).toEqual({ 'MV-A': 2, 'MV-B': 3, 'MV-C': 4 });
  });

  it('refuses a move that puts a sub-family past the 4th level, or under its own sub-family', async () => {
    await drop(app, 'familles-trop.csv', csv(HEADER, 'MV-R1;Racine 1;MV-C;'));
    const deep = await lastImport('familles-trop.csv');
    expect(deep).toMatchObject({ statut: 'erreur' });
    expect(await rejects(deep.id)).toEqual([[2, 'code_parent', 'le plan de vente a 4 niveaux au maximum']]);
    await drop(app, 'familles-boucle.csv', csv(HEADER, 'MV-A;A;MV-B;'));
    const loop = await lastImport('familles-boucle.csv');
    expect(loop).toMatchObject({ statut: 'erreur' });
    expect(await rejects(loop.id)).toEqual([
      [
        2,
        'code_parent',
        'avec ses sous-familles, la famille dépasserait le 4e niveau du plan de vente (ou serait rangée sous une de ses sous-familles)',
      ],
    ]);
    expect(await levels(['MV-A', 'MV-B', 'MV-C', 'MV-R1'])).toEqual({
      'MV-A': 2,
      'MV-B': 3,
      'MV-C': 4,
      'MV-R1': 1,
    });
  });
});
