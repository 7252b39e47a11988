// The customer's cart and its checkout (docs/contract/cart-and-site-tags.md; Checkout and payments).
// Prices are the customer's (prices.service): the cart, the checkout and the order lines (hence the
// export file) all read them from the priced rows below.
import { isDeepStrictEqual } from 'node:util';
import type { FastifyBaseLogger } from 'fastify';
import { onOneConnection, type Database, type DbOrTx } from '@comptoir/db/client';
import { articleLink } from '@comptoir/shared/catalogue';
import { MONEY_MAX } from '@comptoir/shared/validation';
import {
  CART_MESSAGES,
  CART_QUANTITY_MAX,
  SHIPPING_FEE_VAT_RATE,
  cartTotals,
  lineAmountHt,
  type Cart,
  type CartLine,
  type CheckoutOptions,
  type PlacedOrder,
  type SiteTagProduct,
} from '@comptoir/shared/cart';
import { stockStateOf } from '@comptoir/shared/catalogue';
import { QUANTITY_MESSAGES, checkQuantity, stockNote, type SaleRule } from '@comptoir/shared/quantity-rules';
import {
  adaptCut,
  cutQuantity,
  hasStandardPiece,
  toDecoupeLigne,
  type CutArticle,
  type Decoupe,
} from '@comptoir/shared/cut-to-size';
import { DIMENSION_MESSAGES } from '@comptoir/shared/dimensions';
import {
  AVAILABILITY_MESSAGES,
  carrierOffered,
  checkoutCarrierNotice,
} from '@comptoir/shared/shipping/availability';
import type { ShippingFeeResult } from '@comptoir/shared/shipping/fee-contract';
import type { z } from 'zod';
import type { addCartLineBody, placeOrderBody, updateCartLineBody } from '@comptoir/shared/cart';
import { paymentStatusLabel } from '@comptoir/shared/orders/labels';
import {
  PAYMENT_LABELS,
  cardUnavailableMessage,
  cartTypeFor,
  orderPlacedMessage,
  paymentMethodsFor,
} from '@comptoir/shared/payment';
import { HttpError, badRequest, forbidden, notFound } from '../../errors';
import type { RefusedLine } from '@comptoir/shared/account';
import { customerCodeOf, type SessionUser } from '../auth/auth.service';
import { activeCarriers } from '../carriers/carriers.service';
import { articleForCart, stockWhereViewerBuys, venteOf, type Viewer } from '../catalogue/catalogue.service';
import { cutArticleOf, onVariableDimensionsChanged } from '../dimensions/dimensions.service';
import { numberWebOrder, placeWebOrderFile, writeWebOrder } from '../orders/orders.service';
import type { MailQueue } from '../mail/mail.service';
import { orderMailDraft, queueOrderMail } from '../mail/order-mail.service';
import { findCustomer, toDeliveryAddress, type CustomerRow } from '../reference/reference.service';
import { currentCgv } from '../site-pages/site-pages.service';
import { unitPrices } from '../prices/prices.service';
import { checkEncours, checkoutEncours, encoursSettings } from '../encours/encours.service';
import { openCardPayment, recordCardPayment, type PaymentProvider } from '../payments/payments.service';
import { priceCart } from '../shipping-fees/shipping-fees.service';
import * as repo from './cart.repository';
import type { CartLineRow } from './cart.repository';
import { acceptedCgv, addressesOf, visitorContactOf } from './visitor-checkout';

/** A cart row with the price its customer pays, and for a cut why it must be reviewed (or null). */
type PricedRow = CartLineRow & { unitPriceHt: number; review: string | null };

const unitPriceOf = (row: PricedRow) => row.unitPriceHt;

/**
 * `user`'s cart rows, each with the unit price the catalogue showed it (unitPrices: a customer's own, a
 * visitor's those of the anonymous customer), of its declinaison, else its article.
 */
