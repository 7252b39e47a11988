import { describe, expect, it } from 'vitest';
import { formatEuros } from '../format';
import type { FeeBand, FeeForfait, FeeLine, ShippingFeeInput } from './fee-contract';
import { computeShippingFee, toUnits } from './fee-engine';
import { FEE_MESSAGES, NO_FORFAIT, PICKUP_FREE } from './messages';

let nextId = 1;

function band(debut: number, options: Partial<FeeBand> = {}): FeeBand {
  return { id: nextId++, libelle: `dès ${debut}`, debut, progressive: false, interval: null, ...options };
}

function forfait(tranche: FeeBand | null, montant: number, options: Partial<FeeForfait> = {}): FeeForfait {
  return {
    id: nextId++,
    montant,
    franco: 0,
    tranche,
    zoneId: 1,
    familyCode: null,
    agencyCode: null,
    ...options,
  };
}

function line(weightKg: number, amountHt: number, familyPath: string[] = []): FeeLine {
  return { familyPath, weightKg, amountHt };
}

function compute(input: Partial<ShippingFeeInput>) {
  return computeShippingFee({
    typeForfait: 'poids',
    lines: [line(1, 10)],
    agencyCode: 'LYO',
    zoneId: 1,
    forfaits: [],
    ...input,
  });
}

/** A schedule of three default bands: 0 kg → 10 €, 50 kg → 20 €, 100 kg → 30 €. */
function threeBands(options: Partial<FeeForfait> = {}) {
  const bands = [band(0), band(50), band(100)];
  return { bands, forfaits: bands.map((b, i) => forfait(b, 10 * (i + 1), options)) };
}

describe('bands', () => {
  const { forfaits } = threeBands();

  it.each([
    [0, 10],
    [49.9999, 10],
    [50, 20],
    [50.0001, 20],
    [99.9999, 20],
    [100, 30],
    [5000, 30],
  ])('%s kg falls in the band charging %s €', (weight, fee) => {
    const result = compute({ lines: [line(weight, 1)], forfaits });
    expect(result.fee).toBe(fee);
    expect(result.parts).toHaveLength(1);
    expect(result.parts[0]!.band.belowFirstBand).toBe(false);
  });

  it('sums the weights of the lines concerned exactly (0.1 + 0.2 kg reaches a band starting at 0.3 kg)', () => {
    const low = forfait(band(0), 5);
    const high = forfait(band(0.3), 8);
    const result = compute({ lines: [line(0.1, 1), line(0.2, 1)], forfaits: [high, low] });
    expect(result.parts[0]).toMatchObject({ forfaitId: high.id, measure: 0.3, lineIndexes: [0, 1] });
    expect(result.fee).toBe(8);
  });

  it('charges the lowest band when the measure is below its start', () => {
    const lowest = forfait(band(10), 12);
    const result = compute({ lines: [line(5, 1)], forfaits: [forfait(band(20), 15), lowest] });
    expect(result.parts[0]).toMatchObject({
      forfaitId: lowest.id,
      fee: 12,
      band: { debut: 10, belowFirstBand: true },
    });
    expect(result.parts[0]!.sentence).toContain('sous le début de la première tranche');
  });

  it("measures the amount excl. tax for 'montant', whatever the weight", () => {
    const bands = [band(0), band(100)];
    const byAmount = bands.map((b, i) => forfait(b, 9 - i * 4));
    const below = compute({
      typeForfait: 'montant',
      lines: [line(900, 60), line(900, 39.99)],
      forfaits: byAmount,
    });
    expect(below.parts[0]).toMatchObject({ measure: 99.99, fee: 9 });
    const at = compute({ typeForfait: 'montant', lines: [line(0, 60), line(0, 40)], forfaits: byAmount });
    expect(at.parts[0]).toMatchObject({ measure: 100, fee: 5 });
  });

  it('breaks a tie between two tranches with the same start by the lowest tranche id', () => {
    const first = band(10);
    const second = band(10);
    const result = compute({ lines: [line(20, 1)], forfaits: [forfait(second, 2), forfait(first, 1)] });
    expect(result.parts[0]!.band.trancheId).toBe(first.id);
  });

  it('counts a negative weight or amount as 0', () => {
    const result = compute({ lines: [line(-80, -10), line(10, 5)], forfaits });
    expect(result.parts[0]).toMatchObject({ measure: 10, amountHt: 5, fee: 10 });
  });
});

