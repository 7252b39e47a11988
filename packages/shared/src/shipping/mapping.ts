// Conversions between the contract's shapes, the database's and the fee engine's, written once so
// that the `unique` flag is mapped the same way everywhere: unique === progressive (contract.ts).
import type { Forfait, Tranche, TrancheBody } from './contract';
import type { FeeForfait } from './fee-contract';

/** A row of the bands table, by structure (packages/db/src/schema.ts). */
export type BandRow = {
  id: number;
  label: string;
  start: number;
  progressive: boolean;
  interval: number | null;
};

/** GET /service/tranches: a band row as the contract's tranche. */
export function trancheFromBand(band: BandRow): Tranche {
  return {
    id: band.id,
    libelle: band.label,
    debut: band.start,
    unique: band.progressive,
    interval: band.progressive ? band.interval : null,
  };
}

/** POST /service/tranche: the columns to insert (the fee type is the current typeForfait). */
export function bandFromTrancheBody(body: TrancheBody): Omit<BandRow, 'id'> {
  return {
    label: body.libelle,
    start: body.debut,
    progressive: body.unique,
    interval: body.unique ? (body.interval ?? null) : null,
  };
}

/** A forfait of the contract (GET /service/forfaitsTransport) as the fee engine reads it. */
export function feeForfaitFromContract(f: Forfait): FeeForfait {
  return {
    id: f.id,
    montant: f.montant,
    franco: f.franco,
    tranche: f.tranche && {
      id: f.tranche.id,
      libelle: f.tranche.libelle,
      debut: f.tranche.debut_tranche,
      progressive: f.tranche.tranche_unique,
      interval: f.tranche.tranche_interval,
    },
    zoneId: f.zone?.id ?? null,
    zoneLabel: f.zone?.libelle ?? null,
    familyCode: f.categorie?.code_famille ?? null,
    agencyCode: f.agence?.code_agence ?? null,
  };
}
