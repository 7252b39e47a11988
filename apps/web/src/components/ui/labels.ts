// French labels of the UI kit's own controls (a screen's texts live in its feature's labels.ts or in
// @comptoir/shared).
export const CLOSE_LABEL = 'Fermer';
export const PASSWORD_TOGGLE_LABEL = 'Afficher ou masquer le mot de passe';
export const PAGINATION_LABELS = {
  nav: 'Pagination',
  previous: 'Page précédente',
  next: 'Page suivante',
  page: (page: number) => `Page ${page}`,
} as const;
export const LOADING_LABEL = 'Chargement en cours';
export const BREADCRUMB_LABEL = "Fil d'Ariane";
/** The accessible name of a picker's clear button. */
export const clearLabel = (field: string) => `Effacer ${field}`;
export const ARTICLE_TILE_LABELS = {
  reference: (code: string) => `Réf. ${code}`,
  severalVariants: ' · plusieurs déclinaisons',
} as const;
export const SALES_PLAN_TREE_LABELS = {
  loading: 'Chargement du plan de vente',
  previousArticles: 'Articles précédents',
  nextArticles: 'Articles suivants',
  articlePage: (page: number, pages: number) => `${page} / ${pages}`,
} as const;
export const ARTICLE_PICKER_LABELS = {
  title: 'Sélection des articles',
  search: 'Rechercher un article',
  searchPlaceholder: 'recherche',
  tree: 'Plan de vente',
  results: 'Articles trouvés',
  selection: 'VOTRE SELECTION',
  emptySelection: 'Aucun article sélectionné',
  hint: 'Choisissez une famille ou tapez une recherche.',
  add: (name: string) => `Ajouter ${name}`,
  remove: (name: string) => `Retirer ${name}`,
  cancel: 'Annuler',
  confirm: 'Valider la sélection',
  taken: (title: string) => `Déjà dans le regroupement « ${title} »`,
} as const;
export const ADDRESS_LABELS = {
  line1: 'Adresse',
  line2: 'Complément d’adresse',
  line2Hint: 'Facultatif : bâtiment, étage, digicode…',
  postalCode: 'Code postal',
  city: 'Ville',
} as const;
export const LIST_CONTROLS_LABELS = {
  region: 'Trier et filtrer',
  sort: 'Trier par',
  inStock: 'En stock dans mon agence',
  priceMin: 'Prix min. HT (€)',
  priceMax: 'Prix max. HT (€)',
  applyPrices: 'Appliquer',
  clear: 'Effacer les filtres',
  value: (value: string, count: number) => `${value} (${count})`,
} as const;
export const QUICK_ADD_LABELS = {
  quantity: (designation: string) => `Quantité de ${designation}`,
  add: 'Ajouter',
  addNamed: (designation: string) => `Ajouter au panier : ${designation}`,
  chooseVariant: 'Choisir une déclinaison',
} as const;
export const PASSWORD_FIELDS_LABELS = {
  current: 'Mot de passe actuel',
  next: 'Nouveau mot de passe',
  nextHint: '10 caractères au moins, sans votre identifiant',
} as const;
export const QUANTITY_INPUT_LABELS = {
  invalid: 'Quantité invalide',
  tooLarge: 'Quantité trop grande',
} as const;
export const ADD_TO_CART_LABELS = {
  added: 'Article ajouté au panier',
} as const;
