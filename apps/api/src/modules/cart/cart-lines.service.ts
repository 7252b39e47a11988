// The cart's lines (docs/contract/cart-and-site-tags.md): a line checked then added, several added at
// once (a reorder, a quick order), a line's quantity or cut changed, a line removed, and the chantier
// tags of the lines.
import { onOneConnection, type Database, type DbOrTx } from '@comptoir/db/client';
import type { z } from 'zod';
import {
  CART_MESSAGES,
  CART_QUANTITY_MAX,
  type Cart,
  type SiteTagProduct,
  type addCartLineBody,
  type updateCartLineBody,
} from '@comptoir/shared/cart';
import { articleLink, stockStateOf } from '@comptoir/shared/catalogue';
import { QUANTITY_MESSAGES, checkQuantity, type SaleRule } from '@comptoir/shared/quantity-rules';
import type { Decoupe } from '@comptoir/shared/cut-to-size';
import { DIMENSION_MESSAGES } from '@comptoir/shared/dimensions';
import type { RefusedLine } from '@comptoir/shared/account';
import { HttpError, badRequest, notFound } from '../../errors';
import { customerCodeOf, type SessionUser } from '../auth/auth.service';
import { articleForCart, stockWhereViewerBuys, venteOf } from '../catalogue/catalogue.service';
import * as repo from './cart.repository';
import { cutOf, isCutToSize } from './cut-lines.service';
import {
  cartRows,
  noLongerAvailable,
  saleOfRow,
  shownCart,
  unavailableRow,
  viewerOfUser,
} from './priced-cart.service';

/** A line as the cart will hold it: its article and declinaison checked, its cut computed (or none). */
interface CheckedLine {
  articleCode: string;
  variantCode: string;
  quantity: number;
  cut: repo.CutLine | null;
}

/**
 * Checks the line `body` asks for (known and active article, declinaison, cut), or throws its French
 * refusal. Read through `db`: outside a transaction, from the answer cache; no lock is needed, the
 * article's row is not locked by the write either.
 */
async function checkedLine(
  db: DbOrTx,
  user: SessionUser,
  body: z.output<typeof addCartLineBody>,
): Promise<CheckedLine> {
  const article = await articleForCart(db, body.codeArticle);
  if (!article) throw notFound(CART_MESSAGES.unknownArticle);
  if (!article.active) throw badRequest(CART_MESSAGES.inactiveArticle);
  const variantCode = body.codeDeclinaison ?? '';
  if (variantCode === '' && article.variantCodes.length > 0) throw badRequest(CART_MESSAGES.variantRequired);
  if (variantCode !== '' && !article.variantCodes.includes(variantCode))
    throw notFound(CART_MESSAGES.unknownVariant);
  const cut = await cutOf(db, article.code, body.decoupe);
  // A cut's quantity is what its pieces make; any other is checked against the unit, minimum, multiple.
  if (!cut) checkSaleQuantity(body.quantite, venteOf(article), article.unitLabel);
  const [stock = null] = await stockWhereViewerBuys(db, viewerOfUser(user), [
    { articleCode: article.code, variantCode },
  ]);
  // Unavailable where the shopper buys: refused, unless the ERP gives the supplier's delay.
  if (stockStateOf(stock) === 'indisponible' && article.backorderDays === null)
    throw badRequest(QUANTITY_MESSAGES.unavailable);
  return { articleCode: article.code, variantCode, quantity: body.quantite, cut };
}

/** A 400 with the rule's French refusal ('Vendu par 10 : commandez 20'): the server never changes a quantity. */
function checkSaleQuantity(quantity: number, rule: SaleRule, unit: string): void {
  const checked = checkQuantity(quantity, rule, unit, false);
  if (!checked.ok) throw badRequest(checked.message);
}

/**
 * Writes a checked line into the user's cart and answers the cart's id. A line cut to size is a line
 * of its own, written in the caller's transaction after the cart's lock (cartIdOf); any other line is
 * added to its like in one statement (addToLine), in the caller's transaction or alone.
 */
