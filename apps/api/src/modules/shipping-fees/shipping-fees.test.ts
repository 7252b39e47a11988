import { eq } from 'drizzle-orm';
import { agencies, bands, carriers, families, settings, shippingFees, zones } from '@comptoir/db/schema';
import { SETTING_KEYS } from '@comptoir/shared/domain';
import type {
  Forfait,
  ForfaitBodyInput,
  ForfaitsTransportResponse,
  Tranche,
} from '@comptoir/shared/shipping/contract';
import { FEE_MESSAGES, TRANCHE_MESSAGES } from '@comptoir/shared/shipping/messages';
import {
  createAgency,
  createBand,
  createCarrier,
  createFamily,
  createShippingFee,
  createZone,
} from '../../test/factories';
import { buildAppAs, type App, type SessionHeaders } from '../../test/helpers';

let app: App;
let admin: SessionHeaders;
beforeAll(async () => {
  ({ app, headers: admin } = await buildAppAs('admin'));
});
afterAll(() => app.close());

const get = (url: string) => app.inject({ url, headers: admin });
const send = (method: 'POST' | 'DELETE', url: string, payload?: unknown) =>
  app.inject({ method, url, headers: admin, ...(payload !== undefined && { payload: payload as object }) });
const setType = (typeForfait: string) => send('POST', '/service/setTypeForfaitTransport', { typeForfait });
const postTranche = (body: unknown) => send('POST', '/service/tranche', body);
const postForfait = (body: ForfaitBodyInput | Record<string, unknown>) =>
  send('POST', '/service/forfaitTransport', body);
const schedule = async () => (await get('/service/forfaitsTransport')).json() as ForfaitsTransportResponse;
const allForfaits = (s: ForfaitsTransportResponse) =>
  [...s.sans_agence, ...s.agences.flatMap((a) => a.groupes)].flatMap((g) => g.forfaits);
const forfaitCount = async () => (await app.db.select().from(shippingFees)).length;

async function createTranche(body: Record<string, unknown>): Promise<Tranche> {
  const response = await postTranche(body);
  expect(response.statusCode).toBe(200);
  return response.json() as Tranche;
}

// Record: a client may send the links' labels too (the contract ignores them).
async function createForfait(body: ForfaitBodyInput | Record<string, unknown>): Promise<Forfait> {
  const response = await postForfait(body);
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as Forfait;
}

describe('the fee type', () => {
  it('is null until chosen: no tranche listed, none created, no forfait added', async () => {
    expect((await get('/service/typeForfaitTransport')).json()).toEqual({ typeForfait: null });
    expect((await get('/service/tranches')).json()).toEqual([]);
    const tranche = await postTranche({ libelle: 'Dès 0 kg', debut: 0 });
    expect(tranche.statusCode).toBe(400);
    expect(tranche.json().message).toBe(FEE_MESSAGES.typeNotSet);
    const forfait = await postForfait({ tranche: { id: 1 }, montant: 10 });
    expect(forfait.statusCode).toBe(400);
    expect(forfait.json().message).toBe(FEE_MESSAGES.typeNotSet);
  });

  it('is set by POST /service/setTypeForfaitTransport and stored in the settings', async () => {
    const response = await setType('poids');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ typeForfait: 'poids' });
    expect((await get('/service/typeForfaitTransport')).json()).toEqual({ typeForfait: 'poids' });
    const [row] = await app.db.select().from(settings).where(eq(settings.key, SETTING_KEYS.shippingFeeType));
    expect(row!.value).toBe('poids');
  });

  it('refuses an unknown type', async () => {
    const response = await setType('volume');
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toMatch(/^Champ « typeForfait » invalide/);
    expect((await get('/service/typeForfaitTransport')).json()).toEqual({ typeForfait: 'poids' });
  });
});

