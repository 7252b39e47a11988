// One order as its pages, its mails and its export file show it: the order with its customer,
// agency, delivery zone and carrier, and its lines. orders.mapping.ts maps them to the contract.
import { asc, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '@comptoir/db/client';
import { agencies, carriers, customers, orderLines, orders, zones } from '@comptoir/db/schema';
import type { CartType, MovementType, OrderStatus } from '@comptoir/shared/domain';

export interface OrderRow {
  id: number;
  number: string;
  orderedAt: Date;
  customerReference: string | null;
  webOrderId: string | null;
  movementType: MovementType;
  status: OrderStatus | null;
  customerCode: string;
  customerName: string;
  agencyCode: string;
  agencyLabel: string;
  amountHt: number;
  amountVat: number | null;
  amountTtc: number | null;
  shippingFee: number;
  paymentLabel: string | null;
  cartType: CartType;
  delivery: {
    label: string | null;
    line1: string | null;
    line2: string | null;
    postalCode: string | null;
    city: string | null;
    zoneLabel: string | null;
  };
  carrierName: string | null;
  shipmentNumber: string | null;
  carrierTrackingUrl: string | null;
  /** A visitor's order: who to reach and its billing address (null fields for a customer's order). */
  contact: { name: string | null; email: string | null; phone: string | null };
  billing: { line1: string | null; line2: string | null; postalCode: string | null; city: string | null };
  /** The CGV version accepted; null when none was published. */
  cgvVersion: number | null;
  paymentValidatedBy: string | null;
  paymentValidatedAt: Date | null;
  exportedAt: Date | null;
  reexportCount: number;
  /** The file of the last recorded export is not on disk yet. */
  exportFilePending: boolean;
}

/** The order with everything its pages and its export file show, or undefined. */
export async function findOrder(
  db: DbOrTx,
  by: { id: number } | { number: string },
): Promise<OrderRow | undefined> {
  const [row] = await db
    .select({
      id: orders.id,
      number: orders.number,
      orderedAt: orders.orderedAt,
      customerReference: orders.customerReference,
      webOrderId: orders.webOrderId,
      movementType: orders.movementType,
      status: orders.status,
      customerCode: orders.customerCode,
      customerName: customers.name,
      agencyCode: orders.agencyCode,
      agencyLabel: agencies.label,
      amountHt: orders.amountHt,
      amountVat: orders.amountVat,
      amountTtc: orders.amountTtc,
      shippingFee: orders.shippingFee,
      paymentLabel: orders.paymentLabel,
      cartType: orders.cartType,
      deliveryLabel: orders.deliveryLabel,
      deliveryLine1: orders.deliveryLine1,
      deliveryLine2: orders.deliveryLine2,
      deliveryPostalCode: orders.deliveryPostalCode,
      deliveryCity: orders.deliveryCity,
      deliveryZone: zones.label,
      // The name chosen at checkout; the carrier's current name when the order did not keep one.
      carrierName: sql<string | null>`coalesce(${orders.carrierName}, ${carriers.name})`,
      shipmentNumber: orders.shipmentNumber,
      carrierTrackingUrl: carriers.trackingUrl,
      paymentValidatedBy: orders.paymentValidatedBy,
      paymentValidatedAt: orders.paymentValidatedAt,
      exportedAt: orders.exportedAt,
      reexportCount: orders.reexportCount,
      exportFilePending: orders.exportFilePending,
      contactName: orders.contactName,
      contactEmail: orders.contactEmail,
      contactPhone: orders.contactPhone,
      billingLine1: orders.billingLine1,
      billingLine2: orders.billingLine2,
      billingPostalCode: orders.billingPostalCode,
      billingCity: orders.billingCity,
      cgvVersion: orders.cgvVersion,
    })
    .from(orders)
    .innerJoin(customers, eq(customers.code, orders.customerCode))
    .innerJoin(agencies, eq(agencies.code, orders.agencyCode))
    .leftJoin(zones, eq(zones.id, orders.deliveryZoneId))
    .leftJoin(carriers, eq(carriers.id, orders.carrierId))
    .where('id' in by ? eq(orders.id, by.id) : eq(orders.number, by.number));
  if (!row) return undefined;
  const {
    deliveryLabel,
    deliveryLine1,
    deliveryLine2,
    deliveryPostalCode,
    deliveryCity,
    deliveryZone,
    contactName,
    contactEmail,
    contactPhone,
    billingLine1,
    billingLine2,
    billingPostalCode,
    billingCity,
    ...order
  } = row;
  return {
    ...order,
    contact: { name: contactName, email: contactEmail, phone: contactPhone },
    billing: {
      line1: billingLine1,
      line2: billingLine2,
      postalCode: billingPostalCode,
      city: billingCity,
    },
    delivery: {
      label: deliveryLabel,
      line1: deliveryLine1,
      line2: deliveryLine2,
      postalCode: deliveryPostalCode,
      city: deliveryCity,
      zoneLabel: deliveryZone,
    },
  };
}

export type OrderLineRow = Pick<
  typeof orderLines.$inferSelect,
  | 'position'
  | 'articleCode'
  | 'variantCode'
  | 'designation'
  | 'siteTag'
  | 'quantity'
  | 'unit'
  | 'unitPriceHt'
  | 'amountHt'
  | 'vatRate'
  | 'pieces'
  | 'dimensions'
>;

/** The order's lines, by position. */
export function findOrderLines(db: DbOrTx, orderId: number): Promise<OrderLineRow[]> {
  return db
    .select({
      position: orderLines.position,
      articleCode: orderLines.articleCode,
      variantCode: orderLines.variantCode,
      designation: orderLines.designation,
      siteTag: orderLines.siteTag,
      quantity: orderLines.quantity,
      unit: orderLines.unit,
      unitPriceHt: orderLines.unitPriceHt,
      amountHt: orderLines.amountHt,
      vatRate: orderLines.vatRate,
      pieces: orderLines.pieces,
      dimensions: orderLines.dimensions,
    })
    .from(orderLines)
    .where(eq(orderLines.orderId, orderId))
    .orderBy(asc(orderLines.position), asc(orderLines.id));
}
