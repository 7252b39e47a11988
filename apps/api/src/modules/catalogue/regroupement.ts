// A product page's regroupement as its dropdowns show it: the other articles of its grouping and
// their values for the grouping's attributes (a measure or a free attribute).
import type { DbOrTx } from '@comptoir/db/client';
import { articleLink, type MeasureKey, type Regroupement } from '@comptoir/shared/catalogue';
import type { MeasureRow } from './article-columns.repository';
import { MEASURE_SOURCES, numberFormat } from './article-attributes';
import * as repo from './product-page.repository';
import type { GroupingMemberRow, GroupingRow } from './product-page.repository';

/** A member's value for a regroupement attribute: a measure (ERP) or a free attribute (OPT). */
function groupingValue(
  member: GroupingMemberRow,
  attribute: GroupingRow['attributes'][number],
): string | undefined {
  if (attribute.nature === 'ERP') {
    const source = MEASURE_SOURCES[attribute.propriete as MeasureKey] as
      ((row: MeasureRow) => { value: number | null }) | undefined;
    const value = source?.(member).value;
    return value === null || value === undefined
      ? undefined
      : `${numberFormat.format(Number(value))}${attribute.suffixe}`;
  }
  const value = member.attributes[attribute.propriete];
  return value === undefined ? undefined : `${value}${attribute.suffixe}`;
}

/**
 * The regroupement of the article as dropdown data, or null when it has none or when its other
 * members are declinaisons of this same article (the declinaison selector covers them).
 */
export async function regroupementOf(
  db: DbOrTx,
  grouping: repo.GroupingRow | null,
): Promise<Regroupement | null> {
  if (!grouping) return null;
  const members = await repo.groupingMembers(db, grouping.id);
  if (members.length < 2) return null;
  return {
    id: grouping.id,
    titre: grouping.title,
    attributs: grouping.attributes.map(({ propriete, designation }) => ({ propriete, designation })),
    articles: members.map((member) => ({
      HIDDEN_CODE_ARTICLE: member.code,
      designation: member.designation,
      LIEN_FICHE: articleLink(member.code),
      OPTIONS_REGPT: Object.fromEntries(
        grouping.attributes.flatMap((attribute) => {
          const value = groupingValue(member, attribute);
          return value === undefined ? [] : [[attribute.propriete, value]];
        }),
      ),
    })),
  };
}
