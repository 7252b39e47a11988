// The payment validation page's own texts; its title, button and messages come from
// @comptoir/shared/orders/labels.
export const PAYMENT_PAGE_LABELS = {
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
