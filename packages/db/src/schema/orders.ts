// Orders, their lines, payments, counters and documents. (packages/db/src/schema.ts re-exports every file of the schema.)
import type { DimensionValues as CutDimensions } from '@comptoir/shared/cut-to-size';
import {
  CART_TYPES,
  CART_TYPES_AWAITING_PAYMENT,
  DOCUMENT_KINDS,
  MOVEMENT_TYPES,
  ORDER_STATUSES,
} from '@comptoir/shared/domain';
import { sql } from 'drizzle-orm';
import { NUMERIC_WEB_ORDER_ID_PATTERN, WEB_ORDER_NUMBER_PATTERN } from '../web-order-patterns';
import {
  bigint,
  bigserial,
  boolean,
  date,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  serial,
  text,
  timestamp,
  unique,
} from 'drizzle-orm/pg-core';
import { money, measure, createdAt, sqlCodes } from './columns';
import { agencies, zones, customers } from './customers';
import { carriers } from './shipping';

export const orders = pgTable(
  'orders',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    /** Voucher number (numero). */
    number: text('number').notNull().unique(),
    /** Id OEC (webCdeId). */
    webOrderId: text('web_order_id'),
    /** The customer's own reference (refClient). */
    customerReference: text('customer_reference'),
    /** typeWebMouvement. */
    movementType: text('movement_type', { enum: MOVEMENT_TYPES }).notNull(),
    /** etat; null while the ERP has said nothing. */
    status: text('status', { enum: ORDER_STATUSES }),
    /** When the ERP set that etat (the date of its order-status file). */
    statusAt: timestamp('status_at', { withTimezone: true }),
    customerCode: text('customer_code')
      .notNull()
      .references(() => customers.code),
    agencyCode: text('agency_code')
      .notNull()
      .references(() => agencies.code),
    orderedAt: timestamp('ordered_at', { withTimezone: true }).notNull().defaultNow(),
    amountHt: money('amount_ht').notNull(),
    amountVat: money('amount_vat'),
    amountTtc: money('amount_ttc'),
    shippingFee: money('shipping_fee').notNull().default(0),
    /** libelleModeReglement; the checkout stores one of PAYMENT_LABELS (packages/shared/src/payment.ts). */
    paymentLabel: text('payment_label'),
    /** typePanier. */
    cartType: text('cart_type', { enum: CART_TYPES }).notNull(),
    deliveryLabel: text('delivery_label'),
    deliveryLine1: text('delivery_line1'),
    deliveryLine2: text('delivery_line2'),
    deliveryPostalCode: text('delivery_postal_code'),
    deliveryCity: text('delivery_city'),
    deliveryZoneId: integer('delivery_zone_id').references(() => zones.id),
    carrierId: integer('carrier_id').references(() => carriers.id, { onDelete: 'set null' }),
    carrierName: text('carrier_name'),
    /** The carrier's shipment number (numeroExpedition): the order detail links it to the carrier's tracking page. */
    shipmentNumber: text('shipment_number'),
    paymentValidatedBy: text('payment_validated_by'),
    paymentValidatedAt: timestamp('payment_validated_at', { withTimezone: true }),
    exportedAt: timestamp('exported_at', { withTimezone: true }),
    reexportCount: integer('reexport_count').notNull().default(0),
    /**
     * The export recorded by exported_at/reexport_count is not yet on disk: set in the transaction that
     * records it, cleared once the file is in place after the commit (docs/export-commande.md).
     */
    exportFilePending: boolean('export_file_pending').notNull().default(false),
    /** A visitor's order (no account): who the distributor reaches; null for a customer's order. */
    contactName: text('contact_name'),
    contactEmail: text('contact_email'),
    contactPhone: text('contact_phone'),
    /** A visitor's billing address when it is not the delivery address; null otherwise. */
    billingLine1: text('billing_line1'),
    billingLine2: text('billing_line2'),
    billingPostalCode: text('billing_postal_code'),
    billingCity: text('billing_city'),
    /** The version of the CGV the shopper accepted (site_page_versions, page 'cgv'); null: none published. */
    cgvVersion: integer('cgv_version'),
  },
  // The orders list (GET /admin/commandes/fetch) pages newest first under any mix of filters: each
  // filter column leads an index that ends with the sort, so a page reads only its own rows; a
  // reference is looked up whatever its case, by lower(customer_reference) or lower(number), each
  // indexed as that expression (number stays unique as written). The partial index serves
  // the orders awaiting payment validation (CART_TYPES_AWAITING_PAYMENT) without touching the others.
  (t) => [
    index('orders_ordered_at_idx').on(t.orderedAt.desc(), t.id.desc()),
    index('orders_customer_ordered_at_idx').on(t.customerCode, t.orderedAt.desc(), t.id.desc()),
    index('orders_agency_ordered_at_idx').on(t.agencyCode, t.orderedAt.desc(), t.id.desc()),
    index('orders_customer_reference_lower_idx').on(sql`lower(${t.customerReference})`),
    index('orders_number_lower_idx').on(sql`lower(${t.number})`),
    index('orders_awaiting_payment_idx')
      .on(t.orderedAt.desc(), t.id.desc())
      .where(sql`cart_type in (${sqlCodes(CART_TYPES_AWAITING_PAYMENT)})`),
    // The orders whose file the reconciliation still has to write: few rows, found without a scan.
    index('orders_export_file_pending_idx')
      .on(t.id)
      .where(sql`export_file_pending`),
    // Placing an order reads the last web number of the year and the greatest numeric web id under a
    // lock that serialises checkouts: each is the first entry of one of these partial indexes instead
    // of a scan of every order (numberWebOrder).
    index('orders_web_number_idx')
      .on(sql`split_part(${t.number}, '-', 1)`, sql`length(${t.number}) desc`, sql`${t.number} desc`)
      .where(sql.raw(`number ~ '${WEB_ORDER_NUMBER_PATTERN}'`)),
    index('orders_numeric_web_order_id_idx')
      .on(sql`(${t.webOrderId}::bigint)`)
      .where(sql.raw(`web_order_id ~ '${NUMERIC_WEB_ORDER_ID_PATTERN}'`)),
  ],
);

