// POST /openweb/admin/admin_commandeEdite: re-export (JSON answer) and download (the file), and the
// export file read back by the format's own parser.
import fs from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { orderLines, orders } from '@comptoir/db/schema';
import {
  EXPORT_CONTENT_TYPE,
  EXPORT_LINE_NO_CUT,
  exportFileName,
  EXPORT_HEADER_NO_VISITOR,
  parseOrderExport,
  toParisIsoDateTime,
  type OrderExport,
} from '@comptoir/shared/orders/export-format';
import { notExportableMessage, ORDER_NOT_FOUND, reexportDoneMessage } from '@comptoir/shared/orders/labels';
import {
  createAgency,
  createCarrier,
  createCustomer,
  createOrder,
  createZone,
  orderRow,
  type OrderLineValues,
  type OrderValues,
} from '../../test/factories';
import { buildAppAs, type App, type SessionHeaders } from '../../test/helpers';
import { quarantineDirOf, reconcileOrderFiles } from './order-export.service';

let app: App;
let admin: SessionHeaders;
beforeAll(async () => {
  ({ app, headers: admin } = await buildAppAs('admin'));
});
afterAll(() => app.close());

const FORM = 'application/x-www-form-urlencoded';
const exportsDir = () => app.config.exportsDir;
const fileOf = (numero: string) => path.join(exportsDir(), exportFileName({ numero }));

function post(body: Record<string, string | number>, as: 'json' | 'form' = 'json') {
  return app.inject({
    method: 'POST',
    url: '/openweb/admin/admin_commandeEdite',
    headers: { ...admin, 'content-type': as === 'json' ? 'application/json' : FORM },
    payload:
      as === 'json'
        ? JSON.stringify(body)
        : new URLSearchParams(Object.entries(body).map(([k, v]) => [k, String(v)])).toString(),
  });
}
const reexport = (id: number, as: 'json' | 'form' = 'json') =>
  post({ valide: '1', action: 'EXPORT', export: '1', id }, as);
const download = (id: number) => post({ id, action: 'EXPORT', valide: '1' }, 'form');

/** An order whose texts test the format: accents, semicolons, quotes, a line break. */
async function richOrder(values: OrderValues = {}) {
  const agency = await createAgency(app, { label: 'Agence de Lyon' });
  const customer = await createCustomer(app, {
    name: 'Maçonnerie Durand & Fils ; "père"',
    agencyCode: agency.code,
  });
  const zone = await createZone(app, { label: `Zone Été ${customer.code}` });
  const carrier = await createCarrier(app, { name: 'Transports Rhône-Alpes' });
  const lines: OrderLineValues[] = [
    {
      articleCode: 'PLA-BA13',
      designation: 'Plaque de plâtre BA13',
      siteTag: 'Villa « Martin »',
      quantity: 12,
      unit: 'U',
      unitPriceHt: 8.4567,
      amountHt: 101.48,
      vatRate: 20,
    },
    {
      articleCode: 'SAB-04',
      variantCode: '25KG',
      designation: 'Sable 0/4 lavé\nsac de 25 kg',
      quantity: 30,
      unit: 'SAC',
      unitPriceHt: 4.5,
      amountHt: 135,
      vatRate: 5.5,
    },
    {
      articleCode: 'VIS-TF440',
      designation: 'Vis "TF" 4x40 ; boîte de 200',
      siteTag: '',
      quantity: 2.125,
      unit: 'BTE',
      unitPriceHt: 15,
      amountHt: 31.88,
      vatRate: 20,
    },
  ];
  return createOrder(
    app,
    {
      customerCode: customer.code,
      agencyCode: agency.code,
      orderedAt: new Date('2024-03-05T13:30:00.250Z'),
      customerReference: 'Réf. "école"; bât. B',
      webOrderId: 'OEC-1042',
      amountHt: 268.36,
      amountVat: 47.08,
      amountTtc: 315.44,
      shippingFee: 35,
      paymentLabel: 'Carte bancaire',
      cartType: 'VAL',
      deliveryLabel: 'Chantier école',
      deliveryLine1: '12 rue de la Forêt',
      deliveryPostalCode: '69003',
      deliveryCity: 'Lyon',
      deliveryZoneId: zone.id,
      carrierId: carrier.id,
      carrierName: null,
      ...values,
    },
    lines,
  );
}