async function pricedFor(db: DbOrTx, user: SessionUser, rows: CartLineRow[]): Promise<PricedRow[]> {
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
const cartRows = async (db: DbOrTx, user: SessionUser, cartId: number) =>
  pricedFor(db, user, await repo.findCartLines(db, cartId));
const weightOf = (row: CartLineRow) => (row.variantWeight ?? row.articleWeight ?? 0) * row.quantity;

/** The viewer whose stock agency the cart checks: the account's customer, or a visitor. */
const viewerOfUser = (user: SessionUser): Viewer => ({
  user: user.visitor ? null : { codeClient: customerCodeOf(user) },
  chosenAgency: null,
});

/** How a cart row's article is sold. */
const saleOfRow = (row: CartLineRow) =>
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

function toCartLine(row: PricedRow, disponibilite: string | null = null): CartLine {
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
const shownCart = async (db: DbOrTx, user: SessionUser, rows: PricedRow[]) =>
  toCart(rows, await availabilityOf(db, user, rows));

/** The lines of the user's cart (none when it has none), priced for it. */
const linesOf = async (db: DbOrTx, user: SessionUser) =>
  pricedFor(db, user, await repo.findUserCartLines(db, user.id));

/** The cart of `user`; null (a visitor who has no cart session yet): an empty cart. */
export async function getCart(db: DbOrTx, user: SessionUser | null): Promise<Cart> {
  return user ? shownCart(db, user, await linesOf(db, user)) : toCart([]);
}

/**
 * The methods `user` may pay with: on account only for a professional customer's own account — never
 * for a visitor, whose orders are the visitor customer's (docs/contract/connection-settings.md).
 */
const methodsOf = (user: SessionUser, customer: CustomerRow) =>
  paymentMethodsFor(customer.isProfessional && !user.visitor);

/** The quantity, pieces and dimensions of a cut of this article, or a 400 with the rule's French refusal. */
async function cutOf(
  db: DbOrTx,
  articleCode: string,
  cut: Decoupe | undefined,
): Promise<repo.CutLine | null> {
  const article = await cutArticleOf(db, articleCode);
  if (!article || article.variable.length === 0) {
    if (cut) throw badRequest(DIMENSION_MESSAGES.notCutToSize);
    return null;
  }
  // An article with a standard piece is sold by the piece as well: cut only when asked.
  if (!cut && hasStandardPiece(article)) return null;
  if (!cut) throw badRequest(DIMENSION_MESSAGES.dimensionsRequired);
  const result = cutQuantity(article, cut);
  if (!result.ok) throw badRequest(result.message);
  if (result.quantity > CART_QUANTITY_MAX) throw badRequest(CART_MESSAGES.quantityTooLarge);
  return { quantity: result.quantity, pieces: cut.nbPieces, dimensions: result.dimensions };
}

async function isCutToSize(db: DbOrTx, articleCode: string): Promise<boolean> {
  return ((await cutArticleOf(db, articleCode))?.variable.length ?? 0) > 0;
}

/**
 * Recomputes, in the caller's transaction, the lines cut to size in every cart of articles sold in these
 * units, whose variable dimensions just changed (docs/contract/variable-dimensions-and-articles-cut-to-size.md, "Articles cut to size"): each keeps its
 * pieces and dimensions as adaptCut carries them over, and takes the quantity cutQuantity gives them
 * now. A line that cannot be carried over (no longer sold cut to size, a new dimension without the
 * article's measure, a refusal of the rule) is left as it was: the checkout refuses it until its
 * customer changes or removes it. Answers the lines recomputed and those left to review.
 */
export async function recomputeCutLines(
  tx: DbOrTx,
  unitCodes: readonly string[],
): Promise<{ recomputed: number; toReview: number }> {
  const articles = new Map<string, CutArticle | null>();
  let recomputed = 0;
  let toReview = 0;
  for (const line of await repo.lockCutLinesOfUnits(tx, unitCodes)) {
    if (!articles.has(line.articleCode))
      articles.set(line.articleCode, await cutArticleOf(tx, line.articleCode));
    const article = articles.get(line.articleCode);
    if (!article) continue; // withdrawn: the checkout refuses the line already
    const cut = adaptCut(article, { nbPieces: line.pieces, dimensions: line.dimensions ?? {} });
    const result = cut && cutQuantity(article, cut);
    if (!result?.ok || result.quantity > CART_QUANTITY_MAX) {
      toReview++;
      continue;
    }
    await repo.setLineQuantity(tx, line.cartId, line.id, {
      quantity: result.quantity,
      pieces: line.pieces,
      dimensions: result.dimensions,
    });
    recomputed++;
  }
  return { recomputed, toReview };
}

// A save of the variable dimensions recomputes the carts' lines cut to size in its transaction.
onVariableDimensionsChanged(recomputeCutLines);

/**
 * Why a cart's line cut to size cannot be ordered as it stands, or null: its article is no longer sold
 * cut to size, the rule refuses its cut as adaptCut carries it over, or gives another quantity than the
 * one priced (the unit's or the article's measures changed since).
 */
async function cutLineReview(db: DbOrTx, row: CartLineRow): Promise<string | null> {
  if (row.pieces === null) return null;
  const article = await cutArticleOf(db, row.articleCode);
  if (!article) return null; // withdrawn: refused as such
  const cut = adaptCut(article, { nbPieces: row.pieces, dimensions: row.dimensions ?? {} });
  if (!cut) return DIMENSION_MESSAGES.noLongerCut;
  const result = cutQuantity(article, cut);
  if (!result.ok) return result.message;
  return Math.abs(result.quantity - row.quantity) > 1e-9 ? DIMENSION_MESSAGES.quantityChanged : null;
}

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

/**
 * The first of these cart rows whose article is unavailable where `user` buys (none in stock and no
 * supplier's delay from the ERP), as stock imports may make it after the line was added; or undefined.
 */
async function unavailableRow<Row extends CartLineRow>(db: DbOrTx, user: SessionUser, rows: readonly Row[]) {
  const stocks = await stockWhereViewerBuys(db, viewerOfUser(user), rows);
  return rows.find(
    (row, index) => row.backorderDays === null && stockStateOf(stocks[index] ?? null) === 'indisponible',
  );
}

/** The refusal of a cart line whose article is no longer sold: "Cet article n'est plus disponible : Enduit". */
const noLongerAvailable = (row: CartLineRow) =>
  badRequest(`${CART_MESSAGES.inactiveArticle} : ${row.variantDesignation ?? row.designation}`);

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

// ---------------------------------------------------------------- checkout

async function customerOf(db: DbOrTx, user: SessionUser): Promise<CustomerRow> {
  const customer = await findCustomer(db, customerCodeOf(user));
  // A customer account whose customer was removed: nothing to sell to.
  if (!customer) throw forbidden(CART_MESSAGES.customerOnly);
  return customer;
}

/** The fee of `rows` delivered by `carrierId` to `zoneId` from the customer's agency. */
function feeFor(
  db: DbOrTx,
  customer: CustomerRow,
  zoneId: number | null,
  carrierId: number,
  rows: PricedRow[],
) {
  return priceCart(db, {
    agencyCode: customer.agencyCode,
    zoneId,
    carrierId,
    lines: rows.map((row) => ({
      familyCode: row.familyCode,
      weightKg: weightOf(row),
      amountHt: lineAmountHt(row.quantity, unitPriceOf(row)),
    })),
  });
}

/** The fee of a carrier the checkout offers; one it does not (no fee rule applies) is refused. */
function offeredFee(fee: ShippingFeeResult): number {
  if (!carrierOffered(fee)) throw badRequest(AVAILABILITY_MESSAGES.carrierNotOffered);
  return fee.fee;
}

/**
 * What the checkout page offers: addresses, carriers with their fee for the address, payment methods.
 * The customer, the carriers, the settings and what pricing reads (fee schedule, family paths) come
 * from the answer cache; the cart, the addresses and the outstanding amount are three statements, read
 * together. Nothing here is written: no transaction (one held a pooled connection for the settings
 * and the customer, which the cache already had).
 */
export async function checkoutOptions(
  db: Database,
  user: SessionUser,
  addressId: number | undefined,
): Promise<CheckoutOptions> {
  const customer = await customerOf(db, user);
  const [rows, addresses, encours, cgv] = await Promise.all([
    linesOf(db, user),
    addressesOf(db, user, customer.code),
    checkoutEncours(db, customer),
    currentCgv(db),
  ]);
  const address =
    addressId === undefined ? addresses[0] : addresses.find((candidate) => candidate.id === addressId);
  if (addressId !== undefined && !address) throw badRequest(CART_MESSAGES.unknownAddress);
  // A carrier no fee rule prices is withheld: its 0 € would be free shipping by accident.
  const transporteurs = [];
  const offered: { pickup: boolean }[] = [];
  let withheld = 0;
  for (const carrier of await activeCarriers(db)) {
    const fee = await feeFor(db, customer, address?.zoneId ?? null, carrier.id, rows);
    if (!carrierOffered(fee)) {
      withheld++;
      continue;
    }
    offered.push(carrier);
    transporteurs.push({
      id: carrier.id,
      nom: carrier.name,
      description: carrier.description,
      fraisHT: fee.fee,
      explication: fee.summary,
    });
  }
  return {
    adresses: addresses.map(toDeliveryAddress),
    adresseId: address?.id ?? null,
    transporteurs,
    avisTransport: checkoutCarrierNotice(offered, withheld),
    modesReglement: methodsOf(user, customer).map((code) => ({ code, libelle: PAYMENT_LABELS[code] })),
    panier: await shownCart(db, user, rows),
    encours,
    cgv,
  };
}

/**
 * The refusal of a cart that cannot be ordered as it stands (empty, withdrawn article, article
 * unavailable where the user buys, cut to review).
 */
async function checkOrderable(db: DbOrTx, user: SessionUser, rows: PricedRow[]): Promise<void> {
  if (rows.length === 0) throw badRequest(CART_MESSAGES.emptyCart);
  const withdrawn = rows.find((row) => !row.active);
  if (withdrawn) throw badRequest(`${CART_MESSAGES.inactiveArticle} : ${withdrawn.designation}`);
  const unavailable = await unavailableRow(db, user, rows);
  if (unavailable) throw noLongerAvailable(unavailable);
  const toReview = rows.find((row) => row.review !== null);
  if (toReview) throw badRequest(DIMENSION_MESSAGES.cutToReview(toReview.designation, toReview.review!));
}

/**
 * What an order is made of, read before its transaction, through the answer cache: the customer, the
 * cart's lines priced and their stock (an article unavailable since it was added), the address, the
 * carrier, the fee, the credit limit's settings (only the lines and the addresses are read in the
 * database). Every refusal that does not need a lock is given here.
 */
async function orderDraft(db: Database, user: SessionUser, body: z.output<typeof placeOrderBody>) {
  const customer = await customerOf(db, user);
  const [lines, addresses, carriers, encours, cgv] = await Promise.all([
    repo.findUserCartLines(db, user.id),
    addressesOf(db, user, customer.code),
    activeCarriers(db),
    encoursSettings(db),
    currentCgv(db),
  ]);
  const rows = await pricedFor(db, user, lines);
  await checkOrderable(db, user, rows);
  const visitor = visitorContactOf(user, body.visiteur);
  const address = addresses.find((a) => a.id === body.adresseId);
  if (!address) throw badRequest(CART_MESSAGES.unknownAddress);
  const carrier = carriers.find((c) => c.id === body.transporteurId);
  if (!carrier) throw badRequest(CART_MESSAGES.unknownCarrier);
  if (!methodsOf(user, customer).includes(body.modeReglement))
    throw badRequest(CART_MESSAGES.onAccountRefused);
  const fee = offeredFee(await feeFor(db, customer, address.zoneId, carrier.id, rows));
  const cgvVersion = acceptedCgv(cgv, body.versionCGV);
  return { customer, lines, rows, address, carrier, fee, encours, visitor, cgvVersion };
}

/**
 * Places the order of the cart. What does not need a lock is read first (orderDraft), through the
 * answer cache; then one transaction locks the cart and reads its lines again: when they are what was
 * priced, the draft stands, otherwise (another tab changed the cart meanwhile) they are priced again
 * under the lock. The transaction checks the credit limit, writes the order and its lines (a card order
 * ATT, with its pending payment), empties the cart and records the order's export when it is validated
 * (TER); the order's number comes last, under the lock that numbers every checkout in turn until its
 * commit. Any refusal changes nothing. Once that transaction has committed: the export file is placed,
 * and a card order gets its provider's hosted page (`paiement.url`), where the shopper pays. Under
 * load each statement of the transaction waits for a turn of the main thread while its connection is
 * held: reading the reference rows from the cache halves the transaction (docs/performance/database.md).
 */
export async function placeOrder(
  db: Database,
  exportsDir: string,
  payments: PaymentProvider,
  user: SessionUser,
  body: z.output<typeof placeOrderBody>,
  log: FastifyBaseLogger,
  mail: MailQueue,
): Promise<PlacedOrder> {
  // The draft, the transaction and the export file's placement on one connection: one wait for the pool.
  const { placed, amountTtc, customerCode } = await onOneConnection(db, async (conn) => {
    const draft = await orderDraft(conn, user, body);
    const { customer, address, carrier } = draft;
    const written = await conn.transaction(async (tx) => {
      // Before anything is written: a double-click or a retry places one order, never two.
      const cartId = await repo.lockCart(tx, user.id);
      if (cartId === null) throw badRequest(CART_MESSAGES.emptyCart);
      const locked = await repo.findCartLines(tx, cartId);
      let { rows, fee } = draft;
      if (!isDeepStrictEqual(locked, draft.lines)) {
        rows = await pricedFor(tx, user, locked);
        await checkOrderable(tx, user, rows);
        fee = offeredFee(await feeFor(tx, customer, address.zoneId, carrier.id, rows));
      }

      const lines = rows.map((row) => toCartLine(row));
      const totals = cartTotals([...lines, { montantHT: fee, tauxTVA: SHIPPING_FEE_VAT_RATE }]);
      // Amounts are stored as numeric(12,2): a larger order is refused, not a 500.
      if (totals.totalTTC > MONEY_MAX) throw badRequest(CART_MESSAGES.orderTooLarge);
      // The credit limit, before the card is charged: a refusal must cost the customer nothing.
      const encoursWarning = await checkEncours(
        tx,
        customer.code,
        { amountTtc: totals.totalTTC, method: body.modeReglement },
        draft.encours,
      );

      const cartType = cartTypeFor(body.modeReglement);
      const order = await writeWebOrder(tx, {
        customerCode: customer.code,
        agencyCode: customer.agencyCode,
        customerReference: body.refClient || null,
        amountHt: totals.totalHT,
        amountVat: totals.totalTVA,
        amountTtc: totals.totalTTC,
        shippingFee: fee,
        paymentLabel: PAYMENT_LABELS[body.modeReglement],
        cartType,
        delivery: {
          label: address.label,
          line1: address.line1,
          line2: address.line2,
          postalCode: address.postalCode,
          city: address.city,
          zoneId: address.zoneId,
        },
        carrier: { id: carrier.id, name: carrier.name },
        visitor: draft.visitor,
        cgvVersion: draft.cgvVersion,
        lines: lines.map((line, index) => ({
          articleCode: line.codeArticle,
          variantCode: line.codeDeclinaison,
          designation: line.designation,
          siteTag: line.chantier,
          quantity: line.quantite,
          pieces: line.decoupe?.nbPieces ?? null,
          dimensions: line.decoupe?.dimensions ?? null,
          unit: rows[index]!.unit,
          unitPriceHt: line.prixUnitaireHT,
          amountHt: line.montantHT,
          vatRate: line.tauxTVA,
        })),
      });
      if (body.modeReglement === 'carte')
        await recordCardPayment(tx, payments, {
          id: order.id,
          amountTtc: totals.totalTTC,
          mailCustomer: !user.visitor,
        });
      await repo.emptyCart(tx, cartId);
      // The customer's mail, in the order's transaction (docs/contract/e-mails.md): read before the
      // numbering lock. A card order's waits for the provider's answer (payments module); a visitor
      // gave no address, and the visitor customer's would get every visitor's orders.
      const mailDraft =
        !user.visitor && body.modeReglement !== 'carte' ? await orderMailDraft(tx, order.id) : null;
      // Last: from here to the commit, every other checkout waits for this one.
      const numero = await numberWebOrder(tx, order);
      if (mailDraft) await queueOrderMail(tx, mail, mailDraft, numero);
      const placedOrder: PlacedOrder = {
        id: order.id,
        numero,
        typePanier: cartType,
        statutPaiement: paymentStatusLabel(cartType),
        message: orderPlacedMessage(numero, cartType, body.modeReglement),
        ...(encoursWarning ? { avertissement: encoursWarning } : {}),
      };
      return { placed: placedOrder, amountTtc: totals.totalTTC, customerCode: customer.code };
    });
    mail.wake();
    // The order exists now: its export file may be placed, and its card charged (never before).
    await placeWebOrderFile(
      conn,
      exportsDir,
      { id: written.placed.id, cartType: written.placed.typePanier },
      log,
    );
    return written;
  });
  if (body.modeReglement !== 'carte') return placed;
  const hosted = await openCardPayment(
    db,
    payments,
    { id: placed.id, numero: placed.numero, amountTtc, customerCode },
    log,
  );
  return hosted
    ? { ...placed, paiement: hosted }
    : { ...placed, message: cardUnavailableMessage(placed.numero) };
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
