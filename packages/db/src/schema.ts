// The whole domain, back office and storefront. Table and column names are English; the French
// contract names live in packages/shared and the repositories map between the two. The code lists
// (roles, cart types, order statuses, movement types, fee types) come from packages/shared too, so
// that the database, the server and the screens accept the same codes.
import { roles } from '@comptoir/shared/auth';
import type { DimensionValues as CutDimensions } from '@comptoir/shared/cut-to-size';
import {
  CART_TYPES,
  CART_TYPES_AWAITING_PAYMENT,
  DOCUMENT_KINDS,
  FEE_TYPES,
  MOVEMENT_TYPES,
  ORDER_STATUSES,
} from '@comptoir/shared/domain';
import { IMPORT_SOURCES, IMPORT_STATUSES, type ImportRejet } from '@comptoir/shared/imports/contract';
import { IMPORT_KINDS } from '@comptoir/shared/imports/kinds';
import { TEXT_ENCODINGS } from '@comptoir/shared/imports/encoding';
import { SITE_PAGES } from '@comptoir/shared/site-pages-texts';
import { sql } from 'drizzle-orm';
import { NUMERIC_WEB_ORDER_ID_PATTERN, WEB_ORDER_NUMBER_PATTERN } from './web-order-patterns';
import {
  bigint,
  bigserial,
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  timestamp,
  unique,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

const money = (name: string) => numeric(name, { precision: 12, scale: 2, mode: 'number' });
const measure = (name: string) => numeric(name, { precision: 12, scale: 4, mode: 'number' });
const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
/** Codes as a list of SQL literals, for an index predicate: the codes are ours, never user input. */
const sqlCodes = (codes: readonly string[]) => sql.raw(codes.map((code) => `'${code}'`).join(', '));

// ---------------------------------------------------------------- catalogue

export const activities = pgTable('activities', {
  code: text('code').primaryKey(),
  label: text('label').notNull(),
  position: integer('position').notNull().default(0),
});

/** The sales plan (plan de vente): a tree of families, up to 4 levels. */
export const families = pgTable(
  'families',
  {
    code: text('code').primaryKey(),
    label: text('label').notNull(),
    parentCode: text('parent_code').references((): any => families.code, { onDelete: 'cascade' }), // eslint-disable-line @typescript-eslint/no-explicit-any
    level: integer('level').notNull(),
    activityCode: text('activity_code').references(() => activities.code),
    position: integer('position').notNull().default(0),
  },
  (t) => [index('families_parent_idx').on(t.parentCode, t.position)],
);

export const units = pgTable(
  'units',
  {
    code: text('code').primaryKey(),
    label: text('label').notNull(),
    /** Decimals a quantity in this unit may have: 0 whole units (sacks, pieces), 2 metres, kilograms… */
    decimals: smallint('decimals').notNull().default(0),
  },
  (t) => [check('units_decimals', sql`${t.decimals} between 0 and 3`)],
);

export const articles = pgTable(
  'articles',
  {
    code: text('code').primaryKey(),
    designation1: text('designation1').notNull(),
    designation2: text('designation2'),
    description: text('description'),
    familyCode: text('family_code')
      .notNull()
      .references(() => families.code),
    priceHt: numeric('price_ht', { precision: 12, scale: 4, mode: 'number' }).notNull(),
    vatRate: numeric('vat_rate', { precision: 5, scale: 2, mode: 'number' }).notNull().default(20),
    saleUnit: text('sale_unit')
      .notNull()
      .references(() => units.code),
    stockUnit: text('stock_unit')
      .notNull()
      .references(() => units.code),
    prepUnit: text('prep_unit')
      .notNull()
      .references(() => units.code),
    length: measure('length'),
    width: measure('width'),
    height: measure('height'),
    density: measure('density'),
    weight: measure('weight'),
    diameter: measure('diameter'),
    capacity: measure('capacity'),
    dimensionUnit: text('dimension_unit'),
    weightUnit: text('weight_unit'),
    image: text('image'),
    /** The least quantity of a line, in the sale unit; null: any. */
    minQuantity: measure('min_quantity'),
    /** The quantity is a multiple of it ('vendu par 10'); null: none. */
    saleMultiple: measure('sale_multiple'),
    /** Days the supplier takes when the article is ordered out of stock; null: not ordered out of stock. */
    backorderDays: integer('backorder_days'),
    /** Free attributes (property → value), used by groupings. */
    attributes: jsonb('attributes').$type<Record<string, string>>().notNull().default({}),
    active: boolean('active').notNull().default(true),
    createdAt: createdAt(),
  },
  (t) => [
    index('articles_family_idx').on(t.familyCode),
    index('articles_designation_trgm_idx').using(
      'gin',
      sql`immutable_unaccent(lower(${t.designation1})) gin_trgm_ops`,
    ),
  ],
);

/** Declinaisons: the variants of an article. */
export const variants = pgTable(
  'variants',
  {
    articleCode: text('article_code')
      .notNull()
      .references(() => articles.code, { onDelete: 'cascade' }),
    code: text('code').notNull(),
    designation: text('designation').notNull(),
    /** Attribute → value, e.g. { COULEUR: 'Gris', LONGUEUR: '2,50 m' }. */
    options: jsonb('options').$type<Record<string, string>>().notNull().default({}),
    priceHt: numeric('price_ht', { precision: 12, scale: 4, mode: 'number' }),
    weight: measure('weight'),
  },
  (t) => [primaryKey({ columns: [t.articleCode, t.code] })],
);

/** Stock per agency; variantCode is '' for an article without declinaisons. */
export const stock = pgTable(
  'stock',
  {
    articleCode: text('article_code')
      .notNull()
      .references(() => articles.code, { onDelete: 'cascade' }),
    variantCode: text('variant_code').notNull().default(''),
    agencyCode: text('agency_code')
      .notNull()
      .references(() => agencies.code),
    quantity: measure('quantity').notNull(),
  },
  (t) => [primaryKey({ columns: [t.articleCode, t.variantCode, t.agencyCode] })],
);

// ---------------------------------------------------------------- customer prices

/**
 * Customer prices from the ERP: a net price or a discount (percent off the list price) for one
 * customer or one customer type, on one article or one family (and its subtree), at one agency or
 * all (null). Resolution: packages/shared/src/pricing.ts.
 */
export const customerPrices = pgTable(
  'customer_prices',
  {
    id: serial('id').primaryKey(),
    customerCode: text('customer_code').references(() => customers.code, { onDelete: 'cascade' }),
    customerTypeCode: text('customer_type_code').references(() => customerTypes.code, {
      onDelete: 'cascade',
    }),
    articleCode: text('article_code').references(() => articles.code, { onDelete: 'cascade' }),
    familyCode: text('family_code').references(() => families.code, { onDelete: 'cascade' }),
    agencyCode: text('agency_code').references(() => agencies.code, { onDelete: 'cascade' }),
    netPrice: numeric('net_price', { precision: 12, scale: 4, mode: 'number' }),
    discount: numeric('discount', { precision: 5, scale: 2, mode: 'number' }),
  },
  (t) => [
    check('customer_prices_who', sql`num_nonnulls(${t.customerCode}, ${t.customerTypeCode}) = 1`),
    check('customer_prices_what', sql`num_nonnulls(${t.articleCode}, ${t.familyCode}) = 1`),
    check('customer_prices_how', sql`num_nonnulls(${t.netPrice}, ${t.discount}) = 1`),
    check('customer_prices_discount', sql`${t.discount} between 0 and 100`),
    unique('customer_prices_unique')
      .on(t.customerCode, t.customerTypeCode, t.articleCode, t.familyCode, t.agencyCode)
      .nullsNotDistinct(),
    index('customer_prices_customer_idx').on(t.customerCode),
    index('customer_prices_type_idx').on(t.customerTypeCode),
  ],
);

// ---------------------------------------------------------------- customers and agencies

export const agencies = pgTable('agencies', {
  code: text('code').primaryKey(),
  label: text('label').notNull(),
  address: text('address'),
  postalCode: text('postal_code'),
  city: text('city'),
  phone: text('phone'),
  /**
   * Where a customer of this agency queries live stock: a URL template with {codeArticle},
   * {codeDeclinaison} and {codeAgence}; null when the agency has none.
   */
  stockQueryUrl: text('stock_query_url'),
  /** Opening hours as the ERP writes them ('Lundi au vendredi 7 h – 12 h, 13 h 30 – 17 h 30'); null: none. */
  openingHours: text('opening_hours'),
});

export const zones = pgTable('zones', {
  id: serial('id').primaryKey(),
  label: text('label').notNull().unique(),
});

export const customerTypes = pgTable('customer_types', {
  code: text('code').primaryKey(),
  label: text('label').notNull(),
});

export const customers = pgTable(
  'customers',
  {
    code: text('code').primaryKey(),
    name: text('name').notNull(),
    typeCode: text('type_code')
      .notNull()
      .references(() => customerTypes.code),
    agencyCode: text('agency_code')
      .notNull()
      .references(() => agencies.code),
    isProfessional: boolean('is_professional').notNull(),
    email: text('email'),
    phone: text('phone'),
    siret: text('siret'),
    creditLimit: money('credit_limit'),
    createdAt: createdAt(),
  },
  (t) => [
    index('customers_name_trgm_idx').using('gin', sql`immutable_unaccent(lower(${t.name})) gin_trgm_ops`),
    // The forgotten-password request finds the accounts by their customer's e-mail.
    index('customers_email_idx').on(sql`lower(${t.email})`),
  ],
);

export const deliveryAddresses = pgTable(
  'delivery_addresses',
  {
    id: serial('id').primaryKey(),
    customerCode: text('customer_code')
      .notNull()
      .references(() => customers.code, { onDelete: 'cascade' }),
    label: text('label').notNull(),
    line1: text('line1').notNull(),
    line2: text('line2'),
    postalCode: text('postal_code').notNull(),
    city: text('city').notNull(),
    zoneId: integer('zone_id').references(() => zones.id),
    isDefault: boolean('is_default').notNull().default(false),
  },
  (t) => [index('delivery_addresses_customer_idx').on(t.customerCode)],
);

// ---------------------------------------------------------------- accounts

export const users = pgTable('users', {
  id: serial('id').primaryKey(),
  login: text('login').notNull().unique(),
  passwordHash: text('password_hash').notNull(),
  role: text('role', { enum: roles }).notNull(),
  customerCode: text('customer_code').references(() => customers.code),
  createdAt: createdAt(),
});

export const sessions = pgTable(
  'sessions',
  {
    /** SHA-256 of the cookie token: a stolen database does not yield live sessions. */
    id: text('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
    /** The absolute limit: the session ends then, however active. */
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    /** The last request seen (refreshed at most once a minute): the idle limit counts from it. */
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('sessions_user_idx').on(t.userId)],
);

/**
 * Login attempts counted per fixed window, shared by every instance on the database. `key` is a
 * keyed hash of what is counted (an address, a login, or both), never the login or address itself.
 */
export const loginAttempts = pgTable(
  'login_attempts',
  {
    key: text('key').primaryKey(),
    windowStart: timestamp('window_start', { withTimezone: true }).notNull(),
    count: integer('count').notNull(),
  },
  (t) => [index('login_attempts_window_start_idx').on(t.windowStart)],
);

/**
 * Forgotten-password links: the token mailed to the customer is stored only as its keyed hash; a
 * token is used once (used_at) and ends at expires_at.
 */
export const passwordResetTokens = pgTable(
  'password_reset_tokens',
  {
    id: text('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [index('password_reset_tokens_user_idx').on(t.userId)],
);

/** Customer logins; statistics count them (connexions, premiereco). */
export const loginEvents = pgTable(
  'login_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    customerCode: text('customer_code')
      .notNull()
      .references(() => customers.code),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('login_events_at_idx').on(t.at),
    index('login_events_customer_at_idx').on(t.customerCode, t.at),
  ],
);

// ---------------------------------------------------------------- carts

export const carts = pgTable('carts', {
  id: serial('id').primaryKey(),
  userId: integer('user_id')
    .notNull()
    .unique()
    .references(() => users.id, { onDelete: 'cascade' }),
  createdAt: createdAt(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

export const cartLines = pgTable(
  'cart_lines',
  {
    id: serial('id').primaryKey(),
    cartId: integer('cart_id')
      .notNull()
      .references(() => carts.id, { onDelete: 'cascade' }),
    articleCode: text('article_code')
      .notNull()
      .references(() => articles.code),
    variantCode: text('variant_code').notNull().default(''),
    quantity: measure('quantity').notNull(),
    /** A line cut to size: its number of pieces (quantity is then what cutQuantity priced). */
    pieces: integer('pieces'),
    /** A line cut to size: the dimensions of one piece (packages/shared/src/cut-to-size.ts). */
    dimensions: jsonb('dimensions').$type<CutDimensions>(),
    /** The chantier (job site) tag of this line. */
    siteTag: text('site_tag'),
    addedAt: timestamp('added_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('cart_lines_cart_idx').on(t.cartId)],
);

/**
 * The delivery addresses a visitor typed in its cart session (ordering without an account): its own,
 * never another visitor's nor the visitor customer's; they go with the visitor's session account.
 */
export const visitorAddresses = pgTable(
  'visitor_addresses',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    label: text('label').notNull(),
    line1: text('line1').notNull(),
    line2: text('line2'),
    postalCode: text('postal_code').notNull(),
    city: text('city').notNull(),
    /** Found from the postal code as for a customer's own address (zoneOfPostalCode). */
    zoneId: integer('zone_id').references(() => zones.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [index('visitor_addresses_user_idx').on(t.userId)],
);

/** The chantier tags a customer has created, offered by the tag picker. */
export const siteTags = pgTable(
  'site_tags',
  {
    customerCode: text('customer_code')
      .notNull()
      .references(() => customers.code, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.customerCode, t.name] })],
);

// ---------------------------------------------------------------- orders

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

// ---------------------------------------------------------------- site pages

/**
 * The texts of the storefront's legal pages (CGV, mentions légales, contact), in Markdown: each save
 * is a new version, numbered from 1 per page; the page shows its latest one.
 */
export const sitePageVersions = pgTable(
  'site_page_versions',
  {
    page: text('page', { enum: SITE_PAGES }).notNull(),
    version: integer('version').notNull(),
    markdown: text('markdown').notNull(),
    savedAt: timestamp('saved_at', { withTimezone: true }).notNull().defaultNow(),
    /** The administrator's login; null for the demo data's texts. */
    savedBy: text('saved_by'),
  },
  (t) => [primaryKey({ columns: [t.page, t.version] })],
);

// ---------------------------------------------------------------- settings

/** Key/value settings; each key's value is typed by its schema in packages/shared. */
export const settings = pgTable('settings', {
  key: text('key').primaryKey(),
  value: jsonb('value').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Every change of a setting made from the back office: who, when, the value before and after. */
export const settingsHistory = pgTable(
  'settings_history',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    key: text('key').notNull(),
    /** The value the setting had (its default when never stored); SQL null for a null value. */
    oldValue: jsonb('old_value'),
    newValue: jsonb('new_value'),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    /** Kept even when the account is deleted. */
    login: text('login').notNull(),
    changedAt: timestamp('changed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('settings_history_changed_at_idx').on(t.changedAt, t.id)],
);

// ---------------------------------------------------------------- shipping

/** Tranches: the bands of a fee schedule, by weight (poids, kg) or amount (montant, €). */
export const bands = pgTable('bands', {
  id: serial('id').primaryKey(),
  label: text('label').notNull(),
  feeType: text('fee_type', { enum: FEE_TYPES }).notNull(),
  start: measure('start').notNull(),
  /**
   * A progressive band charges `amount` per started interval above its start. The contract's
   * `unique` / `tranche_unique` flag holds the same value (unique === progressive, see
   * packages/shared/src/shipping/contract.ts and mapping.ts).
   */
  progressive: boolean('progressive').notNull().default(false),
  interval: measure('interval'),
});

/**
 * Forfaits de transport. An absent agency or family counts as one value for uniqueness. The links
 * restrict deletion: 'set null' would silently widen a forfait (a zone's forfait would apply to
 * every zone, an agency's or a family's become the default), so a zone, agency, family or band
 * that forfaits use cannot be deleted until those forfaits are.
 */
export const shippingFees = pgTable(
  'shipping_fees',
  {
    id: serial('id').primaryKey(),
    amount: money('amount').notNull(),
    freeFrom: money('free_from').notNull().default(0),
    bandId: integer('band_id').references(() => bands.id, { onDelete: 'restrict' }),
    zoneId: integer('zone_id').references(() => zones.id, { onDelete: 'restrict' }),
    familyCode: text('family_code').references(() => families.code, { onDelete: 'restrict' }),
    agencyCode: text('agency_code').references(() => agencies.code, { onDelete: 'restrict' }),
  },
  (t) => [
    unique('shipping_fees_unique').on(t.agencyCode, t.zoneId, t.familyCode, t.bandId).nullsNotDistinct(),
  ],
);

export const carriers = pgTable('carriers', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
  logo: text('logo'),
  description: text('description'),
  active: boolean('active').notNull().default(true),
  position: integer('position').notNull().default(0),
  trackingUrl: text('tracking_url'),
  shippingFeeId: integer('shipping_fee_id').references(() => shippingFees.id, { onDelete: 'set null' }),
  params: jsonb('params').$type<{ LIB: string; VAL: string }[]>().notNull().default([]),
  options: jsonb('options').$type<{ nom: string; valeur: string }[]>().notNull().default([]),
  /** Pickup at the agency ('Retrait en agence'): never charged a delivery fee, whatever the schedule. */
  pickup: boolean('pickup').notNull().default(false),
});

// ---------------------------------------------------------------- merchandising

export type GroupingAttribute = {
  propriete: string;
  nature: 'OPT' | 'ERP';
  affichage: string;
  designation: string;
  suffixe: string;
};

/** Regroupements: variant articles presented as one product with attribute selectors. */
export const groupings = pgTable('groupings', {
  id: serial('id').primaryKey(),
  title: text('title').notNull(),
  canonicalTag: text('canonical_tag'),
  label: text('label'),
  type: text('type').notNull().default('0'),
  masterArticleCode: text('master_article_code').notNull(),
  masterVariantCode: text('master_variant_code').notNull().default(''),
  attributes: jsonb('attributes').$type<GroupingAttribute[]>().notNull().default([]),
  createdAt: createdAt(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

export const groupingArticles = pgTable(
  'grouping_articles',
  {
    groupingId: integer('grouping_id')
      .notNull()
      .references(() => groupings.id, { onDelete: 'cascade' }),
    articleCode: text('article_code')
      .notNull()
      .references(() => articles.code, { onDelete: 'cascade' }),
    variantCode: text('variant_code').notNull().default(''),
    position: integer('position').notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.groupingId, t.articleCode, t.variantCode] }),
    index('grouping_articles_article_idx').on(t.articleCode, t.variantCode),
  ],
);

export type SelectionItem = { code: string; libelle: string; type: string };

export const selectionModels = pgTable('selection_models', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
  families: jsonb('families').$type<SelectionItem[]>().notNull().default([]),
  articles: jsonb('articles').$type<SelectionItem[]>().notNull().default([]),
  createdAt: createdAt(),
});

/** Which dimensions of an article sold in this unit the customer may choose. */
export const variableDimensions = pgTable('variable_dimensions', {
  unitCode: text('unit_code')
    .primaryKey()
    .references(() => units.code, { onDelete: 'cascade' }),
  length: boolean('length').notNull().default(false),
  width: boolean('width').notNull().default(false),
  height: boolean('height').notNull().default(false),
  diameter: boolean('diameter').notNull().default(false),
  density: boolean('density').notNull().default(false),
  capacity: boolean('capacity').notNull().default(false),
  weight: boolean('weight').notNull().default(false),
});

/** Files the ERP dropped in FILES_DIR/imports and the shop imported. */
export const importedFiles = pgTable(
  'imported_files',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    size: bigint('size', { mode: 'number' }).notNull(),
    importedAt: timestamp('imported_at', { withTimezone: true }).notNull().defaultNow(),
    status: text('status', { enum: ['ok', 'error'] }).notNull(),
    message: text('message'),
  },
  (t) => [uniqueIndex('imported_files_name_idx').on(t.name)],
);

// ---------------------------------------------------------------- statistics

// Rollups of the orders and the customer logins, per Paris day, kept exact by the triggers of the
// statistics_rollup migration (in the transaction of each write: inserted, updated or deleted orders,
// inserted logins). The agency and customer type are those of the order, or of the customer at the
// time of the login. They are derived data: no foreign keys, so that they never block a write.
const rollupMeasures = () => ({
  logins: integer('logins').notNull().default(0),
  orders: integer('orders').notNull().default(0),
  amountHt: numeric('amount_ht', { precision: 18, scale: 2, mode: 'number' }).notNull().default(0),
});

/** Per day × customer (with its agency and type): the statistics of one customer. */
export const statisticsCustomerDays = pgTable(
  'statistics_customer_days',
  {
    customerCode: text('customer_code').notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    agencyCode: text('agency_code').notNull(),
    customerType: text('customer_type').notNull(),
    ...rollupMeasures(),
  },
  (t) => [primaryKey({ columns: [t.customerCode, t.day, t.agencyCode, t.customerType] })],
);

/** Per day × agency × customer type: the statistics without a customer filter, a few rows a day. */
export const statisticsAgencyDays = pgTable(
  'statistics_agency_days',
  {
    day: date('day', { mode: 'string' }).notNull(),
    agencyCode: text('agency_code').notNull(),
    customerType: text('customer_type').notNull(),
    ...rollupMeasures(),
  },
  (t) => [primaryKey({ columns: [t.day, t.agencyCode, t.customerType] })],
);

/**
 * Per hour (its start, a whole UTC hour: Paris hours begin on them) × agency × customer type: the
 * scale heure without a customer filter, 24 rows a day at most per agency and type.
 */
export const statisticsAgencyHours = pgTable(
  'statistics_agency_hours',
  {
    hour: timestamp('hour', { withTimezone: true }).notNull(),
    agencyCode: text('agency_code').notNull(),
    customerType: text('customer_type').notNull(),
    ...rollupMeasures(),
  },
  (t) => [primaryKey({ columns: [t.hour, t.agencyCode, t.customerType] })],
);

/** Each customer's first login ever (premiereco), with its agency and type at that time. */
export const statisticsFirstLogins = pgTable(
  'statistics_first_logins',
  {
    customerCode: text('customer_code').primaryKey(),
    firstAt: timestamp('first_at', { withTimezone: true }).notNull(),
    agencyCode: text('agency_code').notNull(),
    customerType: text('customer_type').notNull(),
  },
  (t) => [index('statistics_first_logins_first_at_idx').on(t.firstAt)],
);

/**
 * ERP imports (docs/import-erp.md): one row per CSV file imported, alone or inside a ZIP. The row is
 * written outside the file's transaction, so that the page sees its progress; `heartbeatAt` tells a
 * live import from one whose server died (its file is put back in the queue).
 */
export const importJobs = pgTable(
  'import_jobs',
  {
    id: serial('id').primaryKey(),
    fileName: text('file_name').notNull(),
    entryName: text('entry_name').notNull(),
    kind: text('kind', { enum: IMPORT_KINDS }),
    status: text('status', { enum: IMPORT_STATUSES }).notNull(),
    source: text('source', { enum: IMPORT_SOURCES }).notNull(),
    rowsTotal: integer('rows_total'),
    rowsDone: integer('rows_done').notNull().default(0),
    read: integer('read').notNull().default(0),
    created: integer('created').notNull().default(0),
    updated: integer('updated').notNull().default(0),
    unchanged: integer('unchanged').notNull().default(0),
    deactivated: integer('deactivated').notNull().default(0),
    rejectCount: integer('reject_count').notNull().default(0),
    rejects: jsonb('rejects').$type<ImportRejet[]>().notNull().default([]),
    message: text('message'),
    /** The encoding the CSV was read in (detected or declared); null until known. */
    encoding: text('encoding', { enum: TEXT_ENCODINGS }),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    heartbeatAt: timestamp('heartbeat_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('import_jobs_started_idx').on(t.startedAt.desc(), t.id.desc()),
    index('import_jobs_running_idx')
      .on(t.fileName)
      .where(sql`status = 'en_cours'`),
  ],
);

/**
 * The writes a validated import will make, recorded chunk by chunk while it reads its file and then
 * replayed in one transaction (on PGlite, so that the storefront is served between the chunks).
 */
export const importStagedWrites = pgTable(
  'import_staged_writes',
  {
    jobId: integer('job_id')
      .notNull()
      .references(() => importJobs.id, { onDelete: 'cascade' }),
    seq: integer('seq').notNull(),
    op: text('op').notNull(),
    rows: jsonb('rows').notNull(),
  },
  (t) => [primaryKey({ columns: [t.jobId, t.seq] })],
);

/**
 * Outgoing mail (mail module, docs/contract/e-mails.md): written, composed, in the transaction that
 * caused it, and sent from here by the mail sender, with retries. `claimed_until` is the lease of the
 * server sending it; once sent, its text and HTML are emptied (a reset link must not stay readable).
 */
export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    /** What the mail is: order-confirmation, payment-refused, account-created, password-reset. */
    kind: text('kind').notNull(),
    recipient: text('recipient').notNull(),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    html: text('html').notNull(),
    /** pending (waiting or retrying), sent, failed (given up). */
    status: text('status').notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull(),
    claimedUntil: timestamp('claimed_until', { withTimezone: true }),
    lastError: text('last_error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    /** When it was sent or given up. */
    doneAt: timestamp('done_at', { withTimezone: true }),
  },
  (t) => [
    check('mail_outbox_status', sql`${t.status} in ('pending', 'sent', 'failed')`),
    index('mail_outbox_pending_idx')
      .on(t.nextAttemptAt)
      .where(sql`${t.status} = 'pending'`),
    index('mail_outbox_done_idx').on(t.status, t.doneAt),
  ],
);
export * from './schema-accounts';
