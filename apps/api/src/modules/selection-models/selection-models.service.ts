// Article-selection models (docs/contract/article-selection-models.md): a named set of families and
// articles. The labels saved are read from the catalogue, never taken from the body, and an unknown
// family or inactive article is refused.
import type { Database, DbOrTx } from '@comptoir/db/client';
import { familyLink } from '@comptoir/shared/catalogue';
import { pageCount } from '@comptoir/shared/pagination';
import {
  SELECTION_MODEL_MESSAGES as M,
  SELECTION_MODEL_PAGE_SIZE,
  type SelectionItem,
  type SelectionModel,
  type SelectionModelBody,
  type SelectionModelList,
  type SelectionVitrine,
} from '@comptoir/shared/selection-models';
import { badRequest, notFound } from '../../errors';
import { articleCards, groupableArticles, type Viewer } from '../catalogue/catalogue.service';
import { familyPath } from '../families/families.service';
import * as repo from './selection-models.repository';
import type { SelectionModelRow } from './selection-models.repository';

const toModel = (row: SelectionModelRow): SelectionModel => ({
  id: row.id,
  nom: row.name,
  selection: { famille: row.families, article: row.articles },
});

export async function listModels(db: DbOrTx, page: number): Promise<SelectionModelList> {
  const [rows, total] = await Promise.all([
    repo.modelPage(db, { offset: page * SELECTION_MODEL_PAGE_SIZE, limit: SELECTION_MODEL_PAGE_SIZE }),
    repo.countModels(db),
  ]);
  return { list: rows.map(toModel), pages: pageCount(total, SELECTION_MODEL_PAGE_SIZE) };
}

export async function getModel(db: DbOrTx, id: number): Promise<SelectionModel> {
  const row = await repo.findModel(db, id);
  if (!row) throw notFound(M.notFound);
  return toModel(row);
}

async function familiesOf(db: DbOrTx, codes: readonly string[]): Promise<SelectionItem[]> {
  const items: SelectionItem[] = [];
  for (const code of new Set(codes)) {
    const family = (await familyPath(db, code)).at(-1);
    if (!family) throw badRequest(M.unknownFamily(code));
    items.push({ code, libelle: family.label, type: 'famille' });
  }
  return items;
}

async function articlesOf(db: DbOrTx, codes: readonly string[]): Promise<SelectionItem[]> {
  const unique = [...new Set(codes)];
  const found = new Map((await groupableArticles(db, unique)).map((article) => [article.key, article]));
  return unique.map((code) => {
    const article = found.get(code);
    if (!article?.active || article.variantCode !== null) throw badRequest(M.unknownArticle(code));
    return { code, libelle: article.designation, type: 'article' };
  });
}

/** Creates (no id) or updates (id) a model; answers it as saved. */
export async function saveModel(db: Database, body: SelectionModelBody): Promise<SelectionModel> {
  return db.transaction(async (tx) => {
    const values = {
      name: body.nom,
      families: await familiesOf(
        tx,
        body.selection.famille.map((item) => item.code),
      ),
      articles: await articlesOf(
        tx,
        body.selection.article.map((item) => item.code),
      ),
    };
    const row = body.id ? await repo.updateModel(tx, body.id, values) : await repo.insertModel(tx, values);
    if (!row) throw notFound(M.notFound);
    return toModel(row);
  });
}

export async function deleteModel(db: Database, id: number): Promise<{ message: string }> {
  if (!(await repo.deleteModel(db, id))) throw notFound(M.notFound);
  return { message: M.deleted };
}

/** The storefront's promotion block: the latest model, its families as links, its active articles as tiles. */
export async function showcase(db: DbOrTx, viewer: Viewer): Promise<SelectionVitrine> {
  const row = await repo.latestModel(db);
  if (!row) return null;
  return {
    nom: row.name,
    familles: row.families.map((family) => ({
      code: family.code,
      libelle: family.libelle,
      lien: familyLink(family.code),
    })),
    articles: await articleCards(
      db,
      row.articles.map((article) => article.code),
      viewer,
    ),
  };
}