/** What the file of `order` must hold (everything but its dateExport, checked apart). */
function expectedExport(
  order: Awaited<ReturnType<typeof richOrder>>,
  sequence: number,
): Omit<OrderExport, 'dateExport'> {
  return {
    id: order.id,
    numero: order.number,
    date: '2024-03-05T14:30:00+01:00',
    refClient: 'Réf. "école"; bât. B',
    webCdeId: 'OEC-1042',
    codeClient: order.customerCode,
    libelleClient: 'Maçonnerie Durand & Fils ; "père"',
    codeAgence: order.agencyCode,
    typePanier: 'VAL',
    libelleModeReglement: 'Carte bancaire',
    adresseLivraison: {
      libelle: 'Chantier école',
      ligne1: '12 rue de la Forêt',
      ligne2: null,
      codePostal: '69003',
      ville: 'Lyon',
      zone: `Zone Été ${order.customerCode}`,
    },
    transporteur: 'Transports Rhône-Alpes',
    fraisPort: 35,
    montantHT: 268.36,
    montantTVA: 47.08,
    montantTTC: 315.44,
    sequenceExport: sequence,
    ...EXPORT_HEADER_NO_VISITOR,
    lignes: [
      {
        position: 1,
        codeArticle: 'PLA-BA13',
        codeDeclinaison: '',
        designation: 'Plaque de plâtre BA13',
        quantite: 12,
        unite: 'U',
        prixUnitaireHT: 8.4567,
        montantHT: 101.48,
        tauxTVA: 20,
        chantier: 'Villa « Martin »',
        ...EXPORT_LINE_NO_CUT,
      },
      {
        position: 2,
        codeArticle: 'SAB-04',
        codeDeclinaison: '25KG',
        designation: 'Sable 0/4 lavé\nsac de 25 kg',
        quantite: 30,
        unite: 'SAC',
        prixUnitaireHT: 4.5,
        montantHT: 135,
        tauxTVA: 5.5,
        chantier: null,
        ...EXPORT_LINE_NO_CUT,
      },
      {
        position: 3,
        codeArticle: 'VIS-TF440',
        codeDeclinaison: '',
        designation: 'Vis "TF" 4x40 ; boîte de 200',
        quantite: 2.125,
        unite: 'BTE',
        prixUnitaireHT: 15,
        montantHT: 31.88,
        tauxTVA: 20,
        chantier: '',
        ...EXPORT_LINE_NO_CUT,
      },
    ],
  };
}

const leftovers = () => fs.readdirSync(exportsDir()).filter((name) => name.endsWith('.tmp'));

