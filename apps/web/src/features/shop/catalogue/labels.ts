// The catalogue pages' texts (the root categories, a family's page); their messages come from
// @comptoir/shared/catalogue.
import { formatInteger } from '@comptoir/shared/format';

export const CATALOGUE_LABELS = {
  articles: 'Articles',
  subFamilies: 'Sous-familles',
  /** '1 article', '1 234 articles'. */
  articleCount: (count: number) => `${formatInteger(count)} article${count > 1 ? 's' : ''}`,
  /** '12,50 € HT / SAC'. */
  /** The home's promotion block, titled by the selection model's name. */
  selection: (name: string) => `Notre sélection : ${name}`,
} as const;
