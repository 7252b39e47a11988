// Texts of the payment validation page that @comptoir/shared/orders/labels does not hold (ours).
export const PAYMENT_PAGE_TEXTS = {
  order: 'Commande',
  numero: 'N° de commande',
  date: 'Date',
  refClient: 'Référence client',
  amounts: 'Montants',
  montantHT: 'Montant HT',
  montantTVA: 'TVA',
  montantTTC: 'Montant TTC',
  fraisPort: 'Frais de port',
  payment: 'Règlement',
  modeReglement: 'Mode de règlement',
  etatPaiement: 'État du paiement',
  cancel: 'Annuler',
  confirmButton: 'Confirmer',
  confirmQuestion: (numero: string) => `Confirmez-vous avoir reçu le paiement de la commande ${numero} ?`,
} as const;
