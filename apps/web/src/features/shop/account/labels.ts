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
} as const;
