// The whole domain, back office and storefront, one file per domain under schema/, all re-exported
// here: importers (and drizzle-kit) read @comptoir/db/schema. Table and column names are English; the French
// contract names live in packages/shared and the repositories map between the two. The code lists
// (roles, cart types, order statuses, movement types, fee types) come from packages/shared too, so
// that the database, the server and the screens accept the same codes.
export * from './schema/catalogue';
export * from './schema/prices';
export * from './schema/customers';
export * from './schema/accounts';
export * from './schema/carts';
export * from './schema/orders';
export * from './schema/site-pages';
export * from './schema/settings';
export * from './schema/shipping';
export * from './schema/merchandising';
export * from './schema/statistics';
export * from './schema/imports';
export * from './schema/mail';
export * from './schema/web-accounts';
