// The back office's article calls (the articles module's pickers and measures, the groupings' and
// selection models' options, the home's figure): articles found by words and family, an article's
// measures, its deactivation, and the articles and declinaisons a grouping names, with their options.
import type { DbOrTx } from '@comptoir/db/client';
import { MEASURE_KEYS } from '@comptoir/shared/catalogue';
import { ARTICLE_MESSAGES, type ArticleMeasures, type ArticleOption } from '@comptoir/shared/groupings';
import { notFound } from '../../errors';
import * as repo from './admin-articles.repository';
import { HIDDEN_ATTRIBUTES, MEASURE_SOURCES, numberFormat } from './article-attributes';

/** A page of the active articles (or declinaisons) found by the back office's pickers, and their count. */
export async function findArticles(
  db: DbOrTx,
  search: repo.ArticleSearch,
  page: { offset: number; limit: number },
): Promise<{ rows: repo.ArticleSearchRow[]; total: number }> {
  const [rows, total] = await Promise.all([
    repo.searchArticleRows(db, search, page),
    repo.countArticleRows(db, search),
  ]);
  return { rows, total };
}

/** An article's measures (active or not); 404 when unknown. */
export async function articleMeasures(db: DbOrTx, code: string): Promise<ArticleMeasures> {
  const row = await repo.findArticleMeasures(db, code);
  if (!row) throw notFound(ARTICLE_MESSAGES.notFound);
  return {
    codeArticle: row.code,
    designation1: row.designation,
    actif: row.active,
    longueur: row.length,
    largeur: row.width,
    hauteur: row.height,
    densite: row.density,
    poids: row.weight,
    diametre: row.diameter,
    contenance: row.capacity,
    uniteDimensions: row.dimensionUnit,
    unitePoids: row.weightUnit,
  };
}

/** Deactivates an article (the ERP stays its master: nothing is deleted); false when unknown. */
export const deactivateArticle = (db: DbOrTx, code: string): Promise<boolean> =>
  repo.deactivateArticle(db, code);

/** The options of an article or declinaison (key 'code' or 'code.declinaison'), as groupings offer them. */
function optionsOf(row: repo.OptionSourceRow, variantCode: string | null): ArticleOption[] {
  const variant = variantCode === null ? undefined : row.variants.find((v) => v.code === variantCode);
  const free = { ...row.attributes, ...(variant?.options ?? {}) };
  const measures = MEASURE_KEYS.flatMap((key): ArticleOption[] => {
    const { value, unit } = MEASURE_SOURCES[key](row);
    return value === null
      ? []
      : [{ propriete: key, nature: 'ERP', valeur: numberFormat.format(Number(value)), unite: unit }];
  });
  const others = Object.entries(free)
    .filter(([key]) => !HIDDEN_ATTRIBUTES.has(key))
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([key, value]): ArticleOption => ({ propriete: key, nature: 'OPT', valeur: value, unite: '' }));
  return [...measures, ...others];
}

/** Splits a grouping key: 'code' or 'code.declinaison' (the article code is before the first dot). */
export function splitArticleKey(key: string): { code: string; variantCode: string | null } {
  const dot = key.indexOf('.');
  return dot < 0
    ? { code: key, variantCode: null }
    : { code: key.slice(0, dot), variantCode: key.slice(dot + 1) };
}

export interface GroupableArticle {
  key: string;
  code: string;
  variantCode: string | null;
  designation: string;
  active: boolean;
  options: ArticleOption[];
}

/**
 * The articles and declinaisons named by their keys, with their designation and options; unknown
 * keys (article or declinaison) are left out.
 */
export async function groupableArticles(db: DbOrTx, keys: readonly string[]): Promise<GroupableArticle[]> {
  const parsed = keys.map((key) => ({ key, ...splitArticleKey(key) }));
  const rows = await repo.articleOptionSources(db, [...new Set(parsed.map((item) => item.code))]);
  const byCode = new Map(rows.map((row) => [row.code, row]));
  return parsed.flatMap(({ key, code, variantCode }) => {
    const row = byCode.get(code);
    if (!row) return [];
    const variant = variantCode === null ? null : row.variants.find((v) => v.code === variantCode);
    if (variant === undefined) return [];
    return [
      {
        key,
        code,
        variantCode,
        designation: variant?.designation ?? row.designation,
        active: row.active,
        options: optionsOf(row, variantCode),
      },
    ];
  });
}
