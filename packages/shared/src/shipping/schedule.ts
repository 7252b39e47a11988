// The fee schedule as the admin screen shows it (docs/contract/shipping-fees.md): grouping and labels.
import type {
  Forfait,
  ForfaitAgence,
  ForfaitCategorie,
  ForfaitGroup,
  ForfaitsTransportResponse,
  ForfaitZone,
} from './contract';
import { ALL_ZONES_LABEL, FEE_PLACEHOLDERS } from './messages';

const compareText = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/**
 * GET /service/forfaitsTransport from the flat list: the forfaits without agency apart, then one
 * entry per agency (by code); in each, one group per (zone, family), zone-less then by zone label,
 * no family first then by family code; in a group, by the start of the tranche (missing last).
 */
export function groupForfaits(forfaits: readonly Forfait[]): ForfaitsTransportResponse {
  const byAgency = new Map<string | null, Forfait[]>();
  for (const f of forfaits) {
    const code = f.agence?.code_agence ?? null;
    byAgency.set(code, [...(byAgency.get(code) ?? []), f]);
  }
  const agencyCodes = [...byAgency.keys()].filter((c): c is string => c !== null).sort(compareText);
  return {
    sans_agence: groupByZoneAndFamily(byAgency.get(null) ?? []),
    agences: agencyCodes.map((code) => {
      const list = byAgency.get(code)!;
      const agence: ForfaitAgence = {
        code_agence: code,
        libelle_agence: list.find((f) => f.agence?.libelle_agence)?.agence?.libelle_agence ?? null,
      };
      return { agence, groupes: groupByZoneAndFamily(list) };
    }),
  };
}

function groupByZoneAndFamily(forfaits: readonly Forfait[]): ForfaitGroup[] {
  const groups = new Map<string, ForfaitGroup>();
  for (const f of forfaits) {
    const key = JSON.stringify([f.zone?.id ?? null, f.categorie?.code_famille ?? null]);
    const group = groups.get(key) ?? { zone: f.zone, categorie: f.categorie, forfaits: [] };
    group.forfaits.push(f);
    groups.set(key, group);
  }
  const zoneRank = (z: ForfaitZone | null) => (z === null ? '' : `1${z.libelle ?? ''}`);
  return [...groups.values()]
    .map((g) => ({ ...g, forfaits: g.forfaits.sort(compareForfaits) }))
    .sort(
      (a, b) =>
        compareText(zoneRank(a.zone), zoneRank(b.zone)) ||
        (a.zone?.id ?? 0) - (b.zone?.id ?? 0) ||
        compareText(a.categorie?.code_famille ?? '', b.categorie?.code_famille ?? ''),
    );
}

function compareForfaits(a: Forfait, b: Forfait): number {
  if (!a.tranche || !b.tranche) return (a.tranche ? 0 : 1) - (b.tranche ? 0 : 1) || a.id - b.id;
  return a.tranche.debut_tranche - b.tranche.debut_tranche || a.tranche.id - b.tranche.id || a.id - b.id;
}

/** The texts the screen shows for a forfait's (or a group's) links, placeholders for missing ones. */
export type ForfaitLabels = {
  tranche: string;
  zone: string;
  /** null: no family (sales plan) chosen. */
  categorie: string | null;
  /** null: no agency (the default values). */
  agence: string | null;
};

export function forfaitLabels(f: {
  tranche?: Forfait['tranche'];
  zone: ForfaitZone | null;
  categorie: ForfaitCategorie | null;
  agence?: ForfaitAgence | null;
}): ForfaitLabels {
  return {
    tranche: f.tranche?.libelle || FEE_PLACEHOLDERS.tranche,
    // No zone is "every zone" unless a family is set: a family requires a zone.
    zone: f.zone
      ? f.zone.libelle || FEE_PLACEHOLDERS.zone
      : f.categorie
        ? FEE_PLACEHOLDERS.zone
        : ALL_ZONES_LABEL,
    categorie: f.categorie ? f.categorie.libelle_famille || FEE_PLACEHOLDERS.categorie : null,
    agence: f.agence ? f.agence.libelle_agence || FEE_PLACEHOLDERS.agence : null,
  };
}

/** An amount or franco as the fee screen shows it: below 0 (or not a number) shows as 0. */
export function shownAmount(value: number | null | undefined): number {
  return typeof value === 'number' && Number.isFinite(value) && value > 0 ? value : 0;
}
