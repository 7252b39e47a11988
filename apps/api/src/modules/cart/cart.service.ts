// The customer's cart and its checkout (docs/contract.md, Cart and site tags; Checkout and payments).
// Prices are the customer's (prices.service): the cart, the checkout and the order lines (hence the
// export file) all read them from the priced rows below.
import type { FastifyBaseLogger } from 'fastify';
import type { Database, DbOrTx } from '@comptoir/db/client';
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
  type DeliveryAddress,
  type PlacedOrder,
  type SiteTagProduct,
} from '@comptoir/shared/cart';
import { cutQuantity, toDecoupeLigne, type Decoupe } from '@comptoir/shared/cut-to-size';
import { DIMENSION_MESSAGES } from '@comptoir/shared/dimensions';
import type { z } from 'zod';
import type { addCartLineBody, placeOrderBody, updateCartLineBody } from '@comptoir/shared/cart';
import { paymentStatusLabel } from '@comptoir/shared/orders/labels';
import {
  PAYMENT_LABELS,
  cartTypeFor,
  orderPlacedMessage,
  paymentMethodsFor,
  type CardChargeResult,
  type PaymentProvider,
} from '@comptoir/shared/payment';
import { badRequest, forbidden, notFound } from '../../errors';
import { customerCodeOf, type SessionUser } from '../auth/auth.service';
import { activeCarriers } from '../carriers/carriers.service';
import { articleForCart } from '../catalogue/catalogue.service';
import { cutArticleOf } from '../dimensions/dimensions.service';
import { placeWebOrder, placeWebOrderFile } from '../orders/orders.service';
import {
  deliveryAddresses,
  findCustomer,
  type CustomerRow,
  type DeliveryAddressRow,
} from '../reference/reference.service';
import { pricesForViewer } from '../prices/prices.service';
import { checkEncours } from '../encours/encours.service';
import { priceCart } from '../shipping-fees/shipping-fees.service';
import * as repo from './cart.repository';
import type { CartLineRow } from './cart.repository';

/** A cart row with the price its customer pays. */
type PricedRow = CartLineRow & { unitPriceHt: number };

const unitPriceOf = (row: PricedRow) => row.unitPriceHt;

/** The cart rows of `codeClient`, each with the customer's unit price (of its declinaison, else its article). */
async function priced(db: DbOrTx, codeClient: string, rows: CartLineRow[]): Promise<PricedRow[]> {
  const prices = await pricesForViewer(
    db,
    codeClient,
    rows.map((row) => ({
      articleCode: row.articleCode,
      familyCode: row.familyCode,
      listPrice: row.variantPriceHt ?? row.articlePriceHt,
    })),
  );
  return rows.map((row, index) => ({ ...row, unitPriceHt: prices[index]! }));
}

/** The lines of cart `cartId` of `user`, priced for its customer. */
const cartRows = async (db: DbOrTx, user: SessionUser, cartId: number) =>
  priced(db, customerCodeOf(user), await repo.findCartLines(db, cartId));
const weightOf = (row: CartLineRow) => (row.variantWeight ?? row.articleWeight ?? 0) * row.quantity;

function toCartLine(row: PricedRow): CartLine {
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
  };
}

function toCart(rows: PricedRow[]): Cart {
  const lignes = rows.map(toCartLine);
  return { lignes, ...cartTotals(lignes), nbLignes: lignes.length };
}

async function linesOf(db: DbOrTx, user: SessionUser): Promise<{ cartId: number | null; rows: PricedRow[] }> {
  customerCodeOf(user);
  const cartId = await repo.findCartId(db, user.id);
  return { cartId, rows: cartId === null ? [] : await cartRows(db, user, cartId) };
}

export async function getCart(db: DbOrTx, user: SessionUser): Promise<Cart> {
  return toCart((await linesOf(db, user)).rows);
}

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
  if (!cut) throw badRequest(DIMENSION_MESSAGES.dimensionsRequired);
  const result = cutQuantity(article, cut);
  if (!result.ok) throw badRequest(result.message);
  if (result.quantity > CART_QUANTITY_MAX) throw badRequest(CART_MESSAGES.quantityTooLarge);
  return { quantity: result.quantity, pieces: cut.nbPieces, dimensions: result.dimensions };
}

