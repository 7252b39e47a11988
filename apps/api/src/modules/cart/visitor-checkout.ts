// What the checkout adds for a visitor ordering without an account (docs/contract/connection-settings.md, Connection
// settings): the delivery addresses it typed in its own cart session, never the visitor customer's
// nor another visitor's; its name, e-mail or phone and billing address, which the order keeps; and,
// for every shopper, the CGV to accept.
import type { Database, DbOrTx } from '@comptoir/db/client';
import type { z } from 'zod';
import type { DeliveryAddress } from '@comptoir/shared/cart';
import { SITE_PAGE_MESSAGES, type CgvAccepted } from '@comptoir/shared/site-pages';
import {
  VISITOR_ADDRESSES_MAX,
  VISITOR_CHECKOUT_MESSAGES,
  type visitorAddressBody,
  type visitorOrderDetails,
} from '@comptoir/shared/visitor-checkout';
import { badRequest, forbidden } from '../../errors';
import type { SessionUser } from '../auth/auth.service';
import { toDeliveryAddress } from '../reference/reference.service';
import { deliveryAddresses, zoneOfPostalCode } from '../reference/reference.reads';
import type { VisitorContact } from '../orders/orders.service';
import * as cartRepo from './cart.repository';
import * as repo from './visitor-addresses.repository';

/** The addresses `user` may deliver to: a visitor's own, typed in its session; a customer's own. */
export function addressesOf(db: DbOrTx, user: SessionUser, customerCode: string) {
  return user.visitor ? repo.findVisitorAddresses(db, user.id) : deliveryAddresses(db, customerCode);
}

/**
 * POST /rest/panier/adresses: a visitor's delivery address, kept with its cart session; its zone is
 * the one the shop's addresses at that postal code have, as for a customer's own address. An account
 * manages its addresses in 'Mes adresses' (403).
 */
export async function addVisitorAddress(
  db: Database,
  user: SessionUser,
  body: z.output<typeof visitorAddressBody>,
): Promise<DeliveryAddress> {
  if (!user.visitor) throw forbidden(VISITOR_CHECKOUT_MESSAGES.accountAddresses);
  const zoneId = await zoneOfPostalCode(db, body.codePostal);
  const id = await db.transaction(async (tx) => {
    // The cart's row lock: two tabs adding at once count each other's address.
    await cartRepo.cartIdOf(tx, user.id);
    if ((await repo.countVisitorAddresses(tx, user.id)) >= VISITOR_ADDRESSES_MAX)
      throw badRequest(VISITOR_CHECKOUT_MESSAGES.tooManyAddresses);
    return repo.insertVisitorAddress(tx, user.id, {
      label: `Livraison à ${body.ville}`,
      line1: body.ligne1,
      line2: body.ligne2 || null,
      postalCode: body.codePostal,
      city: body.ville,
      zoneId,
    });
  });
  const added = (await repo.findVisitorAddresses(db, user.id)).find((address) => address.id === id)!;
  return toDeliveryAddress(added);
}

/**
 * The contact the order of `user` keeps: required of a visitor (the distributor must reach it),
 * refused from an account (its customer's own details are the ERP's).
 */
export function visitorContactOf(
  user: SessionUser,
  details: z.output<typeof visitorOrderDetails> | undefined,
): VisitorContact | null {
  if (!user.visitor) {
    if (details)
      throw badRequest(VISITOR_CHECKOUT_MESSAGES.onlyVisitors, [
        { champ: 'visiteur', message: VISITOR_CHECKOUT_MESSAGES.onlyVisitors },
      ]);
    return null;
  }
  if (!details)
    throw badRequest(VISITOR_CHECKOUT_MESSAGES.contactRequired, [
      { champ: 'visiteur.nom', message: VISITOR_CHECKOUT_MESSAGES.contactRequired },
    ]);
  const billing = details.facturation;
  return {
    name: details.nom,
    email: details.email ?? null,
    phone: details.telephone ?? null,
    billing: billing
      ? {
          line1: billing.ligne1,
          line2: billing.ligne2 || null,
          postalCode: billing.codePostal,
          city: billing.ville,
        }
      : null,
  };
}

/**
 * The CGV version the order records: the one published, which the shopper must have accepted (the
 * checkbox sends its version); a version other than the latest was read before a change. Null while
 * no CGV is published.
 */
export function acceptedCgv(cgv: CgvAccepted | null, accepted: number | undefined): number | null {
  if (cgv === null) return null;
  if (accepted === undefined)
    throw badRequest(SITE_PAGE_MESSAGES.cgvRequired, [
      { champ: 'versionCGV', message: SITE_PAGE_MESSAGES.cgvRequired },
    ]);
  if (accepted !== cgv.version)
    throw badRequest(SITE_PAGE_MESSAGES.cgvChanged, [
      { champ: 'versionCGV', message: SITE_PAGE_MESSAGES.cgvChanged },
    ]);
  return cgv.version;
}
