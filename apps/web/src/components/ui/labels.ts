// French labels of the UI kit's own controls (the screens' texts live in @comptoir/shared/messages).
export const CLOSE_LABEL = 'Fermer';
export const PAGINATION_LABELS = {
  nav: 'Pagination',
  previous: 'Page précédente',
  next: 'Page suivante',
  page: (page: number) => `Page ${page}`,
} as const;
