// The pick lists of GET /openweb/admin/admin_liste (contract.ts describes the contract).
import { z } from 'zod';
import { valLibList } from '../reference';
import { blankToUndefined, optionalText } from './contract-fields';

/** Largest number of rows GET /openweb/admin/admin_liste returns. */
export const ADMIN_LIST_LIMIT = 50;

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
