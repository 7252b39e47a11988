// The search box's and the results page's texts; their messages come from @comptoir/shared/search.
export const SEARCH_LABELS = {
  input: 'Rechercher un produit',
  placeholder: 'Rechercher un produit, une référence…',
  results: 'Résultats de la recherche',
  noArticle: 'Aucun article trouvé',
  articles: 'Articles',
  categories: 'Catégories',
  reference: (code: string) => `Réf. ${code}`,
  /** '12,50 € HT / Sac'. */
  allResults: (count: number) => `Voir tous les résultats (${count})`,
  pageTitle: 'Recherche',
  pageTitleFor: (text: string) => `Résultats pour « ${text} »`,
  found: (count: number) => `${count} article${count > 1 ? 's' : ''} trouvé${count > 1 ? 's' : ''}`,
} as const;
