// The payment validation page's data (GET /admin/commandes/reglement) and its confirmation
// (POST /openweb/admin/admin_commandeValideReglement).
import fs from 'node:fs';
import path from 'node:path';
import type { PaymentValidation } from '@comptoir/shared/orders/contract';
import { exportFileName, parseOrderExport, toParisIsoDateTime } from '@comptoir/shared/orders/export-format';
import {
  paymentNotValidatableMessage,
  paymentValidatedMessage,
  unknownOrderMessage,
} from '@comptoir/shared/orders/labels';
import { createAgency, createCustomer, createOrder, orderRow } from '../../test/factories';
import { buildAppAs, type App, type SessionHeaders, type TestUser } from '../../test/helpers';
import { reconcileOrderFiles } from './order-export.service';

let app: App;
let adminUser: TestUser;
let admin: SessionHeaders;
beforeAll(async () => {
  ({ app, user: adminUser, headers: admin } = await buildAppAs('admin'));
});
afterAll(() => app.close());

const fileOf = (numero: string) => path.join(app.config.exportsDir, exportFileName({ numero }));
const page = (numero: string) =>
  app.inject({ url: `/admin/commandes/reglement?id=${encodeURIComponent(numero)}`, headers: admin });
function confirm(numero: string, as: 'json' | 'form' = 'json') {
  return app.inject({
    method: 'POST',
    url: '/openweb/admin/admin_commandeValideReglement',
    headers: {
      ...admin,
      'content-type': as === 'json' ? 'application/json' : 'application/x-www-form-urlencoded',
    },
    payload: as === 'json' ? JSON.stringify({ numero }) : new URLSearchParams({ numero }).toString(),
  });
}

describe('GET /admin/commandes/reglement', () => {
  it('shows the order, its amounts and its payment', async () => {
    const agency = await createAgency(app, { label: 'Agence de Nantes' });
    const customer = await createCustomer(app, { name: 'Menuiserie Hervé', agencyCode: agency.code });
    const order = await createOrder(app, {
      customerCode: customer.code,
      cartType: 'AT2',
      paymentLabel: 'Virement',
      orderedAt: new Date('2024-06-01T08:00:00Z'),
      customerReference: 'Chantier Loire',
      webOrderId: 'OEC-9',
      amountHt: 250,
      amountVat: 50,
      amountTtc: 300,
      shippingFee: 12.5,
    });
    const response = await page(order.number);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      id: order.id,
      numero: order.number,
      date: Date.parse('2024-06-01T08:00:00Z') / 1000,
      refClient: 'Chantier Loire',
      webCdeId: 'OEC-9',
      codeClient: customer.code,
      libelleClient: 'Menuiserie Hervé',
      codeAgence: agency.code,
      libelleAgence: 'Agence de Nantes',
      montantHT: 250,
      montantTVA: 50,
      montantTTC: 300,
      fraisPort: 12.5,
      libelleModeReglement: 'Virement',
      typePanier: 'AT2',
      libelleTypePanier: 'En attente de validation du règlement',
      validable: true,
      valideePar: null,
      valideeLe: null,
    } satisfies PaymentValidation);
  });

  it('says when an order cannot be validated', async () => {
    const order = await createOrder(app, { cartType: 'TER' });
    expect((await page(order.number)).json()).toMatchObject({
      validable: false,
      libelleTypePanier: 'Commande terminée',
    });
  });

  it('answers 404 for an unknown numero, and 400 without one', async () => {
    const unknown = await page('BC-INCONNU');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ message: unknownOrderMessage('BC-INCONNU') });
    const missing = await app.inject({ url: '/admin/commandes/reglement', headers: admin });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toBe('Paramètre « id » invalide : numéro de commande attendu');
  });
});

