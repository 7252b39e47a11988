// The orders list of the back office, the settings its screen reads, and the customer's own orders
// list (contract.ts describes the contract).
import { z } from 'zod';
import { cartType, movementType, orderStatus, SETTING_KEYS, settingValues } from '../domain';
import { pageNumberField, pageSizeField } from '../page-query';
import { blankToUndefined, optionalDay, optionalText } from './contract-fields';

/** Orders list page size, and the default `size` of GET /admin/commandes/fetch. */
export const ORDERS_PAGE_SIZE = 20;
/** Largest `size` a client may ask for. */
export const ORDERS_MAX_PAGE_SIZE = 100;

// ---------------------------------------------------------------- GET /admin/commandes/fetch

/**
 * Query of GET /admin/commandes/fetch.
 * - page: 0-based page number, default 0; size: rows per page, 1..100, default 20.
 * - dateDebut / dateFin: YYYY-MM-DD, Europe/Paris calendar days, both included; dateDebut ≤ dateFin.
 * - codeClient, codeAgence: exact codes.
 * - reference: exact; matches the order's refClient or its numero (voucher number).
 * Results are newest first (date, then id, descending).
 */
export const orderQuery = z
  .object({
    page: z.preprocess(blankToUndefined, pageNumberField()),
    size: z.preprocess(blankToUndefined, pageSizeField(ORDERS_MAX_PAGE_SIZE, ORDERS_PAGE_SIZE)),
    dateDebut: optionalDay('dateDebut'),
    dateFin: optionalDay('dateFin'),
    codeClient: optionalText('codeClient', 50),
    codeAgence: optionalText('codeAgence', 50),
    reference: optionalText('reference', 100),
  })
  .refine((q) => !q.dateDebut || !q.dateFin || q.dateDebut <= q.dateFin, {
    error: 'La date de début doit précéder la date de fin',
    path: ['dateFin'],
  });
/** The query as the server reads it (defaults applied). */
export type OrderQuery = z.output<typeof orderQuery>;
/** The query as a client may send it (page and size optional). */
export type OrderQueryInput = z.input<typeof orderQuery>;

/**
 * One row of the orders list, plus four fields the original contract does not list but the screen needs for
 * its 'Client' and 'Agence' columns (customer with its type, label and code): libelleClient,
 * libelleTypeClient, codeTypeClient, libelleAgence.
 */
export const orderListItem = z.object({
  id: z.number().int(),
  /** Seconds since the epoch. */
  date: z.number().int(),
  /** Id OEC. */
  webCdeId: z.string().nullable(),
  refClient: z.string().nullable(),
  /** Voucher number. */
  numero: z.string(),
  typeWebMouvement: movementType,
  /** Null until the ERP reports a status. */
  etat: orderStatus.nullable(),
  codeClient: z.string(),
  codeAgence: z.string(),
  montantHT: z.number(),
  montantTTC: z.number().nullable(),
  libelleModeReglement: z.string().nullable(),
  typePanier: cartType,
  /** Ours: the customer's name. */
  libelleClient: z.string(),
  /** Ours: the customer type's label. */
  libelleTypeClient: z.string(),
  /** Ours: the customer type's code. */
  codeTypeClient: z.string(),
  /** Ours: the agency's label. */
  libelleAgence: z.string(),
});
export type OrderListItem = z.infer<typeof orderListItem>;

/** Response of GET /admin/commandes/fetch: `total` rows match the filters; `elements` is the page asked for. */
export const orderListResponse = z.object({
  total: z.number().int().nonnegative(),
  elements: z.array(orderListItem),
});
export type OrderListResponse = z.infer<typeof orderListResponse>;

// ---------------------------------------------------------------- GET /admin/parametres/commandes

/**
 * Response of GET /admin/parametres/commandes: the settings the orders screen reads. `actions` is the
 * stored orders-actions setting (SETTING_KEYS.orderActions, '1' when never stored); the Actions
 * column shows when showOrderActions(actions).
 */
export const orderScreenSettings = z.object({ actions: settingValues[SETTING_KEYS.orderActions] });
export type OrderScreenSettings = z.infer<typeof orderScreenSettings>;

// ---------------------------------------------------------------- GET /rest/compte/mouvements

/** The customer's own orders list (page /compte), newest first, ORDERS_PAGE_SIZE per page; page is 0-based. */
export const accountOrderQuery = z.object({
  page: z.preprocess(blankToUndefined, pageNumberField()),
});
export type AccountOrderQueryInput = z.input<typeof accountOrderQuery>;

export const accountOrderItem = orderListItem
  .pick({ id: true, date: true, numero: true, refClient: true, montantHT: true, montantTTC: true })
  .extend({
    /** orderStatusLabel(typeWebMouvement, etat). */
    libelleStatut: z.string(),
    libelleModeReglement: z.string().nullable(),
    /** paymentStatusLabel(typePanier). */
    libelleStatutPaiement: z.string(),
  });
export type AccountOrderItem = z.infer<typeof accountOrderItem>;

export const accountOrderList = z.object({
  total: z.number().int().nonnegative(),
  elements: z.array(accountOrderItem),
});
export type AccountOrderList = z.infer<typeof accountOrderList>;
