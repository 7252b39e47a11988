import { eq } from 'drizzle-orm';
import { loadDemoData } from '@comptoir/db/demo/load';
import { GRANULATS_FAMILY } from '@comptoir/db/demo/shipping';
import { families, settings } from '@comptoir/db/schema';
import { SETTING_KEYS } from '@comptoir/shared/domain';
import { formatEuros } from '@comptoir/shared/format';
import type { FeeSimulationBody, ShippingFeeResult } from '@comptoir/shared/shipping/fee-contract';
import { FEE_MESSAGES, SIMULATION_MESSAGES } from '@comptoir/shared/shipping/messages';
import {
  createAgency,
  createBand,
  createCarrier,
  createFamily,
  createSetting,
  createShippingFee,
  createZone,
} from '../../test/factories';
import { buildAppAs, buildTestApp, type App, type SessionHeaders } from '../../test/helpers';
import { priceCart } from './shipping-fees.service';

describe('POST /service/forfaitTransport/simulation', () => {
  let app: App;
  let admin: SessionHeaders;
  let zone: number;
  let otherZone: number;
  let ids: Record<'default' | 'family' | 'agency' | 'agencyFamily' | 'progressive', number>;
  beforeAll(async () => {
    ({ app, headers: admin } = await buildAppAs('admin'));
    await createAgency(app, { code: 'LYO', label: 'Lyon' });
    await createAgency(app, { code: 'GRE', label: 'Grenoble' });
    zone = (await createZone(app, { label: 'Proximité' })).id;
    otherZone = (await createZone(app, { label: 'Longue distance' })).id;
    await createFamily(app, { code: 'GO', label: 'Gros œuvre' });
    await createFamily(app, { code: 'GO-GRA', label: 'Granulats', parentCode: 'GO' });
    await createFamily(app, { code: 'GO-GRA-SAB', label: 'Sables', parentCode: 'GO-GRA' });
    await createFamily(app, { code: 'MEN', label: 'Menuiserie' });
    const b0 = await createBand(app, { label: 'Dès 0 kg', feeType: 'poids', start: 0 });
    const b500 = await createBand(app, {
      label: 'Dès 500 kg, par 100 kg',
      feeType: 'poids',
      start: 500,
      progressive: true,
      interval: 100,
    });
    // In the zone Proximité, from 0 kg, unless told.
    const fee = async (values: Parameters<typeof createShippingFee>[1]) =>
      (await createShippingFee(app, { bandId: b0.id, zoneId: zone, ...values })).id;
    ids = {
      default: await fee({ amount: 10 }),
      progressive: await fee({ amount: 4, bandId: b500.id }),
      family: await fee({ amount: 20, familyCode: 'GO-GRA' }),
      agency: await fee({ amount: 30, agencyCode: 'LYO', freeFrom: 1000 }),
      agencyFamily: await fee({ amount: 40, agencyCode: 'LYO', familyCode: 'GO-GRA' }),
    };
  });
  afterAll(() => app.close());

  const simulate = (body: FeeSimulationBody | Record<string, unknown>) =>
    app.inject({
      method: 'POST',
      url: '/service/forfaitTransport/simulation',
      headers: admin,
      payload: body as object,
    });
  const result = async (body: FeeSimulationBody) => {
    const response = await simulate(body);
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as ShippingFeeResult;
  };

  it('says nothing can be priced while no fee type is chosen', async () => {
    const r = await result({
      agencyCode: 'LYO',
      zoneId: zone,
      lines: [{ familyCode: null, weightKg: 10, amountHt: 100 }],
    });
    expect(r).toMatchObject({ typeForfait: null, fee: 0, unpriced: true, notes: [FEE_MESSAGES.typeNotSet] });
    await createSetting(app, SETTING_KEYS.shippingFeeType, 'poids');
  });

  it('applies agency + family before agency, and explains each part', async () => {
    const r = await result({
      agencyCode: 'LYO',
      zoneId: zone,
      lines: [
        { familyCode: 'GO-GRA-SAB', weightKg: 300, amountHt: 120 },
        { familyCode: 'MEN', weightKg: 20, amountHt: 400 },
      ],
    });
    expect(r.typeForfait).toBe('poids');
    expect(r.fee).toBe(70);
    expect(r.parts.map((p) => [p.level, p.forfaitId, p.lineIndexes, p.fee])).toEqual([
      ['agency-family', ids.agencyFamily, [0], 40],
      ['agency', ids.agency, [1], 30],
    ]);
    expect(r.parts[0]!.sentence).toContain('agence LYO, famille GO-GRA, zone Proximité');
    expect(r.summary).toBe(`Frais de port : ${formatEuros(70)}`);
  });

  it('applies the family forfait (found through the line’s ancestors) for another agency, else the default', async () => {
    const r = await result({
      agencyCode: 'GRE',
      zoneId: zone,
      lines: [
        { familyCode: 'GO-GRA-SAB', weightKg: 300, amountHt: 120 },
        { familyCode: null, weightKg: 700, amountHt: 400 },
      ],
    });
    expect(r.parts.map((p) => [p.level, p.forfaitId, p.fee])).toEqual([
      ['family', ids.family, 20],
      // 700 kg: progressive band from 500 kg, 2 started intervals of 100 kg × 4 €.
      ['default', ids.progressive, 8],
    ]);
    expect(r.fee).toBe(28);
  });

  it('applies franco and a carrier’s own forfait', async () => {
    const franco = await result({
      agencyCode: 'LYO',
      zoneId: zone,
      lines: [{ familyCode: 'MEN', weightKg: 20, amountHt: 1000 }],
    });
    expect(franco.parts[0]).toMatchObject({ forfaitId: ids.agency, francoApplied: true, fee: 0 });
    expect(franco.parts[0]!.sentence).toContain('franco atteint');

    const carrier = await createCarrier(app, { name: 'Camion grue', shippingFeeId: ids.family });
    const r = await result({
      agencyCode: 'LYO',
      zoneId: zone,
      carrierId: carrier.id,
      lines: [{ familyCode: 'MEN', weightKg: 20, amountHt: 50 }],
    });
    expect(r.parts.map((p) => [p.level, p.forfaitId, p.fee])).toEqual([['carrier', ids.family, 20]]);
  });

  it('leaves lines unpriced when no forfait covers the zone', async () => {
    const r = await result({
      agencyCode: 'LYO',
      zoneId: otherZone,
      lines: [{ familyCode: null, weightKg: 20, amountHt: 50 }],
    });
    expect(r).toMatchObject({
      fee: 0,
      unpriced: true,
      unpricedLineIndexes: [0],
      summary: 'Aucun forfait applicable',
    });
  });

  it('refuses unknown agency, zone, carrier and family, and a bad body', async () => {
    const line = { familyCode: null, weightKg: 1, amountHt: 1 };
    const cases: [Record<string, unknown>, string][] = [
      [{ agencyCode: 'NOPE', zoneId: zone, lines: [line] }, SIMULATION_MESSAGES.unknownAgence],
      [{ agencyCode: null, zoneId: 999_999, lines: [line] }, SIMULATION_MESSAGES.unknownZone],
      [
        { agencyCode: null, zoneId: zone, carrierId: 999_999, lines: [line] },
        SIMULATION_MESSAGES.unknownCarrier,
      ],
      [
        { agencyCode: null, zoneId: zone, lines: [{ ...line, familyCode: 'NOPE' }] },
        SIMULATION_MESSAGES.unknownFamily,
      ],
    ];
    for (const [body, message] of cases) {
      const response = await simulate(body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(response.json().message).toBe(message);
    }
    const bad = await simulate({ agencyCode: null, zoneId: zone, lines: [{ ...line, weightKg: -1 }] });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('Champ « lines.0.weightKg » invalide : doit être supérieur ou égal à 0');
  });

  it('prices with the forfaits of the current type only', async () => {
    const amountBand = await createBand(app, { label: 'Dès 0 €', feeType: 'montant', start: 0 });
    await createShippingFee(app, { amount: 99, bandId: amountBand.id, zoneId: otherZone });
    const r = await priceCart(app.db, {
      agencyCode: null,
      zoneId: otherZone,
      lines: [{ familyCode: null, weightKg: 20, amountHt: 50 }],
    });
    expect(r.unpriced).toBe(true);
    await app.db
      .update(settings)
      .set({ value: 'montant' })
      .where(eq(settings.key, SETTING_KEYS.shippingFeeType));
    const byAmount = await priceCart(app.db, {
      agencyCode: null,
      zoneId: otherZone,
      lines: [{ familyCode: null, weightKg: 20, amountHt: 50 }],
    });
    expect(byAmount.fee).toBe(99);
  });
});

describe('the demo schedule', () => {
  let app: App;
  beforeAll(async () => {
    app = await buildTestApp();
    await loadDemoData(app.db, { now: new Date('2025-06-16T10:00:00Z') });
  }, 120_000);
  afterAll(() => app.close());

  it('exercises agency + family, family, agency and default precedence', async () => {
    const [sub] = await app.db
      .select()
      .from(families)
      .where(eq(families.parentCode, GRANULATS_FAMILY))
      .limit(1);
    const line = (familyCode: string | null) => ({ familyCode, weightKg: 80, amountHt: 100 });
    const levels = async (agencyCode: string, zoneId: number, familyCode: string | null) =>
      (await priceCart(app.db, { agencyCode, zoneId, lines: [line(familyCode)] })).parts.map((p) => p.level);
    expect(await levels('LYO', 1, sub!.code)).toEqual(['agency-family']);
    expect(await levels('GRE', 1, sub!.code)).toEqual(['family']);
    expect(await levels('GRE', 3, null)).toEqual(['agency']);
    expect(await levels('LYO', 2, null)).toEqual(['default']);
  });
});
