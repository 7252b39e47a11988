// The cart page's texts, and those of its site tag (chantier) widget.
export const CART_LABELS = {
  title: 'Panier',
  empty: 'Votre panier est vide',
  caption: 'Lignes du panier',
  article: 'Article',
  quantity: 'Quantité',
  unitPrice: 'Prix unitaire',
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
  pricesNote: (ttcFirst: boolean) =>
    ttcFirst ? 'Vos prix TTC, hors taxes en dessous' : 'Vos prix hors taxes, TTC en dessous',
  invalidQuantity: 'La quantité doit être supérieure à 0',
  quantityLabel: (designation: string) => `Quantité : ${designation}`,
  editCut: 'Modifier la découpe',
  cutToReview: (reason: string) => `Découpe à revoir : ${reason}`,
  applyCut: 'Appliquer',
  cancelCut: 'Annuler',
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
