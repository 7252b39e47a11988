// The carts and their lines, with what pricing and display need from the articles.
import { and, asc, eq, inArray, isNotNull, sql, type SQL } from 'drizzle-orm';
import { queryRows, type DbOrTx } from '@comptoir/db/client';
import { preparedOnce } from '@comptoir/db/prepared-queries';
import type { DimensionValues } from '@comptoir/shared/cut-to-size';
import { articles, cartLines, carts, units, variants } from '@comptoir/db/schema';
import { isNumericOutOfRange } from '../../errors';

/**
 * The user's cart id, the cart being created on first use, its row locked until the transaction ends
 * (see lockCart).
 */
export async function cartIdOf(db: DbOrTx, userId: number): Promise<number> {
  const [row] = await db
    .insert(carts)
    .values({ userId })
    .onConflictDoUpdate({ target: carts.userId, set: { updatedAt: sql`now()` } })
    .returning({ id: carts.id });
  return row!.id;
}

/** The user's cart id, or null when they never had one (reads create nothing). */
export async function findCartId(db: DbOrTx, userId: number): Promise<number | null> {
  const [row] = await db.select({ id: carts.id }).from(carts).where(eq(carts.userId, userId));
  return row?.id ?? null;
}

/**
 * The user's cart id, its row locked until the transaction ends: concurrent checkouts of one cart
 * run one after the other, so the second finds the cart the first emptied. Null when there is none.
 * Every change of a cart locks its row first, before its lines: one lock order, so a change and a
 * checkout wait for each other instead of deadlocking.
 */
export async function lockCart(tx: DbOrTx, userId: number): Promise<number | null> {
  const [row] = await tx.select({ id: carts.id }).from(carts).where(eq(carts.userId, userId)).for('update');
  return row?.id ?? null;
}

export interface CartLineRow {
  id: number;
  articleCode: string;
  variantCode: string;
  designation: string;
  variantDesignation: string | null;
  quantity: number;
  unit: string;
  unitLabel: string | null;
  articlePriceHt: number;
  variantPriceHt: number | null;
  vatRate: number;
  familyCode: string;
  articleWeight: number | null;
  variantWeight: number | null;
  siteTag: string | null;
  active: boolean;
  pieces: number | null;
  dimensions: DimensionValues | null;
  stockUnit: string;
  saleDecimals: number | null;
  minQuantity: number | null;
  saleMultiple: number | null;
  backorderDays: number | null;
}

/** The lines of a cart, oldest first, with what pricing and display need from the article and variant. */
export function findCartLines(db: DbOrTx, cartId: number): Promise<CartLineRow[]> {
  return linesOfCart(db).execute({ cartId });
}

/** The lines of the user's cart (none when they never had one), in one statement. */
export function findUserCartLines(db: DbOrTx, userId: number): Promise<CartLineRow[]> {
  return linesOfUserCart(db).execute({ userId });
}

// Prepared once (the cart is read back after every change of it).
const linesOfCart = preparedOnce((db) =>
  cartLinesWhere(db, eq(cartLines.cartId, sql.placeholder('cartId'))).prepare('cart_lines'),
);
const linesOfUserCart = preparedOnce((db) =>
  cartLinesWhere(
    db,
    inArray(
      cartLines.cartId,
      db
        .select({ id: carts.id })
        .from(carts)
        .where(eq(carts.userId, sql.placeholder('userId'))),
    ),
  ).prepare('cart_lines_of_user'),
);

function cartLinesWhere(db: DbOrTx, where: SQL | undefined) {
  return db
    .select({
      id: cartLines.id,
      articleCode: cartLines.articleCode,
      variantCode: cartLines.variantCode,
      designation: articles.designation1,
      variantDesignation: variants.designation,
      quantity: cartLines.quantity,
      unit: articles.saleUnit,
      unitLabel: units.label,
      articlePriceHt: articles.priceHt,
      variantPriceHt: variants.priceHt,
      vatRate: articles.vatRate,
      familyCode: articles.familyCode,
      articleWeight: articles.weight,
      variantWeight: variants.weight,
      siteTag: cartLines.siteTag,
      active: articles.active,
      pieces: cartLines.pieces,
      dimensions: cartLines.dimensions,
      stockUnit: articles.stockUnit,
      saleDecimals: units.decimals,
      minQuantity: articles.minQuantity,
      saleMultiple: articles.saleMultiple,
      backorderDays: articles.backorderDays,
    })
    .from(cartLines)
    .innerJoin(articles, eq(articles.code, cartLines.articleCode))
    .leftJoin(
      variants,
      and(eq(variants.articleCode, cartLines.articleCode), eq(variants.code, cartLines.variantCode)),
    )
    .leftJoin(units, eq(units.code, articles.saleUnit))
    .where(where)
    .orderBy(asc(cartLines.addedAt), asc(cartLines.id));
}

