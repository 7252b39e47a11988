// The carts, their lines and what the checkout reads (addresses, carriers) and writes (the order).
import { and, asc, desc, eq, isNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '@comptoir/db/client';
import {
  articles,
  cartLines,
  carriers,
  carts,
  customers,
  deliveryAddresses,
  orderLines,
  orders,
  units,
  variants,
  zones,
} from '@comptoir/db/schema';

/** The user's cart id, the cart being created on first use. */
export async function cartIdOf(db: DbOrTx, userId: number): Promise<number> {
  const [created] = await db
    .insert(carts)
    .values({ userId })
    .onConflictDoNothing({ target: carts.userId })
    .returning({ id: carts.id });
  if (created) return created.id;
  const [existing] = await db.select({ id: carts.id }).from(carts).where(eq(carts.userId, userId));
  return existing!.id;
}

/** The user's cart id, or null when they never had one (reads create nothing). */
export async function findCartId(db: DbOrTx, userId: number): Promise<number | null> {
  const [row] = await db.select({ id: carts.id }).from(carts).where(eq(carts.userId, userId));
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
}

/** The lines of a cart, oldest first, with what pricing and display need from the article and variant. */
export function findCartLines(db: DbOrTx, cartId: number): Promise<CartLineRow[]> {
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
    })
    .from(cartLines)
    .innerJoin(articles, eq(articles.code, cartLines.articleCode))
    .leftJoin(
      variants,
      and(eq(variants.articleCode, cartLines.articleCode), eq(variants.code, cartLines.variantCode)),
    )
    .leftJoin(units, eq(units.code, articles.saleUnit))
    .where(eq(cartLines.cartId, cartId))
    .orderBy(asc(cartLines.addedAt), asc(cartLines.id));
}

export async function findArticle(db: DbOrTx, code: string) {
  const [row] = await db
    .select({ code: articles.code, active: articles.active })
    .from(articles)
    .where(eq(articles.code, code));
  return row ?? null;
}

export async function variantCodesOf(db: DbOrTx, articleCode: string): Promise<string[]> {
  const rows = await db
    .select({ code: variants.code })
    .from(variants)
    .where(eq(variants.articleCode, articleCode));
  return rows.map((row) => row.code);
}

/** Adds `quantity` to the cart's untagged line of this article/variant, or creates that line. */
export async function addToLine(
  db: DbOrTx,
  cartId: number,
  articleCode: string,
  variantCode: string,
  quantity: number,
): Promise<void> {
  const [updated] = await db
    .update(cartLines)
    .set({ quantity: sql`${cartLines.quantity} + ${quantity}` })
    .where(
      and(
        eq(cartLines.cartId, cartId),
        eq(cartLines.articleCode, articleCode),
        eq(cartLines.variantCode, variantCode),
        isNull(cartLines.siteTag),
      ),
    )
    .returning({ id: cartLines.id });
  if (!updated) await db.insert(cartLines).values({ cartId, articleCode, variantCode, quantity });
  await touchCart(db, cartId);
}

/** Sets a line's quantity; false when the line is not in this cart. */
export async function setLineQuantity(db: DbOrTx, cartId: number, lineId: number, quantity: number) {
  const rows = await db
    .update(cartLines)
    .set({ quantity })
    .where(and(eq(cartLines.id, lineId), eq(cartLines.cartId, cartId)))
    .returning({ id: cartLines.id });
  if (rows.length > 0) await touchCart(db, cartId);
  return rows.length > 0;
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

// ---------------------------------------------------------------- checkout

export async function findCustomer(db: DbOrTx, code: string) {
  const [row] = await db
    .select({
      code: customers.code,
      agencyCode: customers.agencyCode,
      isProfessional: customers.isProfessional,
    })
    .from(customers)
    .where(eq(customers.code, code));
  return row ?? null;
}

export function findAddresses(db: DbOrTx, customerCode: string) {
  return db
    .select({
      id: deliveryAddresses.id,
      libelle: deliveryAddresses.label,
      ligne1: deliveryAddresses.line1,
      ligne2: deliveryAddresses.line2,
      codePostal: deliveryAddresses.postalCode,
      ville: deliveryAddresses.city,
      zoneId: deliveryAddresses.zoneId,
      zone: zones.label,
      parDefaut: deliveryAddresses.isDefault,
    })
    .from(deliveryAddresses)
    .leftJoin(zones, eq(zones.id, deliveryAddresses.zoneId))
    .where(eq(deliveryAddresses.customerCode, customerCode))
    .orderBy(desc(deliveryAddresses.isDefault), asc(deliveryAddresses.label), asc(deliveryAddresses.id));
}

export function findActiveCarriers(db: DbOrTx) {
  return db
    .select({ id: carriers.id, nom: carriers.name, description: carriers.description })
    .from(carriers)
    .where(eq(carriers.active, true))
    .orderBy(asc(carriers.position), asc(carriers.id));
}

/**
 * The next web order number of `year` ('W2026-000042') and web order id, under a transaction-wide lock
 * so that two checkouts never take the same (the lock is released at commit or rollback).
 */
export async function nextWebOrderNumber(tx: DbOrTx, year: number) {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext('comptoir.web-order-number'))`);
  const prefix = `W${year}-`;
  // Numbers of one year all have six digits or more: the longest, then the greatest, is the last one.
  const [numberRow] = await tx
    .select({
      last: sql<
        string | null
      >`(array_agg(${orders.number} order by length(${orders.number}) desc, ${orders.number} desc))[1]`,
    })
    .from(orders)
    .where(sql`${orders.number} ~ ${`^W${year}-[0-9]{6,}$`}`);
  const [row] = await tx
    .select({
      lastWebId: sql<
        string | null
      >`max(case when ${orders.webOrderId} ~ '^[0-9]{1,15}$' then ${orders.webOrderId}::bigint end)`,
    })
    .from(orders);
  const lastSequence = numberRow?.last ? Number(numberRow.last.slice(prefix.length)) : 0;
  const lastWebId = row?.lastWebId ? Number(row.lastWebId) : 200_000;
  return {
    number: `${prefix}${String(lastSequence + 1).padStart(6, '0')}`,
    webOrderId: String(lastWebId + 1),
  };
}

export async function insertOrder(tx: DbOrTx, order: typeof orders.$inferInsert): Promise<number> {
  const [row] = await tx.insert(orders).values(order).returning({ id: orders.id });
  return row!.id;
}

export async function insertOrderLines(tx: DbOrTx, lines: (typeof orderLines.$inferInsert)[]) {
  if (lines.length > 0) await tx.insert(orderLines).values(lines);
}
