// French texts of the shipping screens and calls (docs/contract/shipping-fees.md, Shipping fees and Carriers). The
// contract's are spelled exactly as there; the others (marked "ours") fill its gaps.
import { formatEuros } from '../format';
import { MONEY_MAX } from '../validation';

/** The largest fee amount (€ excl. tax); a franco goes up to what an amount column holds (MONEY_MAX). */
export const FEE_AMOUNT_MAX = 100_000_000;

/** Fee form messages: toasts of TOAST_DURATION_MS and the server's 400/409 answers. */
export const FEE_MESSAGES = {
  zoneRequired: 'Forfait non valide : la zone est obligatoire si un plan de vente a été saisi',
  trancheRequired: 'Forfait non valide : la tranche est obligatoire',
  montantRequired: 'Forfait non valide : le montant est obligatoire',
  duplicate: 'Forfait déjà existant',
  deleted: 'Forfait supprimé',
  // ours
  montantNegative: 'Forfait non valide : le montant ne peut pas être négatif',
  francoNegative: 'Forfait non valide : le franco ne peut pas être négatif',
  montantTooLarge: `Forfait non valide : le montant doit être au plus ${formatEuros(FEE_AMOUNT_MAX)}`,
  francoTooLarge: `Forfait non valide : le franco doit être au plus ${formatEuros(MONEY_MAX)}`,
  montantDecimals: 'Forfait non valide : le montant a au plus 2 décimales (les centimes)',
  francoDecimals: 'Forfait non valide : le franco a au plus 2 décimales (les centimes)',
  notFound: 'Forfait introuvable',
  unknownTranche: 'Forfait non valide : tranche inconnue',
  unknownZone: 'Forfait non valide : zone inconnue',
  unknownAgence: 'Forfait non valide : agence inconnue',
  unknownCategorie: 'Forfait non valide : plan de vente inconnu',
  typeNotSet: 'Aucun type de forfait de transport défini',
  resetDone: 'Tous les forfaits de transport ont été supprimés',
} as const;

/** The fee simulator's refusals (ours). */
export const SIMULATION_MESSAGES = {
  unknownAgence: 'Simulation impossible : agence inconnue',
  unknownZone: 'Simulation impossible : zone inconnue',
  unknownCarrier: 'Simulation impossible : transporteur inconnu',
  unknownFamily: 'Simulation impossible : plan de vente inconnu',
} as const;

/** Tranche modal and POST /service/tranche (ours). */
export const TRANCHE_MESSAGES = {
  libelleRequired: 'Tranche non valide : le libellé est obligatoire',
  debutInvalid: 'Tranche non valide : le début doit être un nombre positif ou nul',
  intervalRequired: "Tranche non valide : l'intervalle est obligatoire pour une tranche progressive",
} as const;

/** Carrier messages; the logo ones and the fields' are ours. */
export const CARRIER_MESSAGES = {
  invalid: 'Transporteur invalide',
  // ours: what is wrong with each field of the form (the API answers 'Transporteur invalide' with them
  // in its details)
  nameRequired: 'Le nom du transporteur est obligatoire',
  nameTooLong: 'Le nom ne peut dépasser 100 caractères',
  descriptionTooLong: 'La description ne peut dépasser 1 000 caractères',
  logoInvalid: 'Logo inconnu : envoyez le fichier à nouveau',
  trackingUrlInvalid: 'L’URL de suivi doit commencer par http:// ou https:// et ne contenir aucun espace',
  trackingUrlTooLong: 'L’URL de suivi ne peut dépasser 500 caractères',
  deleted: 'Transporteur supprimé',
  // ours
  notFound: 'Transporteur introuvable',
  logoMissing: 'Logo manquant : envoyez un fichier dans le champ « logo »',
  logoType: 'Logo refusé : seuls les fichiers PNG, JPEG ou WebP sont acceptés',
  logoTooLarge: 'Logo refusé : 1 Mo maximum',
} as const;

/** Shown in place of a forfait's missing link. */
export const FEE_PLACEHOLDERS = {
  tranche: 'Tranche incorrecte',
  zone: 'Zone incorrecte',
  agence: 'Agence incorrecte',
  categorie: 'Plan de vente incorrect',
} as const;

/** Ours: a forfait without zone and without family applies to every zone (see fee-engine.ts). */
export const ALL_ZONES_LABEL = 'Toutes zones';

/** Ours: the fee engine's verdict when no forfait prices the cart (or some of its lines). */
export const NO_FORFAIT = 'Aucun forfait applicable';

/** Ours: the explanation of a pickup carrier's fee (always 0). */
export const PICKUP_FREE = 'Retrait en agence : sans frais de port';
