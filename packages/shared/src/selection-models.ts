// Article-selection models (docs/contract/article-selection-models.md): a named set of families and
// articles of the sales plan. Calls under /admin/selectionModele/.
import { z } from 'zod';
import { articleCard, lienFamille } from './catalogue';
import { idNumber, idParam } from './validation';

/** The screen's name, in the back-office navigation and on its page. */
export const SELECTION_MODELS_TITLE = 'Modèles de sélection';

/** Models per page of the list. */
export const SELECTION_MODEL_PAGE_SIZE = 20;

export const SELECTION_MODEL_MESSAGES = {
  nameRequired: 'Veuillez spécifier le nom de la sélection',
  notFound: 'Modèle introuvable',
  deleted: 'Modèle supprimé',
  unknownFamily: (code: string) => `Famille inconnue : ${code}`,
  unknownArticle: (code: string) => `Article inconnu ou désactivé : ${code}`,
} as const;

/** An item of a selection: a family or an article (type 'famille' or 'article'). */
export const selectionItem = z.object({ code: z.string(), libelle: z.string(), type: z.string() });
export type SelectionItem = z.infer<typeof selectionItem>;

export const selectionModel = z.object({
  id: z.number().int(),
  nom: z.string(),
  selection: z.object({ famille: z.array(selectionItem), article: z.array(selectionItem) }),
});
export type SelectionModel = z.infer<typeof selectionModel>;

const itemBody = z.object({
  code: z.string().trim().min(1).max(50),
  libelle: z.string().max(300).optional(),
  type: z.string().max(20).optional(),
});

/** POST /admin/selectionModele/post: id null or absent creates; labels are read again from the catalogue. */
export const selectionModelBody = z.object({
  id: idNumber().nullish(),
  nom: z
    .string({ error: SELECTION_MODEL_MESSAGES.nameRequired })
    .trim()
    .min(1, { error: SELECTION_MODEL_MESSAGES.nameRequired })
    .max(200),
  selection: z
    .object({
      famille: z.array(itemBody).max(500).default([]),
      article: z.array(itemBody).max(500).default([]),
    })
    .default({ famille: [], article: [] }),
});
export type SelectionModelBody = z.infer<typeof selectionModelBody>;
export type SelectionModelBodyInput = z.input<typeof selectionModelBody>;

export const selectionModelPageQuery = z.object({
  page: z.coerce.number().int().min(0).max(100_000).default(0),
});
export const selectionModelIdQuery = z.object({ id: idParam() });
export const selectionModelList = z.object({ list: z.array(selectionModel), pages: z.number().int() });
export type SelectionModelList = z.infer<typeof selectionModelList>;
export const selectionModelMessage = z.object({ message: z.string() });

/**
 * GET /catalogue/selection: the storefront's promotion block, the latest model (highest id) with its
 * families as links and its active articles as tiles; null when there is no model.
 */
export const selectionVitrine = z
  .object({ nom: z.string(), familles: z.array(lienFamille), articles: z.array(articleCard) })
  .nullable();
export type SelectionVitrine = z.infer<typeof selectionVitrine>;
