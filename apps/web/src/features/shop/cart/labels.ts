// The cart page's texts, and those of its site tag (chantier) widget.
export const CART_LABELS = {
  title: 'Panier',
  empty: 'Votre panier est vide',
  caption: 'Lignes du panier',
  article: 'Article',
  quantity: 'Quantité',
  unitPrice: 'Prix unitaire HT',
  amount: 'Montant HT',
  siteTag: 'Chantier',
  actions: 'Actions',
  totalHT: 'Total HT',
  totalTVA: 'TVA',
  totalTTC: 'Total TTC',
  totals: 'Totaux du panier',
  order: 'Commander',
  byTag: 'Produits par chantier',
  noTag: 'Aucune ligne n’est rattachée à un chantier',
  pricesNote: 'Vos prix hors taxes',
  invalidQuantity: 'La quantité doit être supérieure à 0',
  quantityLabel: (designation: string) => `Quantité : ${designation}`,
  remove: (designation: string) => `Retirer ${designation} du panier`,
} as const;

export const SITE_TAG_LABELS = {
  none: 'Aucun chantier',
  newTag: 'Nouveau chantier',
  add: 'Ajouter',
  cancel: 'Annuler',
  selectLabel: (designation: string) => `Chantier : ${designation}`,
  nameLabel: (designation: string) => `Nom du nouveau chantier : ${designation}`,
  newTagLabel: (designation: string) => `Nouveau chantier : ${designation}`,
} as const;
