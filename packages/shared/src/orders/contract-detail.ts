// The order detail and the carrier's tracking link it shows (contract.ts describes the contract).
import { z } from 'zod';
import { decoupeLigne } from '../dimensions';
import { cartType, movementType, orderStatus } from '../domain';
import { deliveryAddress, optionalText, positiveId } from './contract-fields';

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