describe('progressive bands', () => {
  const progressive = band(100, { progressive: true, interval: 10 });
  const schedule = [forfait(band(0), 10), forfait(progressive, 4)];

  it.each([
    [100, 1], // exactly at the start: at least once
    [100.0001, 1],
    [105, 1],
    [110, 1], // exact multiple: 1 interval started, not 2
    [110.0001, 2],
    [130, 3],
    [130.5, 4],
  ])('%s kg charges %s started interval(s)', (weight, intervals) => {
    const result = compute({ lines: [line(weight, 1)], forfaits: schedule });
    expect(result.parts[0]).toMatchObject({ intervals, montant: 4, fee: 4 * intervals });
    expect(result.parts[0]!.band).toMatchObject({ progressive: true, interval: 10 });
  });

  it('charges once when the progressive band is the lowest and the measure is below it', () => {
    const result = compute({ lines: [line(20, 1)], forfaits: [forfait(progressive, 4)] });
    expect(result.parts[0]).toMatchObject({ intervals: 1, fee: 4, band: { belowFirstBand: true } });
  });

  it('charges once when a progressive band has no interval', () => {
    const result = compute({
      lines: [line(500, 1)],
      forfaits: [forfait(band(0, { progressive: true, interval: null }), 7)],
    });
    expect(result.parts[0]).toMatchObject({ intervals: 1, fee: 7, band: { progressive: false } });
  });

  it('counts intervals without floating error (0.1 + 0.2 kg by 0.1 kg is 3 intervals)', () => {
    const result = compute({
      lines: [line(0.1, 1), line(0.2, 1)],
      forfaits: [forfait(band(0, { progressive: true, interval: 0.1 }), 1.5)],
    });
    expect(result.parts[0]).toMatchObject({ intervals: 3, fee: 4.5 });
  });

  it('works per started euro band for the amount type', () => {
    const result = compute({
      typeForfait: 'montant',
      lines: [line(0, 250.01)],
      forfaits: [forfait(band(0, { progressive: true, interval: 50 }), 2)],
    });
    expect(result.parts[0]).toMatchObject({ intervals: 6, fee: 12 });
  });
});

describe('franco', () => {
  const tranche = band(0);

  it.each([
    [1000, true, 0],
    [1000.01, true, 0],
    [999.99, false, 15],
  ])('an amount of %s € against a franco of 1 000 € applies it: %s', (amount, applied, fee) => {
    const result = compute({ lines: [line(3, amount)], forfaits: [forfait(tranche, 15, { franco: 1000 })] });
    expect(result.parts[0]).toMatchObject({ francoApplied: applied, fee, amountHt: amount, franco: 1000 });
    expect(result.fee).toBe(fee);
  });

  it('compares the sum of the lines in cents (0.10 + 0.20 € reaches a franco of 0.30 €)', () => {
    const result = compute({
      lines: [line(1, 0.1), line(1, 0.2)],
      forfaits: [forfait(tranche, 15, { franco: 0.3 })],
    });
    expect(result.parts[0]!.francoApplied).toBe(true);
  });

  it('means no franco when it is 0', () => {
    const result = compute({ lines: [line(3, 1_000_000)], forfaits: [forfait(tranche, 15, { franco: 0 })] });
    expect(result.parts[0]).toMatchObject({ francoApplied: false, fee: 15 });
  });

  it("compares the amount excl. tax even when the fee type is 'poids'", () => {
    const result = compute({ lines: [line(2000, 50)], forfaits: [forfait(tranche, 15, { franco: 100 })] });
    expect(result.parts[0]!.francoApplied).toBe(false);
  });

  it('uses the franco of the band that applies', () => {
    const result = compute({
      lines: [line(60, 200)],
      forfaits: [forfait(band(0), 10, { franco: 100 }), forfait(band(50), 20, { franco: 500 })],
    });
    expect(result.parts[0]).toMatchObject({ francoApplied: false, fee: 20, franco: 500 });
  });

  it('compares the amount of the lines of the part only', () => {
    const family = forfait(tranche, 7, { familyCode: '01', franco: 100 });
    const general = forfait(tranche, 9, { franco: 100 });
    const result = compute({
      lines: [line(1, 80, ['01']), line(1, 80, ['02'])],
      forfaits: [family, general],
    });
    expect(result.parts.map((p) => [p.forfaitId, p.amountHt, p.francoApplied, p.fee])).toEqual([
      [family.id, 80, false, 7],
      [general.id, 80, false, 9],
    ]);
    expect(result.fee).toBe(16);
  });
});