/**
 * A card payment on a provider's hosted page (docs/contract/checkout-and-payments.md): one per order,
 * created after the order committed; settled once, by the provider's signed notification or signed
 * return, whichever comes first (a replay finds it settled and changes nothing).
 */
export const cardPayments = pgTable(
  'card_payments',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    orderId: bigint('order_id', { mode: 'number' })
      .notNull()
      .unique()
      .references(() => orders.id, { onDelete: 'cascade' }),
    /** The provider that hosts the payment: 'test' or 'stripe'. */
    provider: text('provider').notNull(),
    /** The provider's session id (unique per provider); null until the session is created. */
    sessionId: text('session_id'),
    amountTtc: money('amount_ttc').notNull(),
    /** False for a visitor's order: the visitor customer's address would get every visitor's mails. */
    mailCustomer: boolean('mail_customer').notNull().default(true),
    status: text('status', { enum: ['pending', 'accepted', 'refused'] })
      .notNull()
      .default('pending'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    settledAt: timestamp('settled_at', { withTimezone: true }),
  },
  (t) => [unique('card_payments_provider_session_unique').on(t.provider, t.sessionId)],
);

/**
 * How many orders each agency has, kept exact by statement-level triggers on orders (migration
 * order_counts): the orders list's unfiltered and per-agency totals read one row (or the few agencies)
 * instead of counting a million orders on every page turn.
 */
export const orderCounts = pgTable('order_counts', {
  agencyCode: text('agency_code').primaryKey(),
  orders: bigint('orders', { mode: 'number' }).notNull().default(0),
});

export const orderLines = pgTable(
  'order_lines',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    orderId: bigint('order_id', { mode: 'number' })
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    articleCode: text('article_code').notNull(),
    variantCode: text('variant_code').notNull().default(''),
    designation: text('designation').notNull(),
    siteTag: text('site_tag'),
    quantity: measure('quantity').notNull(),
    /** A line cut to size: its number of pieces and the dimensions of one piece, as ordered. */
    pieces: integer('pieces'),
    dimensions: jsonb('dimensions').$type<CutDimensions>(),
    unit: text('unit').notNull(),
    unitPriceHt: numeric('unit_price_ht', { precision: 12, scale: 4, mode: 'number' }).notNull(),
    amountHt: money('amount_ht').notNull(),
    vatRate: numeric('vat_rate', { precision: 5, scale: 2, mode: 'number' }).notNull(),
  },
  (t) => [index('order_lines_order_idx').on(t.orderId, t.position)],
);

/**
 * Invoices and delivery notes the ERP sends for an order, as PDF files in FILES_DIR/documents. No
 * foreign key to orders: the ERP may send a document before the order it belongs to is known; the
 * customer sees it once the order is there (docs/import-erp.md, Documents).
 */
export const orderDocuments = pgTable(
  'order_documents',
  {
    id: serial('id').primaryKey(),
    /** The order's numero. */
    orderNumber: text('order_number').notNull(),
    kind: text('kind', { enum: DOCUMENT_KINDS }).notNull(),
    /** The document's own number in the ERP. */
    number: text('number').notNull(),
    issuedOn: date('issued_on', { mode: 'string' }).notNull(),
    /** Amount incl. tax; null for a delivery note without amounts. */
    amount: money('amount'),
    /** The PDF's name as the ERP sent it (its index says it). */
    fileName: text('file_name').notNull(),
    /**
     * The PDF's name in FILES_DIR/documents: named by its content for the ERP's documents, so that an
     * import writes a changed PDF beside the old one and only its committed row points to it.
     */
    storedFile: text('stored_file').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    unique('order_documents_kind_number').on(t.kind, t.number),
    index('order_documents_order_idx').on(t.orderNumber),
  ],
);