describe('re-export', () => {
  it('writes the file again with the next sequence, counts it and says so', async () => {
    const order = await richOrder();
    const before = Date.now();
    const response = await reexport(order.id);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ message: `La commande ${order.id} a été ré-expedié` });
    expect(response.json().message).toBe(reexportDoneMessage(order.id));

    const row = await orderRow(app, order.id);
    expect(row.reexportCount).toBe(1);
    expect(row.exportedAt!.getTime()).toBeGreaterThanOrEqual(before - 1000);

    const written = parseOrderExport(fs.readFileSync(fileOf(order.number), 'utf8'));
    const { dateExport, ...rest } = written;
    expect(rest).toEqual(expectedExport(order, 1));
    expect(dateExport).toBe(toParisIsoDateTime(row.exportedAt!));

    expect((await reexport(order.id)).statusCode).toBe(200);
    expect((await orderRow(app, order.id)).reexportCount).toBe(2);
    expect(parseOrderExport(fs.readFileSync(fileOf(order.number), 'utf8')).sequenceExport).toBe(2);
    expect(leftovers()).toEqual([]);
  });

  it('takes a form body too, and a TER order', async () => {
    const order = await createOrder(app, { cartType: 'TER' }, [{}]);
    const response = await reexport(order.id, 'form');
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().message).toBe(reexportDoneMessage(order.id));
    const written = parseOrderExport(fs.readFileSync(fileOf(order.number), 'utf8'));
    expect(written).toMatchObject({
      id: order.id,
      typePanier: 'TER',
      sequenceExport: 1,
      lignes: [{ position: 1 }],
    });
  });

  it('refuses an order whose payment is not validated, and changes nothing', async () => {
    for (const cartType of ['ATT', 'AT2'] as const) {
      const order = await createOrder(app, { cartType }, [{}]);
      for (const response of [await reexport(order.id), await download(order.id)]) {
        expect(response.statusCode).toBe(409);
        expect(response.json()).toEqual({ message: notExportableMessage(order.id) });
      }
      const row = await orderRow(app, order.id);
      expect([row.reexportCount, row.exportedAt, row.cartType]).toEqual([0, null, cartType]);
      expect(fs.existsSync(fileOf(order.number))).toBe(false);
    }
  });

  it('answers 404 for an unknown order', async () => {
    for (const response of [await reexport(987_654), await download(987_654)]) {
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ message: ORDER_NOT_FOUND });
    }
  });

  it('leaves nothing half-done when the order cannot be written', async () => {
    const order = await createOrder(app, {}, [{ articleCode: '' }]);
    const response = await reexport(order.id);
    expect(response.statusCode).toBe(409);
    expect(response.json().message).toMatch(/^Commande non exportable : lignes\.0\.codeArticle/);
    expect((await orderRow(app, order.id)).reexportCount).toBe(0);
    expect(fs.existsSync(fileOf(order.number))).toBe(false);
  });

  it('keeps the re-export recorded and pending when the file cannot be put in place', async () => {
    const order = await createOrder(app, {}, [{}]);
    // A folder where the file should go: the rename fails after the re-export was committed. The
    // count stays (the order exists and was re-exported), the file is placed by the reconciliation.
    fs.mkdirSync(fileOf(order.number));
    try {
      const response = await reexport(order.id);
      expect(response.statusCode).toBe(500);
      expect(response.json()).toEqual({ message: 'Erreur critique' });
      const row = await orderRow(app, order.id);
      expect([row.reexportCount, row.exportFilePending]).toEqual([1, true]);
      expect(leftovers()).toEqual([]);
    } finally {
      fs.rmSync(fileOf(order.number), { recursive: true });
    }
    const report = await reconcileOrderFiles(app.db, exportsDir(), {
      startup: false,
      log: app.log,
      graceMs: 0,
    });
    expect(report).toMatchObject({ placed: 1, failed: 0 });
    expect(parseOrderExport(fs.readFileSync(fileOf(order.number), 'utf8'))).toMatchObject({
      id: order.id,
      sequenceExport: 1,
    });
    expect((await orderRow(app, order.id)).exportFilePending).toBe(false);
  });

  it('ends with the file of the last count when re-exports run at once', async () => {
    const order = await createOrder(app, {}, [{}]);
    const answers = await Promise.all([1, 2, 3, 4, 5].map(() => reexport(order.id)));
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200, 200, 200, 200]);
    const row = await orderRow(app, order.id);
    expect([row.reexportCount, row.exportFilePending]).toEqual([5, false]);
    const written = parseOrderExport(fs.readFileSync(fileOf(order.number), 'utf8'));
    expect([written.sequenceExport, written.dateExport]).toEqual([5, toParisIsoDateTime(row.exportedAt!)]);
    expect(leftovers()).toEqual([]);
  });

  it('refuses a body without the confirmation or with another action', async () => {
    const order = await createOrder(app, {}, [{}]);
    const noValide = await post({ action: 'EXPORT', export: '1', id: order.id });
    expect(noValide.statusCode).toBe(400);
    expect(noValide.json().message).toBe('Champ « valide » invalide : valeur attendue 1');
    const otherAction = await post({ action: 'SUPPRIMER', valide: '1', id: order.id }, 'form');
    expect(otherAction.statusCode).toBe(400);
    expect(otherAction.json().message).toBe('Champ « action » invalide : valeur attendue EXPORT');
    const badId = await post({ action: 'EXPORT', valide: '1', id: 'abc' }, 'form');
    expect(badId.statusCode).toBe(400);
    expect(badId.json().message).toBe(
      'Champ « id » invalide : identifiant de commande attendu (entier positif)',
    );
    expect((await orderRow(app, order.id)).reexportCount).toBe(0);
  });
});

