// The checkout page's texts.
export const CHECKOUT_LABELS = {
  title: 'Commande',
  address: 'Adresse de livraison',
  noAddress: 'Aucune adresse de livraison : contactez votre agence pour en ajouter une',
  carrier: 'Transporteur',
  noCarrier: 'Aucun transporteur disponible',
  /** The heading of the carriers that cost the same: said once for all of them. */
  carrierPrice: (fee: string | null, count: number) =>
    `${fee === null ? 'Gratuit' : `${fee} HT`}${count > 1 ? ', quel que soit le transporteur ci-dessous' : ''}`,
  free: 'Gratuit',
  payment: 'Mode de règlement',
  cardHosted:
    'Vous réglerez sur la page sécurisée de notre prestataire de paiement : votre numéro de carte n’est jamais saisi ni conservé sur ce site.',
  redirecting: 'Redirection vers la page de paiement…',
  reference: 'Votre référence',
  referenceHint: 'Facultative, reprise sur la commande',
  summary: 'Récapitulatif',
  lines: 'Articles HT',
  fee: 'Frais de port HT',
  totalHT: 'Total HT',
  totalTVA: 'TVA',
  totalTTC: 'Total TTC',
  submit: 'Valider la commande',
  backToCart: 'Retour au panier',
  emptyCart: 'Votre panier est vide',
  backHome: "Retour à l'accueil",
} as const;