/**
 * Adds `quantity` to the user's line of this article/variant and site tag (not cut to size), or
 * creates that line, the cart being created on first use and its row locked first as by every change
 * of a cart (lockCart): one statement, the database function cart_add_quantity (migration 0025), in
 * the caller's transaction or as a transaction of its own. Null when the line would grow past `max`
 * (the function then wrote nothing, and the caller's transaction must not go on); else the cart's id.
 */
export async function addToLine(
  db: DbOrTx,
  userId: number,
  line: { articleCode: string; variantCode: string; quantity: number; siteTag: string | null },
  max: number,
): Promise<number | null> {
  try {
    const [row] = await queryRows<{ cartId: number }>(
      db,
      sql`select cart_add_quantity(${userId}::int, ${line.articleCode}::text, ${line.variantCode}::text,
        ${line.quantity}::numeric, ${line.siteTag}::text, ${max}::numeric) as "cartId"`,
    );
    return row!.cartId;
  } catch (error) {
    if (isNumericOutOfRange(error)) return null;
    throw error;
  }
}

export interface CutLine {
  quantity: number;
  pieces: number;
  dimensions: DimensionValues;
}

/** Adds a line cut to size: never merged with another, each cut is its own line (touched as addToLine). */
export async function insertCutLine(
  db: DbOrTx,
  cartId: number,
  articleCode: string,
  variantCode: string,
  cut: CutLine,
  siteTag: string | null = null,
): Promise<void> {
  await db.insert(cartLines).values({ cartId, articleCode, variantCode, ...cut, siteTag });
}

/** The article and cut of a line of this cart (null when the line is not in it). */
export async function findLine(db: DbOrTx, cartId: number, lineId: number) {
  const [row] = await db
    .select({ articleCode: cartLines.articleCode, pieces: cartLines.pieces })
    .from(cartLines)
    .where(and(eq(cartLines.id, lineId), eq(cartLines.cartId, cartId)));
  return row ?? null;
}

/**
 * Sets the quantity of the user's line `lineId` when it is not cut to size, its cart's row locked
 * first (lockCart) and the cart touched: one statement, the database function cart_set_quantity
 * (migration 0026). 'unknown': no such line in the user's cart; 'cut': a line cut to size, unchanged.
 */
export async function setUncutLineQuantity(
  db: DbOrTx,
  userId: number,
  lineId: number,
  quantity: number,
): Promise<{ outcome: 'updated' | 'cut'; cartId: number } | { outcome: 'unknown' }> {
  const [row] = await queryRows<{ cartId: number | null; outcome: 'updated' | 'cut' | 'unknown' }>(
    db,
    sql`select cart_id as "cartId", outcome from cart_set_quantity(${userId}::int, ${lineId}::int, ${quantity}::numeric)`,
  );
  return row!.outcome === 'unknown'
    ? { outcome: 'unknown' }
    : { outcome: row!.outcome, cartId: row!.cartId! };
}

/** A line cut to size turned into an ordinary line (its article is no longer sold cut to size). */
export interface UncutLine {
  quantity: number;
  pieces: null;
  dimensions: null;
}

/** Sets a line's quantity, and for a line cut to size its pieces and dimensions; false when the line is not in this cart. */
export async function setLineQuantity(
  db: DbOrTx,
  cartId: number,
  lineId: number,
  values: number | CutLine | UncutLine,
) {
  const rows = await db
    .update(cartLines)
    .set(typeof values === 'number' ? { quantity: values } : values)
    .where(and(eq(cartLines.id, lineId), eq(cartLines.cartId, cartId)))
    .returning({ id: cartLines.id });
  if (rows.length > 0) await touchCart(db, cartId);
  return rows.length > 0;
}