describe('download', () => {
  it('writes sequence 0 of an order never exported and sends it as an attachment', async () => {
    const order = await richOrder({ cartType: 'TER' });
    const response = await download(order.id);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toBe(EXPORT_CONTENT_TYPE);
    expect(response.headers['content-disposition']).toBe(
      `attachment; filename="${exportFileName({ numero: order.number })}"`,
    );
    const sent = parseOrderExport(response.body);
    expect({ ...sent, dateExport: undefined }).toEqual({
      ...expectedExport(order, 0),
      typePanier: 'TER',
      dateExport: undefined,
    });
    expect(fs.readFileSync(fileOf(order.number), 'utf8')).toBe(response.body);
    const row = await orderRow(app, order.id);
    expect([row.reexportCount, sent.dateExport]).toEqual([0, toParisIsoDateTime(row.exportedAt!)]);
  });

  it('sends the file as exported last, writing nothing', async () => {
    const order = await richOrder();
    await reexport(order.id);
    const onDisk = fs.readFileSync(fileOf(order.number), 'utf8');
    const before = await orderRow(app, order.id);
    const response = await download(order.id);
    expect(response.statusCode).toBe(200);
    expect(response.body).toBe(onDisk);
    expect(parseOrderExport(response.body).sequenceExport).toBe(1);
    expect(await orderRow(app, order.id)).toEqual(before);
  });

  it('writes again a validated order whose file is missing, at its current sequence', async () => {
    // As in the demo data: exported twice elsewhere, no file here.
    const order = await createOrder(app, { exportedAt: new Date('2024-01-01T00:00:00Z'), reexportCount: 2 }, [
      {},
    ]);
    const response = await download(order.id);
    expect(response.statusCode).toBe(200);
    expect(parseOrderExport(response.body).sequenceExport).toBe(2);
    const row = await orderRow(app, order.id);
    expect(row.reexportCount).toBe(2);
    expect(row.exportedAt!.getTime()).toBeGreaterThan(Date.parse('2024-01-02T00:00:00Z'));
  });

  it("replaces a file that is not this order's", async () => {
    const order = await createOrder(app, {}, [{}]);
    fs.writeFileSync(fileOf(order.number), 'pas un fichier de commande');
    const response = await download(order.id);
    expect(response.statusCode).toBe(200);
    expect(parseOrderExport(response.body).id).toBe(order.id);
    expect(fs.readFileSync(fileOf(order.number), 'utf8')).toBe(response.body);
  });

  it('serves the lines in position order', async () => {
    const order = await createOrder(app, {}, [
      { position: 2, articleCode: 'B' },
      { position: 1, articleCode: 'A' },
    ]);
    const response = await download(order.id);
    expect(parseOrderExport(response.body).lignes.map((l) => [l.position, l.codeArticle])).toEqual([
      [1, 'A'],
      [2, 'B'],
    ]);
    const stored = await app.db.select().from(orderLines).where(eq(orderLines.orderId, order.id));
    expect(stored).toHaveLength(2);
  });
});

