// The orders back office (issue #3): the list, payment validation, the order detail, the screen's
// settings. The export file lives in order-export.service.ts.
import type { Database, DbOrTx } from '@comptoir/db/client';
import { SETTING_KEYS } from '@comptoir/shared/domain';
import type {
  OrderDetail,
  OrderListResponse,
  OrderQuery,
  OrderScreenSettings,
  PaymentValidation,
  PaymentValidationResult,
} from '@comptoir/shared/orders/contract';
import {
  canValidatePayment,
  ORDER_NOT_FOUND,
  orderStatusLabel,
  paymentNotValidatableMessage,
  paymentStatusLabel,
  paymentValidatedMessage,
  unknownOrderMessage,
} from '@comptoir/shared/orders/labels';
import { conflict, notFound } from '../../errors';
import type { SessionUser } from '../auth/auth.service';
import { readSetting } from '../settings/settings.service';
import { exportOrder } from './order-export.service';
import {
  findOrder,
  findOrderLines,
  lockOrder,
  markPaymentValidated,
  orderCountQuery,
  orderPageQuery,
  type OrderRecord,
} from './orders.repository';

/** The API's dates: whole seconds since the epoch. */
const seconds = (date: Date) => Math.floor(date.getTime() / 1000);
const secondsOrNull = (date: Date | null) => (date ? seconds(date) : null);

/** GET /admin/commandes/fetch: the page asked for and the number of matching orders. */
export async function listOrders(db: Database, query: OrderQuery): Promise<OrderListResponse> {
  const [rows, [count]] = await Promise.all([
    orderPageQuery(db, query, { offset: query.page * query.size, limit: query.size }),
    orderCountQuery(db, query),
  ]);
  return {
    total: count!.total,
    elements: rows.map(({ orderedAt, ...row }) => ({ ...row, date: seconds(orderedAt) })),
  };
}

// ---------------------------------------------------------------- payment validation

function toPaymentValidation(order: OrderRecord): PaymentValidation {
  return {
    id: order.id,
    numero: order.numero,
    date: seconds(order.orderedAt),
    refClient: order.refClient,
    webCdeId: order.webCdeId,
    codeClient: order.codeClient,
    libelleClient: order.libelleClient,
    codeAgence: order.codeAgence,
    libelleAgence: order.libelleAgence,
    montantHT: order.montantHT,
    montantTVA: order.montantTVA,
    montantTTC: order.montantTTC,
    fraisPort: order.fraisPort,
    libelleModeReglement: order.libelleModeReglement,
    typePanier: order.typePanier,
    libelleTypePanier: paymentStatusLabel(order.typePanier),
    validable: canValidatePayment(order.typePanier),
    valideePar: order.paymentValidatedBy,
    valideeLe: secondsOrNull(order.paymentValidatedAt),
  };
}

/** What the payment validation page shows for the order numbered `numero`; 404 when there is none. */
export async function paymentValidationFor(db: DbOrTx, numero: string): Promise<PaymentValidation> {
  const order = await findOrder(db, { numero });
  if (!order) throw notFound(unknownOrderMessage(numero));
  return toPaymentValidation(order);
}

/**
 * The administrator `login` confirms that the payment of order `numero` was received: typePanier
 * VAL, who and when recorded, the order exported (sequence 0), all or nothing. 404 unknown numero,
 * 409 when typePanier is not ATT or AT2 (nothing changes).
 */
export function validatePayment(
  db: Database,
  exportsDir: string,
  numero: string,
  login: string,
): Promise<PaymentValidationResult> {
  return db.transaction(async (tx) => {
    const locked = await lockOrder(tx, { numero });
    if (!locked) throw notFound(unknownOrderMessage(numero));
    if (!canValidatePayment(locked.typePanier))
      throw conflict(paymentNotValidatableMessage(numero, locked.typePanier));
    await markPaymentValidated(tx, locked.id, login);
    await exportOrder(tx, exportsDir, locked.id, { reexport: false });
    return {
      message: paymentValidatedMessage(numero),
      commande: toPaymentValidation((await findOrder(tx, { id: locked.id }))!),
    };
  });
}

// ---------------------------------------------------------------- the order detail

/**
 * The order detail for `user`: an administrator reads any order (codeClient, when given, must be
 * the order's customer); a customer only its own, whatever codeClient says. Anything else is the
 * same 404 as an unknown order, so that nothing tells an order exists.
 */
export async function orderDetailFor(
  db: DbOrTx,
  user: SessionUser,
  orderId: number,
  codeClient: string | undefined,
): Promise<OrderDetail> {
  const order = await findOrder(db, { id: orderId });
  const allowed =
    order &&
    (user.role === 'admin'
      ? codeClient === undefined || codeClient === order.codeClient
      : user.codeClient !== null && user.codeClient === order.codeClient);
  if (!allowed) throw notFound(ORDER_NOT_FOUND);
  const lines = await findOrderLines(db, orderId);
  return {
    entete: {
      id: order.id,
      numero: order.numero,
      date: seconds(order.orderedAt),
      dateValidationPaiement: secondsOrNull(order.paymentValidatedAt),
      dateExport: secondsOrNull(order.exportedAt),
      refClient: order.refClient,
      webCdeId: order.webCdeId,
      typeWebMouvement: order.typeWebMouvement,
      etat: order.etat,
      libelleStatut: orderStatusLabel(order.typeWebMouvement, order.etat),
      typePanier: order.typePanier,
      libelleTypePanier: paymentStatusLabel(order.typePanier),
      libelleModeReglement: order.libelleModeReglement,
      codeAgence: order.codeAgence,
      libelleAgence: order.libelleAgence,
      codeClient: order.codeClient,
      libelleClient: order.libelleClient,
      adresseLivraison: order.adresseLivraison,
      transporteur: order.transporteur,
    },
    lignes: lines.map((line) => ({
      codeArticle: line.codeArticle,
      codeDeclinaison: line.codeDeclinaison,
      designation: line.designation,
      chantier: line.chantier,
      quantite: line.quantite,
      unite: line.unite,
      prixUnitaireHT: line.prixUnitaireHT,
      montantHT: line.montantHT,
      tauxTVA: line.tauxTVA,
    })),
    totaux: {
      montantHT: order.montantHT,
      montantTVA: order.montantTVA,
      montantTTC: order.montantTTC,
      fraisPort: order.fraisPort,
    },
  };
}

// ---------------------------------------------------------------- settings of the screen

/**
 * The orders screen's settings: the stored orders-actions setting, or its default ('1') when it was
 * never stored or holds something else than '0' / '1'.
 */
export async function orderScreenSettings(db: DbOrTx): Promise<OrderScreenSettings> {
  return { actions: await readSetting(db, SETTING_KEYS.orderActions) };
}
