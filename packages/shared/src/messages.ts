// Toasts, empty and loading texts (docs/contract/errors.md), spelled exactly as the contract.

/** The message of any failure the user cannot act on (a 500, a lost connection, an unreadable answer). */
export const CRITICAL_ERROR = 'Erreur critique';

export const TOAST_DURATION_MS = 1500;

export const ERROR_TOASTS = {
  default: 'Erreur critique',
  familly: 'Error fetching familly',
  rootCategories: 'Error fetching root categories',
  articleData: 'Error fetching article data',
  articles: 'Error fetching articles',
  clients: 'Error fetching clients',
  typesClient: 'Error fetching types de client',
  commandes: 'Error fetching commandes',
  saveRegroupement: 'Error saving regroupement',
  forfaitsTransport: 'Error fetching forfaits transport',
  postTranche: 'Error posting tranche',
  typeForfait: 'Error fetching typeForfait',
  deleteForfaitTransport: 'Error deleting forfaitTransport',
  postTransporteur: 'Error posting transporteur',
  deleteTransporteur: 'Error deleting transporteur',
  selectionModeles: 'Error fetching selection modeles',
  dimensionsVariables: 'Error fetching dimensionsVariables',
  statistiques: 'Error fetching statistiques',
  fichiersImportation: 'Error fetching fichiers importation',
  renvoiCommande: 'Error lors du renvoi de la commande',
  menu: 'error getting menu',
} as const;

export const EMPTY_TEXTS = {
  table: 'Aucune donnée à afficher',
  agence: 'Aucune agence correspondante à votre recherche',
  client: 'Aucun client correspondant à votre recherche',
  modele: 'Aucun modèle',
  variante: 'Aucune variante',
  forfait: 'Pas de forfait existant',
} as const;

export const LOADING_TEXT = 'Recherche en cours ...';
