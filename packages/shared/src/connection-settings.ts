// The connection settings (docs/contract/connection-settings.md): anonymous visits, price display,
// sign-up, temporary accounts, the credit limit (encours) and the tariff agency. One object read and
// saved whole by the back office; each field is one key of the settings table (SETTING_KEYS).
import { z } from 'zod';
import { SETTING_KEYS, settingValues, type AgencySelectionMode } from './domain';
import { AGENCY_SELECTION_MODES, NO_AGENCY_CHOICE } from './orders/contract';
import { agence } from './reference';

export {
  AGENCY_CHOICE_MESSAGES,
  PRICES_HIDDEN_TEXT,
  STOREFRONT_ACCESS_MESSAGES,
} from './connection-settings-texts';

/** The contract's field name → the settings key that stores it. */
export const CONNECTION_SETTING_KEYS = {
  allowAnonymousAccess: SETTING_KEYS.allowAnonymousAccess,
  visiteurCodeClient: SETTING_KEYS.visiteurCodeClient,
  anonymousParametrages: SETTING_KEYS.anonymousParametrages,
  allowAnonymousCommande: SETTING_KEYS.allowAnonymousCommande,
  showAnonymousPrices: SETTING_KEYS.showAnonymousPrices,
  allowParAccount: SETTING_KEYS.allowParAccount,
  allowProAccount: SETTING_KEYS.allowProAccount,
  anonymousAccount: SETTING_KEYS.anonymousAccount,
  typeClientTemporaire: SETTING_KEYS.typeClientTemporaire,
  activateEncoursChecking: SETTING_KEYS.activateEncoursChecking,
  blockOfflinePayment: SETTING_KEYS.blockOfflinePayment,
  blockOnEncoursError: SETTING_KEYS.blockOnEncoursError,
  modeSelectionAgence: SETTING_KEYS.modeSelectionAgence,
  agenceDefautTarif: SETTING_KEYS.agenceDefautTarif,
} as const;
export type ConnectionField = keyof typeof CONNECTION_SETTING_KEYS;
export const CONNECTION_FIELDS = Object.keys(CONNECTION_SETTING_KEYS) as ConnectionField[];

/** A blank code ('' is how the pickers say 'Aucune agence' / none) is null. */
const blankToNull = (value: unknown) => (typeof value === 'string' && value.trim() === '' ? null : value);

/** Response of GET and PUT /admin/parametres/connexion: every connection setting. */
export const parametresConnexion = z.object({
  allowAnonymousAccess: settingValues[SETTING_KEYS.allowAnonymousAccess],
  visiteurCodeClient: settingValues[SETTING_KEYS.visiteurCodeClient],
  anonymousParametrages: settingValues[SETTING_KEYS.anonymousParametrages],
  allowAnonymousCommande: settingValues[SETTING_KEYS.allowAnonymousCommande],
  showAnonymousPrices: settingValues[SETTING_KEYS.showAnonymousPrices],
  allowParAccount: settingValues[SETTING_KEYS.allowParAccount],
  allowProAccount: settingValues[SETTING_KEYS.allowProAccount],
  anonymousAccount: settingValues[SETTING_KEYS.anonymousAccount],
  typeClientTemporaire: settingValues[SETTING_KEYS.typeClientTemporaire],
  activateEncoursChecking: settingValues[SETTING_KEYS.activateEncoursChecking],
  blockOfflinePayment: settingValues[SETTING_KEYS.blockOfflinePayment],
  blockOnEncoursError: settingValues[SETTING_KEYS.blockOnEncoursError],
  modeSelectionAgence: settingValues[SETTING_KEYS.modeSelectionAgence],
  agenceDefautTarif: settingValues[SETTING_KEYS.agenceDefautTarif],
});
export type ParametresConnexion = z.infer<typeof parametresConnexion>;

/** Body of PUT /admin/parametres/connexion: the same fields; a blank code is none. */
export const parametresConnexionBody = parametresConnexion.extend({
  visiteurCodeClient: z.preprocess(blankToNull, parametresConnexion.shape.visiteurCodeClient),
  typeClientTemporaire: z.preprocess(blankToNull, parametresConnexion.shape.typeClientTemporaire),
  agenceDefautTarif: z.preprocess(blankToNull, parametresConnexion.shape.agenceDefautTarif),
});

/** French labels of the settings screen, one per field (also used by the change history). */
export const CONNECTION_FIELD_LABELS: Record<ConnectionField, string> = {
  allowAnonymousAccess: 'Accès anonyme',
  visiteurCodeClient: 'Code client anonyme',
  anonymousParametrages: 'Profil(s) anonyme(s)',
  allowAnonymousCommande: 'Commande sans compte',
  showAnonymousPrices: 'Afficher les prix aux visiteurs anonymes',
  allowParAccount: 'Création de compte particulier',
  allowProAccount: 'Création de compte professionnel',
  anonymousAccount: 'Comptes clients temporaires',
  typeClientTemporaire: 'Profil client temporaire',
  activateEncoursChecking: "Contrôle de l'encours",
  blockOfflinePayment: "Interdire chèque et virement au-delà de l'encours",
  blockOnEncoursError: "Refuser la commande au-delà de l'encours",
  modeSelectionAgence: "Mode de sélection de l'agence de tarif",
  agenceDefautTarif: 'Agence de tarif par défaut',
};

