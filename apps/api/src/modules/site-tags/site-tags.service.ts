// Chantier (job site) tags of the cart lines (SPEC.md §2.10, §7): a customer names its own tags, each
// cart line carries at most one, and the order lines keep them.
import { and, asc, eq, sql } from 'drizzle-orm';
import type { Database, DbOrTx } from '@comptoir/db/client';
import { articles, cartLines, siteTags, variants } from '@comptoir/db/schema';
import { CART_MESSAGES, type SiteTagOfLine, type SiteTagProduct } from '@comptoir/shared/cart';
import { notFound } from '../../errors';
import type { SessionUser } from '../auth/auth.service';
import { findCartId, findLineTag, setLineTag } from '../cart/cart.repository';
import { customerCodeOf } from '../cart/cart.service';

/** Tags cart row `lineId` with `tagName` (created among the customer's tags if new); '' removes the tag. */
export function tagCartLine(
  db: Database,
  user: SessionUser,
  lineId: number,
  tagName: string,
): Promise<SiteTagOfLine> {
  const customerCode = customerCodeOf(user);
  return db.transaction(async (tx) => {
    const cartId = await findCartId(tx, user.id);
    const tag = tagName === '' ? null : tagName;
    if (cartId === null || !(await setLineTag(tx, cartId, lineId, tag)))
      throw notFound(CART_MESSAGES.unknownLine);
    if (tag !== null) await tx.insert(siteTags).values({ customerCode, name: tag }).onConflictDoNothing();
    return { tagName };
  });
}

export async function tagOfCartLine(db: DbOrTx, user: SessionUser, lineId: number): Promise<SiteTagOfLine> {
  customerCodeOf(user);
  const cartId = await findCartId(db, user.id);
  const line = cartId === null ? null : await findLineTag(db, cartId, lineId);
  if (!line) throw notFound(CART_MESSAGES.unknownLine);
  return { tagName: line.siteTag ?? '' };
}

/** The customer's tags, alphabetical (French collation is not needed: accents sort after, which is fine). */
export async function customerTags(db: DbOrTx, user: SessionUser): Promise<string[]> {
  const rows = await db
    .select({ name: siteTags.name })
    .from(siteTags)
    .where(eq(siteTags.customerCode, customerCodeOf(user)))
    .orderBy(asc(sql`lower(${siteTags.name})`), asc(siteTags.name));
  return rows.map((row) => row.name);
}

/** The products of the customer's cart tagged `tag`, in cart order. */
export async function cartProductsTagged(
  db: DbOrTx,
  user: SessionUser,
  tag: string,
): Promise<SiteTagProduct[]> {
  customerCodeOf(user);
  const cartId = await findCartId(db, user.id);
  if (cartId === null) return [];
  const rows = await db
    .select({ code: cartLines.articleCode, article: articles.designation1, variant: variants.designation })
    .from(cartLines)
    .innerJoin(articles, eq(articles.code, cartLines.articleCode))
    .leftJoin(
      variants,
      and(eq(variants.articleCode, cartLines.articleCode), eq(variants.code, cartLines.variantCode)),
    )
    .where(and(eq(cartLines.cartId, cartId), eq(cartLines.siteTag, tag)))
    .orderBy(asc(cartLines.addedAt), asc(cartLines.id));
  return rows.map((row) => ({
    libelle: row.variant ?? row.article,
    lien: `/article/${encodeURIComponent(row.code)}`,
  }));
}
