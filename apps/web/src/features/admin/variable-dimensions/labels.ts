// The variable-dimensions screen's own labels (docs/contract/variable-dimensions-and-articles-cut-to-size.md, "Variable dimensions and articles cut to
// size"). Dimension names and messages come from @comptoir/shared/dimensions.
export const VARIABLE_DIMENSION_LABELS = {
  title: 'Choisir les dimensions variables pour chaque unité',
  subtitle: 'Pour un article vendu dans une de ces unités, le client indique les dimensions cochées.',
  caption: 'Dimensions variables par unité',
  add: 'Ajouter une nouvelle unité',
  save: 'Enregistrer',
  validate: 'Valider',
  cancel: 'Annuler',
  unit: 'Unité',
  remove: 'Supprimer',
  chooseUnit: 'Choisir une unité',
  noUnitLeft: 'Toutes les unités ont déjà une ligne',
  newUnit: (n: number) => `Unité de la nouvelle ligne ${n}`,
  removeLine: (unit: string) => `Supprimer la ligne ${unit}`,
  flag: (dimension: string, unit: string) => `${dimension} variable pour ${unit}`,
  unsaved: 'Modifications non enregistrées',
} as const;