async function writeLine(db: DbOrTx, userId: number, line: CheckedLine, siteTag: string | null = null) {
  if (line.cut) {
    const cartId = await repo.cartIdOf(db, userId);
    await repo.insertCutLine(db, cartId, line.articleCode, line.variantCode, line.cut, siteTag);
    return cartId;
  }
  // Repeated adds must not grow a line past what one line may hold (and the column can store).
  const cartId = await repo.addToLine(db, userId, { ...line, siteTag }, CART_QUANTITY_MAX);
  if (cartId === null) throw badRequest(CART_MESSAGES.quantityTooLarge);
  return cartId;
}

/**
 * Runs `write` (which answers the id of the cart it wrote), then answers that cart as it stands, priced
 * for `user`: the answer is read after the write's commit, outside its lock, on the same pooled
 * connection (one wait for the pool, not two).
 */
const writeThenCart = (db: Database, user: SessionUser, write: (db: Database) => Promise<number>) =>
  onOneConnection(db, async (conn) => shownCart(conn, user, await cartRows(conn, user, await write(conn))));

// A cart write holds its cart's row lock to its commit, and every other write of that cart waits for
// it on a pooled connection: the line is checked before (from the answer cache) and written in one
// statement when it can be.
export async function addCartLine(db: Database, user: SessionUser, body: z.output<typeof addCartLineBody>) {
  customerCodeOf(user);
  const line = await checkedLine(db, user, body);
  return writeThenCart(db, user, (conn) =>
    line.cut ? conn.transaction((tx) => writeLine(tx, user.id, line)) : writeLine(conn, user.id, line),
  );
}

/** A line to put back in the cart as it was (a reorder) or as typed (a quick order). */
export interface LineToAdd {
  codeArticle: string;
  codeDeclinaison: string;
  quantite: number;
  chantier: string | null;
  decoupe: Decoupe | null;
  /** How the customer knows it, for the refusal message. */
  designation: string;
}

/**
 * Adds these lines to the user's cart inside the caller's transaction, each on its own (a savepoint):
 * a line the cart refuses (withdrawn article, variant to choose, quantity too large) is left out with
 * the cart's reason, the others go in.
 */
export async function addLinesToCart(
  tx: DbOrTx,
  user: SessionUser,
  lines: readonly LineToAdd[],
): Promise<{ panier: Cart; ajoutees: number; refusees: RefusedLine[] }> {
  customerCodeOf(user);
  const cartId = await repo.cartIdOf(tx, user.id);
  const refusees: RefusedLine[] = [];
  let ajoutees = 0;
  for (const line of lines) {
    try {
      await tx.transaction(async (savepoint) => {
        const checked = await checkedLine(savepoint, user, {
          codeArticle: line.codeArticle,
          codeDeclinaison: line.codeDeclinaison || undefined,
          quantite: line.quantite,
          decoupe: line.decoupe ?? undefined,
        });
        await writeLine(savepoint, user.id, checked, line.chantier);
      });
      ajoutees++;
    } catch (error) {
      if (!(error instanceof HttpError) || error.statusCode >= 500) throw error;
      refusees.push({ codeArticle: line.codeArticle, designation: line.designation, raison: error.message });
    }
  }
  return { panier: await shownCart(tx, user, await cartRows(tx, user, cartId)), ajoutees, refusees };
}

export async function updateCartLine(
  db: Database,
  user: SessionUser,
  lineId: number,
  body: z.output<typeof updateCartLineBody>,
) {
  customerCodeOf(user);
  // Before any write: the line's article still sold where the user buys, and a plain line's new
  // quantity checked against how its article is sold.
  const line = (await repo.findUserCartLines(db, user.id)).find((row) => row.id === lineId);
  if (line && (await unavailableRow(db, user, [line]))) throw noLongerAvailable(line);
  if (line && body.quantite !== undefined && !body.decoupe && line.pieces === null)
    checkSaleQuantity(body.quantite, saleOfRow(line), line.unitLabel ?? line.unit);
  return writeThenCart(db, user, (conn) => changeLine(conn, user, lineId, body));
}

