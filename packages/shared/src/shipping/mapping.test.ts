import { describe, expect, it } from 'vitest';
import { trancheBody, type Forfait } from './contract';
import { bandFromTrancheBody, feeForfaitFromContract, trancheFromBand } from './mapping';

describe('trancheFromBand', () => {
  it('maps a band row to the contract; unique means progressive', () => {
    expect(trancheFromBand({ id: 4, label: 'Lourd', start: 100, progressive: true, interval: 20 })).toEqual({
      id: 4,
      libelle: 'Lourd',
      debut: 100,
      unique: true,
      interval: 20,
    });
  });

  it('gives no interval to a band that is not progressive', () => {
    expect(trancheFromBand({ id: 5, label: '0 à 50 kg', start: 0, progressive: false, interval: 8 })).toEqual(
      {
        id: 5,
        libelle: '0 à 50 kg',
        debut: 0,
        unique: false,
        interval: null,
      },
    );
  });
});

describe('bandFromTrancheBody', () => {
  it('stores a progressive tranche with its interval', () => {
    const progressive = trancheBody.parse({ libelle: 'Au-delà', debut: 50, unique: true, interval: 10 });
    expect(bandFromTrancheBody(progressive)).toEqual({
      label: 'Au-delà',
      start: 50,
      progressive: true,
      interval: 10,
    });
  });

  it('drops the interval of a tranche that is not progressive', () => {
    expect(
      bandFromTrancheBody(trancheBody.parse({ libelle: 'x', debut: 1, unique: false, interval: 4 })),
    ).toMatchObject({
      progressive: false,
      interval: null,
    });
    expect(bandFromTrancheBody(trancheBody.parse({ libelle: ' 0 à 50 kg ', debut: 0 }))).toEqual({
      label: '0 à 50 kg',
      start: 0,
      progressive: false,
      interval: null,
    });
  });

  it('round-trips through a band row', () => {
    const body = trancheBody.parse({ libelle: 'Au-delà', debut: 50, unique: true, interval: 10 });
    expect(trancheFromBand({ id: 7, ...bandFromTrancheBody(body) })).toEqual({ id: 7, ...body });
  });
});

describe('feeForfaitFromContract', () => {
  const forfait: Forfait = {
    id: 1,
    montant: 10,
    franco: 0,
    tranche: { id: 2, libelle: '0 kg', debut_tranche: 0, tranche_unique: true, tranche_interval: 5 },
    zone: { id: 1, libelle: 'Rhône' },
    categorie: null,
    agence: null,
  };

  it('reads a forfait of the schedule as the fee engine does; tranche_unique means progressive', () => {
    expect(feeForfaitFromContract(forfait)).toEqual({
      id: 1,
      montant: 10,
      franco: 0,
      tranche: { id: 2, libelle: '0 kg', debut: 0, progressive: true, interval: 5 },
      zoneId: 1,
      zoneLabel: 'Rhône',
      familyCode: null,
      agencyCode: null,
    });
  });

  it('keeps the family and agency codes, and a missing tranche or zone as null', () => {
    expect(
      feeForfaitFromContract({
        ...forfait,
        id: 3,
        franco: 500,
        tranche: null,
        zone: null,
        categorie: { code_famille: '01.02', libelle_famille: 'Ciments' },
        agence: { code_agence: 'LYO', libelle_agence: 'Lyon' },
      }),
    ).toEqual({
      id: 3,
      montant: 10,
      franco: 500,
      tranche: null,
      zoneId: null,
      zoneLabel: null,
      familyCode: '01.02',
      agencyCode: 'LYO',
    });
  });
});
