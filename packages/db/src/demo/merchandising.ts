// A few regroupements, article-selection models and variable dimensions built on the demo catalogue.
import { foldText } from '@comptoir/shared/text';
import type { GroupingAttribute, SelectionItem } from '../schema';
import { articleAt, articleIndexOf, combinationOf, FAMILIES, LEAVES, type DemoArticle } from './catalogue';

export interface GroupingRow {
  id: number;
  title: string;
  canonicalTag: string;
  label: string | null;
  type: string;
  masterArticleCode: string;
  masterVariantCode: string;
  attributes: GroupingAttribute[];
  createdAt: Date;
  updatedAt: Date;
}
export interface GroupingArticleRow {
  groupingId: number;
  articleCode: string;
  variantCode: string;
  position: number;
}

/**
 * Groupings by measures (ERP attributes): one name and brand of a leaf in its different formats, with one
 * or two measures (a grouping of type 0 takes two at most).
 */
const MEASURE_GROUPINGS: readonly (readonly [
  leafLabel: string,
  attributes: readonly (readonly [attribute: string, designation: string, suffix: string])[],
])[] = [
  ['BA13 standard', [['longueur', 'Longueur', ' mm']]],
  ['Fers à béton', [['diametre', 'Diamètre', ' mm']]],
  ['Tubes cuivre', [['diametre', 'Diamètre', ' mm']]],
  ['Chauffe-eau électriques', [['contenance', 'Contenance', ' l']]],
  [
    'Parpaings creux',
    [
      ['largeur', 'Largeur', ' cm'],
      ['poids', 'Poids', ' kg'],
    ],
  ],
  [
    'Dalles de terrasse',
    [
      ['longueur', 'Longueur', ' cm'],
      ['largeur', 'Largeur', ' cm'],
    ],
  ],
];
/** Groupings by option (OPT attribute): the declinaisons of one article. */
const OPTION_GROUPINGS: readonly (readonly [leafLabel: string, attribute: string, designation: string])[] = [
  ['Peintures intérieures', 'COULEUR', 'Couleur'],
  ['Chaussures de sécurité', 'POINTURE', 'Pointure'],
  ['Carrelage sol intérieur', 'FORMAT', 'Format'],
];

const leafIndexOf = (label: string) =>
  LEAVES.findIndex((leaf) => FAMILIES.find((family) => family.code === leaf.familyCode)?.label === label);

function slug(text: string): string {
  return foldText(text)
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
}

export function buildGroupings(
  articleCount: number,
  now: Date,
): { groupings: GroupingRow[]; articles: GroupingArticleRow[] } {
  const groupings: GroupingRow[] = [];
  const members: GroupingArticleRow[] = [];
  const add = (
    title: string,
    attributes: GroupingAttribute[],
    chosen: readonly { article: DemoArticle; variantCode: string }[],
  ) => {
    const id = groupings.length + 1;
    const master = chosen[0]!;
    groupings.push({
      id,
      title,
      canonicalTag: slug(title),
      label: null,
      type: '0',
      masterArticleCode: master.article.row.code,
      masterVariantCode: master.variantCode,
      attributes,
      createdAt: daysBefore(now, 90 - 7 * id),
      updatedAt: daysBefore(now, 60 - 7 * id),
    });
    chosen.forEach((member, position) =>
      members.push({
        groupingId: id,
        articleCode: member.article.row.code,
        variantCode: member.variantCode,
        position,
      }),
    );
  };

  for (const [leafLabel, measures] of MEASURE_GROUPINGS) {
    const leafIndex = leafIndexOf(leafLabel);
    const leaf = LEAVES[leafIndex];
    if (!leaf) continue;
    // The first brand whose formats of the first name exist in this catalogue size.
    for (let brand = 0; brand < leaf.recipe.brands.length; brand++) {
      const chosen = leaf.names[0]![2].map((_, specPosition) =>
        articleIndexOf(leafIndex, combinationOf(leaf, 0, specPosition, brand), 0),
      )
        .filter((index) => index < articleCount)
        .map((index) => ({ article: articleAt(index, now), variantCode: '' }));
      if (chosen.length < 2) continue;
      add(
        `${leaf.names[0]![0]} - ${leaf.recipe.brands[brand]}`,
        measures.map(([propriete, designation, suffixe]) => ({
          propriete,
          nature: 'ERP' as const,
          affichage: 'SEL',
          designation,
          suffixe,
        })),
        chosen,
      );
      break;
    }
  }

  for (const [leafLabel, attribute, designation] of OPTION_GROUPINGS) {
    const leafIndex = leafIndexOf(leafLabel);
    const leaf = LEAVES[leafIndex];
    if (!leaf) continue;
    for (let combination = 0; combination < leaf.combos; combination++) {
      const index = articleIndexOf(leafIndex, combination, 0);
      if (index >= articleCount) continue;
      const article = articleAt(index, now);
      if (article.variants.length < 2) continue;
      const attributes: GroupingAttribute[] = [
        { propriete: attribute, nature: 'OPT', affichage: 'SEL', designation, suffixe: '' },
      ];
      const other = Object.keys(article.variants[0]!.options).find((key) => key !== attribute);
      if (other)
        attributes.push({
          propriete: other,
          nature: 'OPT',
          affichage: 'SEL',
          designation: capitalise(other),
          suffixe: '',
        });
      add(
        article.row.designation1,
        attributes,
        article.variants.map((variant) => ({ article, variantCode: variant.code })),
      );
      break;
    }
  }
  return { groupings, articles: members };
}

