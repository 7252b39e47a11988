// The shipping fee schedule (docs/contract/shipping-fees.md) and priceCart, the one function that
// prices a cart with the schedule in force (the fee simulator now, the checkout later).
//
// Decisions the original contract left open:
// - The fee type (settings 'transport.typeForfait') is null until the administrator chooses one;
//   nothing can then be priced, no tranche created, no forfait added (FEE_MESSAGES.typeNotSet).
// - The schedule in force is made of the forfaits whose tranche is of the current type: GET
//   /service/tranches and /service/forfaitsTransport list only those, a forfait may only use a
//   tranche of that type, and the engine sees only them (a kg band read as € would be nonsense).
// - Changing the type deletes, in the same transaction, every forfait whose tranche is not of the
//   new type: they no longer make sense ('Changer de type de forfait de transport' warns of it).
//   The tranches themselves stay, ready if the type comes back. Setting the same type is a no-op.
// - Reset deletes every forfait, of every type; carriers linked to one lose the link.
import type { Database, DbOrTx } from '@comptoir/db/client';
import { SETTING_KEYS } from '@comptoir/shared/domain';
import { computeShippingFee } from '@comptoir/shared/shipping/fee-engine';
import type { FeeLine, ShippingFeeResult } from '@comptoir/shared/shipping/fee-contract';
import type {
  Forfait,
  ForfaitBody,
  ForfaitsTransportResponse,
  MessageResponse,
  Tranche,
  TrancheBody,
  TypeForfait,
  TypeForfaitResponse,
} from '@comptoir/shared/shipping/contract';
import {
  bandFromTrancheBody,
  feeForfaitFromContract,
  trancheFromBand,
} from '@comptoir/shared/shipping/mapping';
import { FEE_MESSAGES, SIMULATION_MESSAGES } from '@comptoir/shared/shipping/messages';
import { groupForfaits } from '@comptoir/shared/shipping/schedule';
import { shippingWarnings, type ShippingWarning } from '@comptoir/shared/shipping/availability';
import { badRequest, conflict, isUniqueViolation, notFound } from '../../errors';
import { activeCarriers, findCarrierForPricing } from '../carriers/carriers.service';
import { familyExists } from '../families/families.reads';
import { familyPaths } from '../families/families.service';
import { agencyExists, zoneExists } from '../reference/reference.reads';
import { readSetting, settingsWritten, writeSetting } from '../settings/settings.service';
import * as repo from './shipping-fees.repository';
import { toForfait } from './forfait-row';
import { knownAgency, knownZone, scheduleInForce } from './shipping-fees.kept';

const UNIQUE_CONSTRAINT = 'shipping_fees_unique';

export { toForfait };

// ---------------------------------------------------------------- fee type

/** The fee type in force, null while none was chosen; `lock` as readSetting's. */
const readFeeType = (db: DbOrTx, lock?: 'share' | 'update') =>
  readSetting(db, SETTING_KEYS.shippingFeeType, { lock });

export async function getFeeType(db: DbOrTx): Promise<TypeForfaitResponse> {
  return { typeForfait: await readFeeType(db) };
}

export async function setFeeType(db: Database, type: TypeForfait): Promise<TypeForfaitResponse> {
  await db.transaction(async (tx) => {
    const current = await readFeeType(tx, 'update');
    if (current !== type) {
      await repo.deleteShippingFeesNotOfType(tx, type);
      await writeSetting(tx, SETTING_KEYS.shippingFeeType, type);
    }
  });
  settingsWritten(db);
  return { typeForfait: type };
}

// ---------------------------------------------------------------- tranches and zones

/** The tranches of the current fee type, by start; none while no type is chosen. */
export async function listBands(db: DbOrTx): Promise<Tranche[]> {
  const type = await readFeeType(db);
  return type === null ? [] : (await repo.listBands(db, type)).map(trancheFromBand);
}

/** Creates a tranche of the current fee type. */
export function createBand(db: Database, body: TrancheBody): Promise<Tranche> {
  return db.transaction(async (tx) => {
    const type = await readFeeType(tx, 'share');
    if (type === null) throw badRequest(FEE_MESSAGES.typeNotSet);
    return trancheFromBand(await repo.insertBand(tx, { ...bandFromTrancheBody(body), feeType: type }));
  });
}

// ---------------------------------------------------------------- forfaits

export async function getFeeSchedule(db: DbOrTx): Promise<ForfaitsTransportResponse> {
  const type = await readFeeType(db);
  return groupForfaits((await repo.listShippingFees(db, type)).map(toForfait));
}

/**
 * Creates (no id) or updates (id) a forfait. Its tranche must be of the current fee type and its
 * links must exist; the database's unique constraint answers duplicates, so that two concurrent
 * posts of the same forfait cannot both succeed.
 */
