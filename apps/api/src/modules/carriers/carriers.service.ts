// Carriers (docs/contract/carriers.md). Positions are kept 1..n: a new carrier goes last unless the body
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
import { UNUSED_LOGO_MAX_AGE_MS } from '@comptoir/shared/shipping/logo';
import { CARRIER_MESSAGES } from '@comptoir/shared/shipping/messages';
import { badRequest, isForeignKeyViolation, notFound } from '../../errors';
import { activeCarriers, findCarrierForPricing } from './carriers.kept';
import * as repo from './carriers.repository';
import type { CarrierRow } from './carriers.repository';
import { logoExists, logosWrittenBefore, removeLogoFile, storeLogo } from './logos';

/** carriers.shipping_fee_id → shipping_fees.id (packages/db/migrations/0001_schema.sql). */
const CARRIER_FEE_FOREIGN_KEY = 'carriers_shipping_fee_id_shipping_fees_id_fk';

export function toTransporteur(row: CarrierRow): Transporteur {
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
    retrait: row.pickup,
  };
}

export async function listCarriers(db: DbOrTx): Promise<Transporteur[]> {
  return (await repo.listCarriers(db)).map(toTransporteur);
}

/** The parameters and options on offer: the shared catalogue plus whatever carriers already hold. */
export async function carrierOptions(db: DbOrTx): Promise<TransporteurOptions> {
  return mergeCarrierOffer(await repo.listCarriers(db));
}

/** Creates (no id) or updates (id) a carrier; answers it as saved. */
export async function saveCarrier(
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
    pickup: body.retrait,
  };
  // The forfait's existence is the foreign key's to check (the schedule's module owns the forfaits).
  const { saved, oldLogo } = await db
    .transaction(async (tx) => {
      let result: { saved: CarrierRow; oldLogo: string | null };
      if (!body.id) {
        await repo.lockCarriers(tx);
        const position = body.position ?? (await repo.nextPosition(tx));
        result = { saved: await repo.insertCarrier(tx, { ...values, position }), oldLogo: null };
      } else {
        const before = await repo.findCarrier(tx, body.id);
        if (!before) throw notFound(CARRIER_MESSAGES.notFound);
        const saved = await repo.updateCarrier(tx, body.id, {
          ...values,
          ...(body.position !== null && body.position !== undefined && { position: body.position }),
        });
        if (!saved) throw notFound(CARRIER_MESSAGES.notFound);
        result = { saved, oldLogo: before.logo !== saved.logo ? before.logo : null };
      }
      // Again once written: the write waits for a running sweep of unused logos (sweepUnusedLogos),
      // which may have just deleted this one; a sweep that starts later sees the logo used.
      if (body.logo !== null && !(await logoExists(logosDir, body.logo)))
        throw badRequest(CARRIER_MESSAGES.invalid);
      return result;
    })
    .catch((error: unknown) => {
      if (isForeignKeyViolation(error, CARRIER_FEE_FOREIGN_KEY)) throw badRequest(CARRIER_MESSAGES.invalid);
      throw error;
    });
  if (oldLogo) await forgetLogo(db, logosDir, oldLogo);
  return toTransporteur(saved);
}

export async function setCarrierActive(db: Database, id: number, etat: boolean): Promise<Transporteur> {
  const saved = await db.transaction((tx) => repo.updateCarrier(tx, id, { active: etat }));
  if (!saved) throw notFound(CARRIER_MESSAGES.notFound);
  return toTransporteur(saved);
}

/** Swaps a carrier with its neighbour (nothing at either end) and answers the whole list. */
export function moveCarrier(
  db: Database,
  id: number,
  direction: TransporteurPositionBody['direction'],
): Promise<Transporteur[]> {
  return db.transaction(async (tx) => {
    await repo.lockCarriers(tx);
    const ordered = await repo.listCarriers(tx);
    const index = ordered.findIndex((carrier) => carrier.id === id);
    if (index < 0) throw notFound(CARRIER_MESSAGES.notFound);
    const other = direction === 'up' ? index - 1 : index + 1;
    if (other >= 0 && other < ordered.length)
      [ordered[index], ordered[other]] = [ordered[other]!, ordered[index]!];
    await repo.renumber(tx, ordered);
    return (await repo.listCarriers(tx)).map(toTransporteur);
  });
}

export async function removeCarrier(db: Database, logosDir: string, id: number): Promise<MessageResponse> {
  const deleted = await db.transaction(async (tx) => {
    await repo.lockCarriers(tx);
    const row = await repo.deleteCarrier(tx, id);
    if (!row) throw notFound(CARRIER_MESSAGES.notFound);
    await repo.renumber(tx, await repo.listCarriers(tx));
    return row;
  });
  if (deleted.logo) await forgetLogo(db, logosDir, deleted.logo);
  return { message: CARRIER_MESSAGES.deleted };
}

/** After a commit: removes a logo file that no carrier points to any more. */
async function forgetLogo(db: DbOrTx, logosDir: string, logo: string) {
  if ((await repo.countCarriersWithLogo(db, logo)) === 0) await removeLogoFile(logosDir, logo);
}

/** Stores an uploaded logo (its URL), then sweeps the abandoned ones; a failed sweep only goes to `warn`. */
export async function uploadLogo(
  db: Database,
  logosDir: string,
  bytes: Buffer,
  warn: (error: unknown) => void,
): Promise<string> {
  const logo = await storeLogo(logosDir, bytes);
  await sweepUnusedLogos(db, logosDir).catch(warn);
  return logo;
}

/**
 * Deletes the logos no carrier uses that were uploaded more than UNUSED_LOGO_MAX_AGE_MS ago (an
 * abandoned form's); answers their URLs. Run at start and at each upload, so that abandoned files
 * never outlive the next upload after their day. The carriers' lock keeps a carrier being saved
 * with one of them from slipping in between the read and the delete (saveCarrier checks again).
 */
export async function sweepUnusedLogos(db: Database, logosDir: string, now = Date.now()): Promise<string[]> {
  const old = await logosWrittenBefore(logosDir, now - UNUSED_LOGO_MAX_AGE_MS);
  if (old.length === 0) return [];
  return db.transaction(async (tx) => {
    await repo.lockCarriers(tx);
    const used = new Set(await repo.listUsedLogos(tx));
    const unused = old.filter((logo) => !used.has(logo));
    for (const logo of unused) await removeLogoFile(logosDir, logo);
    return unused;
  });
}

/** A carrier as pricing needs it (null when unknown), and the carriers a customer can choose at checkout. */
export { activeCarriers, findCarrierForPricing };
