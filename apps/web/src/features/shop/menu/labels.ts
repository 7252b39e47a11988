// The category menu's texts.
export const MENU_LABELS = {
  nav: 'Catégories',
  subFamilies: 'Sous-familles',
} as const;
