// Variant groupings (regroupements; docs/contract/variant-groupings-and-the-article-calls.md, Variant groupings): the paged list, save and delete,
// with the rules the screen applies too (at least 2 articles, 2 attributes at most for type '0', a
// master among the articles, an article in one grouping at most). Articles are keyed by code or
// 'code.declinaison'; their designations and options come from the catalogue service.
import type { Database, DbOrTx } from '@comptoir/db/client';
import {
  articleKeyOf,
  availableAttributes,
  groupingAttributesRefusal,
  groupingTypeRefusal,
  GROUPING_MESSAGES,
  GROUPING_MIN_ARTICLES,
  GROUPING_PAGE_SIZE,
  type GroupingAttribute,
  type RegroupementBody,
  type RegroupementDetail,
  type RegroupementsResponse,
} from '@comptoir/shared/groupings';
import { pageCount } from '@comptoir/shared/pagination';
import { badRequest, conflict, notFound } from '../../errors';
import { groupableArticles, type GroupableArticle } from '../catalogue/catalogue.service';
import * as repo from './groupings.repository';
import type { GroupingRow, MemberRow } from './groupings.repository';

const keyOfMember = (member: Pick<MemberRow, 'articleCode' | 'variantCode'>) =>
  articleKeyOf({ codeArticle: member.articleCode, codeDeclinaison: member.variantCode || null });

function toDetail(
  row: GroupingRow,
  members: readonly MemberRow[],
  articles: ReadonlyMap<string, GroupableArticle>,
): RegroupementDetail {
  const chosen = members.flatMap((member) => {
    const article = articles.get(keyOfMember(member));
    return article ? [article] : [];
  });
  return {
    id: row.id,
    type: row.type,
    articleMaitre: { codeArticle: row.masterArticleCode, codeDeclinaison: row.masterVariantCode || null },
    titre: row.title,
    canonicalTag: row.canonicalTag,
    libelle: row.label,
    articles: chosen.map((article) => ({
      codeArticle: article.code,
      codeDeclinaison: article.variantCode,
      designation1: article.designation,
    })),
    attributs: row.attributes,
    availableAttributs: availableAttributes(
      chosen.map((article) => ({ article: article.key, options: article.options })),
    ),
  };
}

async function detailsOf(db: DbOrTx, rows: readonly GroupingRow[]): Promise<RegroupementDetail[]> {
  const members = await repo.membersOf(
    db,
    rows.map((row) => row.id),
  );
  const articles = await groupableArticles(db, [...new Set(members.map(keyOfMember))]);
  const byKey = new Map(articles.map((article) => [article.key, article]));
  return rows.map((row) =>
    toDetail(
      row,
      members.filter((member) => member.groupingId === row.id),
      byKey,
    ),
  );
}

export async function listGroupings(db: DbOrTx, page: number): Promise<RegroupementsResponse> {
  const [rows, total] = await Promise.all([
    repo.groupingPage(db, { offset: page * GROUPING_PAGE_SIZE, limit: GROUPING_PAGE_SIZE }),
    repo.countGroupings(db),
  ]);
  return { list: await detailsOf(db, rows), pages: pageCount(total, GROUPING_PAGE_SIZE) };
}

/** The checked attributes, each among those offered (defaults filled in), each once. */
function checkedAttributes(
  body: RegroupementBody['attributs'],
  offered: readonly GroupingAttribute[],
): GroupingAttribute[] {
  const result: GroupingAttribute[] = [];
  for (const attribute of body) {
    const match = offered.find(
      (candidate) => candidate.propriete === attribute.propriete && candidate.nature === attribute.nature,
    );
    if (!match) throw badRequest(GROUPING_MESSAGES.unknownAttribute(attribute.propriete));
    if (result.some((kept) => kept.propriete === match.propriete && kept.nature === match.nature)) continue;
    result.push({
      ...match,
      affichage: attribute.affichage,
      designation: attribute.designation || match.designation,
      suffixe: attribute.suffixe ?? match.suffixe,
    });
  }
  return result;
}

