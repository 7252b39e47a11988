import { eq } from 'drizzle-orm';
import { carriers, shippingFees } from '@comptoir/db/schema';
import { CARRIER_OPTIONS, CARRIER_PARAMS } from '@comptoir/shared/shipping/carrier-offer';
import type { Transporteur, TransporteurBodyInput } from '@comptoir/shared/shipping/contract';
import { CARRIER_MESSAGES } from '@comptoir/shared/shipping/messages';
import { createBand, createShippingFee } from '../../test/factories';
import { buildAppAs, type App, type SessionHeaders } from '../../test/helpers';

let app: App;
let admin: SessionHeaders;
beforeAll(async () => {
  ({ app, headers: admin } = await buildAppAs('admin'));
});
afterAll(() => app.close());

const list = async () =>
  (await app.inject({ url: '/service/transporteurs', headers: admin })).json() as Transporteur[];
const post = (body: unknown) =>
  app.inject({ method: 'POST', url: '/service/transporteur', headers: admin, payload: body as object });
const create = async (body: TransporteurBodyInput) => {
  const response = await post(body);
  expect(response.statusCode).toBe(200);
  return response.json() as Transporteur;
};
const names = async () => (await list()).map((c) => `${c.position}:${c.nom}`);
const move = (id: number, direction: string) =>
  app.inject({
    method: 'POST',
    url: `/service/transporteur/${id}/position`,
    headers: admin,
    payload: { direction },
  });

async function clearCarriers() {
  await app.db.delete(carriers);
}

describe('POST /service/transporteur', () => {
  beforeEach(clearCarriers);

  it('creates a carrier last, with defaults, and answers it as saved', async () => {
    const first = await create({ nom: 'Comptoir Livraison' });
    expect(first).toEqual({
      id: expect.any(Number),
      nom: 'Comptoir Livraison',
      logo: null,
      description: null,
      etat: true,
      position: 1,
      tracking_url: null,
      id_forfait_transport: null,
      params: [],
      options: [],
      retrait: false,
    });
    const second = await create({
      nom: '  Rhône Express  ',
      description: 'Colis en 24 h',
      etat: false,
      tracking_url: 'https://suivi.example/{numero}',
      params: [{ LIB: 'Hayon élévateur', VAL: 'HAYON' }],
      options: [{ nom: 'Délai', valeur: '24 h' }],
    });
    expect(second).toMatchObject({
      nom: 'Rhône Express',
      description: 'Colis en 24 h',
      etat: false,
      position: 2,
      tracking_url: 'https://suivi.example/{numero}',
      params: [{ LIB: 'Hayon élévateur', VAL: 'HAYON' }],
      options: [{ nom: 'Délai', valeur: '24 h' }],
    });
    expect(await list()).toEqual([first, second]);
  });

  it('updates a carrier when the body has its id, keeping its position unless given', async () => {
    const a = await create({ nom: 'A' });
    const b = await create({ nom: 'B' });
    const updated = await create({ id: a.id, nom: 'A bis', description: 'Nouvelle description' });
    expect(updated).toMatchObject({
      id: a.id,
      nom: 'A bis',
      description: 'Nouvelle description',
      position: 1,
    });
    expect(await names()).toEqual(['1:A bis', '2:B']);
    await create({ id: b.id, nom: 'B', position: 0 });
    expect(await names()).toEqual(['0:B', '1:A bis']);
  });

  it("refuses a missing, blank or invalid name with 'Transporteur invalide', saving nothing", async () => {
    for (const body of [
      {},
      { nom: '' },
      { nom: '   ' },
      { nom: 12 },
      { nom: 'x'.repeat(101) },
      { nom: 'Ok', tracking_url: 'javascript:alert(1)' },
      { nom: 'Ok', logo: 'https://ailleurs.example/logo.png' },
      { nom: 'Ok', logo: '/logos/../../etc/passwd' },
      { nom: 'Ok', params: [{ LIB: 'Sans valeur' }] },
      { nom: 'Ok', position: -1 },
    ]) {
      const response = await post(body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(response.json().message).toBe(CARRIER_MESSAGES.invalid);
    }
    expect(await list()).toEqual([]);
  });

  it('says in the details what is wrong with each field', async () => {
    const response = await post({ nom: 'x'.repeat(300), tracking_url: 'suivi' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      message: CARRIER_MESSAGES.invalid,
      details: [
        { champ: 'nom', message: CARRIER_MESSAGES.nameTooLong },
        { champ: 'tracking_url', message: CARRIER_MESSAGES.trackingUrlInvalid },
      ],
    });
  });

  it("refuses a logo that was not uploaded and an unknown forfait with 'Transporteur invalide'", async () => {
    const logo = await post({ nom: 'Ok', logo: '/logos/0000-absent.png' });
    expect(logo.statusCode).toBe(400);
    expect(logo.json().message).toBe(CARRIER_MESSAGES.invalid);
    const forfait = await post({ nom: 'Ok', id_forfait_transport: 999_999 });
    expect(forfait.statusCode).toBe(400);
    expect(forfait.json().message).toBe(CARRIER_MESSAGES.invalid);
    expect(await list()).toEqual([]);
  });

  it('links a carrier to a forfait, and deleting the forfait unlinks it', async () => {
    const band = await createBand(app, { label: 'Dès 0 kg', feeType: 'poids', start: 0 });
    const fee = await createShippingFee(app, { amount: 25, bandId: band.id });
    const carrier = await create({ nom: 'Camion grue', id_forfait_transport: fee.id });
    expect(carrier.id_forfait_transport).toBe(fee.id);
    await app.db.delete(shippingFees).where(eq(shippingFees.id, fee.id));
    expect((await list())[0]!.id_forfait_transport).toBeNull();
  });

  it('marks a carrier as pickup, and unmarks it', async () => {
    const pickup = await create({ nom: 'Retrait en agence', retrait: true });
    expect(pickup.retrait).toBe(true);
    expect((await list())[0]!.retrait).toBe(true);
    expect((await create({ id: pickup.id, nom: 'Retrait en agence' })).retrait).toBe(false);
    expect((await post({ nom: 'X', retrait: 'oui' as unknown as boolean })).statusCode).toBe(400);
  });

  it('answers 404 when updating an unknown carrier', async () => {
    const response = await post({ id: 999_999, nom: 'Fantôme' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ message: CARRIER_MESSAGES.notFound });
    expect(await list()).toEqual([]);
  });
});

describe('DELETE /service/transporteur/:id', () => {
  beforeEach(clearCarriers);

  it("deletes a carrier, answers 'Transporteur supprimé' and closes the gap in positions", async () => {
    const a = await create({ nom: 'A' });
    await create({ nom: 'B' });
    await create({ nom: 'C' });
    const response = await app.inject({
      method: 'DELETE',
      url: `/service/transporteur/${a.id}`,
      headers: admin,
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ message: 'Transporteur supprimé' });
    expect(await names()).toEqual(['1:B', '2:C']);
  });

  it('answers 404 for an unknown carrier and 400 for a bad id', async () => {
    const unknown = await app.inject({
      method: 'DELETE',
      url: '/service/transporteur/999999',
      headers: admin,
    });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ message: CARRIER_MESSAGES.notFound });
    const bad = await app.inject({ method: 'DELETE', url: '/service/transporteur/abc', headers: admin });
    expect(bad.statusCode).toBe(400);
  });
});