describe('precedence', () => {
  const tranche = band(0);
  const agencyFamily = forfait(tranche, 1, { agencyCode: 'LYO', familyCode: '01' });
  const agency = forfait(tranche, 2, { agencyCode: 'LYO' });
  const family = forfait(tranche, 3, { familyCode: '01' });
  const fallback = forfait(tranche, 4);
  const all = [agencyFamily, agency, family, fallback];
  const familyLine = [line(1, 1, ['01'])];

  it.each([
    ['agency + family', all, agencyFamily, 'agency-family'],
    ['agency', [agency, family, fallback], agency, 'agency'],
    ['family', [family, fallback], family, 'family'],
    ['default', [fallback], fallback, 'default'],
  ] as const)('picks %s when it is the most specific level present', (_, forfaits, expected, level) => {
    const result = compute({ lines: familyLine, forfaits: [...forfaits] });
    expect(result.parts).toHaveLength(1);
    expect(result.parts[0]).toMatchObject({ forfaitId: expected.id, level, zoneMatch: 'exact' });
  });

  it('ignores the forfaits of another agency', () => {
    const result = compute({ agencyCode: 'PAR', lines: familyLine, forfaits: all });
    expect(result.parts[0]).toMatchObject({ forfaitId: family.id, level: 'family' });
  });

  it('uses only forfaits without agency for a customer without agency', () => {
    const result = compute({ agencyCode: null, lines: [line(1, 1)], forfaits: all });
    expect(result.parts[0]!.forfaitId).toBe(fallback.id);
  });

  it('ignores the forfaits of another zone', () => {
    const otherZone = forfait(tranche, 5, { zoneId: 2, agencyCode: 'LYO' });
    const result = compute({ lines: [line(1, 1)], forfaits: [otherZone, fallback] });
    expect(result.parts[0]!.forfaitId).toBe(fallback.id);
  });

  it('prefers the exact zone to a forfait for every zone at the same level', () => {
    const anyZone = forfait(tranche, 6, { zoneId: null });
    const agencyAnyZone = forfait(tranche, 7, { zoneId: null, agencyCode: 'LYO' });
    expect(compute({ forfaits: [anyZone, fallback] }).parts[0]).toMatchObject({
      forfaitId: fallback.id,
      zoneMatch: 'exact',
    });
    expect(compute({ forfaits: [agencyAnyZone, agency] }).parts[0]!.forfaitId).toBe(agency.id);
    // Agency first: the agency's forfait for every zone beats the default for the exact zone.
    expect(compute({ forfaits: [agencyAnyZone, fallback] }).parts[0]).toMatchObject({
      forfaitId: agencyAnyZone.id,
      level: 'agency',
      zoneMatch: 'any',
    });
    expect(compute({ zoneId: 9, forfaits: [anyZone, fallback] }).parts[0]).toMatchObject({
      forfaitId: anyZone.id,
      level: 'default',
      zoneMatch: 'any',
      zoneId: null,
    });
  });

  it('never mixes the bands of two levels: the winning group alone gives the band', () => {
    const agencyLow = forfait(band(0), 11, { agencyCode: 'LYO' });
    const generalHigh = forfait(band(50), 99);
    const result = compute({ lines: [line(80, 1)], forfaits: [agencyLow, generalHigh] });
    expect(result.parts[0]).toMatchObject({ forfaitId: agencyLow.id, fee: 11 });
  });
});

