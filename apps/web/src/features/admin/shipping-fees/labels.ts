// The fee screen's own labels (SPEC.md §2.3 names the buttons and modals; the rest is ours). Messages
// and toasts come from @comptoir/shared (FEE_MESSAGES, TRANCHE_MESSAGES, ERROR_TOASTS, EMPTY_TEXTS).
import type { TypeForfait } from '@comptoir/shared/shipping/contract';

export const FEE_TYPE_LABELS: Record<TypeForfait, string> = {
  poids: 'Poids (kg)',
  montant: 'Montant (€ HT)',
};

/** The unit of a tranche's start and interval (SPEC.md §2.3: Kg for weight, otherwise €). */
export const trancheUnit = (type: TypeForfait | null | undefined) => (type === 'poids' ? 'Kg' : '€');

export const FEE_LABELS = {
  title: 'Forfaits de transport',
  type: {
    heading: 'Type de forfait',
    current: 'Type de forfait en vigueur :',
    change: 'Changer de type',
    changeTitle: 'Changer de type de forfait de transport',
    choice: 'Nouveau type de forfait',
    changeWarning:
      'Les forfaits dont la tranche est de l’autre type seront supprimés ; les tranches sont conservées.',
    confirm: 'Valider',
    reset: "Supprimer l'ensemble des forfaits existants",
    resetTitle: 'Supprimer tous les forfaits de transport',
    resetWarning:
      'Tous les forfaits de transport seront supprimés, de tous les types ; les transporteurs liés à un forfait perdront ce lien.',
    resetConfirm: 'Tout supprimer',
  },
  form: {
    heading: 'Ajouter un forfait',
    agence: 'Agence',
    agencePlaceholder: 'Toutes les agences (valeurs par défaut)',
    zone: 'Zone',
    zonePlaceholder: 'Toutes les zones',
    noZone: 'Aucune zone correspondante',
    categorie: 'Plan de vente',
    categoriePlaceholder: 'Aucun',
    noCategorie: 'Aucune famille correspondante',
    tranche: 'Tranche',
    tranchePlaceholder: 'Choisir une tranche',
    noTranche: 'Aucune tranche : ajoutez-en une',
    addTranche: 'Ajouter Tranche',
    montant: 'Montant (€)',
    franco: 'Franco (€)',
    francoPlaceholder: 'Aucun',
    submit: 'AJOUTER',
    saved: 'Forfait enregistré',
  },
  tranche: {
    title: 'Ajouter une tranche',
    libelle: 'Libellé',
    debut: (unit: string) => `Début (${unit})`,
    progressive: 'Progressive',
    progressiveHelp: 'Le montant est compté par intervalle entamé au-delà du début',
    interval: (unit: string) => `Interval (${unit})`,
    cancel: 'Annuler',
    submit: 'Ajouter',
  },
  schedule: {
    heading: 'Forfaits existants',
    defaults: 'Valeurs par défaut (toutes agences)',
    agence: (label: string) => `Agence : ${label}`,
    zone: (label: string) => `Zone : ${label}`,
    categorie: (label: string) => `Plan de vente : ${label}`,
    columns: {
      tranche: 'Tranche',
      debut: 'Début',
      montant: 'Montant (€)',
      franco: 'Franco (€)',
      actions: 'Actions',
    },
    montant: (id: number) => `Montant du forfait n°${id}`,
    franco: (id: number) => `Franco du forfait n°${id}`,
    validate: 'valider',
    validateLabel: (id: number) => `valider le forfait n°${id}`,
    remove: (id: number) => `Supprimer le forfait n°${id}`,
    removeTitle: 'Supprimer le forfait',
    removeQuestion: (id: number, tranche: string) =>
      `Supprimer le forfait n°${id} (tranche « ${tranche} ») ?`,
    removeConfirm: 'Supprimer',
    from: (debut: string) => `dès ${debut}`,
    per: (interval: string) => `par ${interval} entamé`,
  },
  simulator: {
    heading: 'Simulateur',
    intro: 'Décrivez un panier : le simulateur applique le barème en vigueur et explique le calcul.',
    agence: 'Agence du client',
    agencePlaceholder: 'Aucune',
    zone: 'Zone de livraison',
    zonePlaceholder: 'Inconnue',
    carrier: 'Transporteur',
    carrierPlaceholder: 'Aucun',
    inactive: 'inactif',
    line: (n: number) => `Ligne ${n}`,
    family: 'Plan de vente',
    familyPlaceholder: 'Aucun',
    weight: 'Poids (kg)',
    amount: 'Montant (€ HT)',
    addLine: 'Ajouter une ligne',
    removeLine: (n: number) => `Retirer la ligne ${n}`,
    submit: 'Simuler',
    result: 'Résultat de la simulation',
    fee: 'Frais de port',
    parts: 'Détail du calcul',
    notes: 'Remarques',
  },
} as const;