export function addCartLine(db: Database, user: SessionUser, body: z.output<typeof addCartLineBody>) {
  customerCodeOf(user);
  return db.transaction(async (tx) => {
    const article = await articleForCart(tx, body.codeArticle);
    if (!article) throw notFound(CART_MESSAGES.unknownArticle);
    if (!article.active) throw badRequest(CART_MESSAGES.inactiveArticle);
    const variantCode = body.codeDeclinaison ?? '';
    if (variantCode === '' && article.variantCodes.length > 0)
      throw badRequest(CART_MESSAGES.variantRequired);
    if (variantCode !== '' && !article.variantCodes.includes(variantCode))
      throw notFound(CART_MESSAGES.unknownVariant);
    const cut = await cutOf(tx, article.code, body.decoupe);
    const cartId = await repo.cartIdOf(tx, user.id); // locked, as every change of the cart (lockCart)
    if (cut) {
      await repo.insertCutLine(tx, cartId, article.code, variantCode, cut);
      return toCart(await cartRows(tx, user, cartId));
    }
    // Repeated adds must not grow a line past what one line may hold (and the column can store).
    if ((await repo.addToLine(tx, cartId, article.code, variantCode, body.quantite)) > CART_QUANTITY_MAX)
      throw badRequest(CART_MESSAGES.quantityTooLarge);
    return toCart(await cartRows(tx, user, cartId));
  });
}

export function updateCartLine(
  db: Database,
  user: SessionUser,
  lineId: number,
  body: z.output<typeof updateCartLineBody>,
) {
  customerCodeOf(user);
  return db.transaction(async (tx) => {
    const cartId = await repo.lockCart(tx, user.id);
    const line = cartId === null ? null : await repo.findLine(tx, cartId, lineId);
    if (cartId === null || !line) throw notFound(CART_MESSAGES.unknownLine);
    // A line cut to size changes by its pieces and dimensions; any other line by its quantity.
    let values: number | repo.CutLine;
    if (line.pieces !== null) {
      if (!body.decoupe) throw badRequest(DIMENSION_MESSAGES.cutLineQuantity);
      values = (await cutOf(tx, line.articleCode, body.decoupe))!;
    } else {
      if (body.decoupe) throw badRequest(DIMENSION_MESSAGES.notCutToSize);
      values = body.quantite!;
    }
    if (!(await repo.setLineQuantity(tx, cartId, lineId, values))) throw notFound(CART_MESSAGES.unknownLine);
    return toCart(await cartRows(tx, user, cartId));
  });
}

