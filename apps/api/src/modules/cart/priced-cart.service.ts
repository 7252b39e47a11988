// The cart as its shopper sees it (docs/contract/cart-and-site-tags.md): its rows priced for the
// shopper (prices.service; the cart, the checkout and the order lines, hence the export file, all read
// them from these priced rows), what the stock where it buys says of each, and the cart's totals.
import type { DbOrTx } from '@comptoir/db/client';
import { CART_MESSAGES, cartTotals, lineAmountHt, type Cart, type CartLine } from '@comptoir/shared/cart';
import { articleLink, stockStateOf } from '@comptoir/shared/catalogue';
import { toDecoupeLigne } from '@comptoir/shared/cut-to-size';
import { stockNote } from '@comptoir/shared/quantity-rules';
import { badRequest } from '../../errors';
import { customerCodeOf, type SessionUser } from '../auth/auth.service';
import { stockWhereViewerBuys, venteOf, type Viewer } from '../catalogue/catalogue.service';
import { unitPrices } from '../prices/prices.service';
import * as repo from './cart.repository';
import type { CartLineRow } from './cart.repository';
import { cutLineReview } from './cut-lines.service';

/** A cart row with the price its customer pays, and for a cut why it must be reviewed (or null). */
export type PricedRow = CartLineRow & { unitPriceHt: number; review: string | null };

export const unitPriceOf = (row: PricedRow) => row.unitPriceHt;

/**
 * `user`'s cart rows, each with the unit price the catalogue showed it (unitPrices: a customer's own, a
 * visitor's those of the anonymous customer), of its declinaison, else its article.
 */
export async function pricedFor(db: DbOrTx, user: SessionUser, rows: CartLineRow[]): Promise<PricedRow[]> {
  customerCodeOf(user); // an administrator has no cart (403)
  const prices = await unitPrices(
    db,
    user,
    rows.map((row) => ({
      articleCode: row.articleCode,
      familyCode: row.familyCode,
      listPrice: row.variantPriceHt ?? row.articlePriceHt,
    })),
  );
  const reviews: (string | null)[] = [];
  for (const row of rows) reviews.push(await cutLineReview(db, row));
  return rows.map((row, index) => ({ ...row, unitPriceHt: prices[index]!, review: reviews[index]! }));
}

/** The lines of cart `cartId` of `user`, priced for it. */
export const cartRows = async (db: DbOrTx, user: SessionUser, cartId: number) =>
  pricedFor(db, user, await repo.findCartLines(db, cartId));

/** The viewer whose stock agency the cart checks: the account's customer, or a visitor. */
export const viewerOfUser = (user: SessionUser): Viewer => ({
  user: user.visitor ? null : { codeClient: customerCodeOf(user) },
  chosenAgency: null,
});

/** How a cart row's article is sold. */
export const saleOfRow = (row: CartLineRow) =>
  venteOf({
    saleDecimals: row.saleDecimals ?? 0,
    minQuantity: row.minQuantity,
    saleMultiple: row.saleMultiple,
    backorderDays: row.backorderDays,
  });

/**
 * What the stock where `user` buys says of each row (docs/contract/quantities-and-units.md): 'Sur
 * commande (délai …)', what is in stock and what will be ordered (when the stock counts in the sale
 * unit), 'Article indisponible'; null when the stock covers it.
 */
async function availabilityOf(db: DbOrTx, user: SessionUser, rows: readonly CartLineRow[]) {
  const stocks = await stockWhereViewerBuys(db, viewerOfUser(user), rows);
  return rows.map((row, index) => {
    const quantity = stocks[index] ?? null;
    const stock = {
      state: stockStateOf(quantity),
      quantity,
      delay: row.backorderDays,
      sameUnit: row.stockUnit === row.unit,
    };
    const note = stockNote(stock, row.quantity, row.unitLabel ?? row.unit);
    return note.ok ? note.note : note.message;
  });
}

export function toCartLine(row: PricedRow, disponibilite: string | null = null): CartLine {
  const prixUnitaireHT = unitPriceOf(row);
  return {
    id: row.id,
    codeArticle: row.articleCode,
    codeDeclinaison: row.variantCode,
    designation: row.variantDesignation ?? row.designation,
    lien: articleLink(row.articleCode),
    quantite: row.quantity,
    unite: row.unitLabel ?? row.unit,
    prixUnitaireHT,
    montantHT: lineAmountHt(row.quantity, prixUnitaireHT),
    tauxTVA: row.vatRate,
    chantier: row.siteTag,
    decoupe: toDecoupeLigne(row.pieces, row.dimensions),
    aRevoir: row.review,
    vente: saleOfRow(row),
    disponibilite,
  };
}

function toCart(rows: PricedRow[], availability: readonly (string | null)[] = []): Cart {
  const lignes = rows.map((row, index) => toCartLine(row, availability[index] ?? null));
  return { lignes, ...cartTotals(lignes), nbLignes: lignes.length };
}

/** The cart as `user` sees it: its rows priced, with what the stock says of each. */
export const shownCart = async (db: DbOrTx, user: SessionUser, rows: PricedRow[]) =>
  toCart(rows, await availabilityOf(db, user, rows));

/** The lines of the user's cart (none when it has none), priced for it. */
export const linesOf = async (db: DbOrTx, user: SessionUser) =>
  pricedFor(db, user, await repo.findUserCartLines(db, user.id));

/** The cart of `user`; null (a visitor who has no cart session yet): an empty cart. */
export async function getCart(db: DbOrTx, user: SessionUser | null): Promise<Cart> {
  return user ? shownCart(db, user, await linesOf(db, user)) : toCart([]);
}

/**
 * The first of these cart rows whose article is unavailable where `user` buys (none in stock and no
 * supplier's delay from the ERP), as stock imports may make it after the line was added; or undefined.
 */
export async function unavailableRow<Row extends CartLineRow>(
  db: DbOrTx,
  user: SessionUser,
  rows: readonly Row[],
) {
  const stocks = await stockWhereViewerBuys(db, viewerOfUser(user), rows);
  return rows.find(
    (row, index) => row.backorderDays === null && stockStateOf(stocks[index] ?? null) === 'indisponible',
  );
}

/** The refusal of a cart line whose article is no longer sold: "Cet article n'est plus disponible : Enduit". */
export const noLongerAvailable = (row: CartLineRow) =>
  badRequest(`${CART_MESSAGES.inactiveArticle} : ${row.variantDesignation ?? row.designation}`);
