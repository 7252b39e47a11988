// The few texts of the orders screen that @comptoir/shared/orders/labels does not hold (ours).
export const ORDERS_SCREEN_TEXTS = {
  clientPlaceholder: 'Nom ou code du client',
  agencePlaceholder: 'Toutes les agences',
  filtersLabel: 'Filtres des commandes',
  cancel: 'Annuler',
  confirmReexport: 'Renvoyer',
  openInNewTab: "(s'ouvre dans un nouvel onglet)",
} as const;