/** The label of each tariff agency mode (the admin_liste table=connexion choices, by setting value). */
export const AGENCY_MODE_LABELS = Object.fromEntries(
  AGENCY_SELECTION_MODES.map(({ VAL, LIB }) => [VAL.toLowerCase(), LIB]),
) as Record<AgencySelectionMode, string>;

export const NO_AGENCY_LABEL = NO_AGENCY_CHOICE.LIB;

/** The modes in which a default tariff agency must be chosen ('Aucune agence' is refused). */
export const MODES_NEEDING_DEFAULT_AGENCY: readonly AgencySelectionMode[] = ['defaut'];

export const CONNECTION_SETTINGS_MESSAGES = {
  saved: 'Paramètres de connexion enregistrés',
  unknownCustomer: (code: string) => `Code client « ${code} » inconnu`,
  unknownProfile: (code: string) => `Profil « ${code} » inconnu`,
  unknownCustomerType: (code: string) => `Type de client « ${code} » inconnu`,
  unknownAgency: (code: string) => `Agence « ${code} » inconnue`,
  defaultAgencyRequired: `Agence de tarif par défaut obligatoire avec le mode « ${AGENCY_MODE_LABELS.defaut} »`,
  temporaryTypeRequired:
    'Profil client temporaire obligatoire lorsque les comptes temporaires sont autorisés',
  duplicateProfile: (code: string) => `Profil « ${code} » choisi deux fois`,
} as const;

/** One invalid field of a connection settings body. */
export interface ConnectionSettingsIssue {
  champ: ConnectionField;
  message: string;
}

/**
 * The rules between fields, the same on the screen and on the server (which also checks that every
 * code exists): a default agency for the modes that need it, a temporary customer profile when
 * temporary accounts are allowed, no profile twice.
 */
export function connectionSettingsIssues(value: ParametresConnexion): ConnectionSettingsIssue[] {
  const issues: ConnectionSettingsIssue[] = [];
  if (MODES_NEEDING_DEFAULT_AGENCY.includes(value.modeSelectionAgence) && value.agenceDefautTarif === null)
    issues.push({ champ: 'agenceDefautTarif', message: CONNECTION_SETTINGS_MESSAGES.defaultAgencyRequired });
  if (value.anonymousAccount === '1' && value.typeClientTemporaire === null)
    issues.push({
      champ: 'typeClientTemporaire',
      message: CONNECTION_SETTINGS_MESSAGES.temporaryTypeRequired,
    });
  const seen = new Set<string>();
  for (const profile of value.anonymousParametrages) {
    if (seen.has(profile))
      issues.push({
        champ: 'anonymousParametrages',
        message: CONNECTION_SETTINGS_MESSAGES.duplicateProfile(profile),
      });
    seen.add(profile);
  }
  return issues;
}

// ---------------------------------------------------------------- the change history

/** A setting's value as the history shows it: a flag or code, a list of codes, or none. */
export const settingJson = z.union([z.string(), z.array(z.string()), z.null()]);

/** One change of one field: who, when (seconds since the epoch), the value before and after. */
export const historiqueParametre = z.object({
  id: z.number().int(),
  date: z.number().int(),
  login: z.string(),
  champ: z.string(),
  ancienneValeur: settingJson,
  nouvelleValeur: settingJson,
});
export type HistoriqueParametre = z.infer<typeof historiqueParametre>;

/** Query of GET /admin/parametres/connexion/historique: newest first, 0-based pages. */
export const historiqueQuery = z.object({
  page: z.coerce.number().int().min(0).max(100_000).default(0),
  size: z.coerce.number().int().min(1).max(100).default(20),
});
export type HistoriqueQuery = z.infer<typeof historiqueQuery>;

export const historiqueResponse = z.object({
  total: z.number().int().nonnegative(),
  elements: z.array(historiqueParametre),
});
export type HistoriqueResponse = z.infer<typeof historiqueResponse>;

// ---------------------------------------------------------------- the storefront's tariff agency

/**
 * Response of GET /rest/agence: the agency whose stock the storefront shows (null: all agencies
 * together), whether the visitor may change it, and the agencies to choose from (empty when not).
 */
export const agenceCourante = z.object({
  agence: agence.nullable(),
  modifiable: z.boolean(),
  agences: z.array(agence),
});
export type AgenceCourante = z.infer<typeof agenceCourante>;

/** Body of POST /rest/agence: the visitor's choice ('choix' mode only). */
export const choixAgenceBody = z.object({ codeAgence: z.string().trim().min(1).max(50) });
export type ChoixAgenceBody = z.infer<typeof choixAgenceBody>;

/**
 * Response of GET /catalogue/acces (public): what the storefront may show a visitor without an
 * account — the catalogue at all, the prices, ordering.
 */
export const accesBoutique = z.object({
  accesAnonyme: settingValues[SETTING_KEYS.allowAnonymousAccess],
  prixAnonymes: settingValues[SETTING_KEYS.showAnonymousPrices],
  commandeAnonyme: settingValues[SETTING_KEYS.allowAnonymousCommande],
  /** '1': visitors see prices incl. tax first, the shop selling to private customers (visitorsSeeTtcFirst). */
  affichageTTC: z.enum(['0', '1']),
});
export type AccesBoutique = z.infer<typeof accesBoutique>;