const daysBefore = (now: Date, days: number) => new Date(now.getTime() - days * 86_400_000);

function capitalise(word: string): string {
  return word.charAt(0) + word.slice(1).toLowerCase();
}

export interface SelectionModelRow {
  id: number;
  name: string;
  families: SelectionItem[];
  articles: SelectionItem[];
  createdAt: Date;
}

export function buildSelectionModels(articleCount: number, now: Date): SelectionModelRow[] {
  const family = (label: string): SelectionItem => {
    const found = FAMILIES.find((candidate) => candidate.label === label)!;
    return { code: found.code, libelle: found.label, type: 'famille' };
  };
  const articlesOf = (leafLabel: string, count: number): SelectionItem[] => {
    const leafIndex = leafIndexOf(leafLabel);
    const items: SelectionItem[] = [];
    for (
      let combination = 0;
      combination < LEAVES[leafIndex]!.combos && items.length < count;
      combination++
    ) {
      const index = articleIndexOf(leafIndex, combination, 0);
      if (index >= articleCount) continue;
      const article = articleAt(index, now);
      items.push({ code: article.row.code, libelle: article.row.designation1, type: 'article' });
    }
    return items;
  };
  return [
    {
      id: 1,
      name: 'Gros œuvre - incontournables',
      families: [family('Ciment et chaux'), family('Granulats'), family('Blocs béton')],
      articles: articlesOf('Treillis soudés', 2),
      createdAt: daysBefore(now, 120),
    },
    {
      id: 2,
      name: 'Salle de bains clé en main',
      families: [family('WC'), family('Robinetterie'), family('Carrelage mural')],
      articles: articlesOf('Mastics et silicones', 3),
      createdAt: daysBefore(now, 45),
    },
    {
      id: 3,
      name: 'Sélection du mois - outillage',
      families: [],
      articles: [...articlesOf('Perceuses et perforateurs', 3), ...articlesOf('Niveaux et mesure', 2)],
      createdAt: daysBefore(now, 12),
    },
  ];
}

type Dimension = 'length' | 'width' | 'height' | 'diameter' | 'density' | 'capacity' | 'weight';
const dimensions = (unitCode: string, ...variable: Dimension[]) => ({
  unitCode,
  length: variable.includes('length'),
  width: variable.includes('width'),
  height: variable.includes('height'),
  diameter: variable.includes('diameter'),
  density: variable.includes('density'),
  capacity: variable.includes('capacity'),
  weight: variable.includes('weight'),
});

/** Units whose articles the customer may order in a chosen size. */
export const VARIABLE_DIMENSIONS = [
  dimensions('ML', 'length'),
  dimensions('M2', 'length', 'width'),
  dimensions('M3', 'length', 'width', 'height'),
  dimensions('PLQ', 'length', 'width'),
  dimensions('BAR', 'length'),
];
