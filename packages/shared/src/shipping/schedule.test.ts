import { describe, expect, it } from 'vitest';
import type { Forfait } from './contract';
import { ALL_ZONES_LABEL, FEE_PLACEHOLDERS } from './messages';
import { forfaitLabels, groupForfaits, shownAmount } from './schedule';

const tranche = (id: number, debut: number) => ({
  id,
  libelle: `dès ${debut}`,
  debut_tranche: debut,
  tranche_unique: false,
  tranche_interval: null,
});
const lyon = { id: 1, libelle: 'Rhône' };
const paris = { id: 2, libelle: 'Île-de-France' };

function forfait(id: number, overrides: Partial<Forfait>): Forfait {
  return {
    id,
    montant: 10,
    franco: 0,
    tranche: tranche(1, 0),
    zone: lyon,
    categorie: null,
    agence: null,
    ...overrides,
  };
}

describe('groupForfaits', () => {
  it('puts the forfaits without agency apart, then groups by agency, zone and family, bands in order', () => {
    const list = [
      forfait(1, { agence: { code_agence: 'PAR', libelle_agence: 'Paris' }, zone: paris }),
      forfait(2, { tranche: tranche(5, 50) }),
      forfait(3, { tranche: tranche(4, 0) }),
      forfait(4, { categorie: { code_famille: '01', libelle_famille: 'Gros œuvre' } }),
      forfait(5, { zone: null }),
      forfait(6, { agence: { code_agence: 'LYO', libelle_agence: 'Lyon' } }),
      forfait(7, { tranche: null }),
    ];
    const grouped = groupForfaits(list);
    expect(
      grouped.sans_agence.map((g) => [
        g.zone?.id ?? null,
        g.categorie?.code_famille ?? null,
        g.forfaits.map((f) => f.id),
      ]),
    ).toEqual([
      [null, null, [5]],
      [1, null, [3, 2, 7]],
      [1, '01', [4]],
    ]);
    expect(
      grouped.agences.map((a) => [a.agence.code_agence, a.groupes.map((g) => g.forfaits.map((f) => f.id))]),
    ).toEqual([
      ['LYO', [[6]]],
      ['PAR', [[1]]],
    ]);
    expect(groupForfaits([])).toEqual({ sans_agence: [], agences: [] });
  });
});

describe('forfaitLabels', () => {
  it('shows placeholders for missing links and every zone for a zone-less forfait', () => {
    expect(forfaitLabels(forfait(1, { zone: null }))).toEqual({
      tranche: 'dès 0',
      zone: ALL_ZONES_LABEL,
      categorie: null,
      agence: null,
    });
    expect(
      forfaitLabels(
        forfait(2, {
          tranche: null,
          zone: null,
          categorie: { code_famille: '01', libelle_famille: null },
          agence: { code_agence: 'X', libelle_agence: null },
        }),
      ),
    ).toEqual({
      tranche: FEE_PLACEHOLDERS.tranche,
      zone: FEE_PLACEHOLDERS.zone,
      categorie: FEE_PLACEHOLDERS.categorie,
      agence: FEE_PLACEHOLDERS.agence,
    });
    expect(forfaitLabels(forfait(3, { zone: { id: 9, libelle: null } })).zone).toBe('Zone incorrecte');
  });

  it('shows an amount below 0 as 0', () => {
    expect([-5, 0, 12.5, null, undefined, Number.NaN].map(shownAmount)).toEqual([0, 0, 12.5, 0, 0, 0]);
  });
});
