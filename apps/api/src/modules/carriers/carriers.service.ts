// Carriers (SPEC.md §2.2, §7). Positions are kept 1..n: a new carrier goes last unless the body
// gives a position, a move swaps a carrier with its neighbour and a delete closes the gap, each in
// one transaction. Etat and moves have their own calls so that they persist at once without
// resending (and possibly overwriting) the rest of the carrier.
import type { Database, DbOrTx } from '@comptoir/db/client';
import { mergeCarrierOffer } from '@comptoir/shared/shipping/carrier-offer';
import type {
  MessageResponse,
  Transporteur,
  TransporteurBody,
  TransporteurOptions,
  TransporteurPositionBody,
} from '@comptoir/shared/shipping/contract';
import { CARRIER_MESSAGES } from '@comptoir/shared/shipping/messages';
import { badRequest, notFound } from '../../errors';
import {
  countCarriersWithLogo,
  deleteCarrier,
  findCarrier,
  forfaitExists,
  insertCarrier,
  listCarriers,
  lockCarriers,
  nextPosition,
  renumber,
  updateCarrier,
  type CarrierRow,
} from './carriers.repository';
import { logoExists, removeLogoFile } from './logos';

export function transporteurFromRow(row: CarrierRow): Transporteur {
  return {
    id: row.id,
    nom: row.name,
    logo: row.logo,
    description: row.description,
    etat: row.active,
    position: row.position,
    tracking_url: row.trackingUrl,
    id_forfait_transport: row.shippingFeeId,
    params: row.params,
    options: row.options,
  };
}

export async function getTransporteurs(db: DbOrTx): Promise<Transporteur[]> {
  return (await listCarriers(db)).map(transporteurFromRow);
}

/** The parameters and options on offer: the shared catalogue plus whatever carriers already hold. */
export async function getTransporteurOptions(db: DbOrTx): Promise<TransporteurOptions> {
  return mergeCarrierOffer(await listCarriers(db));
}

/** Creates (no id) or updates (id) a carrier; answers it as saved. */
export async function saveTransporteur(
  db: Database,
  logosDir: string,
  body: TransporteurBody,
): Promise<Transporteur> {
  if (body.logo !== null && !(await logoExists(logosDir, body.logo)))
    throw badRequest(CARRIER_MESSAGES.invalid);
  const values = {
    name: body.nom,
    logo: body.logo,
    description: body.description,
    active: body.etat,
    trackingUrl: body.tracking_url,
    shippingFeeId: body.id_forfait_transport,
    params: body.params,
    options: body.options,
  };
  const { saved, oldLogo } = await db.transaction(async (tx) => {
    if (values.shippingFeeId !== null && !(await forfaitExists(tx, values.shippingFeeId)))
      throw badRequest(CARRIER_MESSAGES.invalid);
    if (!body.id) {
      await lockCarriers(tx);
      const position = body.position ?? (await nextPosition(tx));
      return { saved: await insertCarrier(tx, { ...values, position }), oldLogo: null };
    }
    const before = await findCarrier(tx, body.id);
    if (!before) throw notFound(CARRIER_MESSAGES.notFound);
    const saved = await updateCarrier(tx, body.id, {
      ...values,
      ...(body.position !== null && body.position !== undefined && { position: body.position }),
    });
    if (!saved) throw notFound(CARRIER_MESSAGES.notFound);
    return { saved, oldLogo: before.logo !== saved.logo ? before.logo : null };
  });
  if (oldLogo) await forgetLogo(db, logosDir, oldLogo);
  return transporteurFromRow(saved);
}

export async function setTransporteurEtat(db: Database, id: number, etat: boolean): Promise<Transporteur> {
  const saved = await db.transaction((tx) => updateCarrier(tx, id, { active: etat }));
  if (!saved) throw notFound(CARRIER_MESSAGES.notFound);
  return transporteurFromRow(saved);
}

/** Swaps a carrier with its neighbour (nothing at either end) and answers the whole list. */
export function moveTransporteur(
  db: Database,
  id: number,
  direction: TransporteurPositionBody['direction'],
): Promise<Transporteur[]> {
  return db.transaction(async (tx) => {
    await lockCarriers(tx);
    const ordered = await listCarriers(tx);
    const index = ordered.findIndex((carrier) => carrier.id === id);
    if (index < 0) throw notFound(CARRIER_MESSAGES.notFound);
    const other = direction === 'up' ? index - 1 : index + 1;
    if (other >= 0 && other < ordered.length)
      [ordered[index], ordered[other]] = [ordered[other]!, ordered[index]!];
    await renumber(tx, ordered);
    return (await listCarriers(tx)).map(transporteurFromRow);
  });
}

export async function removeTransporteur(
  db: Database,
  logosDir: string,
  id: number,
): Promise<MessageResponse> {
  const deleted = await db.transaction(async (tx) => {
    await lockCarriers(tx);
    const row = await deleteCarrier(tx, id);
    if (!row) throw notFound(CARRIER_MESSAGES.notFound);
    await renumber(tx, await listCarriers(tx));
    return row;
  });
  if (deleted.logo) await forgetLogo(db, logosDir, deleted.logo);
  return { message: CARRIER_MESSAGES.deleted };
}

/** After a commit: removes a logo file that no carrier points to any more. */
async function forgetLogo(db: DbOrTx, logosDir: string, logo: string) {
  if ((await countCarriersWithLogo(db, logo)) === 0) await removeLogoFile(logosDir, logo);
}
