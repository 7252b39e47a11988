// Orders as the back office and the customer account read them (table and column names are the
// schema's; the contract's French names are given here, in the selections).
import { and, asc, eq, or, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '@comptoir/db/client';
import { agencies, carriers, customerTypes, customers, orderLines, orders, zones } from '@comptoir/db/schema';
import type { CartType, MovementType, OrderStatus } from '@comptoir/shared/domain';
import type { OrderQuery } from '@comptoir/shared/orders/contract';

// ---------------------------------------------------------------- the orders list

export type OrderFilters = Pick<
  OrderQuery,
  'dateDebut' | 'dateFin' | 'codeClient' | 'codeAgence' | 'reference'
>;

/**
 * The filters as one condition. Days are Europe/Paris calendar days, both included: from the day's
 * midnight in Paris to the next day's midnight, excluded (the offset of each bound is its own, so a
 * range across a DST change is right). Each filter column leads an index ending with the sort
 * (migration 0003); a reference matches customer_reference or number, each indexed.
 */
function filterCondition(filters: OrderFilters): SQL | undefined {
  const conditions: SQL[] = [];
  if (filters.dateDebut)
    conditions.push(
      sql`${orders.orderedAt} >= (${filters.dateDebut}::date::timestamp at time zone 'Europe/Paris')`,
    );
  if (filters.dateFin)
    conditions.push(
      sql`${orders.orderedAt} < ((${filters.dateFin}::date + 1)::timestamp at time zone 'Europe/Paris')`,
    );
  if (filters.codeClient) conditions.push(eq(orders.customerCode, filters.codeClient));
  if (filters.codeAgence) conditions.push(eq(orders.agencyCode, filters.codeAgence));
  if (filters.reference)
    conditions.push(
      or(eq(orders.customerReference, filters.reference), eq(orders.number, filters.reference))!,
    );
  return and(...conditions);
}

// The indexes are (… ordered_at DESC NULLS LAST, id DESC NULLS LAST), as Drizzle writes `.desc()`.
// The planner matches the NULLS order exactly (NOT NULL does not help), so the sort spells it out.
const newestFirst = [sql`${orders.orderedAt} desc nulls last`, sql`${orders.id} desc nulls last`];

/**
 * One page of the orders matching `filters`, newest first. A query builder: awaiting it runs it,
 * `.toSQL()` gives its SQL (the benchmark EXPLAINs exactly what the route runs).
 */
export function orderPageQuery(db: DbOrTx, filters: OrderFilters, page: { offset: number; limit: number }) {
  return db
    .select({
      id: orders.id,
      orderedAt: orders.orderedAt,
      webCdeId: orders.webOrderId,
      refClient: orders.customerReference,
      numero: orders.number,
      typeWebMouvement: orders.movementType,
      etat: sql<OrderStatus | null>`${orders.status}`,
      codeClient: orders.customerCode,
      codeAgence: orders.agencyCode,
      montantHT: orders.amountHt,
      montantTTC: orders.amountTtc,
      libelleModeReglement: orders.paymentLabel,
      typePanier: orders.cartType,
      libelleClient: customers.name,
      libelleTypeClient: customerTypes.label,
      codeTypeClient: customerTypes.code,
      libelleAgence: agencies.label,
    })
    .from(orders)
    .innerJoin(customers, eq(customers.code, orders.customerCode))
    .innerJoin(customerTypes, eq(customerTypes.code, customers.typeCode))
    .innerJoin(agencies, eq(agencies.code, orders.agencyCode))
    .where(filterCondition(filters))
    .orderBy(...newestFirst)
    .limit(page.limit)
    .offset(page.offset);
}

/** How many orders match `filters` (a query builder, as orderPageQuery). */
export function orderCountQuery(db: DbOrTx, filters: OrderFilters) {
  return db
    .select({ total: sql<number>`count(*)::int` })
    .from(orders)
    .where(filterCondition(filters));
}

// ---------------------------------------------------------------- one order

export interface OrderRecord {
  id: number;
  numero: string;
  orderedAt: Date;
  refClient: string | null;
  webCdeId: string | null;
  typeWebMouvement: MovementType;
  etat: OrderStatus | null;
  codeClient: string;
  libelleClient: string;
  codeAgence: string;
  libelleAgence: string;
  montantHT: number;
  montantTVA: number | null;
  montantTTC: number | null;
  fraisPort: number;
  libelleModeReglement: string | null;
  typePanier: CartType;
  adresseLivraison: {
    libelle: string | null;
    ligne1: string | null;
    ligne2: string | null;
    codePostal: string | null;
    ville: string | null;
    zone: string | null;
  };
  transporteur: string | null;
  paymentValidatedBy: string | null;
  paymentValidatedAt: Date | null;
  exportedAt: Date | null;
  reexportCount: number;
}

/** The order with everything its pages and its export file show, or undefined. */
export async function findOrder(
  db: DbOrTx,
  by: { id: number } | { numero: string },
): Promise<OrderRecord | undefined> {
  const [row] = await db
    .select({
      id: orders.id,
      numero: orders.number,
      orderedAt: orders.orderedAt,
      refClient: orders.customerReference,
      webCdeId: orders.webOrderId,
      typeWebMouvement: orders.movementType,
      etat: sql<OrderStatus | null>`${orders.status}`,
      codeClient: orders.customerCode,
      libelleClient: customers.name,
      codeAgence: orders.agencyCode,
      libelleAgence: agencies.label,
      montantHT: orders.amountHt,
      montantTVA: orders.amountVat,
      montantTTC: orders.amountTtc,
      fraisPort: orders.shippingFee,
      libelleModeReglement: orders.paymentLabel,
      typePanier: orders.cartType,
      deliveryLabel: orders.deliveryLabel,
      deliveryLine1: orders.deliveryLine1,
      deliveryLine2: orders.deliveryLine2,
      deliveryPostalCode: orders.deliveryPostalCode,
      deliveryCity: orders.deliveryCity,
      deliveryZone: zones.label,
      // The name chosen at checkout; the carrier's current name when the order did not keep one.
      transporteur: sql<string | null>`coalesce(${orders.carrierName}, ${carriers.name})`,
      paymentValidatedBy: orders.paymentValidatedBy,
      paymentValidatedAt: orders.paymentValidatedAt,
      exportedAt: orders.exportedAt,
      reexportCount: orders.reexportCount,
    })
    .from(orders)
    .innerJoin(customers, eq(customers.code, orders.customerCode))
    .innerJoin(agencies, eq(agencies.code, orders.agencyCode))
    .leftJoin(zones, eq(zones.id, orders.deliveryZoneId))
    .leftJoin(carriers, eq(carriers.id, orders.carrierId))
    .where('id' in by ? eq(orders.id, by.id) : eq(orders.number, by.numero));
  if (!row) return undefined;
  const {
    deliveryLabel,
    deliveryLine1,
    deliveryLine2,
    deliveryPostalCode,
    deliveryCity,
    deliveryZone,
    ...order
  } = row;
  return {
    ...order,
    adresseLivraison: {
      libelle: deliveryLabel,
      ligne1: deliveryLine1,
      ligne2: deliveryLine2,
      codePostal: deliveryPostalCode,
      ville: deliveryCity,
      zone: deliveryZone,
    },
  };
}

export interface OrderLineRecord {
  position: number;
  codeArticle: string;
  codeDeclinaison: string;
  designation: string;
  chantier: string | null;
  quantite: number;
  unite: string;
  prixUnitaireHT: number;
  montantHT: number;
  tauxTVA: number;
}

/** The order's lines, by position. */
export function findOrderLines(db: DbOrTx, orderId: number): Promise<OrderLineRecord[]> {
  return db
    .select({
      position: orderLines.position,
      codeArticle: orderLines.articleCode,
      codeDeclinaison: orderLines.variantCode,
      designation: orderLines.designation,
      chantier: orderLines.siteTag,
      quantite: orderLines.quantity,
      unite: orderLines.unit,
      prixUnitaireHT: orderLines.unitPriceHt,
      montantHT: orderLines.amountHt,
      tauxTVA: orderLines.vatRate,
    })
    .from(orderLines)
    .where(eq(orderLines.orderId, orderId))
    .orderBy(asc(orderLines.position), asc(orderLines.id));
}

export interface LockedOrder {
  id: number;
  numero: string;
  typePanier: CartType;
  reexportCount: number;
}

/**
 * Locks the order's row until the transaction ends (concurrent exports and validations of one order
 * run one after the other) and returns what they decide on, or undefined.
 */
export async function lockOrder(
  tx: DbOrTx,
  by: { id: number } | { numero: string },
): Promise<LockedOrder | undefined> {
  const [row] = await tx
    .select({
      id: orders.id,
      numero: orders.number,
      typePanier: orders.cartType,
      reexportCount: orders.reexportCount,
    })
    .from(orders)
    .where('id' in by ? eq(orders.id, by.id) : eq(orders.number, by.numero))
    .for('update');
  return row;
}

/** Records an export of sequence `sequence` written now; returns when, as the database says. */
export async function markExported(tx: DbOrTx, orderId: number, sequence: number): Promise<Date> {
  const [row] = await tx
    .update(orders)
    .set({ reexportCount: sequence, exportedAt: sql`now()` })
    .where(eq(orders.id, orderId))
    .returning({ exportedAt: orders.exportedAt });
  return row!.exportedAt!;
}

/** The payment of the order was received: typePanier VAL, by whom, now. */
export async function markPaymentValidated(tx: DbOrTx, orderId: number, login: string): Promise<void> {
  await tx
    .update(orders)
    .set({ cartType: 'VAL', paymentValidatedBy: login, paymentValidatedAt: sql`now()` })
    .where(eq(orders.id, orderId));
}