describe('reconciliation of the export folder', () => {
  const reconcile = (startup: boolean) =>
    reconcileOrderFiles(app.db, exportsDir(), { startup, log: app.log, graceMs: 0 });
  const setPending = (id: number) =>
    app.db.update(orders).set({ exportFilePending: true }).where(eq(orders.id, id));

  it('places the files still pending, once, and leaves the others alone', async () => {
    await reconcile(true);
    // A crash between the commit and the file: recorded, pending, no file.
    const pending = await createOrder(
      app,
      { exportedAt: new Date('2024-02-01T10:00:00Z'), reexportCount: 3 },
      [{}],
    );
    await setPending(pending.id);
    // Exported long ago, its file since taken by the ERP: not written again.
    const taken = await createOrder(app, { exportedAt: new Date('2024-02-01T10:00:00Z') }, [{}]);
    expect(await reconcile(false)).toMatchObject({ placed: 1, failed: 0, temporariesRemoved: 0 });
    const written = parseOrderExport(fs.readFileSync(fileOf(pending.number), 'utf8'));
    expect([written.id, written.sequenceExport, written.dateExport]).toEqual([
      pending.id,
      3,
      '2024-02-01T11:00:00+01:00',
    ]);
    expect((await orderRow(app, pending.id)).exportFilePending).toBe(false);
    expect(fs.existsSync(fileOf(taken.number))).toBe(false);
    expect(await reconcile(false)).toMatchObject({ placed: 0, failed: 0 });
  });

  it('leaves a fresh pending file to the request placing it, except at startup', async () => {
    const order = await createOrder(app, { exportedAt: new Date() }, [{}]);
    await setPending(order.id);
    const periodic = await reconcileOrderFiles(app.db, exportsDir(), { startup: false, log: app.log });
    expect(periodic.placed).toBe(0);
    expect((await reconcile(true)).placed).toBe(1);
    expect(fs.existsSync(fileOf(order.number))).toBe(true);
  });

  it('removes the temporary files of cut writes and moves files of no order to quarantine at startup', async () => {
    const order = await createOrder(app, {}, [{}]);
    await download(order.id);
    const own = fs.readFileSync(fileOf(order.number), 'utf8');
    const cut = `.${exportFileName({ numero: order.number })}.${order.id}.0123456789ab.tmp`;
    fs.writeFileSync(path.join(exportsDir(), cut), own.slice(0, 40));
    // The file of an order rolled back (its id never committed), an unreadable one, and a file that
    // is not an order file at all (left alone).
    const ghost = own.replace(`E;${order.id};`, 'E;987654321;').replace(order.number, 'W2099-000001');
    const ghostName = exportFileName({ numero: 'W2099-000001' });
    fs.writeFileSync(path.join(exportsDir(), ghostName), ghost);
    fs.writeFileSync(path.join(exportsDir(), 'commande-abime.txt'), 'COMPTOIR-COMMANDE;1\r\nE;');
    fs.writeFileSync(path.join(exportsDir(), 'lisez-moi.txt'), 'ERP');

    const periodic = await reconcile(false);
    expect([periodic.temporariesRemoved, periodic.quarantined]).toEqual([1, []]);
    expect(leftovers()).toEqual([]);
    expect(fs.existsSync(path.join(exportsDir(), ghostName))).toBe(true);

    const startup = await reconcile(true);
    expect(startup.quarantined.sort()).toEqual([ghostName, 'commande-abime.txt']);
    const names = fs.readdirSync(exportsDir());
    expect(names).toContain(exportFileName({ numero: order.number }));
    expect(names).toContain('lisez-moi.txt');
    expect(names).not.toContain(ghostName);
    expect(names).not.toContain('commande-abime.txt');
    const quarantined = fs.readdirSync(quarantineDirOf(exportsDir()));
    expect(quarantined.filter((name) => name.endsWith(`-${ghostName}`))).toHaveLength(1);
    expect(fs.readFileSync(fileOf(order.number), 'utf8')).toBe(own);
  });
});
