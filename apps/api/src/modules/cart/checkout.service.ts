// The cart's checkout (docs/contract/checkout-and-payments.md, Checkout): what the checkout page
// offers, and placing the order of the cart.
import { isDeepStrictEqual } from 'node:util';
import type { FastifyBaseLogger } from 'fastify';
import { onOneConnection, type Database, type DbOrTx } from '@comptoir/db/client';
import type { z } from 'zod';
import { MONEY_MAX } from '@comptoir/shared/validation';
import {
  CART_MESSAGES,
  SHIPPING_FEE_VAT_RATE,
  cartTotals,
  lineAmountHt,
  type CheckoutOptions,
  type PlacedOrder,
  type placeOrderBody,
} from '@comptoir/shared/cart';
import { DIMENSION_MESSAGES } from '@comptoir/shared/dimensions';
import {
  AVAILABILITY_MESSAGES,
  carrierOffered,
  checkoutCarrierNotice,
} from '@comptoir/shared/shipping/availability';
import type { ShippingFeeResult } from '@comptoir/shared/shipping/fee-contract';
import { paymentStatusLabel } from '@comptoir/shared/orders/labels';
import {
  PAYMENT_LABELS,
  cardUnavailableMessage,
  cartTypeFor,
  orderPlacedMessage,
  paymentMethodsFor,
} from '@comptoir/shared/payment';
import { badRequest, forbidden } from '../../errors';
import { customerCodeOf, type SessionUser } from '../auth/auth.service';
import { activeCarriers } from '../carriers/carriers.service';
import { numberWebOrder, placeWebOrderFile, writeWebOrder } from '../orders/orders.service';
import type { MailQueue } from '../mail/mail.service';
import { orderMailDraft, queueOrderMail } from '../mail/order-mail.service';
import { findCustomer, toDeliveryAddress, type CustomerRow } from '../reference/reference.service';
import { currentCgv } from '../site-pages/site-pages.service';
import { checkEncours, checkoutEncours, encoursSettings } from '../encours/encours.service';
import { openCardPayment, recordCardPayment, type PaymentProvider } from '../payments/payments.service';
import { priceCart } from '../shipping-fees/shipping-fees.service';
import * as repo from './cart.repository';
import type { CartLineRow } from './cart.repository';
import {
  linesOf,
  noLongerAvailable,
  pricedFor,
  shownCart,
  toCartLine,
  unavailableRow,
  unitPriceOf,
  type PricedRow,
} from './priced-cart.service';
import { acceptedCgv, addressesOf, visitorContactOf } from './visitor-checkout';

const weightOf = (row: CartLineRow) => (row.variantWeight ?? row.articleWeight ?? 0) * row.quantity;

/**
 * The methods `user` may pay with: on account only for a professional customer's own account — never
 * for a visitor, whose orders are the visitor customer's (docs/contract/connection-settings.md).
 */
const methodsOf = (user: SessionUser, customer: CustomerRow) =>
  paymentMethodsFor(customer.isProfessional && !user.visitor);

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