/** A cart line cut to size, as recomputing it needs. */
export interface StoredCutLine {
  id: number;
  cartId: number;
  articleCode: string;
  quantity: number;
  pieces: number;
  dimensions: DimensionValues | null;
}

/**
 * The lines cut to size, in every cart, of articles sold in these units, their carts' rows locked first
 * in id order (the lock order of every cart change: cart row, then its lines).
 */
export async function lockCutLinesOfUnits(
  db: DbOrTx,
  unitCodes: readonly string[],
): Promise<StoredCutLine[]> {
  if (unitCodes.length === 0) return [];
  const ofUnits = and(isNotNull(cartLines.pieces), inArray(articles.saleUnit, [...unitCodes]));
  const cartIds = db
    .selectDistinct({ id: cartLines.cartId })
    .from(cartLines)
    .innerJoin(articles, eq(articles.code, cartLines.articleCode))
    .where(ofUnits);
  await db
    .select({ id: carts.id })
    .from(carts)
    .where(inArray(carts.id, cartIds))
    .orderBy(asc(carts.id))
    .for('update');
  const rows = await db
    .select({
      id: cartLines.id,
      cartId: cartLines.cartId,
      articleCode: cartLines.articleCode,
      quantity: cartLines.quantity,
      pieces: cartLines.pieces,
      dimensions: cartLines.dimensions,
    })
    .from(cartLines)
    .innerJoin(articles, eq(articles.code, cartLines.articleCode))
    .where(ofUnits)
    .orderBy(asc(cartLines.id));
  return rows.map((row) => ({ ...row, pieces: row.pieces! }));
}

/** Sets (or clears with null) a line's chantier tag; false when the line is not in this cart. */
export async function setLineTag(db: DbOrTx, cartId: number, lineId: number, tag: string | null) {
  const rows = await db
    .update(cartLines)
    .set({ siteTag: tag })
    .where(and(eq(cartLines.id, lineId), eq(cartLines.cartId, cartId)))
    .returning({ id: cartLines.id });
  return rows.length > 0;
}

export async function findLineTag(db: DbOrTx, cartId: number, lineId: number) {
  const [row] = await db
    .select({ siteTag: cartLines.siteTag })
    .from(cartLines)
    .where(and(eq(cartLines.id, lineId), eq(cartLines.cartId, cartId)));
  return row ?? null;
}

export async function deleteLine(db: DbOrTx, cartId: number, lineId: number): Promise<boolean> {
  const rows = await db
    .delete(cartLines)
    .where(and(eq(cartLines.id, lineId), eq(cartLines.cartId, cartId)))
    .returning({ id: cartLines.id });
  return rows.length > 0;
}

export async function emptyCart(db: DbOrTx, cartId: number): Promise<void> {
  await db.delete(cartLines).where(eq(cartLines.cartId, cartId));
  await touchCart(db, cartId);
}

async function touchCart(db: DbOrTx, cartId: number) {
  await db
    .update(carts)
    .set({ updatedAt: sql`now()` })
    .where(eq(carts.id, cartId));
}

export interface TaggedProductRow {
  articleCode: string;
  articleDesignation: string;
  variantDesignation: string | null;
}

/** The products of the cart's lines tagged `tag`, in cart order. */
export function findLinesTagged(db: DbOrTx, cartId: number, tag: string): Promise<TaggedProductRow[]> {
  return db
    .select({
      articleCode: cartLines.articleCode,
      articleDesignation: articles.designation1,
      variantDesignation: variants.designation,
    })
    .from(cartLines)
    .innerJoin(articles, eq(articles.code, cartLines.articleCode))
    .leftJoin(
      variants,
      and(eq(variants.articleCode, cartLines.articleCode), eq(variants.code, cartLines.variantCode)),
    )
    .where(and(eq(cartLines.cartId, cartId), eq(cartLines.siteTag, tag)))
    .orderBy(asc(cartLines.addedAt), asc(cartLines.id));
}
