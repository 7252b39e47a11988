// The contract of the orders back office (docs/contract/orders.md): one zod schema per request and per
// response, with the exact contract field names. The API validates with them, the web client types its calls
// with them, the tests build with them.
//
// Query strings and form bodies arrive as strings: numbers are coerced, and a blank value ('' or
// spaces only) counts as absent. Every validation message is French and names its field, so that
// the first issue can be shown as is.
import { z } from 'zod';
import { decoupeLigne } from '../dimensions';
import { cartType, movementType, orderStatus, SETTING_KEYS, settingValues } from '../domain';
import { valLibList } from '../reference';
import { idParam } from '../validation';

/** Orders list page size, and the default `size` of GET /admin/commandes/fetch. */
export const ORDERS_PAGE_SIZE = 20;
/** Largest `size` a client may ask for. */
export const ORDERS_MAX_PAGE_SIZE = 100;
/** Largest number of rows GET /openweb/admin/admin_liste returns. */
export const ADMIN_LIST_LIMIT = 50;

// ---------------------------------------------------------------- shared pieces

const blankToUndefined = (value: unknown) =>
  typeof value === 'string' && value.trim() === '' ? undefined : value;

/** An optional trimmed text of at most `max` characters; blank means absent. */
function optionalText(field: string, max: number) {
  return z.preprocess(
    blankToUndefined,
    z
      .string({ error: `${field} : texte attendu` })
      .trim()
      .max(max, { error: `${field} : ${max} caractères au maximum` })
      .optional(),
  );
}

/** A required trimmed, non-blank text of at most `max` characters. */
function requiredText(field: string, what: string, max: number) {
  return z.preprocess(
    blankToUndefined,
    z
      .string({ error: `${field} : ${what} attendu` })
      .trim()
      .max(max, { error: `${field} : ${max} caractères au maximum` }),
  );
}

const ISO_DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

