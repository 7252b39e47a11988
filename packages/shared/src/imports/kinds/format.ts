// The format of the ERP's files (docs/import-erp.md): its version, the marker line and the kinds.
/** The format version of docs/import-erp.md. */
export const IMPORT_FORMAT_VERSION = 3;
/**
 * The versions a marker line may name: version 2 added kinds, version 3 the kind `unites` and the
 * articles' quantities, each an addition: version 1 and 2 files read alike.
 */
export const IMPORT_FORMAT_VERSIONS_READ = ['1', '2', '3'] as const;
/** The optional first line that names the kind: `COMPTOIR-IMPORT;articles;1`. */
export const IMPORT_FORMAT_MARKER = 'COMPTOIR-IMPORT';

/** In the order a ZIP's files are imported: a row may refer to what an earlier kind brought. */
export const IMPORT_KINDS = [
  'agences',
  'familles',
  'unites',
  'articles',
  'declinaisons',
  'stocks',
  'clients',
  'adresses',
  'etats',
  'tarifs',
  'documents',
] as const;
export type ImportKind = (typeof IMPORT_KINDS)[number];

export const IMPORT_KIND_LABELS: Record<ImportKind, string> = {
  agences: 'Agences',
  familles: 'Familles (plan de vente)',
  unites: 'Unités de vente',
  articles: 'Articles',
  declinaisons: 'Déclinaisons',
  stocks: 'Stock par agence',
  clients: 'Clients',
  adresses: 'Adresses de livraison',
  etats: 'États des commandes',
  tarifs: 'Prix clients',
  documents: 'Factures et bons de livraison',
};