describe('POST /openweb/admin/admin_commandeValideReglement', () => {
  it.each([
    ['ATT', 'json'],
    ['AT2', 'form'],
  ] as const)('validates a %s payment (%s body): VAL, who and when, exported', async (cartType, as) => {
    const order = await createOrder(app, { cartType, paymentLabel: 'Carte bancaire' }, [{}, {}]);
    const before = Date.now();
    const response = await confirm(order.number, as);
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json();
    expect(body.message).toBe(paymentValidatedMessage(order.number));
    expect(body.commande).toMatchObject({
      id: order.id,
      typePanier: 'VAL',
      libelleTypePanier: 'Paiement validé',
      validable: false,
      valideePar: adminUser.login,
    });
    expect(body.commande.valideeLe).toBeGreaterThanOrEqual(Math.floor(before / 1000) - 1);

    const row = await orderRow(app, order.id);
    expect(row).toMatchObject({ cartType: 'VAL', paymentValidatedBy: adminUser.login, reexportCount: 0 });
    expect(row.paymentValidatedAt!.getTime()).toBeGreaterThanOrEqual(before - 1000);
    expect(row.exportedAt).not.toBeNull();

    const written = parseOrderExport(fs.readFileSync(fileOf(order.number), 'utf8'));
    expect(written).toMatchObject({ id: order.id, typePanier: 'VAL', sequenceExport: 0 });
    expect(written.lignes).toHaveLength(2);
    expect(written.dateExport).toBe(toParisIsoDateTime(row.exportedAt!));
  });

  it.each(['TER', 'VAL'] as const)('refuses a %s order and changes nothing', async (cartType) => {
    const order = await createOrder(app, { cartType }, [{}]);
    const before = await orderRow(app, order.id);
    const response = await confirm(order.number);
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({ message: paymentNotValidatableMessage(order.number, cartType) });
    expect(await orderRow(app, order.id)).toEqual(before);
    expect(fs.existsSync(fileOf(order.number))).toBe(false);
  });

  it('answers 404 for an unknown numero', async () => {
    const response = await confirm('BC-INCONNU');
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ message: unknownOrderMessage('BC-INCONNU') });
  });

  it('refuses a blank numero', async () => {
    const response = await confirm('  ');
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe('Champ « numero » invalide : numéro de commande attendu');
  });

  it('validates the payment when the export folder cannot take the file, which follows later', async () => {
    const order = await createOrder(app, { cartType: 'ATT' }, [{}]);
    // A folder where the file should go: the file cannot be placed after the commit.
    fs.mkdirSync(fileOf(order.number));
    try {
      const response = await confirm(order.number);
      expect(response.statusCode).toBe(200);
      expect(response.json().commande).toMatchObject({ typePanier: 'VAL', validable: false });
      const row = await orderRow(app, order.id);
      expect(row).toMatchObject({ cartType: 'VAL', reexportCount: 0, exportFilePending: true });
    } finally {
      fs.rmSync(fileOf(order.number), { recursive: true });
    }
    const report = await reconcileOrderFiles(app.db, app.config.exportsDir, {
      startup: false,
      log: app.log,
      graceMs: 0,
    });
    expect(report.placed).toBe(1);
    expect(parseOrderExport(fs.readFileSync(fileOf(order.number), 'utf8'))).toMatchObject({
      id: order.id,
      typePanier: 'VAL',
      sequenceExport: 0,
    });
    expect((await orderRow(app, order.id)).exportFilePending).toBe(false);
  });

  it('validates nothing when the order cannot be exported', async () => {
    const order = await createOrder(app, { cartType: 'ATT' }, [{ articleCode: '' }]);
    const response = await confirm(order.number);
    expect(response.statusCode).toBe(409);
    const row = await orderRow(app, order.id);
    expect(row).toMatchObject({
      cartType: 'ATT',
      paymentValidatedBy: null,
      paymentValidatedAt: null,
      exportedAt: null,
    });
    expect(fs.existsSync(fileOf(order.number))).toBe(false);
  });

  it('validates once: the second confirmation is refused', async () => {
    const order = await createOrder(app, { cartType: 'AT2' }, [{}]);
    const [first, second] = await Promise.all([confirm(order.number), confirm(order.number)]);
    expect([first.statusCode, second.statusCode].sort()).toEqual([200, 409]);
    expect((await orderRow(app, order.id)).reexportCount).toBe(0);
  });
});
