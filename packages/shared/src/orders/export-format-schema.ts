// The order file's versions, the zod schema of what it holds, and its error (export-format.ts
// describes the format).
import { z } from 'zod';
import { deliveryAddress } from './contract';

export const EXPORT_FORMAT_MARKER = 'COMPTOIR-COMMANDE';
export const EXPORT_FORMAT_VERSION = 3;
/** The versions parseOrderExport reads; files are always written in EXPORT_FORMAT_VERSION. */
export const EXPORT_FORMAT_READABLE_VERSIONS = [1, 2, 3] as const;
/** Record separator written (CRLF, as RFC 4180 and Windows ERPs expect). */
export const EXPORT_RECORD_END = '\r\n';
/** Content type of the file when downloaded. */
export const EXPORT_CONTENT_TYPE = 'text/plain; charset=utf-8';

/** Largest absolute value of a decimal field: keeps every value exact and out of exponent notation. */
const MAX_DECIMAL = 1e12;

/** A number with at most `decimals` decimals, exactly representable as written with toFixed(decimals). */
function decimal(field: string, decimals: number) {
  return z
    .number({ error: `${field} : nombre attendu` })
    .refine((value) => Number.isFinite(value) && Math.abs(value) < MAX_DECIMAL, {
      error: `${field} : nombre inférieur à ${MAX_DECIMAL} en valeur absolue attendu`,
    })
    .refine((value) => Number(value.toFixed(decimals)) === value, {
      error: `${field} : ${decimals} décimales au maximum`,
    });
}

const ISO_DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(?:Z|[+-]\d{2}:\d{2})$/;

/** An ISO 8601 date and time to the second with its UTC offset, e.g. 2024-03-05T14:30:00+01:00. */
function isoDateTime(field: string) {
  return z
    .string({ error: `${field} : date et heure attendues` })
    .regex(ISO_DATE_TIME, { error: `${field} : date et heure attendues au format AAAA-MM-JJTHH:MM:SS+HH:MM` })
    .refine((text) => !Number.isNaN(Date.parse(text)), { error: `${field} : date et heure inexistantes` });
}

const count = (field: string, min: number) =>
  z
    .number({ error: `${field} : entier attendu` })
    .int({ error: `${field} : entier attendu` })
    .min(min, { error: `${field} : entier supérieur ou égal à ${min} attendu` })
    .max(Number.MAX_SAFE_INTEGER, { error: `${field} : entier trop grand` });

const text = (field: string) => z.string({ error: `${field} : texte attendu` });
const code = (field: string) => text(field).min(1, { error: `${field} : valeur obligatoire` });

/** One order line of the export. Decimals: quantite and prixUnitaireHT 4, montantHT and tauxTVA 2. */
export const orderExportLine = z.object({
  /** 1-based position of the line in the order. */
  position: count('position', 1),
  codeArticle: code('codeArticle'),
  /** '' for an article without variants. */
  codeDeclinaison: text('codeDeclinaison'),
  designation: text('designation'),
  quantite: decimal('quantite', 4),
  unite: text('unite'),
  prixUnitaireHT: decimal('prixUnitaireHT', 4),
  montantHT: decimal('montantHT', 2),
  /** Percent: 20 for 20 %. */
  tauxTVA: decimal('tauxTVA', 2),
  /** The chantier (job site) tag, or null. */
  chantier: text('chantier').nullable(),
  /** Version 2: a line cut to size, its number of pieces; null otherwise (and for every version 1 line). */
  nbPieces: count('nbPieces', 1).nullable(),
  /** Version 2: the dimensions of one piece (3 decimals; m, mm, kg/m³, L, kg), null when not asked. */
  longueur: decimal('longueur', 3).nullable(),
  largeur: decimal('largeur', 3).nullable(),
  hauteur: decimal('hauteur', 3).nullable(),
  diametre: decimal('diametre', 3).nullable(),
  densite: decimal('densite', 3).nullable(),
  contenance: decimal('contenance', 3).nullable(),
  poids: decimal('poids', 3).nullable(),
});
export type OrderExportLine = z.infer<typeof orderExportLine>;

/**
 * Everything the file holds. Only validated orders are exported, so typePanier is TER or VAL.
 * Amounts (fraisPort, montantHT, montantTVA, montantTTC) have at most 2 decimals.
 */
export const orderExport = z.object({
  /** The shop's order id (the id of the orders list and of the re-export message). */
  id: count('id', 1),
  numero: code('numero'),
  /** When the order was placed, ISO 8601 with offset (Europe/Paris: toParisIsoDateTime). */
  date: isoDateTime('date'),
  refClient: text('refClient').nullable(),
  webCdeId: text('webCdeId').nullable(),
  codeClient: code('codeClient'),
  libelleClient: text('libelleClient'),
  codeAgence: code('codeAgence'),
  typePanier: z.enum(['TER', 'VAL'], { error: 'typePanier : commande validée attendue (TER ou VAL)' }),
  libelleModeReglement: text('libelleModeReglement').nullable(),
  adresseLivraison: deliveryAddress,
  /** The carrier's name, or null. */
  transporteur: text('transporteur').nullable(),
  fraisPort: decimal('fraisPort', 2),
  montantHT: decimal('montantHT', 2),
  montantTVA: decimal('montantTVA', 2).nullable(),
  montantTTC: decimal('montantTTC', 2).nullable(),
  /** 0 for the first export, n for the nth re-export. */
  sequenceExport: count('sequenceExport', 0),
  /** When this file was written, ISO 8601 with offset. */
  dateExport: isoDateTime('dateExport'),
  /** Version 3: who ordered without an account (a visitor); every field null for a customer's order. */
  contact: z.object({
    nom: text('contact.nom').nullable(),
    email: text('contact.email').nullable(),
    telephone: text('contact.telephone').nullable(),
  }),
  /** Version 3: a visitor's billing address when it is not the delivery address; null fields otherwise. */
  adresseFacturation: z.object({
    ligne1: text('adresseFacturation.ligne1').nullable(),
    ligne2: text('adresseFacturation.ligne2').nullable(),
    codePostal: text('adresseFacturation.codePostal').nullable(),
    ville: text('adresseFacturation.ville').nullable(),
  }),
  /** Version 3: the version of the CGV the shopper accepted; null when none was published. */
  versionCGV: count('versionCGV', 1).nullable(),
  lignes: z.array(orderExportLine),
});
export type OrderExport = z.infer<typeof orderExport>;

/** A malformed or unsupported order file, or an order that cannot be written; the message is French. */
export class OrderExportFormatError extends Error {
  /** 1-based line of the file where the problem is, when known. */
  readonly line: number | undefined;
  constructor(message: string, line?: number) {
    super(message);
    this.name = 'OrderExportFormatError';
    this.line = line;
  }
}

/** The first issue of a refused order as an OrderExportFormatError: `prefix : path : message`. */
export function invalidOrder(error: z.ZodError, prefix: string): OrderExportFormatError {
  const issue = error.issues[0];
  const path = issue?.path.map(String) ?? [];
  let message = issue?.message ?? 'valeur invalide';
  // Our messages start with the field's own name ('montantHT : …'): show its full path instead
  // (lignes.2.montantHT), so that the faulty line is named too.
  const own = `${path.at(-1) ?? ''} : `;
  if (path.length > 0 && message.startsWith(own)) message = message.slice(own.length);
  return new OrderExportFormatError(`${prefix} : ${path.length > 0 ? `${path.join('.')} : ` : ''}${message}`);
}
