import { z } from 'zod';

/** A family of the sales plan as the storefront shows it. */
export const categorie = z.object({
  code: z.string(),
  libelle: z.string(),
  lien: z.string(),
  nbArticles: z.number().int(),
});
export type Categorie = z.infer<typeof categorie>;
export const categorieList = z.array(categorie);