export async function saveShippingFee(db: Database, body: ForfaitBody): Promise<Forfait> {
  try {
    return await db.transaction(async (tx) => {
      const type = await readFeeType(tx, 'share');
      if (type === null) throw badRequest(FEE_MESSAGES.typeNotSet);
      const band = await repo.findBand(tx, body.tranche.id);
      if (!band || band.feeType !== type) throw badRequest(FEE_MESSAGES.unknownTranche);
      if (body.zone && !(await zoneExists(tx, body.zone.id))) throw badRequest(FEE_MESSAGES.unknownZone);
      if (body.agence && !(await agencyExists(tx, body.agence.code_agence)))
        throw badRequest(FEE_MESSAGES.unknownAgence);
      if (body.categorie && !(await familyExists(tx, body.categorie.code_famille)))
        throw badRequest(FEE_MESSAGES.unknownCategorie);
      const values = {
        amount: body.montant,
        freeFrom: body.franco,
        bandId: band.id,
        zoneId: body.zone?.id ?? null,
        familyCode: body.categorie?.code_famille ?? null,
        agencyCode: body.agence?.code_agence ?? null,
      };
      let id: number;
      if (body.id) {
        if (!(await repo.updateShippingFee(tx, body.id, values))) throw notFound(FEE_MESSAGES.notFound);
        id = body.id;
      } else {
        id = await repo.insertShippingFee(tx, values);
      }
      return toForfait((await repo.findShippingFee(tx, id))!);
    });
  } catch (error) {
    if (isUniqueViolation(error, UNIQUE_CONSTRAINT)) throw conflict(FEE_MESSAGES.duplicate);
    throw error;
  }
}

export function removeShippingFee(db: Database, id: number): Promise<MessageResponse> {
  return db.transaction(async (tx) => {
    if (!(await repo.deleteShippingFee(tx, id))) throw notFound(FEE_MESSAGES.notFound);
    return { message: FEE_MESSAGES.deleted };
  });
}

export function removeAllShippingFees(db: Database): Promise<MessageResponse> {
  return db.transaction(async (tx) => {
    await repo.deleteAllShippingFees(tx);
    return { message: FEE_MESSAGES.resetDone };
  });
}

// ---------------------------------------------------------------- pricing

export interface CartToPrice {
  /** The customer's agency. */
  agencyCode: string | null;
  /** The delivery address's zone; null when unknown. */
  zoneId: number | null;
  carrierId?: number | null;
  lines: readonly { familyCode: string | null; weightKg: number; amountHt: number }[];
}

/**
 * Prices a cart with the schedule in force: loads the fee type, its forfaits, the carrier and each
 * line's family path (root → leaf), then runs the fee engine. Unknown agency, zone, carrier or
 * family → 400. Reads only: call it inside the caller's transaction to price what it will write.
 */
export async function priceCart(db: DbOrTx, cart: CartToPrice): Promise<ShippingFeeResult> {
  const { agencyCode, zoneId } = cart;
  if (agencyCode !== null && !(await knownAgency(db, agencyCode)))
    throw badRequest(SIMULATION_MESSAGES.unknownAgence);
  if (zoneId !== null && !(await knownZone(db, zoneId))) throw badRequest(SIMULATION_MESSAGES.unknownZone);
  const carrier = cart.carrierId ? await findCarrierForPricing(db, cart.carrierId) : null;
  if (cart.carrierId && !carrier) throw badRequest(SIMULATION_MESSAGES.unknownCarrier);

  const codes = [...new Set(cart.lines.flatMap((line) => (line.familyCode ? [line.familyCode] : [])))];
  const paths = await familyPaths(db, codes);
  if (codes.some((code) => !paths.has(code))) throw badRequest(SIMULATION_MESSAGES.unknownFamily);
  const lines: FeeLine[] = cart.lines.map((line) => ({
    familyPath: line.familyCode ? paths.get(line.familyCode)! : [],
    weightKg: line.weightKg,
    amountHt: line.amountHt,
  }));

  const typeForfait = await readFeeType(db);
  const forfaits = typeForfait === null ? [] : await scheduleInForce(db, typeForfait);
  return computeShippingFee({
    typeForfait,
    lines,
    agencyCode: cart.agencyCode,
    zoneId: cart.zoneId,
    carrier: carrier && {
      id: carrier.id,
      nom: carrier.name,
      forfaitId: carrier.shippingFeeId,
      pickup: carrier.pickup,
    },
    forfaits: forfaits.map(feeForfaitFromContract),
  });
}

/**
 * The back-office home's warnings about the schedule in force and the active carriers (an empty
 * schedule, a carrier no forfait prices: the checkout does not offer it), from the kept schedule,
 * fee type and carriers.
 */
export async function scheduleWarnings(db: DbOrTx): Promise<ShippingWarning[]> {
  const typeForfait = await readFeeType(db);
  const [forfaits, carriers] = await Promise.all([
    typeForfait === null ? [] : scheduleInForce(db, typeForfait),
    activeCarriers(db),
  ]);
  return shippingWarnings({
    typeForfait,
    forfaits: forfaits.map(feeForfaitFromContract),
    carriers: carriers.map((c) => ({ nom: c.name, forfaitId: c.shippingFeeId, pickup: c.pickup })),
  });
}