describe('POST /service/transporteur/:id/etat', () => {
  beforeEach(clearCarriers);

  it('deactivates and activates a carrier at once, changing nothing else', async () => {
    const carrier = await create({ nom: 'A', description: 'Garde sa description' });
    const off = await app.inject({
      method: 'POST',
      url: `/service/transporteur/${carrier.id}/etat`,
      headers: admin,
      payload: { etat: false },
    });
    expect(off.statusCode).toBe(200);
    expect(off.json()).toEqual({ ...carrier, etat: false });
    expect((await list())[0]!.etat).toBe(false);
    const on = await app.inject({
      method: 'POST',
      url: `/service/transporteur/${carrier.id}/etat`,
      headers: admin,
      payload: { etat: true },
    });
    expect(on.json()).toEqual(carrier);
  });

  it("answers 'Transporteur invalide' for a bad body and 404 for an unknown carrier", async () => {
    const carrier = await create({ nom: 'A' });
    const bad = await app.inject({
      method: 'POST',
      url: `/service/transporteur/${carrier.id}/etat`,
      headers: admin,
      payload: { etat: 'oui' },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe(CARRIER_MESSAGES.invalid);
    const unknown = await app.inject({
      method: 'POST',
      url: '/service/transporteur/999999/etat',
      headers: admin,
      payload: { etat: true },
    });
    expect(unknown.statusCode).toBe(404);
  });
});

describe('POST /service/transporteur/:id/position', () => {
  beforeEach(clearCarriers);

  it('moves a carrier up and down by swapping with its neighbour, and answers the new list', async () => {
    const a = await create({ nom: 'A' });
    const b = await create({ nom: 'B' });
    const c = await create({ nom: 'C' });
    const up = await move(c.id, 'up');
    expect(up.statusCode).toBe(200);
    expect((up.json() as Transporteur[]).map((t) => `${t.position}:${t.nom}`)).toEqual(['1:A', '2:C', '3:B']);
    await move(a.id, 'down');
    expect(await names()).toEqual(['1:C', '2:A', '3:B']);
    // At either end nothing moves.
    await move(c.id, 'up');
    await move(b.id, 'down');
    expect(await names()).toEqual(['1:C', '2:A', '3:B']);
  });

  it('repairs duplicate positions while moving', async () => {
    const a = await create({ nom: 'A', position: 5 });
    await create({ nom: 'B', position: 5 });
    await create({ nom: 'C', position: 5 });
    await move(a.id, 'down');
    expect(await names()).toEqual(['1:B', '2:A', '3:C']);
  });

  it("refuses a bad direction with 'Transporteur invalide' and an unknown carrier with 404", async () => {
    const a = await create({ nom: 'A' });
    const bad = await move(a.id, 'left');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe(CARRIER_MESSAGES.invalid);
    expect((await move(999_999, 'up')).statusCode).toBe(404);
  });
});

describe('GET /service/transporteur/options', () => {
  beforeEach(clearCarriers);

  it('offers the catalogue, then what carriers already hold', async () => {
    await create({
      nom: 'Camion grue',
      params: [
        { LIB: 'Hayon élévateur', VAL: 'HAYON' },
        { LIB: 'Portée 12 m', VAL: 'PORTEE12' },
      ],
      options: [
        { nom: 'Délai', valeur: '48 h' },
        { nom: 'Portée', valeur: '12 m' },
      ],
    });
    const response = await app.inject({ url: '/service/transporteur/options', headers: admin });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      params: [...CARRIER_PARAMS, { LIB: 'Portée 12 m', VAL: 'PORTEE12' }],
      options: [...CARRIER_OPTIONS, { nom: 'Portée', valeur: '12 m' }],
    });
  });
});