/** Changes the line of `user`'s cart as `body` asks, or throws the French refusal; answers the cart's id. */
async function changeLine(
  db: DbOrTx,
  user: SessionUser,
  lineId: number,
  body: z.output<typeof updateCartLineBody>,
): Promise<number> {
  // A quantity for a line not cut to size, the usual change, is one statement; a line cut to size
  // goes through the checks below.
  if (!body.decoupe && body.quantite !== undefined) {
    const set = await repo.setUncutLineQuantity(db, user.id, lineId, body.quantite);
    if (set.outcome === 'unknown') throw notFound(CART_MESSAGES.unknownLine);
    if (set.outcome === 'updated') return set.cartId;
  }
  return db.transaction(async (tx) => {
    const cartId = await repo.lockCart(tx, user.id);
    const line = cartId === null ? null : await repo.findLine(tx, cartId, lineId);
    if (cartId === null || !line) throw notFound(CART_MESSAGES.unknownLine);
    // A line cut to size changes by its pieces and dimensions; any other line by its quantity.
    let values: number | repo.CutLine | repo.UncutLine;
    if (line.pieces !== null) {
      if (body.decoupe) values = (await cutOf(tx, line.articleCode, body.decoupe))!;
      // A cut whose article is no longer sold cut to size becomes an ordinary line by its quantity.
      else if (!(await isCutToSize(tx, line.articleCode)))
        values = { quantity: body.quantite!, pieces: null, dimensions: null };
      else throw badRequest(DIMENSION_MESSAGES.cutLineQuantity);
    } else {
      if (body.decoupe) throw badRequest(DIMENSION_MESSAGES.notCutToSize);
      values = body.quantite!;
    }
    if (!(await repo.setLineQuantity(tx, cartId, lineId, values))) throw notFound(CART_MESSAGES.unknownLine);
    return cartId;
  });
}

export async function removeCartLine(db: Database, user: SessionUser, lineId: number) {
  customerCodeOf(user);
  return writeThenCart(db, user, (conn) =>
    conn.transaction(async (tx) => {
      const cartId = await repo.lockCart(tx, user.id);
      if (cartId === null || !(await repo.deleteLine(tx, cartId, lineId)))
        throw notFound(CART_MESSAGES.unknownLine);
      return cartId;
    }),
  );
}

// ---------------------------------------------------------------- chantier tags of the lines

/** Sets (or clears with null) the tag of the user's cart line; false when the line is not in its cart. */
export async function setCartLineTag(
  db: DbOrTx,
  user: SessionUser,
  lineId: number,
  tag: string | null,
): Promise<boolean> {
  customerCodeOf(user);
  const cartId = await repo.findCartId(db, user.id);
  return cartId !== null && repo.setLineTag(db, cartId, lineId, tag);
}

/** The tag of the user's cart line (null: none); undefined when the line is not in its cart. */
export async function cartLineTag(
  db: DbOrTx,
  user: SessionUser,
  lineId: number,
): Promise<string | null | undefined> {
  customerCodeOf(user);
  const cartId = await repo.findCartId(db, user.id);
  const line = cartId === null ? null : await repo.findLineTag(db, cartId, lineId);
  return line ? line.siteTag : undefined;
}

/** The products of the user's cart lines tagged `tag`, in cart order. */
export async function cartProductsTaggedWith(
  db: DbOrTx,
  user: SessionUser,
  tag: string,
): Promise<SiteTagProduct[]> {
  customerCodeOf(user);
  const cartId = await repo.findCartId(db, user.id);
  if (cartId === null) return [];
  const rows = await repo.findLinesTagged(db, cartId, tag);
  return rows.map((row) => ({
    libelle: row.variantDesignation ?? row.articleDesignation,
    lien: articleLink(row.articleCode),
  }));
}