describe('families', () => {
  const tranche = band(0);
  const parent = forfait(tranche, 3, { familyCode: '01' });
  const child = forfait(tranche, 4, { familyCode: '01.02' });
  const general = forfait(tranche, 10);

  it('covers the lines of a sub-family with the forfaits of a parent family', () => {
    const result = compute({ lines: [line(1, 1, ['01', '01.05', '01.05.07'])], forfaits: [parent, general] });
    expect(result.parts[0]).toMatchObject({ forfaitId: parent.id, familyCode: '01', level: 'family' });
  });

  it('charges a line by the deepest family of its path that has forfaits', () => {
    const result = compute({
      lines: [line(1, 1, ['01', '01.02', '01.02.03'])],
      forfaits: [parent, child, general],
    });
    expect(result.parts[0]!.forfaitId).toBe(child.id);
  });

  it('prefers the agency family forfait of a parent to the general forfait of a deeper family', () => {
    const agencyParent = forfait(tranche, 5, { familyCode: '01', agencyCode: 'LYO' });
    const result = compute({ lines: [line(1, 1, ['01', '01.02'])], forfaits: [agencyParent, child] });
    expect(result.parts[0]).toMatchObject({ forfaitId: agencyParent.id, level: 'agency-family' });
  });

  it('splits the cart between family forfaits and general ones and sums the parts', () => {
    const lines = [
      line(30, 100, ['02']),
      line(20, 50, ['01', '01.02']),
      line(45, 10, ['01', '01.09']),
      line(10, 10, ['01', '01.02', '01.02.01']),
      line(5, 5, []),
    ];
    const bands = [band(0), band(40)];
    const parentBands = bands.map((b, i) => forfait(b, 3 + i * 10, { familyCode: '01' }));
    const result = compute({ lines, forfaits: [...parentBands, child, general] });
    expect(result.parts.map((p) => [p.level, p.familyCode, p.lineIndexes, p.measure, p.fee])).toEqual([
      ['family', '01', [2], 45, 13],
      ['family', '01.02', [1, 3], 30, 4],
      ['default', null, [0, 4], 35, 10],
    ]);
    expect(result.fee).toBe(27);
    expect(result.unpriced).toBe(false);
  });

  it('leaves lines unpriced when only other families have forfaits', () => {
    const result = compute({ lines: [line(1, 1, ['01']), line(1, 1, ['02'])], forfaits: [parent] });
    expect(result).toMatchObject({ fee: 3, unpriced: true, unpricedLineIndexes: [1] });
    expect(result.notes).toContain(`${NO_FORFAIT} pour la ligne 2`);
    expect(result.summary).toBe(`Frais de port : ${formatEuros(3)} (aucun forfait applicable pour 1 ligne)`);
  });

  it('ignores a family forfait without zone (a family requires one) and says so', () => {
    const broken = forfait(tranche, 1, { familyCode: '01', zoneId: null });
    const result = compute({ lines: [line(1, 1, ['01'])], forfaits: [broken, general] });
    expect(result.parts[0]!.forfaitId).toBe(general.id);
    expect(result.notes).toEqual([`Forfait n°${broken.id} ignoré : Zone incorrecte`]);
  });
});

