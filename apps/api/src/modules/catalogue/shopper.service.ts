// Who looks at the storefront and what it is shown (docs/contract/connection-settings.md): the
// tariff agency of its prices and stock (GET and POST /rest/agence), whether prices show, the stock
// where it buys, and what a page kept for it depends on. Stock is read where the customer buys: a
// logged-in customer sees its agency's stock; visitors and administrators (no agency) see the total
// over all agencies, the quantity the shop as a whole can supply.
import type { DbOrTx } from '@comptoir/db/client';
import type { AffichageStock, VenteArticle } from '@comptoir/shared/catalogue';
import { AGENCY_CHOICE_MESSAGES, type AgenceCourante } from '@comptoir/shared/connection-settings';
import { SETTING_KEYS } from '@comptoir/shared/domain';
import { badRequest, conflict } from '../../errors';
import { pricedAs, unitPrices, type PricedShopper, type PriceRequest } from '../prices/prices.service';
import { customerAgency, listAgencies } from '../reference/reference.service';
import { agencyExists } from '../reference/reference.reads';
import { readConnectionSettings, readSetting } from '../settings/settings.service';
import { stockLevels } from './catalogue.kept';
import { NO_STOCK, quantityAt } from './stock-levels';
import { AGENCY_COOKIE } from '../../sessions/cookies';

/**
 * Who looks at the storefront: the logged-in account (null for an anonymous visitor) and the agency
 * the visitor chose ('choix' mode; the cookie AGENCY_COOKIE, kept for the browser session).
 */
export interface Viewer {
  user: { codeClient: string | null } | null;
  chosenAgency: string | null;
}

/** The cookie that remembers the visitor's chosen agency (named with the other cookies). */
export { AGENCY_COOKIE };

/** The viewer of a request: its session's account and its chosen agency. */
export const viewerOf = (request: {
  user: { codeClient: string | null } | null;
  cookies: Record<string, string | undefined>;
}): Viewer => ({ user: request.user, chosenAgency: request.cookies[AGENCY_COOKIE] ?? null });

/** What the storefront shows a viewer: the agency of its prices and stock, and whether prices show. */
export interface Shopper {
  /** The tariff agency; null: all agencies together (what the shop as a whole can supply). */
  agency: string | null;
  showPrices: boolean;
  /** The customer the viewer browses as: its own, or visiteurCodeClient for an anonymous visitor (pricedAs). */
  codeClient: string | null;
  /** Who is priced (prices.service, unitPrices): the viewer's account, null for an anonymous visitor. */
  account: PricedShopper;
  /** True when the viewer may choose its agency ('choix' mode). */
  canChooseAgency: boolean;
}

/**
 * The one place that decides the storefront's tariff agency (docs/contract/connection-settings.md):
 * modeSelectionAgence 'client' → the customer's agency (an anonymous visitor browses as
 * visiteurCodeClient), else agenceDefautTarif; 'choix' → the agency the visitor chose, else
 * agenceDefautTarif; 'defaut' → agenceDefautTarif. Prices show to every account, and to anonymous
 * visitors when showAnonymousPrices is '1'.
 */
export async function shopperOf(db: DbOrTx, viewer: Viewer): Promise<Shopper> {
  const settings = await readConnectionSettings(db);
  const codeClient = await pricedAs(db, viewer.user);
  const fallback = settings.agenceDefautTarif;
  let agency = fallback;
  if (settings.modeSelectionAgence === 'client' && codeClient)
    agency = (await customerAgency(db, codeClient)) ?? fallback;
  else if (settings.modeSelectionAgence === 'choix' && viewer.chosenAgency)
    agency = (await agencyExists(db, viewer.chosenAgency)) ? viewer.chosenAgency : fallback;
  return {
    agency,
    showPrices: viewer.user !== null || settings.showAnonymousPrices === '1',
    codeClient,
    account: viewer.user,
    canChooseAgency: settings.modeSelectionAgence === 'choix',
  };
}

/** GET /rest/agence: the viewer's tariff agency, and the agencies to choose from when it may choose. */
export async function currentAgency(db: DbOrTx, viewer: Viewer): Promise<AgenceCourante> {
  const [shopper, agencies] = await Promise.all([shopperOf(db, viewer), listAgencies(db)]);
  return {
    agence: agencies.find((agency) => agency.code_agence === shopper.agency) ?? null,
    modifiable: shopper.canChooseAgency,
    agences: shopper.canChooseAgency ? agencies : [],
  };
}

