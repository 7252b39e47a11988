// Chantier (job site) tags of the cart lines (docs/contract/cart-and-site-tags.md): a customer names
// its own tags, each cart line carries at most one, and the order lines keep them. The lines belong to
// the cart module: their tag is set and read through its service.
import type { Database, DbOrTx } from '@comptoir/db/client';
import { CART_MESSAGES, type SiteTagOfLine, type SiteTagProduct } from '@comptoir/shared/cart';
import { notFound } from '../../errors';
import { customerCodeOf, type SessionUser } from '../auth/auth.service';
import { cartLineTag, cartProductsTaggedWith, setCartLineTag } from '../cart/cart.service';
import { insertSiteTag, listSiteTags } from './site-tags.repository';

/** Tags cart row `lineId` with `tagName` (created among the customer's tags if new); '' removes the tag. */
export function tagCartLine(
  db: Database,
  user: SessionUser,
  lineId: number,
  tagName: string,
): Promise<SiteTagOfLine> {
  const customerCode = customerCodeOf(user);
  return db.transaction(async (tx) => {
    const tag = tagName === '' ? null : tagName;
    if (!(await setCartLineTag(tx, user, lineId, tag))) throw notFound(CART_MESSAGES.unknownLine);
    if (tag !== null) await insertSiteTag(tx, customerCode, tag);
    return { tagName };
  });
}

export async function tagOfCartLine(db: DbOrTx, user: SessionUser, lineId: number): Promise<SiteTagOfLine> {
  const tag = await cartLineTag(db, user, lineId);
  if (tag === undefined) throw notFound(CART_MESSAGES.unknownLine);
  return { tagName: tag ?? '' };
}

export function customerTags(db: DbOrTx, user: SessionUser): Promise<string[]> {
  return listSiteTags(db, customerCodeOf(user));
}

/** The products of the customer's cart tagged `tag`, in cart order. */
export function cartProductsTagged(db: DbOrTx, user: SessionUser, tag: string): Promise<SiteTagProduct[]> {
  return cartProductsTaggedWith(db, user, tag);
}

/** Adds these tags to the customer's own (a reorder brings back its chantiers), inside the caller's transaction. */
export async function rememberSiteTags(
  tx: DbOrTx,
  customerCode: string,
  tags: readonly string[],
): Promise<void> {
  for (const tag of tags) await insertSiteTag(tx, customerCode, tag);
}