describe('carrier', () => {
  const linked = forfait(band(10, { progressive: true, interval: 5 }), 6, {
    agencyCode: 'PAR',
    zoneId: 2,
    familyCode: '07',
    franco: 500,
  });
  const general = forfait(band(0), 10);
  const lines = [line(12, 100, ['01']), line(9, 150)];

  it('prices the whole cart with the linked forfait alone, whatever its criteria', () => {
    const result = compute({
      lines,
      carrier: { id: 3, nom: 'Geodis', forfaitId: linked.id },
      forfaits: [general, linked],
    });
    expect(result.parts).toHaveLength(1);
    expect(result.parts[0]).toMatchObject({
      forfaitId: linked.id,
      level: 'carrier',
      zoneMatch: null,
      lineIndexes: [0, 1],
      measure: 21,
      intervals: 3,
      fee: 18,
    });
    expect(result.parts[0]!.sentence).toContain(
      `Forfait n°${linked.id} (transporteur « Geodis ») : tranche progressive`,
    );
  });

  it('applies the franco of the linked forfait to the whole cart', () => {
    const result = compute({
      lines: [...lines, line(1, 250)],
      carrier: { id: 3, nom: 'Geodis', forfaitId: linked.id },
      forfaits: [general, linked],
    });
    expect(result.parts[0]).toMatchObject({ francoApplied: true, fee: 0, amountHt: 500 });
  });

  it('falls back to the schedule for a carrier without forfait', () => {
    const result = compute({
      lines,
      carrier: { id: 3, nom: 'Geodis', forfaitId: null },
      forfaits: [general, linked],
    });
    expect(result.parts[0]).toMatchObject({ forfaitId: general.id, level: 'default' });
  });

  it('leaves the cart unpriced when the linked forfait is missing', () => {
    const result = compute({ lines, carrier: { id: 3, nom: 'Geodis', forfaitId: 999 }, forfaits: [general] });
    expect(result).toMatchObject({
      fee: 0,
      parts: [],
      unpriced: true,
      unpricedLineIndexes: [0, 1],
      summary: NO_FORFAIT,
    });
    expect(result.notes).toEqual(['Transporteur « Geodis » : forfait n°999 introuvable']);
  });

  it('charges nothing for a pickup carrier, whatever the schedule or its linked forfait', () => {
    for (const forfaitId of [null, linked.id]) {
      const result = compute({
        lines,
        carrier: { id: 4, nom: 'Retrait en agence', forfaitId, pickup: true },
        forfaits: [general, linked],
      });
      expect(result).toMatchObject({ fee: 0, parts: [], unpriced: false, summary: PICKUP_FREE });
    }
    const noType = compute({
      typeForfait: null,
      lines,
      carrier: { id: 4, nom: 'Retrait en agence', forfaitId: null, pickup: true },
    });
    expect(noType).toMatchObject({ fee: 0, unpriced: false, summary: PICKUP_FREE });
  });
});

describe('missing zone, missing schedule, empty cart', () => {
  const tranche = band(0);

  it('applies only the forfaits for every zone when the delivery zone is unknown', () => {
    const exact = forfait(tranche, 4, { agencyCode: 'LYO' });
    const family = forfait(tranche, 3, { familyCode: '01' });
    const anyZone = forfait(tranche, 8, { zoneId: null });
    const result = compute({ zoneId: null, lines: [line(1, 1, ['01'])], forfaits: [exact, family, anyZone] });
    expect(result.parts[0]).toMatchObject({ forfaitId: anyZone.id, zoneMatch: 'any', fee: 8 });
  });

  it('says no forfait applies when the zone is unknown and every forfait has one', () => {
    const result = compute({
      zoneId: null,
      lines: [line(1, 1), line(2, 2)],
      forfaits: [forfait(tranche, 4)],
    });
    expect(result).toMatchObject({
      fee: 0,
      parts: [],
      unpriced: true,
      unpricedLineIndexes: [0, 1],
      summary: NO_FORFAIT,
    });
    expect(result.notes).toEqual([`${NO_FORFAIT} pour les lignes 1, 2 (zone de livraison inconnue)`]);
  });

  it('says no forfait applies when there is no schedule at all', () => {
    const result = compute({ forfaits: [] });
    expect(result).toMatchObject({ fee: 0, parts: [], unpriced: true, summary: NO_FORFAIT });
  });

  it('ignores a forfait whose tranche is missing', () => {
    const noTranche = forfait(null, 4);
    const result = compute({ forfaits: [noTranche] });
    expect(result).toMatchObject({ fee: 0, unpriced: true });
    expect(result.notes[0]).toBe(`Forfait n°${noTranche.id} ignoré : Tranche incorrecte`);
  });

  it('charges nothing for an empty cart, which is not unpriced', () => {
    const result = compute({ lines: [], forfaits: [forfait(tranche, 4)] });
    expect(result).toEqual({
      typeForfait: 'poids',
      fee: 0,
      parts: [],
      unpriced: false,
      unpricedLineIndexes: [],
      notes: [],
      summary: `Frais de port : ${formatEuros(0)}`,
    });
  });

  it('prices nothing before a fee type is chosen', () => {
    const result = compute({ typeForfait: null, forfaits: [forfait(tranche, 4)] });
    expect(result).toMatchObject({ fee: 0, unpriced: true, notes: [FEE_MESSAGES.typeNotSet] });
  });
});