export function removeCartLine(db: Database, user: SessionUser, lineId: number) {
  customerCodeOf(user);
  return db.transaction(async (tx) => {
    const cartId = await repo.lockCart(tx, user.id);
    if (cartId === null || !(await repo.deleteLine(tx, cartId, lineId)))
      throw notFound(CART_MESSAGES.unknownLine);
    return toCart(await cartRows(tx, user, cartId));
  });
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

/**
 * What the checkout page offers: addresses, carriers with their fee for the address, payment methods.
 * Its thirty-odd reads (each carrier is priced) run on one connection, in one transaction: one by one,
 * each would wait its turn for a pooled connection, and under load the page took seconds (bench/soak.ts).
 */
export function checkoutOptions(
  db: Database,
  user: SessionUser,
  addressId: number | undefined,
): Promise<CheckoutOptions> {
  return db.transaction((tx) => checkoutOptionsIn(tx, user, addressId));
}

async function checkoutOptionsIn(
  db: DbOrTx,
  user: SessionUser,
  addressId: number | undefined,
): Promise<CheckoutOptions> {
  const customer = await customerOf(db, user);
  const { rows } = await linesOf(db, user);
  const addresses = await deliveryAddresses(db, customer.code);
  const address =
    addressId === undefined ? addresses[0] : addresses.find((candidate) => candidate.id === addressId);
  if (addressId !== undefined && !address) throw badRequest(CART_MESSAGES.unknownAddress);
  const transporteurs = [];
  for (const carrier of await activeCarriers(db)) {
    const fee = await feeFor(db, customer, address?.zoneId ?? null, carrier.id, rows);
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
    modesReglement: paymentMethodsFor(customer.isProfessional).map((code) => ({
      code,
      libelle: PAYMENT_LABELS[code],
    })),
    panier: toCart(rows),
  };
}

const toDeliveryAddress = (row: DeliveryAddressRow): DeliveryAddress => ({
  id: row.id,
  libelle: row.label,
  ligne1: row.line1,
  ligne2: row.line2,
  codePostal: row.postalCode,
  ville: row.city,
  zoneId: row.zoneId,
  zone: row.zoneLabel,
  parDefaut: row.isDefault,
});

/**
 * Places the order of the cart, in one transaction: checks everything first (empty cart, address,
 * carrier, payment method, credit limit), charges the card, then writes the order and its lines, empties
 * the cart and records the order's export when it is validated (TER, VAL). Any refusal changes nothing.
 * The export file is placed once that transaction has committed.
 */
export async function placeOrder(
  db: Database,
  exportsDir: string,
  payments: PaymentProvider,
  user: SessionUser,
  body: z.output<typeof placeOrderBody>,
  log: FastifyBaseLogger,
): Promise<PlacedOrder> {
  const placed = await db.transaction(async (tx) => {
    const customer = await customerOf(tx, user);
    // Before anything is read: a double-click or a retry places one order, never two.
    const cartId = await repo.lockCart(tx, user.id);
    const rows = cartId === null ? [] : await cartRows(tx, user, cartId);
    if (cartId === null || rows.length === 0) throw badRequest(CART_MESSAGES.emptyCart);
    const withdrawn = rows.find((row) => !row.active);
    if (withdrawn) throw badRequest(`${CART_MESSAGES.inactiveArticle} : ${withdrawn.designation}`);
    const address = (await deliveryAddresses(tx, customer.code)).find((a) => a.id === body.adresseId);
    if (!address) throw badRequest(CART_MESSAGES.unknownAddress);
    const carrier = (await activeCarriers(tx)).find((c) => c.id === body.transporteurId);
    if (!carrier) throw badRequest(CART_MESSAGES.unknownCarrier);
    if (!paymentMethodsFor(customer.isProfessional).includes(body.modeReglement))
      throw badRequest(CART_MESSAGES.onAccountRefused);

    const lines = rows.map(toCartLine);
    const fee = (await feeFor(tx, customer, address.zoneId, carrier.id, rows)).fee;
    const totals = cartTotals([...lines, { montantHT: fee, tauxTVA: SHIPPING_FEE_VAT_RATE }]);
    // Amounts are stored as numeric(12,2): a larger order is refused, not a 500.
    if (totals.totalTTC > MONEY_MAX) throw badRequest(CART_MESSAGES.orderTooLarge);
    // The credit limit, before the card is charged: a refusal must cost the customer nothing.
    const encoursWarning = await checkEncours(tx, customer.code, {
      amountTtc: totals.totalTTC,
      method: body.modeReglement,
    });

    let card: CardChargeResult | null = null;
    if (body.modeReglement === 'carte') {
      // A provider that throws or hangs up counts as no answer: the order waits for an agent (ATT).
      card = await payments
        .charge({ amount: totals.totalTTC, cardNumber: body.carte?.numero ?? '' })
        .catch((): CardChargeResult => 'no-answer');
    }
    const cartType = cartTypeFor(body.modeReglement, card);
    const order = await placeWebOrder(tx, {
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
    await repo.emptyCart(tx, cartId);
    return {
      id: order.id,
      numero: order.number,
      typePanier: cartType,
      statutPaiement: paymentStatusLabel(cartType),
      message: orderPlacedMessage(order.number, cartType, card),
      ...(encoursWarning ? { avertissement: encoursWarning } : {}),
    };
  });
  // The order exists now: its export file may be placed.
  await placeWebOrderFile(db, exportsDir, { id: placed.id, cartType: placed.typePanier }, log);
  return placed;
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
