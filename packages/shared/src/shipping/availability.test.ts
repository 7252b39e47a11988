import { describe, expect, it } from 'vitest';
import {
  AVAILABILITY_MESSAGES,
  SHIPPING_WARNINGS,
  carrierOffered,
  checkoutCarrierNotice,
  shippingWarnings,
} from './availability';
import type { FeeForfait, ShippingFeeInput } from './fee-contract';
import { computeShippingFee } from './fee-engine';

const band = { id: 1, libelle: 'dès 0 kg', debut: 0, progressive: false, interval: null };
const forfait = (id: number, options: Partial<FeeForfait> = {}): FeeForfait => ({
  id,
  montant: 25,
  franco: 0,
  tranche: band,
  zoneId: null,
  familyCode: null,
  agencyCode: null,
  ...options,
});
const price = (input: Partial<ShippingFeeInput>) =>
  computeShippingFee({
    typeForfait: 'poids',
    lines: [{ familyPath: ['01'], weightKg: 40, amountHt: 300 }],
    agencyCode: 'LYO',
    zoneId: 3,
    forfaits: [forfait(1)],
    ...input,
  });

describe('carrierOffered', () => {
  it('offers a carrier the schedule prices', () => {
    expect(carrierOffered(price({}))).toBe(true);
  });
  it('withholds every delivery carrier when the schedule is empty, whatever the 0 € the engine counts', () => {
    const fee = price({ forfaits: [] });
    expect(fee.fee).toBe(0);
    expect(carrierOffered(fee)).toBe(false);
    expect(
      carrierOffered(price({ forfaits: [], carrier: { id: 9, nom: 'Camion grue', forfaitId: null } })),
    ).toBe(false);
  });
  it('withholds a carrier when no fee type is chosen', () => {
    expect(carrierOffered(price({ typeForfait: null }))).toBe(false);
  });
  it('withholds a carrier when only some lines are priced', () => {
    const fee = price({
      forfaits: [forfait(1, { familyCode: '01', zoneId: 3 })],
      lines: [
        { familyPath: ['01'], weightKg: 1, amountHt: 10 },
        { familyPath: ['02'], weightKg: 1, amountHt: 10 },
      ],
    });
    expect(fee.fee).toBe(25);
    expect(carrierOffered(fee)).toBe(false);
  });
  it('withholds a carrier linked to a forfait that is gone', () => {
    expect(carrierOffered(price({ carrier: { id: 9, nom: 'Camion grue', forfaitId: 77 } }))).toBe(false);
  });
  it('keeps pickup at the agency free and offered, even without a schedule', () => {
    const fee = price({
      forfaits: [],
      typeForfait: null,
      carrier: { id: 1, nom: 'Retrait', forfaitId: null, pickup: true },
    });
    expect(fee.fee).toBe(0);
    expect(carrierOffered(fee)).toBe(true);
  });
  it('keeps a franco rule and a 0 € band free and offered', () => {
    const franco = price({ forfaits: [forfait(1, { franco: 200 })] });
    expect(franco.fee).toBe(0);
    expect(carrierOffered(franco)).toBe(true);
    const zero = price({ forfaits: [forfait(1, { montant: 0 })] });
    expect(zero.fee).toBe(0);
    expect(carrierOffered(zero)).toBe(true);
  });
});

describe('checkoutCarrierNotice', () => {
  it('says nothing when no carrier was withheld, or delivery carriers remain', () => {
    expect(checkoutCarrierNotice([{ pickup: true }], 0)).toBeNull();
    expect(checkoutCarrierNotice([{ pickup: true }, { pickup: false }], 2)).toBeNull();
  });
  it('says only pickup remains, or that nothing can deliver', () => {
    expect(checkoutCarrierNotice([{ pickup: true }], 3)).toBe(AVAILABILITY_MESSAGES.pickupOnly);
    expect(checkoutCarrierNotice([], 3)).toBe(AVAILABILITY_MESSAGES.noDelivery);
  });
});

describe('shippingWarnings', () => {
  const carriers = [
    { nom: 'Retrait en agence', forfaitId: null, pickup: true },
    { nom: 'Camion grue', forfaitId: null, pickup: false },
    { nom: 'Messagerie', forfaitId: 5, pickup: false },
  ];

  it('warns of nothing when the schedule prices every carrier', () => {
    expect(shippingWarnings({ typeForfait: 'poids', forfaits: [forfait(1), forfait(5)], carriers })).toEqual(
      [],
    );
  });
  it('warns of an empty schedule and names each delivery carrier left without fee, never the pickup', () => {
    expect(shippingWarnings({ typeForfait: 'poids', forfaits: [], carriers })).toEqual([
      { message: SHIPPING_WARNINGS.emptySchedule, ecran: 'forfaits' },
      { message: SHIPPING_WARNINGS.carrierWithoutFee('Camion grue'), ecran: 'forfaits' },
      { message: SHIPPING_WARNINGS.carrierLinkBroken('Messagerie', 5), ecran: 'transporteurs' },
    ]);
  });
  it('counts a schedule of broken forfaits only as empty', () => {
    const broken = [forfait(1, { tranche: null }), forfait(2, { familyCode: '01', zoneId: null })];
    expect(shippingWarnings({ typeForfait: 'poids', forfaits: broken, carriers: [] })).toEqual([
      { message: SHIPPING_WARNINGS.emptySchedule, ecran: 'forfaits' },
    ]);
  });
  it('warns of a carrier linked to a forfait not in force', () => {
    expect(shippingWarnings({ typeForfait: 'poids', forfaits: [forfait(1)], carriers })).toEqual([
      { message: SHIPPING_WARNINGS.carrierLinkBroken('Messagerie', 5), ecran: 'transporteurs' },
    ]);
  });
  it('warns when no fee type is chosen', () => {
    expect(shippingWarnings({ typeForfait: null, forfaits: [], carriers })).toEqual([
      { message: SHIPPING_WARNINGS.noFeeType, ecran: 'forfaits' },
      { message: SHIPPING_WARNINGS.carrierWithoutFee('Camion grue'), ecran: 'forfaits' },
      { message: SHIPPING_WARNINGS.carrierWithoutFee('Messagerie'), ecran: 'forfaits' },
    ]);
  });
});