describe('money', () => {
  it('rounds half up to the cent without floating error', () => {
    expect(toUnits(1.005, 100)).toBe(101);
    expect(toUnits(0.1 + 0.2, 100)).toBe(30);
    expect(toUnits(2.675, 100)).toBe(268);
    expect(toUnits(1.00004, 10_000)).toBe(10_000);
    expect(toUnits(-3, 100)).toBe(0);
    expect(toUnits(Number.NaN, 100)).toBe(0);
  });

  it('charges montants rounded to the cent and sums parts in cents', () => {
    const tranche = band(0, { progressive: true, interval: 1 });
    const result = compute({ lines: [line(3, 1)], forfaits: [forfait(tranche, 0.1 + 0.2)] });
    expect(result.parts[0]).toMatchObject({ montant: 0.3, intervals: 3, fee: 0.9 });
    expect(result.fee).toBe(0.9);
  });
});

describe('explanation', () => {
  it('describes each part in French', () => {
    const tranche = band(0, { libelle: '0 à 50 kg' });
    const f = forfait(tranche, 18, { agencyCode: 'LYO', familyCode: '01.02', zoneLabel: 'Rhône' });
    const result = compute({ lines: [line(35.2, 10, ['01', '01.02'])], forfaits: [f] });
    expect(result.parts[0]!.sentence).toBe(
      `Forfait n°${f.id} (agence LYO, famille 01.02, zone Rhône) : tranche « 0 à 50 kg » (dès 0 kg), 35,2 kg → ${formatEuros(18)}`,
    );
    expect(result.summary).toBe(`Frais de port : ${formatEuros(18)}`);
  });

  it('shows the intervals of a progressive band and why franco applied', () => {
    const tranche = band(50, { libelle: 'Au-delà de 50 kg', progressive: true, interval: 10 });
    const f = forfait(tranche, 7.5, { zoneId: null, franco: 1000 });
    const charged = compute({ lines: [line(72.5, 100)], forfaits: [f] });
    expect(charged.parts[0]!.sentence).toBe(
      `Forfait n°${f.id} (par défaut, toutes zones) : tranche progressive « Au-delà de 50 kg » (dès 50 kg, par 10 kg entamés), 72,5 kg → 3 × ${formatEuros(7.5)} = ${formatEuros(22.5)}`,
    );
    const free = compute({ lines: [line(72.5, 1250)], forfaits: [f] });
    expect(free.parts[0]!.sentence).toBe(
      `Forfait n°${f.id} (par défaut, toutes zones) : tranche progressive « Au-delà de 50 kg » (dès 50 kg, par 10 kg entamés), 72,5 kg → 3 × ${formatEuros(7.5)} = ${formatEuros(22.5)}, franco atteint (${formatEuros(1250)} HT ≥ ${formatEuros(1000)}) → ${formatEuros(0)}`,
    );
  });

  it("writes amounts in euros for the 'montant' type and names the zone by id without label", () => {
    const f = forfait(band(0, { libelle: 'Petites commandes' }), 9, { familyCode: '03' });
    const result = compute({ typeForfait: 'montant', lines: [line(0, 1234.5, ['03'])], forfaits: [f] });
    expect(result.parts[0]!.sentence).toBe(
      `Forfait n°${f.id} (famille 03, zone n°1) : tranche « Petites commandes » (dès ${formatEuros(0)}), ${formatEuros(1234.5)} HT → ${formatEuros(9)}`,
    );
  });
});
