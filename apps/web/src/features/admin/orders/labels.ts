// The orders screen's own texts; the contract's column titles, actions and messages come from
// @comptoir/shared/orders/labels.
export const ORDERS_LABELS = {
  customerPlaceholder: 'Nom ou code du client',
  agencyPlaceholder: 'Toutes les agences',
  filtersLabel: 'Filtres des commandes',
  cancel: 'Annuler',
  confirmReexport: 'Renvoyer',
  openInNewTab: "(s'ouvre dans un nouvel onglet)",
} as const;
