// Order documents: a customer lists and downloads its own orders' invoices and delivery notes, never
// another customer's (the same 404 as an unknown one); an administrator reads any; the demo writes
// real PDFs with their index.
import fs from 'node:fs';
import path from 'node:path';
import type { OrderDocument } from '@comptoir/shared/documents';
import { createCustomer, createOrder } from '../../test/factories';
import {
  buildTestApp,
  createAdmin,
  createCustomerUser,
  loginAs,
  type App,
  type SessionHeaders,
} from '../../test/helpers';
import { registerDocument, writeDemoDocuments } from './documents.service';
import { simplePdf } from '@comptoir/db/demo/pdf';

let app: App;
let mine: SessionHeaders;
let theirs: SessionHeaders;
let admin: SessionHeaders;
let myOrder: { id: number; number: string };
let theirOrder: { id: number; number: string };

beforeAll(async () => {
  app = await buildTestApp();
  const me = await createCustomer(app);
  const them = await createCustomer(app);
  mine = await loginAs(app, await createCustomerUser(app, me.code));
  theirs = await loginAs(app, await createCustomerUser(app, them.code));
  admin = await loginAs(app, await createAdmin(app));
  myOrder = await createOrder(app, { customerCode: me.code, status: 'E_FAC' });
  theirOrder = await createOrder(app, { customerCode: them.code, status: 'E_FAC' });
  const dir = app.config.documentsDir;
  for (const [order, kind, number, amount] of [
    [myOrder, 'bl', 'BL001', null],
    [myOrder, 'facture', 'FA001', 120],
    [theirOrder, 'facture', 'FA002', 240],
  ] as const) {
    const fileName = `${kind}-${number}.pdf`;
    fs.writeFileSync(path.join(dir, fileName), simplePdf(number, [{ text: number }]));
    await registerDocument(app.db, dir, {
      orderNumber: order.number,
      kind,
      number,
      issuedOn: '2026-11-20',
      amount,
      fileName,
    });
  }
});
afterAll(() => app.close());

const get = (url: string, headers?: SessionHeaders) => app.inject({ url, headers });

describe('GET /rest/compte/mouvements/{id}/documents', () => {
  it("lists the customer's own order's documents", async () => {
    const response = await get(`/rest/compte/mouvements/${myOrder.id}/documents`, mine);
    expect(response.statusCode).toBe(200);
    const documents = response.json<OrderDocument[]>();
    expect(documents.map((d) => [d.type, d.libelle, d.numero, d.date, d.montant])).toEqual([
      ['bl', 'Bon de livraison', 'BL001', '2026-11-20', null],
      ['facture', 'Facture', 'FA001', '2026-11-20', 120],
    ]);
  });

  it("answers 404 for another customer's order, 401 without a session, and lists any for an administrator", async () => {
    expect((await get(`/rest/compte/mouvements/${theirOrder.id}/documents`, mine)).statusCode).toBe(404);
    expect((await get(`/rest/compte/mouvements/${myOrder.id}/documents`)).statusCode).toBe(401);
    const asAdmin = await get(`/rest/compte/mouvements/${theirOrder.id}/documents`, admin);
    expect(asAdmin.json<OrderDocument[]>().map((d) => d.numero)).toEqual(['FA002']);
  });
});

describe('GET /rest/compte/documents/{id}', () => {
  const documentsOf = async (orderId: number, headers: SessionHeaders) =>
    (await get(`/rest/compte/mouvements/${orderId}/documents`, headers)).json<OrderDocument[]>();

  it('sends the PDF of its own document as an attachment', async () => {
    const [, invoice] = await documentsOf(myOrder.id, mine);
    const response = await get(invoice!.lien, mine);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.headers['content-disposition']).toBe('attachment; filename="facture-FA001.pdf"');
    expect(response.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
  });

  it("answers 404 for another customer's document, exactly as for an unknown one", async () => {
    const [theirInvoice] = await documentsOf(theirOrder.id, admin);
    const refused = await get(theirInvoice!.lien, mine);
    expect(refused.statusCode).toBe(404);
    const unknown = await get('/rest/compte/documents/999999', mine);
    expect(unknown.statusCode).toBe(404);
    expect(refused.json()).toEqual(unknown.json());
    expect(refused.json()).toEqual({ message: 'Document introuvable' });
    expect((await get(theirInvoice!.lien, theirs)).statusCode).toBe(200);
  });
});

describe('registerDocument', () => {
  it('refuses a PDF name that leaves the folder or a missing file, and writes nothing', async () => {
    const entry = {
      orderNumber: myOrder.number,
      kind: 'bl' as const,
      number: 'BL9',
      issuedOn: '2026-11-21',
      amount: null,
    };
    await expect(
      registerDocument(app.db, app.config.documentsDir, { ...entry, fileName: '../x.pdf' }),
    ).rejects.toThrow(/invalide/);
    await expect(
      registerDocument(app.db, app.config.documentsDir, { ...entry, fileName: 'absent.pdf' }),
    ).rejects.toThrow(/absent/);
    expect((await get(`/rest/compte/mouvements/${myOrder.id}/documents`, mine)).json()).toHaveLength(2);
  });
});

describe('the demo documents', () => {
  it('writes a delivery note per delivered order and an invoice per invoiced one, as real PDFs', async () => {
    await createCustomer(app, { code: 'C000001' });
    const delivered = await createOrder(app, { customerCode: 'C000001', status: 'E_LIV' });
    const invoiced = await createOrder(app, { customerCode: 'C000001', status: 'E_FAC', amountTtc: 345.6 });
    await createOrder(app, { customerCode: 'C000001', status: 'E_PRE' });
    expect(await writeDemoDocuments(app.db, app.config.documentsDir)).toBe(3);
    const customer = await loginAs(app, await createCustomerUser(app, 'C000001'));
    expect((await documentsOf(delivered.id)).map((d) => d.type)).toEqual(['bl']);
    const forInvoiced = await documentsOf(invoiced.id);
    expect(forInvoiced.map((d) => [d.type, d.montant])).toEqual([
      ['bl', null],
      ['facture', 345.6],
    ]);
    const pdf = await get(forInvoiced[1]!.lien, customer);
    expect(pdf.rawPayload.toString('latin1')).toContain('Montant TTC : 345,60');

    async function documentsOf(orderId: number) {
      return (await get(`/rest/compte/mouvements/${orderId}/documents`, customer)).json<OrderDocument[]>();
    }
  });
});