/** Whether `text` is a YYYY-MM-DD day that exists in the calendar (2024-02-29 yes, 2023-02-29 no). */
export function isCalendarDay(text: string): boolean {
  const match = ISO_DAY.exec(text);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

/** An optional YYYY-MM-DD day (a Europe/Paris calendar day, both bounds included by the API). */
function optionalDay(field: string) {
  return z.preprocess(
    blankToUndefined,
    z
      .string({ error: `${field} : date attendue au format AAAA-MM-JJ` })
      .trim()
      .regex(ISO_DAY, { error: `${field} : date attendue au format AAAA-MM-JJ`, abort: true })
      .refine(isCalendarDay, { error: (issue) => `${field} : la date ${String(issue.input)} n'existe pas` })
      .optional(),
  );
}

/** An id (idParam: 1 to the int4 maximum), given as a number or as a decimal string (form fields, paths). */
function positiveId(field: string, what: string) {
  return z.preprocess(blankToUndefined, idParam(`${field} : ${what} attendu (entier positif)`));
}

/**
 * A form value that must equal `expected`: a string, or the number/boolean a JSON client may send
 * instead, read as a trimmed string.
 */
function formLiteral<const T extends string>(expected: T, message: string) {
  return z
    .union([z.string(), z.number(), z.boolean()], { error: message })
    .transform((value) => String(value).trim())
    .pipe(z.literal(expected, { error: message }));
}

/**
 * A delivery address as the order keeps it (copied at checkout, so later changes to the customer's
 * addresses do not rewrite past orders). Every part may be missing: an order collected at the agency
 * has no address. `zone` is the delivery zone's label (it decides the shipping fee).
 */
export const deliveryAddress = z.object({
  libelle: z.string().nullable(),
  ligne1: z.string().nullable(),
  ligne2: z.string().nullable(),
  codePostal: z.string().nullable(),
  ville: z.string().nullable(),
  zone: z.string().nullable(),
});
export type DeliveryAddress = z.infer<typeof deliveryAddress>;

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
    page: z.preprocess(
      blankToUndefined,
      z.coerce
        .number({ error: 'page : entier positif ou nul attendu' })
        .int({ error: 'page : entier positif ou nul attendu' })
        .min(0, { error: 'page : entier positif ou nul attendu' })
        .max(1_000_000, { error: 'page : 1000000 au maximum' })
        .default(0),
    ),
    size: z.preprocess(
      blankToUndefined,
      z.coerce
        .number({ error: `size : entier entre 1 et ${ORDERS_MAX_PAGE_SIZE} attendu` })
        .int({ error: `size : entier entre 1 et ${ORDERS_MAX_PAGE_SIZE} attendu` })
        .min(1, { error: `size : entier entre 1 et ${ORDERS_MAX_PAGE_SIZE} attendu` })
        .max(ORDERS_MAX_PAGE_SIZE, { error: `size : entier entre 1 et ${ORDERS_MAX_PAGE_SIZE} attendu` })
        .default(ORDERS_PAGE_SIZE),
    ),
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

// ---------------------------------------------------------------- POST /openweb/admin/admin_commandeEdite

/**
 * Body of POST /openweb/admin/admin_commandeEdite, sent either as a form
 * (application/x-www-form-urlencoded, every value a string) or as JSON (strings or numbers).
 * - id: the order's id (orderListItem.id, not its numero).
 * - action: 'EXPORT', the only action.
 * - valide: '1', the confirmation the screen asked for.
 * - export: '1' for a re-export, absent for a download:
 *   - re-export (the XHR of the 'renvoyer' action, `export: '1'`): the order file is written again
 *     to FILES_DIR/exports with the next export sequence number, and the answer is JSON
 *     `orderReexportResponse` = { message: 'La commande {id} a été ré-expedié' };
 *   - download (the plain form POST with hidden fields id, action=EXPORT, valide=1): the answer is the
 *     order file as exported last (text/plain; charset=utf-8, Content-Disposition attachment,
 *     exportFileName). Nothing is written, except for a validated order that has no file yet (validated
 *     before exports existed, e.g. demo data): its first export (sequence 0) is written then.
 * Only a validated order (typePanier TER or VAL, see isValidated) has a file: other orders answer 409.
 */
export const orderExportBody = z.object({
  id: positiveId('id', 'identifiant de commande'),
  action: formLiteral('EXPORT', 'action : valeur attendue EXPORT'),
  valide: formLiteral('1', 'valide : valeur attendue 1'),
  export: z.preprocess(
    blankToUndefined,
    formLiteral('1', 'export : valeur attendue 1 (ou champ absent pour télécharger le fichier)').optional(),
  ),
});
export type OrderExportBody = z.output<typeof orderExportBody>;
export type OrderExportBodyInput = z.input<typeof orderExportBody>;

/** What an admin_commandeEdite call does: 're-export' (JSON answer) or 'download' (the file). */
export function orderExportMode(body: OrderExportBody): 'reexport' | 'download' {
  return body.export === '1' ? 'reexport' : 'download';
}

/** Response of a re-export: { message: reexportDoneMessage(id) }. */
export const orderReexportResponse = z.object({ message: z.string() });
export type OrderReexportResponse = z.infer<typeof orderReexportResponse>;

// ---------------------------------------------------------------- GET /openweb/admin/admin_liste

export const ADMIN_LIST_TABLES = ['client', 'parametrage', 'connexion'] as const;
export const adminListTable = z.enum(ADMIN_LIST_TABLES, {
  error: `table : valeur attendue parmi ${ADMIN_LIST_TABLES.join(', ')}`,
});
export type AdminListTable = z.infer<typeof adminListTable>;

/**
 * Modes of choosing the tariff agency (connection setting modeSelectionAgence; the values are ours): the
 * customer's own agency, an agency the customer picks, or the default tariff agency (agenceDefautTarif).
 */
export const AGENCY_SELECTION_MODES = [
  { VAL: 'CLIENT', LIB: 'Agence du client' },
  { VAL: 'CHOIX', LIB: 'Agence choisie par le client' },
  { VAL: 'DEFAUT', LIB: 'Agence de tarif par défaut' },
] as const satisfies readonly { VAL: string; LIB: string }[];

/** The 'no agency' choice of agenceDefautTarif: 'Aucune agence' means none. */
export const NO_AGENCY_CHOICE = { VAL: '', LIB: 'Aucune agence' } as const;

/** The lists table=connexion serves, by `restriction`; the first is the default. */
export const CONNEXION_LISTS = ['modeSelectionAgence', 'agenceDefautTarif'] as const;
export type ConnexionList = (typeof CONNEXION_LISTS)[number];

/**
 * Query of GET /openweb/admin/admin_liste → `adminListResponse` ([{ VAL, LIB }], at most
 * ADMIN_LIST_LIMIT rows). `value` and `label` filter the rows (both given: both must match);
 * `restriction` depends on the table:
 * - table=client: customers, VAL = customer code, LIB = customer name, sorted by name.
 *   value: code starts with it (case-insensitive); label: name contains it (case- and
 *   accent-insensitive); restriction: a customer type code, or several separated by commas, to keep
 *   only customers of those types.
 * - table=parametrage: the customer types (the 'profils' the connection settings use for anonymous
 *   visitors and temporary accounts), VAL = type code, LIB = type label, sorted by label.
 *   value: code equals it; label: label contains it (case- and accent-insensitive);
 *   restriction: unused.
 * - table=connexion: the choices of a connection setting, named by restriction (CONNEXION_LISTS):
 *   'modeSelectionAgence' (the default): AGENCY_SELECTION_MODES, in that order;
 *   'agenceDefautTarif': NO_AGENCY_CHOICE, then the agencies (VAL = code_agence,
 *   LIB = libelle_agence) sorted by label. value: VAL equals it; label: LIB contains it.
 */
export const adminListQuery = z
  .object({
    table: z.preprocess(blankToUndefined, adminListTable),
    value: optionalText('value', 100),
    label: optionalText('label', 100),
    restriction: optionalText('restriction', 200),
  })
  .refine(
    (q) =>
      q.table !== 'connexion' ||
      !q.restriction ||
      (CONNEXION_LISTS as readonly string[]).includes(q.restriction),
    {
      error: `restriction : valeur attendue parmi ${CONNEXION_LISTS.join(', ')} pour la table connexion`,
      path: ['restriction'],
    },
  );
export type AdminListQuery = z.output<typeof adminListQuery>;
export type AdminListQueryInput = z.input<typeof adminListQuery>;

/** The connexion list a query asks for (restriction, or the first list when absent). */
export function connexionList(query: AdminListQuery): ConnexionList {
  return (CONNEXION_LISTS as readonly string[]).includes(query.restriction ?? '')
    ? (query.restriction as ConnexionList)
    : CONNEXION_LISTS[0];
}

/** Response of GET /openweb/admin/admin_liste. */
export const adminListResponse = valLibList;

// ---------------------------------------------------------------- payment validation

/**
 * Query of the data behind the page /openweb/admin/admin_commandeValideReglement?id={numero}:
 * `id` is the order's numero (voucher number), as the row action opens it.
 */
export const paymentValidationQuery = z.object({
  id: requiredText('id', 'numéro de commande', 50),
});
export type PaymentValidationQuery = z.output<typeof paymentValidationQuery>;

/**
 * What the payment validation page shows: the order, its amounts, its payment. `validable` is
 * canValidatePayment(typePanier) (ATT or AT2); once validated, valideePar / valideeLe say who
 * confirmed the payment and when (seconds since the epoch), otherwise null.
 */
export const paymentValidation = z.object({
  id: z.number().int(),
  numero: z.string(),
  /** Seconds since the epoch. */
  date: z.number().int(),
  refClient: z.string().nullable(),
  webCdeId: z.string().nullable(),
  codeClient: z.string(),
  libelleClient: z.string(),
  codeAgence: z.string(),
  libelleAgence: z.string(),
  montantHT: z.number(),
  montantTVA: z.number().nullable(),
  montantTTC: z.number().nullable(),
  fraisPort: z.number(),
  libelleModeReglement: z.string().nullable(),
  typePanier: cartType,
  /** paymentStatusLabel(typePanier). */
  libelleTypePanier: z.string(),
  validable: z.boolean(),
  valideePar: z.string().nullable(),
  valideeLe: z.number().int().nullable(),
});
export type PaymentValidation = z.infer<typeof paymentValidation>;

/**
 * Body of the confirming POST /openweb/admin/admin_commandeValideReglement (form or JSON):
 * sets typePanier to VAL, records who and when, and exports the order, in one transaction.
 * An unknown numero answers 404 (unknownOrderMessage), a typePanier other than ATT/AT2 answers 409
 * (paymentNotValidatableMessage); both change nothing.
 */
export const paymentValidationBody = z.object({
  numero: requiredText('numero', 'numéro de commande', 50),
});
export type PaymentValidationBody = z.output<typeof paymentValidationBody>;

/** Response of the confirming POST: paymentValidatedMessage(numero) and the order as it now stands. */
export const paymentValidationResult = z.object({
  message: z.string(),
  commande: paymentValidation,
});
export type PaymentValidationResult = z.infer<typeof paymentValidationResult>;

// ---------------------------------------------------------------- GET /compte/detail-mouvement/{id}

/** Path parameters of the order detail: the order's id. */
export const orderDetailParams = z.object({ id: positiveId('id', 'identifiant de commande') });
export type OrderDetailParams = z.output<typeof orderDetailParams>;

/**
 * Query of the order detail. An administrator may read any order (codeClient, when given, must be
 * the order's customer); a customer reads only its own orders whatever codeClient says. Any other
 * case answers 404 ORDER_NOT_FOUND, so that nothing reveals that the order exists.
 */
export const orderDetailQuery = z.object({ codeClient: optionalText('codeClient', 50) });
export type OrderDetailQuery = z.output<typeof orderDetailQuery>;

/** The order detail's header. */
export const orderDetailHeader = z.object({
  id: z.number().int(),
  numero: z.string(),
  /** Order date, seconds since the epoch. */
  date: z.number().int(),
  /** When the payment was confirmed on the payment validation page, or null. */
  dateValidationPaiement: z.number().int().nullable(),
  /** When the order file was last written for the ERP, or null (never exported). */
  dateExport: z.number().int().nullable(),
  refClient: z.string().nullable(),
  webCdeId: z.string().nullable(),
  typeWebMouvement: movementType,
  etat: orderStatus.nullable(),
  /** orderStatusLabel(typeWebMouvement, etat). */
  libelleStatut: z.string(),
  typePanier: cartType,
  /** paymentStatusLabel(typePanier). */
  libelleTypePanier: z.string(),
  libelleModeReglement: z.string().nullable(),
  codeAgence: z.string(),
  libelleAgence: z.string(),
  codeClient: z.string(),
  libelleClient: z.string(),
  adresseLivraison: deliveryAddress,
  /** The carrier's name as chosen at checkout, or null. */
  transporteur: z.string().nullable(),
  /** The carrier's shipment number, once the order has left; null before. */
  numeroExpedition: z.string().nullable().default(null),
  /** The carrier's tracking page for that shipment (trackingLink); null without a number or a template. */
  lienSuivi: z.string().nullable().default(null),
});
export type OrderDetailHeader = z.infer<typeof orderDetailHeader>;

/** One line of an order. `codeDeclinaison` is '' for an article without variants. */
export const orderDetailLine = z.object({
  codeArticle: z.string(),
  codeDeclinaison: z.string(),
  designation: z.string(),
  /** The chantier (job site) tag of the line, or null. */
  chantier: z.string().nullable(),
  quantite: z.number(),
  unite: z.string(),
  prixUnitaireHT: z.number(),
  montantHT: z.number(),
  /** Percent, e.g. 20 for 20 %. */
  tauxTVA: z.number(),
  /** A line cut to size: its pieces and dimensions as ordered; null otherwise. */
  decoupe: decoupeLigne.nullable(),
});
export type OrderDetailLine = z.infer<typeof orderDetailLine>;

/** The order's totals as stored on the order (montantTVA and montantTTC may be missing). */
export const orderDetailTotals = z.object({
  montantHT: z.number(),
  montantTVA: z.number().nullable(),
  montantTTC: z.number().nullable(),
  fraisPort: z.number(),
});
export type OrderDetailTotals = z.infer<typeof orderDetailTotals>;

/** Response of the order detail (GET data for /compte/detail-mouvement/{id}?codeClient=…). */
export const orderDetail = z.object({
  entete: orderDetailHeader,
  lignes: z.array(orderDetailLine),
  totaux: orderDetailTotals,
});
export type OrderDetail = z.infer<typeof orderDetail>;

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
  page: z.preprocess(
    blankToUndefined,
    z.coerce
      .number({ error: 'page : entier positif ou nul attendu' })
      .int({ error: 'page : entier positif ou nul attendu' })
      .min(0, { error: 'page : entier positif ou nul attendu' })
      .max(1_000_000, { error: 'page : 1000000 au maximum' })
      .default(0),
  ),
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

/**
 * The carrier's tracking page of a shipment: its tracking URL template with `{numero}` replaced by
 * the shipment number (added at the end when the template has no `{numero}`); null without a number,
 * without a template, or with a template that is not an http(s) address.
 */
export function trackingLink(template: string | null, shipmentNumber: string | null): string | null {
  const number = shipmentNumber?.trim();
  if (!template || !number || !/^https?:\/\//i.test(template)) return null;
  const encoded = encodeURIComponent(number);
  return template.includes('{numero}') ? template.replaceAll('{numero}', encoded) : template + encoded;
}
