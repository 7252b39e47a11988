// The actions on one order: its export (re-export or download) and its payment validation
// (contract.ts describes the contract).
import { z } from 'zod';
import { cartType } from '../domain';
import { blankToUndefined, formLiteral, positiveId, requiredText } from './contract-fields';

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
