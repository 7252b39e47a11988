// The category menu's texts.
export const MENU_LABELS = {
  nav: 'Catégories',
  subFamilies: 'Sous-familles',
  /** The phone's menu button and its drawer. */
  button: 'Menu des catégories',
  close: 'Fermer le menu',
  subFamiliesOf: (family: string) => `Sous-familles : ${family}`,
  noSubFamily: 'Pas de sous-famille',
  loading: 'Chargement…',
} as const;
