import type { Forfait } from '@comptoir/shared/shipping/contract';
import { trancheFromBand } from '@comptoir/shared/shipping/mapping';
import type { ShippingFeeRow } from './shipping-fees.repository';

/** A forfait row as the contract's forfait; missing links' labels stay null (the screen shows placeholders). */
export function toForfait(row: ShippingFeeRow): Forfait {
  const tranche = row.band && trancheFromBand(row.band);
  return {
    id: row.id,
    montant: row.amount,
    franco: row.freeFrom,
    tranche: tranche && {
      id: tranche.id,
      libelle: tranche.libelle,
      debut_tranche: tranche.debut,
      tranche_unique: tranche.unique,
      tranche_interval: tranche.interval,
    },
    zone: row.zoneId === null ? null : { id: row.zoneId, libelle: row.zoneLabel },
    categorie:
      row.familyCode === null ? null : { code_famille: row.familyCode, libelle_famille: row.familyLabel },
    agence: row.agencyCode === null ? null : { code_agence: row.agencyCode, libelle_agence: row.agencyLabel },
  };
}
