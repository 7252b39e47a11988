// The limits of an import and what the pipeline says, in French (docs/import-erp.md).
import { CSV_MAX_LINE_BYTES, groupDigits } from '../csv';
import { IMPORT_FORMAT_VERSIONS_READ } from './format';

/**
 * The default limits of an import (docs/import-erp.md, Limits), each far above what an ERP sends: a
 * row of the widest kind is a few KB; a daily file a few hundred MB; CSV deflates 5 to 20 times.
 */
export const IMPORT_LIMIT_DEFAULTS = {
  /** IMPORT_MAX_LINE_BYTES: one CSV record, in UTF-8 bytes. */
  maxLineBytes: CSV_MAX_LINE_BYTES,
  /** IMPORT_MAX_ENTRY_BYTES: one CSV file or ZIP entry, inflated. */
  maxEntryBytes: 2 * 1024 ** 3,
  /** IMPORT_MAX_ZIP_RATIO: inflated size / compressed size of a ZIP entry (above 1 MiB inflated). */
  maxZipRatio: 200,
} as const;

export const IMPORT_MESSAGES = {
  unknownKind:
    'type de fichier inconnu : le nom doit commencer par agences, familles, unites, articles, declinaisons, stocks, clients, adresses, etats, tarifs ou documents, ou la première ligne être COMPTOIR-IMPORT;<type>;3',
  badVersion: `version de format non prise en charge (${IMPORT_FORMAT_VERSIONS_READ.join(' ou ')} attendue)`,
  empty: 'fichier vide : une ligne d’en-tête est attendue',
  missingColumn: (name: string) => `colonne obligatoire absente de l’en-tête : ${name}`,
  duplicateColumn: (name: string) => `colonne en double dans l’en-tête : ${name}`,
  fieldCount: (expected: number, got: number) => `${expected} champs attendus, ${got} trouvés`,
  duplicateKey: (firstLine: number) => `ligne en double (même clé qu’à la ligne ${firstLine})`,
  badZip: 'archive ZIP illisible',
  /** The job's message when a CSV line passes the limit: `ligne 2 : plus de … (limite …)`. */
  atLine: (line: number, reason: string) => `ligne ${line} : ${reason}`,
  entryTooLarge: (maxBytes: number) =>
    `plus de ${groupDigits(maxBytes)} octets une fois décompressé (limite IMPORT_MAX_ENTRY_BYTES) : fichier refusé`,
  zipBomb: (ratio: number, maxRatio: number) =>
    `se décompresse en ${groupDigits(ratio)} fois sa taille compressée (limite IMPORT_MAX_ZIP_RATIO : ${maxRatio}) : refusé comme bombe ZIP`,
  unsafeEntryPath:
    'entrée refusée : chemin hors du dossier (absolu, avec .. ou \\) ; les autres fichiers de l’archive sont importés',
  symlink: 'fichier refusé : lien symbolique (il n’est pas suivi)',
  notRegularFile: 'fichier refusé : ce n’est pas un fichier ordinaire',
  interruptedTwice:
    'import interrompu deux fois (le serveur s’est arrêté pendant chaque essai) : fichier mis de côté en .err',
  fileGone: 'fichier introuvable : l’import en cours ne peut pas se terminer',
  zipEntry: (name: string) => `fichier de l’archive ignoré : ${name} n’est pas un .csv`,
  emptyZip: 'l’archive ne contient aucun fichier .csv',
  unknownFamily: 'famille inconnue',
  unknownParent: 'famille parente inconnue (elle doit exister ou venir plus haut dans le fichier)',
  tooDeep: 'le plan de vente a 4 niveaux au maximum',
  ownParent: 'une famille ne peut pas être sa propre parente',
  rootWithoutActivity: 'une famille racine doit avoir une activité (code_activite)',
  unknownActivity: 'activité inconnue : donnez libelle_activite pour la créer',
  unknownArticle: 'article inconnu',
  unknownVariant: 'déclinaison inconnue',
  unknownAgency: 'agence inconnue',
  unknownCustomer: 'client inconnu',
  unknownType: 'type de client inconnu : donnez libelle_type pour le créer',
  unknownCustomerType: 'type de client inconnu',
  unknownZone: 'zone inconnue',
  unknownOrder: 'commande inconnue',
  subtreeTooDeep:
    'avec ses sous-familles, la famille dépasserait le 4e niveau du plan de vente (ou serait rangée sous une de ses sous-familles)',
  oneOf: (columns: string) => `une et une seule valeur attendue parmi ${columns}`,
  priceWithoutValue: 'prix_net ou remise attendu (sauf pour actif 0)',
  missingPdf: (name: string) => `PDF absent de l’archive : ${name}`,
  notPdf: (name: string) => `le fichier ${name} n’est pas un PDF`,
  pdfTooLarge: (name: string) => `PDF trop volumineux (20 Mo au maximum) : ${name}`,
  interrupted: 'import interrompu (serveur arrêté) : le fichier a été remis dans la file',
  unexpected: 'Erreur critique',
} as const;