/** Creates (id null, POST) or updates (id, PUT) a grouping; answers it as saved. */
export async function saveGrouping(
  db: Database,
  body: RegroupementBody,
  mode: 'create' | 'update',
): Promise<RegroupementDetail> {
  if (mode === 'create' && body.id) throw badRequest(GROUPING_MESSAGES.idForbidden);
  if (mode === 'update' && !body.id) throw badRequest(GROUPING_MESSAGES.idRequired);
  const keys = [...new Set(body.articles.map(articleKeyOf))];
  if (keys.length < GROUPING_MIN_ARTICLES) throw badRequest(GROUPING_MESSAGES.tooFewArticles);
  const typeRefusal = groupingTypeRefusal(body.type, body.attributs.length);
  if (typeRefusal) throw badRequest(typeRefusal);
  const masterKey = articleKeyOf(body.articleMaitre);
  if (!keys.includes(masterKey)) throw badRequest(GROUPING_MESSAGES.masterNotAmongArticles);

  const id = await db.transaction(async (tx) => {
    await repo.lockGroupings(tx);
    if (mode === 'update' && !(await repo.findGrouping(tx, body.id!)))
      throw notFound(GROUPING_MESSAGES.notFound);
    const found = new Map((await groupableArticles(tx, keys)).map((article) => [article.key, article]));
    const chosen = keys.map((key) => {
      const article = found.get(key);
      if (!article?.active) throw badRequest(GROUPING_MESSAGES.unknownArticle(key));
      return article;
    });
    const offered = availableAttributes(
      chosen.map((article) => ({ article: article.key, options: article.options })),
    );
    const attributes = checkedAttributes(body.attributs, offered);
    const refusal = groupingAttributesRefusal(body.type, attributes);
    if (refusal) throw badRequest(refusal);
    const holder = await repo.otherGroupingHolding(
      tx,
      [...new Set(chosen.map((article) => article.code))],
      body.id ?? null,
    );
    if (holder) throw conflict(GROUPING_MESSAGES.alreadyGrouped(holder.articleCode, holder.title));
    const master = found.get(masterKey)!;
    const values = {
      title: body.titre || master.designation,
      canonicalTag: body.canonicalTag,
      label: body.libelle,
      type: body.type,
      masterArticleCode: master.code,
      masterVariantCode: master.variantCode ?? '',
      attributes,
    };
    const saved =
      mode === 'create'
        ? await repo.insertGrouping(tx, values)
        : await repo.updateGrouping(tx, body.id!, values);
    if (!saved) throw notFound(GROUPING_MESSAGES.notFound);
    await repo.replaceMembers(
      tx,
      saved.id,
      chosen.map((article) => ({ articleCode: article.code, variantCode: article.variantCode ?? '' })),
    );
    return saved.id;
  });
  const row = await repo.findGrouping(db, id);
  const [detail] = await detailsOf(db, row ? [row] : []);
  if (!detail) throw notFound(GROUPING_MESSAGES.notFound);
  return detail;
}

export async function deleteGrouping(db: Database, id: number): Promise<{ message: string }> {
  if (!(await repo.deleteGrouping(db, id))) throw notFound(GROUPING_MESSAGES.notFound);
  return { message: GROUPING_MESSAGES.deleted };
}

/**
 * Takes a deactivated article out of every grouping, in the caller's transaction: a grouping left with
 * fewer than 2 articles is deleted, one whose master it was gets its first remaining article as master.
 */
export async function removeArticleFromGroupings(
  tx: DbOrTx,
  articleCode: string,
): Promise<{ changed: number; deleted: number }> {
  await repo.lockGroupings(tx);
  const ids = await repo.removeArticleMembers(tx, articleCode);
  let deleted = 0;
  for (const id of ids) {
    if ((await repo.countMembers(tx, id)) < GROUPING_MIN_ARTICLES) {
      await repo.deleteGrouping(tx, id);
      deleted++;
    } else {
      const grouping = await repo.findGrouping(tx, id);
      if (grouping?.masterArticleCode === articleCode) await repo.setFirstMemberAsMaster(tx, id);
    }
  }
  return { changed: ids.length - deleted, deleted };
}

/** The grouping each of these articles already belongs to (an article is in one at most), by code. */
export async function groupingsOfArticles(
  db: DbOrTx,
  articleCodes: readonly string[],
): Promise<Map<string, { id: number; titre: string }>> {
  const rows = await repo.groupingsHolding(db, articleCodes);
  return new Map(rows.map((row) => [row.articleCode, { id: row.id, titre: row.title }]));
}
