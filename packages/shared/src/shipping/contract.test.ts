import { describe, expect, it } from 'vitest';
import {
  forfaitBody,
  forfaitBodyMessage,
  forfaitsTransportResponse,
  trancheBody,
  transporteurBody,
  typeForfaitResponse,
} from './contract';
import { CARRIER_MESSAGES, FEE_MESSAGES, TRANCHE_MESSAGES } from './messages';

function forfaitMessage(body: unknown): string | null {
  const parsed = forfaitBody.safeParse(body);
  return parsed.success ? null : forfaitBodyMessage(parsed.error.issues);
}

describe('forfait body', () => {
  const valid = { tranche: { id: 3, libelle: '0 à 50 kg' }, montant: 12.5, zone: { id: 1 } };

  it('accepts a forfait with nested links and defaults franco to 0', () => {
    expect(forfaitBody.parse({ ...valid, agence: { code_agence: 'LYO', libelle_agence: 'Lyon' } })).toEqual({
      tranche: { id: 3 },
      montant: 12.5,
      franco: 0,
      zone: { id: 1 },
      agence: { code_agence: 'LYO' },
    });
    expect(forfaitBody.parse({ ...valid, franco: null, montant: 0 })).toMatchObject({
      franco: 0,
      montant: 0,
    });
  });

  it('accepts a forfait without zone when it has no family (every zone)', () => {
    expect(forfaitMessage({ tranche: { id: 3 }, montant: 5, zone: null, categorie: null })).toBeNull();
  });

  it.each([
    [{ ...valid, categorie: { code_famille: '01' }, zone: null }, FEE_MESSAGES.zoneRequired],
    [{ montant: 5, categorie: { code_famille: '01' } }, FEE_MESSAGES.zoneRequired],
    [{ ...valid, tranche: undefined }, FEE_MESSAGES.trancheRequired],
    [{ ...valid, tranche: null }, FEE_MESSAGES.trancheRequired],
    [{ ...valid, tranche: {} }, FEE_MESSAGES.trancheRequired],
    [{ ...valid, tranche: null, montant: undefined }, FEE_MESSAGES.trancheRequired],
    [{ ...valid, montant: undefined }, FEE_MESSAGES.montantRequired],
    [{ ...valid, montant: '12' }, FEE_MESSAGES.montantRequired],
    [{ ...valid, montant: -1 }, FEE_MESSAGES.montantNegative],
    [{ ...valid, franco: -0.01 }, FEE_MESSAGES.francoNegative],
  ])('answers the contract message in the seed order (%#)', (body, message) => {
    expect(forfaitMessage(body)).toBe(message);
  });
});

describe('tranche body', () => {
  it('accepts a simple tranche and a progressive one', () => {
    expect(trancheBody.parse({ libelle: ' 0 à 50 kg ', debut: 0 })).toEqual({
      libelle: '0 à 50 kg',
      debut: 0,
      unique: false,
    });
    expect(trancheBody.parse({ libelle: 'Au-delà', debut: 50, unique: true, interval: 10 })).toEqual({
      libelle: 'Au-delà',
      debut: 50,
      unique: true,
      interval: 10,
    });
  });

  it.each([
    [{ libelle: '  ', debut: 0 }, TRANCHE_MESSAGES.libelleRequired],
    [{ libelle: 'a', debut: -1 }, TRANCHE_MESSAGES.debutInvalid],
    [{ libelle: 'a', debut: 0, unique: true }, TRANCHE_MESSAGES.intervalRequired],
    [{ libelle: 'a', debut: 0, unique: true, interval: 0 }, TRANCHE_MESSAGES.intervalRequired],
  ])('refuses %j', (body, message) => {
    const parsed = trancheBody.safeParse(body);
    expect(parsed.success).toBe(false);
    expect(parsed.error!.issues.map((i) => i.message)).toContain(message);
  });
});

describe('carrier body', () => {
  it('accepts a carrier and normalises empty texts to null', () => {
    expect(
      transporteurBody.parse({
        nom: ' Geodis ',
        description: '',
        tracking_url: 'https://suivi.example/{numero}',
      }),
    ).toEqual({
      nom: 'Geodis',
      logo: null,
      description: null,
      etat: true,
      tracking_url: 'https://suivi.example/{numero}',
      id_forfait_transport: null,
      params: [],
      options: [],
      retrait: false,
    });
  });

  it.each([
    [{}, 'nom', CARRIER_MESSAGES.nameRequired],
    [{ nom: '' }, 'nom', CARRIER_MESSAGES.nameRequired],
    [{ nom: '   ' }, 'nom', CARRIER_MESSAGES.nameRequired],
    [{ nom: 'x'.repeat(300) }, 'nom', CARRIER_MESSAGES.nameTooLong],
    [{ nom: 'a', tracking_url: 'javascript:alert(1)' }, 'tracking_url', CARRIER_MESSAGES.trackingUrlInvalid],
    [
      { nom: 'a', tracking_url: `https://${'x'.repeat(500)}` },
      'tracking_url',
      CARRIER_MESSAGES.trackingUrlTooLong,
    ],
    [{ nom: 'a', description: 'x'.repeat(1001) }, 'description', CARRIER_MESSAGES.descriptionTooLong],
    [{ nom: 'a', logo: '/ailleurs/logo.png' }, 'logo', CARRIER_MESSAGES.logoInvalid],
  ])('says what is wrong with the field of %j', (body, field, message) => {
    const parsed = transporteurBody.safeParse(body);
    expect(parsed.error!.issues).toEqual([expect.objectContaining({ path: [field], message })]);
  });

  it('says only what is wrong with each field: a bad URL is not the name’s fault', () => {
    const parsed = transporteurBody.safeParse({ nom: '', tracking_url: 'suivi' });
    expect(parsed.error!.issues.map((issue) => [issue.path[0], issue.message])).toEqual([
      ['nom', CARRIER_MESSAGES.nameRequired],
      ['tracking_url', CARRIER_MESSAGES.trackingUrlInvalid],
    ]);
  });
});

describe('responses', () => {
  it('accepts a grouped schedule and an unset fee type', () => {
    expect(typeForfaitResponse.parse({ typeForfait: null })).toEqual({ typeForfait: null });
    const f = {
      id: 1,
      montant: 10,
      franco: 0,
      tranche: { id: 2, libelle: '0 kg', debut_tranche: 0, tranche_unique: true, tranche_interval: 5 },
      zone: { id: 1, libelle: 'Rhône' },
      categorie: null,
      agence: null,
    };
    const grouped = { sans_agence: [{ zone: f.zone, categorie: null, forfaits: [f] }], agences: [] };
    expect(forfaitsTransportResponse.parse(grouped)).toEqual(grouped);
  });
});