describe('tranches and zones', () => {
  it('creates tranches of the current type and lists them by start', async () => {
    const progressive = await createTranche({
      libelle: 'Plus de 2 t',
      debut: 2000,
      unique: true,
      interval: 1000,
    });
    expect(progressive).toEqual({
      id: expect.any(Number),
      libelle: 'Plus de 2 t',
      debut: 2000,
      unique: true,
      interval: 1000,
    });
    const first = await createTranche({ libelle: '  De 0 à 100 kg ', debut: 0, interval: 50 });
    // Not progressive: the interval is dropped.
    expect(first).toMatchObject({ libelle: 'De 0 à 100 kg', debut: 0, unique: false, interval: null });
    const [row] = await app.db.select().from(bands).where(eq(bands.id, progressive.id));
    expect(row).toMatchObject({ feeType: 'poids', progressive: true, interval: 1000, start: 2000 });
    await createBand(app, { label: 'Moins de 150 €', feeType: 'montant', start: 0 });

    const listed = (await get('/service/tranches')).json() as Tranche[];
    expect(listed.map((t) => t.libelle)).toEqual(['De 0 à 100 kg', 'Plus de 2 t']);
  });

  it('answers the tranche messages', async () => {
    const cases: [unknown, string][] = [
      [{ debut: 0 }, TRANCHE_MESSAGES.libelleRequired],
      [{ libelle: '  ', debut: 0 }, TRANCHE_MESSAGES.libelleRequired],
      [{ libelle: 'X' }, TRANCHE_MESSAGES.debutInvalid],
      [{ libelle: 'X', debut: -1 }, TRANCHE_MESSAGES.debutInvalid],
      [{ libelle: 'X', debut: 0, unique: true }, TRANCHE_MESSAGES.intervalRequired],
      [{ libelle: 'X', debut: 0, unique: true, interval: 0 }, TRANCHE_MESSAGES.intervalRequired],
    ];
    const before = ((await get('/service/tranches')).json() as Tranche[]).length;
    for (const [body, message] of cases) {
      const response = await postTranche(body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(response.json().message, JSON.stringify(body)).toBe(message);
    }
    expect((await get('/service/tranches')).json()).toHaveLength(before);
  });

  it('lists the zones by label', async () => {
    await createZone(app, { label: 'Zone B' });
    await createZone(app, { label: 'Zone A' });
    const response = await get('/service/zones');
    expect(response.statusCode).toBe(200);
    expect((response.json() as { libelle: string }[]).map((z) => z.libelle)).toEqual(['Zone A', 'Zone B']);
  });
});

describe('forfaits', () => {
  let t0: Tranche;
  let t100: Tranche;
  let zoneA: number;
  let zoneB: number;
  let agencyCode: string;
  beforeAll(async () => {
    const listed = (await get('/service/tranches')).json() as Tranche[];
    t0 = listed[0]!;
    t100 = await createTranche({ libelle: 'De 100 à 500 kg', debut: 100 });
    const zoneRows = (await get('/service/zones')).json() as { id: number; libelle: string }[];
    zoneA = zoneRows.find((z) => z.libelle === 'Zone A')!.id;
    zoneB = zoneRows.find((z) => z.libelle === 'Zone B')!.id;
    agencyCode = (await createAgency(app, { code: 'LYO', label: 'Lyon Gerland' })).code;
    await createFamily(app, { code: 'GO', label: 'Gros œuvre' });
    await createFamily(app, { code: 'GO-GRA', label: 'Granulats', parentCode: 'GO' });
  });

  it('creates a default forfait and answers it with its links', async () => {
    const created = await createForfait({
      tranche: { id: t0.id },
      montant: 12.5,
      franco: 800,
      zone: { id: zoneA },
    });
    expect(created).toEqual({
      id: expect.any(Number),
      montant: 12.5,
      franco: 800,
      tranche: {
        id: t0.id,
        libelle: 'De 0 à 100 kg',
        debut_tranche: 0,
        tranche_unique: false,
        tranche_interval: null,
      },
      zone: { id: zoneA, libelle: 'Zone A' },
      categorie: null,
      agence: null,
    });
  });

  it('creates forfaits by agency and family, franco 0 when absent, and lists them grouped', async () => {
    await createForfait({ tranche: { id: t100.id }, montant: 25, zone: { id: zoneA } });
    const byAgency = await createForfait({
      tranche: { id: t0.id, libelle: 'ignoré' },
      montant: 30,
      zone: { id: zoneB },
      agence: { code_agence: agencyCode, libelle_agence: 'ignoré' },
    });
    expect(byAgency.franco).toBe(0);
    expect(byAgency.agence).toEqual({ code_agence: 'LYO', libelle_agence: 'Lyon Gerland' });
    const byFamily = await createForfait({
      tranche: { id: t0.id },
      montant: 35,
      zone: { id: zoneA },
      categorie: { code_famille: 'GO-GRA' },
      agence: { code_agence: agencyCode },
    });
    expect(byFamily.categorie).toEqual({ code_famille: 'GO-GRA', libelle_famille: 'Granulats' });

    const response = await get('/service/forfaitsTransport');
    expect(response.statusCode).toBe(200);
    const s = response.json() as ForfaitsTransportResponse;
    expect(s.sans_agence).toHaveLength(1);
    expect(s.sans_agence[0]!.zone).toEqual({ id: zoneA, libelle: 'Zone A' });
    expect(s.sans_agence[0]!.forfaits.map((f) => f.montant)).toEqual([12.5, 25]);
    expect(s.agences).toHaveLength(1);
    expect(s.agences[0]!.agence).toEqual({ code_agence: 'LYO', libelle_agence: 'Lyon Gerland' });
    expect(s.agences[0]!.groupes.map((g) => [g.zone?.libelle, g.categorie?.code_famille ?? null])).toEqual([
      ['Zone A', 'GO-GRA'],
      ['Zone B', null],
    ]);
  });

  it('answers the exact French messages of docs/contract/shipping-fees.md (Shipping fees), in the seed’s order, saving nothing', async () => {
    const before = await forfaitCount();
    const cases: [Record<string, unknown>, string][] = [
      [{ tranche: { id: t0.id }, montant: 5, categorie: { code_famille: 'GO' } }, FEE_MESSAGES.zoneRequired],
      // The zone message comes first even when the rest is missing too.
      [{ categorie: { code_famille: 'GO' } }, FEE_MESSAGES.zoneRequired],
      [{ montant: 5, zone: { id: zoneA } }, FEE_MESSAGES.trancheRequired],
      [{ tranche: null, montant: 5 }, FEE_MESSAGES.trancheRequired],
      [{ tranche: {}, montant: 5 }, FEE_MESSAGES.trancheRequired],
      [{}, FEE_MESSAGES.trancheRequired],
      [{ tranche: { id: t0.id }, zone: { id: zoneA } }, FEE_MESSAGES.montantRequired],
      [{ tranche: { id: t0.id }, montant: null }, FEE_MESSAGES.montantRequired],
      [{ tranche: { id: t0.id }, montant: 'douze' }, FEE_MESSAGES.montantRequired],
      [{ tranche: { id: t0.id }, montant: -1 }, FEE_MESSAGES.montantNegative],
      [{ tranche: { id: t0.id }, montant: 1, franco: -1 }, FEE_MESSAGES.francoNegative],
      // Too large or beyond the cent: said as such, never 'le montant est obligatoire' nor rounded.
      [{ tranche: { id: t0.id }, montant: 99_999_999_999 }, FEE_MESSAGES.montantTooLarge],
      [{ tranche: { id: t0.id }, montant: 12.555 }, FEE_MESSAGES.montantDecimals],
      [{ tranche: { id: t0.id }, montant: 1, franco: 1e11 }, FEE_MESSAGES.francoTooLarge],
      [{ tranche: { id: t0.id }, montant: 1, franco: 0.001 }, FEE_MESSAGES.francoDecimals],
    ];
    for (const [body, message] of cases) {
      const response = await postForfait(body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(response.json().message, JSON.stringify(body)).toBe(message);
    }
    expect(await forfaitCount()).toBe(before);
  });

  it('refuses unknown links with their messages', async () => {
    const montantBand = await createBand(app, { label: 'Dès 0 €', feeType: 'montant', start: 0 });
    const before = await forfaitCount();
    const cases: [Record<string, unknown>, string][] = [
      [{ tranche: { id: 999_999 }, montant: 5 }, FEE_MESSAGES.unknownTranche],
      // A tranche of the other fee type is not offered.
      [{ tranche: { id: montantBand.id }, montant: 5 }, FEE_MESSAGES.unknownTranche],
      [{ tranche: { id: t0.id }, montant: 5, zone: { id: 999_999 } }, FEE_MESSAGES.unknownZone],
      [{ tranche: { id: t0.id }, montant: 5, agence: { code_agence: 'NOPE' } }, FEE_MESSAGES.unknownAgence],
      [
        { tranche: { id: t0.id }, montant: 5, zone: { id: zoneA }, categorie: { code_famille: 'NOPE' } },
        FEE_MESSAGES.unknownCategorie,
      ],
    ];
    for (const [body, message] of cases) {
      const response = await postForfait(body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(response.json().message, JSON.stringify(body)).toBe(message);
    }
    expect(await forfaitCount()).toBe(before);
  });

  it("refuses a duplicate (same agency, zone, family, tranche; absent ones count as one) with 409 'Forfait déjà existant'", async () => {
    const before = await forfaitCount();
    for (const body of [
      { tranche: { id: t0.id }, montant: 99, zone: { id: zoneA } },
      { tranche: { id: t0.id }, montant: 99, zone: { id: zoneB }, agence: { code_agence: agencyCode } },
    ]) {
      const response = await postForfait(body);
      expect(response.statusCode).toBe(409);
      expect(response.json()).toEqual({ message: 'Forfait déjà existant' });
    }
    expect(await forfaitCount()).toBe(before);
    // Without zone nor family twice: NULLS NOT DISTINCT.
    await createForfait({ tranche: { id: t0.id }, montant: 50 });
    const again = await postForfait({ tranche: { id: t0.id }, montant: 60 });
    expect(again.statusCode).toBe(409);
  });

  it('lets exactly one of two concurrent identical posts win', async () => {
    const before = await forfaitCount();
    const body = { tranche: { id: t100.id }, montant: 40, zone: { id: zoneB } };
    const responses = await Promise.all([postForfait(body), postForfait(body)]);
    expect(responses.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    expect(responses.find((r) => r.statusCode === 409)!.json()).toEqual({ message: FEE_MESSAGES.duplicate });
    expect(await forfaitCount()).toBe(before + 1);
  });

  it('updates a forfait when the body has its id (amount and franco as "valider" sends them)', async () => {
    const created = await createForfait({
      tranche: { id: t100.id },
      montant: 10,
      zone: { id: zoneB },
      agence: { code_agence: agencyCode },
    });
    const updated = await createForfait({
      ...created,
      id: created.id,
      montant: 11.9,
      franco: 1500,
    } as ForfaitBodyInput);
    expect(updated).toEqual({ ...created, montant: 11.9, franco: 1500 });
    expect(allForfaits(await schedule()).find((f) => f.id === created.id)).toEqual(updated);
  });

  it('refuses a negative amount or franco on an update too (400, its French message), keeping the saved values', async () => {
    const band = await createTranche({ libelle: 'Dès 7 t', debut: 7000 });
    const created = await createForfait({ tranche: { id: band.id }, montant: 10, franco: 800 });
    const body = { id: created.id, tranche: { id: band.id } };
    const cases: [Record<string, unknown>, string][] = [
      [{ ...body, montant: -5, franco: 800 }, FEE_MESSAGES.montantNegative],
      [{ ...body, montant: 10, franco: -10 }, FEE_MESSAGES.francoNegative],
      [{ ...body, montant: -0.01 }, FEE_MESSAGES.montantNegative],
    ];
    for (const [payload, message] of cases) {
      const response = await postForfait(payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(response.json().message, JSON.stringify(payload)).toBe(message);
    }
    expect(allForfaits(await schedule()).find((f) => f.id === created.id)).toEqual(created);
  });

  it('refuses an update that would duplicate another forfait, and one of an unknown id', async () => {
    const created = await createForfait({
      tranche: { id: t100.id },
      montant: 10,
      zone: { id: zoneA },
      agence: { code_agence: agencyCode },
    });
    const duplicate = await postForfait({
      id: created.id,
      tranche: { id: t0.id },
      montant: 10,
      zone: { id: zoneA },
    });
    expect(duplicate.statusCode).toBe(409);
    expect(duplicate.json()).toEqual({ message: FEE_MESSAGES.duplicate });
    expect(allForfaits(await schedule()).find((f) => f.id === created.id)).toEqual(created);
    const unknown = await postForfait({ id: 999_999, tranche: { id: t0.id }, montant: 1 });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ message: FEE_MESSAGES.notFound });
  });

  it("deletes a forfait ('Forfait supprimé'), 404 when unknown", async () => {
    const created = await createForfait({
      tranche: { id: t100.id },
      montant: 3,
      zone: { id: zoneB },
      agence: { code_agence: agencyCode },
      categorie: { code_famille: 'GO' },
    });
    const response = await send('DELETE', `/service/forfaitTransport/${created.id}`);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ message: 'Forfait supprimé' });
    expect(allForfaits(await schedule()).some((f) => f.id === created.id)).toBe(false);
    const again = await send('DELETE', `/service/forfaitTransport/${created.id}`);
    expect(again.statusCode).toBe(404);
    expect(again.json()).toEqual({ message: FEE_MESSAGES.notFound });
  });

  it('keeps a zone, agency, family or tranche that forfaits use from being deleted', async () => {
    const created = await createForfait({
      tranche: { id: t100.id },
      montant: 3,
      zone: { id: zoneA },
      categorie: { code_famille: 'GO' },
    });
    await expect(app.db.delete(zones).where(eq(zones.id, zoneA))).rejects.toThrow();
    await expect(app.db.delete(families).where(eq(families.code, 'GO'))).rejects.toThrow();
    await expect(app.db.delete(agencies).where(eq(agencies.code, agencyCode))).rejects.toThrow();
    await expect(app.db.delete(bands).where(eq(bands.id, t100.id))).rejects.toThrow();
    expect(allForfaits(await schedule()).find((f) => f.id === created.id)).toEqual(created);
  });

  it('shows missing links as null labels (the screen shows the placeholders)', async () => {
    // Only a database edited by hand can miss a link: the constraints restrict deletions.
    const orphan = await createShippingFee(app, { amount: 7, zoneId: zoneB });
    const found = allForfaits(await schedule()).find((f) => f.id === orphan.id);
    expect(found).toMatchObject({ tranche: null, zone: { id: zoneB, libelle: 'Zone B' } });
    await app.db.delete(shippingFees).where(eq(shippingFees.id, orphan.id));
  });
});

describe('changing the fee type and resetting', () => {
  it('deletes the forfaits of the other type in the same call, keeps the tranches, and is a no-op for the same type', async () => {
    const poidsCount = allForfaits(await schedule()).length;
    expect(poidsCount).toBeGreaterThan(3);
    expect((await setType('poids')).statusCode).toBe(200);
    expect(allForfaits(await schedule())).toHaveLength(poidsCount);

    expect((await setType('montant')).json()).toEqual({ typeForfait: 'montant' });
    expect(await forfaitCount()).toBe(0);
    const tranches = (await get('/service/tranches')).json() as Tranche[];
    expect(tranches.map((t) => t.libelle)).toEqual(['Moins de 150 €', 'Dès 0 €']);
    await createForfait({ tranche: { id: tranches[0]!.id }, montant: 15 });
    expect(allForfaits(await schedule())).toHaveLength(1);

    // Back to poids: the weight tranches are still there, the amount forfait is gone.
    await setType('poids');
    expect(await forfaitCount()).toBe(0);
    expect(((await get('/service/tranches')).json() as Tranche[]).length).toBeGreaterThan(2);
  });

  it('lists only the forfaits of the current type', async () => {
    const [weight] = await app.db.select().from(bands).where(eq(bands.feeType, 'poids')).limit(1);
    const [amount] = await app.db.select().from(bands).where(eq(bands.feeType, 'montant')).limit(1);
    await createShippingFee(app, { amount: 1, bandId: weight!.id });
    await createShippingFee(app, { amount: 2, bandId: amount!.id });
    expect(allForfaits(await schedule()).map((f) => f.montant)).toEqual([1]);
  });

  it('resets every forfait, of every type, and unlinks the carriers', async () => {
    const [fee] = await app.db.select().from(shippingFees).limit(1);
    await createCarrier(app, { name: 'Lié', shippingFeeId: fee!.id });
    const response = await send('DELETE', '/service/resetForfaitTransport');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ message: FEE_MESSAGES.resetDone });
    expect(await forfaitCount()).toBe(0);
    expect((await schedule()).sans_agence).toEqual([]);
    const [carrier] = await app.db.select().from(carriers).where(eq(carriers.name, 'Lié'));
    expect(carrier!.shippingFeeId).toBeNull();
  });
});
