// The customer account page's texts.
export const ACCOUNT_LABELS = {
  title: 'Mon compte',
  orders: 'Mes commandes',
  caption: 'Mes commandes',
  empty: 'Aucune commande pour le moment',
  numero: 'Numéro',
  date: 'Date',
  reference: 'Votre référence',
  amountHT: 'Montant HT',
  amountTTC: 'Montant TTC',
  status: 'Statut',
  payment: 'Règlement',
  orderLink: (numero: string) => `Commande ${numero}`,
  actions: 'Actions',
  reorder: 'Commander à nouveau',
  reorderOf: (numero: string) => `Commander à nouveau la commande ${numero}`,
  goToCart: 'Voir le panier',
  nav: 'Mon compte : rubriques',
  navOrders: 'Mes commandes',
  navAddresses: 'Mes adresses',
  navQuickOrder: 'Commande rapide',
  navPassword: 'Mot de passe',
} as const;

export const ADDRESS_PAGE_LABELS = {
  title: 'Mes adresses de livraison',
  empty: 'Aucune adresse de livraison : ajoutez-en une pour commander.',
  add: 'Ajouter une adresse',
  edit: 'Modifier',
  editOf: (label: string) => `Modifier l’adresse ${label}`,
  remove: 'Supprimer',
  removeOf: (label: string) => `Supprimer l’adresse ${label}`,
  removeTitle: 'Supprimer l’adresse',
  removeQuestion: (label: string) => `Supprimer l’adresse « ${label} » ?`,
  formAdd: 'Nouvelle adresse',
  formEdit: 'Modifier l’adresse',
  label: 'Nom de l’adresse (chantier, dépôt…)',
  isDefault: 'Adresse par défaut',
  defaultBadge: 'Par défaut',
  zone: (zone: string | null) => (zone ? `Zone de livraison : ${zone}` : 'Zone de livraison : tarif général'),
  save: 'Enregistrer',
  cancel: 'Annuler',
  saved: 'Adresse enregistrée',
  deleted: 'Adresse supprimée',
} as const;

export const QUICK_ORDER_LABELS = {
  title: 'Commande rapide',
  intro:
    'Saisissez ou collez une ligne par article : le code, puis la quantité (« PLQ13 10 »). Vous pouvez aussi charger un fichier CSV « code;quantité ».',
  introVariants:
    'Une déclinaison se désigne par le code de l’article, un point et le code de la déclinaison (« 100234.02 5 »). Un article vendu à la découpe prend le nombre de pièces puis les dimensions d’une pièce séparées par « x », en mètres pour les longueurs (« PARQ 4 2,5x1,2 »).',
  lines: 'Lignes « code quantité »',
  file: 'Fichier CSV',
  check: 'Vérifier',
  addAll: 'Tout ajouter au panier',
  caption: 'Lignes de la commande rapide',
  code: 'Code',
  designation: 'Désignation',
  quantity: 'Quantité',
  price: 'Prix HT',
  stock: 'Stock',
  state: 'État',
  unknown: 'Code article inconnu',
  ok: 'Prêt',
  unreadable: (line: number, reason: string) => `Ligne ${line} : ${reason}`,
  nothing: 'Aucune ligne à vérifier',
} as const;

export const PASSWORD_LABELS = {
  title: 'Changer mon mot de passe',
  submit: 'Changer le mot de passe',
} as const;

export const RECENTLY_ORDERED_LABELS = {
  title: 'Commandé récemment',
} as const;
