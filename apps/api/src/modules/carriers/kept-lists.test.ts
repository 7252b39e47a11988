// The back office's carrier, fee and zone lists are kept in the answer cache as sent: a write that
// said nothing is not seen (the lists are kept), a write of another process or an import is shown
// at the next request after its commit's notification, and a save through these screens at once.
import { eq } from 'drizzle-orm';
import { carriers, zones } from '@comptoir/db/schema';
import { SETTING_KEYS } from '@comptoir/shared/domain';
import type {
  ForfaitsTransportResponse,
  Tranche,
  Transporteur,
  Zone,
} from '@comptoir/shared/shipping/contract';
import { createBand, createCarrier, createSetting, createZone } from '../../test/factories';
import {
  buildAppAs,
  untilChangesHeard,
  writeSilently,
  type App,
  type SessionHeaders,
} from '../../test/helpers';

let app: App;
let admin: SessionHeaders;
beforeAll(async () => {
  ({ app, headers: admin } = await buildAppAs('admin', { answerCache: true }));
  await createSetting(app, SETTING_KEYS.shippingFeeType, 'poids');
  await createZone(app, { label: 'Proximité' });
});
afterAll(() => app.close());

async function read<T>(url: string): Promise<T> {
  const response = await app.inject({ url, headers: admin });
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as T;
}
const carrierNames = async () => (await read<Transporteur[]>('/service/transporteurs')).map((c) => c.nom);
const zoneNames = async () => (await read<Zone[]>('/service/zones')).map((z) => z.libelle);
const poll = <T>(load: () => Promise<T>) => expect.poll(load, { timeout: 2000, interval: 20 });

describe('the back office lists in the answer cache', () => {
  it('keeps the carriers until they change, and shows a save through the screen at once', async () => {
    const truck = await createCarrier(app, { name: 'Camion', position: 1 });
    await untilChangesHeard(app);
    expect(await carrierNames()).toEqual(['Camion']);

    await writeSilently(app, 'carriers', (tx) =>
      tx.update(carriers).set({ name: 'Muet' }).where(eq(carriers.id, truck.id)),
    );
    expect(await carrierNames()).toEqual(['Camion']); // kept: nothing said the table changed
    const simulated = await app.inject({
      method: 'POST',
      url: '/service/forfaitTransport/simulation',
      headers: admin,
      payload: { agencyCode: null, zoneId: null, carrierId: truck.id, lines: [] },
    });
    expect(simulated.statusCode, simulated.body).toBe(200);
    expect(await carrierNames()).toEqual(['Camion']); // a simulation writes nothing, drops nothing

    await app.db.update(carriers).set({ name: 'Camion grue' }).where(eq(carriers.id, truck.id));
    await poll(carrierNames).toEqual(['Camion grue']);

    const saved = await app.inject({
      method: 'POST',
      url: '/service/transporteur',
      headers: admin,
      payload: { nom: 'Messagerie', logo: null, etat: true, retrait: false },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(await carrierNames()).toEqual(['Camion grue', 'Messagerie']);
    const options = await read<{ params: unknown[] }>('/service/transporteur/options');
    expect(options).toHaveProperty('params');
  });

  it('shows a new tranche, forfait and fee type at once, and an imported zone after its notification', async () => {
    const zoneId = (await read<Zone[]>('/service/zones'))[0]!.id;
    expect(await read<Tranche[]>('/service/tranches')).toEqual([]);
    const band = await app.inject({
      method: 'POST',
      url: '/service/tranche',
      headers: admin,
      payload: { libelle: 'Dès 0 kg', debut: 0 },
    });
    expect(band.statusCode, band.body).toBe(200);
    const bands = await read<Tranche[]>('/service/tranches');
    expect(bands.map((b) => b.libelle)).toEqual(['Dès 0 kg']);

    expect(await read<ForfaitsTransportResponse>('/service/forfaitsTransport')).toEqual(
      await read<ForfaitsTransportResponse>('/service/forfaitsTransport'),
    );
    const fee = await app.inject({
      method: 'POST',
      url: '/service/forfaitTransport',
      headers: admin,
      payload: { montant: 25, tranche: { id: bands[0]!.id }, zone: { id: zoneId } },
    });
    expect(fee.statusCode, fee.body).toBe(200);
    expect(JSON.stringify(await read('/service/forfaitsTransport'))).toContain('25');

    const type = await app.inject({
      method: 'POST',
      url: '/service/setTypeForfaitTransport',
      headers: admin,
      payload: { typeForfait: 'montant' },
    });
    expect(type.statusCode, type.body).toBe(200);
    expect(await read('/service/typeForfaitTransport')).toEqual({ typeForfait: 'montant' });
    expect(await read<Tranche[]>('/service/tranches')).toEqual([]);

    await untilChangesHeard(app);
    expect(await zoneNames()).toEqual(['Proximité']);
    await writeSilently(app, 'zones', (tx) =>
      tx.update(zones).set({ label: 'Muette' }).where(eq(zones.id, zoneId)),
    );
    expect(await zoneNames()).toEqual(['Proximité']);
    await createBand(app, { label: 'Dès 0 €', feeType: 'montant', start: 0 }); // another writer
    await app.db.update(zones).set({ label: 'Lointaine' }).where(eq(zones.id, zoneId));
    await poll(zoneNames).toEqual(['Lointaine']);
    await poll(async () => (await read<Tranche[]>('/service/tranches')).map((b) => b.libelle)).toEqual([
      'Dès 0 €',
    ]);
  });
});