/**
 * POST /rest/agence: checks the visitor's choice (the 'choix' mode only, a known agency); the route
 * remembers it in the AGENCY_COOKIE cookie. Answers the agency as GET /rest/agence would then.
 */
export async function chooseAgency(db: DbOrTx, viewer: Viewer, code: string): Promise<AgenceCourante> {
  const settings = await readConnectionSettings(db);
  if (settings.modeSelectionAgence !== 'choix') throw conflict(AGENCY_CHOICE_MESSAGES.notAllowed);
  if (!(await agencyExists(db, code))) throw badRequest(AGENCY_CHOICE_MESSAGES.unknownAgency(code));
  return currentAgency(db, { ...viewer, chosenAgency: code });
}

/** A price, or nothing when the viewer may not see prices. */
export const priceFor = (shopper: Shopper, price: number) => (shopper.showPrices ? price : undefined);

export const stockDisplay = (db: DbOrTx): Promise<AffichageStock> =>
  readSetting(db, SETTING_KEYS.stockDisplay);

/** What pricing a tile's row asks: its article, family and list price. */
export const priceRequestOf = (row: { code: string; familyCode: string; price: number }): PriceRequest => ({
  articleCode: row.code,
  familyCode: row.familyCode,
  listPrice: row.price,
});

/** How an article is sold, as the contract says it (venteArticle). */
export const venteOf = (row: {
  saleDecimals: number;
  minQuantity: number | null;
  saleMultiple: number | null;
  backorderDays: number | null;
}): VenteArticle => ({
  decimales: row.saleDecimals,
  minimum: row.minQuantity === null ? null : Number(row.minQuantity),
  multiple: row.saleMultiple === null ? null : Number(row.saleMultiple),
  delaiCommande: row.backorderDays,
});

/**
 * These rows with their stock at the agency (in all agencies together when it is null): a declinaison's
 * own when the row names one, else its article's.
 */
export async function withStock<Row extends { code: string; variantCode?: string }>(
  db: DbOrTx,
  rows: readonly Row[],
  agency: string | null,
): Promise<(Row & { quantity: number | null })[]> {
  const levels = await stockLevels(
    db,
    rows.map((row) => row.code),
  );
  return rows.map((row) => ({
    ...row,
    quantity: quantityAt(levels.get(row.code) ?? NO_STOCK, agency, row.variantCode),
  }));
}

// ---------------------------------------------------------------- pages kept for a viewer

/** How a whole answer is kept and sent as kept (sendKept, plugins/answer-cache.ts). */
export interface KeptPage {
  key: string;
  tables: readonly string[];
  /** The answers with a viewer's own prices are kept in a set of their own, bounded apart. */
  among?: { set: string; limit: number };
}

/**
 * What a priced page's prices are read from besides its rows: the rules, and the customers (the priced
 * customer's type and agency: an anonymous visitor's page, kept whole, changes with them too).
 */
export const PRICE_TABLES = ['customer_prices', 'customers'] as const;

/**
 * What a page priced for this viewer depends on besides its data: the stock agency and the prices
 * themselves, as this viewer pays them (none when it may not see them). Customers paying the same
 * prices share the page; one paying others never gets it.
 */
export async function pricedKey(
  db: DbOrTx,
  shopper: Shopper,
  requests: readonly PriceRequest[],
): Promise<string> {
  const prices = shopper.showPrices
    ? `prix=${(await unitPrices(db, shopper.account, requests)).join(',')}`
    : 'sans-prix';
  return `${shopper.agency ?? ''}:${prices}`;
}

/**
 * What a page shared by visitors depends on (their stock agency, whether prices show), when this
 * viewer is one of them: an anonymous visitor paying list prices (no anonymous customer code). Undefined for
 * anyone else: a customer's prices are its own.
 */
export async function sharedVisitorKey(db: DbOrTx, viewer: Viewer): Promise<string | undefined> {
  if (viewer.user) return undefined;
  const shopper = await shopperOf(db, viewer);
  if (shopper.codeClient !== null) return undefined;
  return `${shopper.agency ?? ''}:${shopper.showPrices ? 'prix' : 'sans-prix'}`;
}
