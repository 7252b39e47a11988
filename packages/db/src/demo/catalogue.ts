// Turns the catalogue data into families and articles. Article i is a pure function of i: the
// benchmark sets regenerate any article from its index instead of keeping them all in memory.
import { ACTIVITIES, type Axis, type Recipe, type Spec, type UnitCode } from './catalogue-data';
import type { articles } from '../schema';
import { Random } from './random';

export interface FamilyRow {
  code: string;
  label: string;
  parentCode: string | null;
  level: number;
  activityCode: string | null;
  position: number;
}

export interface Leaf {
  familyCode: string;
  activityIndex: number;
  recipe: Recipe;
  /** Name, price factor and the indexes of its formats. */
  names: readonly (readonly [string, number, readonly number[]])[];
  /** First combination of each name. */
  nameStarts: readonly number[];
  /** Number of name × format × brand combinations. */
  combos: number;
}

export interface VariantRow {
  articleCode: string;
  code: string;
  designation: string;
  options: Record<string, string>;
  priceHt: number | null;
  weight: number | null;
}

/** An articles row as the generator makes it: the table's row, with units from the demo's unit list. */
export type ArticleRow = Omit<typeof articles.$inferSelect, 'saleUnit' | 'stockUnit' | 'prepUnit'> & {
  saleUnit: UnitCode;
  stockUnit: UnitCode;
  prepUnit: UnitCode;
};

export interface DemoArticle {
  index: number;
  row: ArticleRow;
  variants: VariantRow[];
  leaf: Leaf;
  /** The combination behind it: name, format and brand indexes, and the round (repeats past them). */
  nameIndex: number;
  /** Position of the format among the name's formats. */
  specPosition: number;
  specIndex: number;
  brandIndex: number;
  round: number;
}

function buildTree(): { families: FamilyRow[]; leaves: Leaf[] } {
  const families: FamilyRow[] = [];
  const leaves: Leaf[] = [];
  ACTIVITIES.forEach((activity, activityIndex) => {
    const walk = (
      nodes: typeof activity.families,
      parentCode: string | null,
      prefix: string,
      level: number,
    ): void => {
      nodes.forEach((node, position) => {
        const code = `${prefix}${String(position + 1).padStart(2, '0')}`;
        families.push({
          code,
          label: node.label,
          parentCode,
          level,
          activityCode: level === 1 ? activity.code : null,
          position,
        });
        if (node.children) walk(node.children, code, code, level + 1);
        if (node.recipe) {
          const recipe = node.recipe;
          const allSpecs = recipe.specs.map((_, index) => index);
          const names = recipe.names.map((name) =>
            typeof name === 'string'
              ? ([name, 1, allSpecs] as const)
              : ([name[0], name[1], name[2] ?? allSpecs] as const),
          );
          const nameStarts: number[] = [];
          let combos = 0;
          for (const [, , specs] of names) {
            nameStarts.push(combos);
            combos += specs.length * recipe.brands.length;
          }
          leaves.push({ familyCode: code, activityIndex, recipe, names, nameStarts, combos });
        }
      });
    };
    walk(activity.families, null, activity.code, 1);
  });
  return { families, leaves };
}

const tree = buildTree();
export const FAMILIES: readonly FamilyRow[] = tree.families;
export const LEAVES: readonly Leaf[] = tree.leaves;

/** Leaves in combination order; cumulative starts for the lookup by position. */
const leafStarts: number[] = [];
let totalCombos = 0;
for (const leafNode of LEAVES) {
  leafStarts.push(totalCombos);
  totalCombos += leafNode.combos;
}
/** Every name × format × brand combination of the catalogue, once. */
export const COMBINATIONS = totalCombos;

// Article i takes combination (i × STRIDE + OFFSET) mod COMBINATIONS, a permutation that spreads
// consecutive articles across all leaves; past COMBINATIONS, a new round repeats them as new ranges.
const STRIDE = findCoprime(Math.round(COMBINATIONS * 0.618_034), COMBINATIONS);
const OFFSET = 17 % COMBINATIONS;
const STRIDE_INVERSE = modularInverse(STRIDE, COMBINATIONS);

function gcd(a: number, b: number): number {
  return b === 0 ? a : gcd(b, a % b);
}
function findCoprime(start: number, modulus: number): number {
  let candidate = Math.max(1, start);
  while (gcd(candidate, modulus) !== 1) candidate++;
  return candidate;
}
function modularInverse(value: number, modulus: number): number {
  let [oldR, r] = [value, modulus];
  let [oldS, s] = [1, 0];
  while (r !== 0) {
    const q = Math.floor(oldR / r);
    [oldR, r] = [r, oldR - q * r];
    [oldS, s] = [s, oldS - q * s];
  }
  return ((oldS % modulus) + modulus) % modulus;
}

export function articleCode(index: number): string {
  return String(100_001 + index);
}

/** The article index that has this combination in this round (the inverse of articleAt's mapping). */
export function articleIndexOf(leafIndex: number, combination: number, round: number): number {
  const position = leafStarts[leafIndex]! + combination;
  const base = Number(
    (BigInt(position - OFFSET + COMBINATIONS) * BigInt(STRIDE_INVERSE)) % BigInt(COMBINATIONS),
  );
  return base + round * COMBINATIONS;
}

/** The combination number of a name, one of its formats and a brand within a leaf. */
export function combinationOf(
  leafNode: Leaf,
  nameIndex: number,
  specPosition: number,
  brandIndex: number,
): number {
  return leafNode.nameStarts[nameIndex]! + specPosition * leafNode.recipe.brands.length + brandIndex;
}

/** Leaf indexes per activity, for customers who buy mostly in their trade. */
export const LEAVES_BY_ACTIVITY: readonly number[][] = ACTIVITIES.map((_, activityIndex) =>
  LEAVES.flatMap((leafNode, index) => (leafNode.activityIndex === activityIndex ? [index] : [])),
);

function findLeaf(position: number): number {
  let low = 0;
  let high = leafStarts.length - 1;
  while (low < high) {
    const middle = (low + high + 1) >> 1;
    if (leafStarts[middle]! <= position) low = middle;
    else high = middle - 1;
  }
  return low;
}

const DAY_MS = 86_400_000;
const round2 = (value: number) => Math.round(value * 100) / 100;

/** Article `index` of the demo catalogue, always the same for the same index and `now`. */
export function articleAt(index: number, now: Date): DemoArticle {
  const position = Number((BigInt(index) * BigInt(STRIDE) + BigInt(OFFSET)) % BigInt(COMBINATIONS));
  const round = Math.floor(index / COMBINATIONS);
  const leafIndex = findLeaf(position);
  const leafNode = LEAVES[leafIndex]!;
  const { recipe } = leafNode;
  const combination = position - leafStarts[leafIndex]!;
  let nameIndex = leafNode.nameStarts.length - 1;
  while (leafNode.nameStarts[nameIndex]! > combination) nameIndex--;
  const [name, nameFactor, nameSpecs] = leafNode.names[nameIndex]!;
  const withinName = combination - leafNode.nameStarts[nameIndex]!;
  const brandIndex = withinName % recipe.brands.length;
  const specPosition = Math.floor(withinName / recipe.brands.length);
  const specIndex = nameSpecs[specPosition]!;
  const spec: Spec = recipe.specs[specIndex]!;
  const brand = recipe.brands[brandIndex]!;
  const rng = new Random('article', index);
  const sale = new Random('article-sale', index);
  const code = articleCode(index);

  const brandFactor = 0.94 + 0.06 * brandIndex + (round > 0 ? 0.03 * (round % 7) : 0);
  const price = Math.max(0.1, round2(spec[1] * nameFactor * brandFactor * (0.95 + rng.next() * 0.1)));
  const measures = spec[2] ?? {};
  const hasDimensions = [measures.L, measures.W, measures.H, measures.D].some((v) => v !== undefined);
  const designation1 = `${name} ${spec[0]} ${brand}${round === 0 ? '' : ` - gamme ${round + 1}`}`;
  const supplierReference = `${brand
    .normalize('NFD')
    .replace(/[^A-Za-z0-9]/g, '')
    .slice(0, 3)
    .toUpperCase()}-${rng.int(1000, 99999)}`;

  const attributes: Record<string, string> = { MARQUE: brand };
  for (const [attribute, values] of Object.entries(recipe.attributes ?? {}))
    attributes[attribute] = rng.pick(values);
  if (rng.chance(0.2)) attributes.DESIGNATION_COMMERCIALE = `${name} ${brand}`;
  if (rng.chance(0.3)) attributes.ORIGINE = rng.pick(['France', 'France', 'Italie', 'Espagne', 'Allemagne']);

  const row: ArticleRow = {
    code,
    designation1,
    designation2: `Réf. fournisseur ${supplierReference}`,
    description: recipe.description,
    familyCode: leafNode.familyCode,
    priceHt: price,
    vatRate: recipe.vat ?? 20,
    saleUnit: recipe.unit,
    stockUnit: recipe.stockUnit ?? recipe.unit,
    prepUnit: recipe.prepUnit ?? recipe.unit,
    length: measures.L ?? null,
    width: measures.W ?? null,
    height: measures.H ?? null,
    density: measures.dens ?? null,
    weight: measures.kg ?? null,
    diameter: measures.D ?? null,
    capacity: measures.cap ?? null,
    dimensionUnit: hasDimensions ? (recipe.dimensionUnit ?? 'mm') : null,
    weightUnit: measures.kg === undefined ? null : 'kg',
    image: rng.chance(0.9) ? `/images/articles/${code}.svg` : null,
    minQuantity: recipe.minimum ?? null,
    saleMultiple: recipe.multiple ?? null,
    // Drawn apart, so that the rest of the article is what it was before the delays.
    backorderDays: sale.chance(0.4) ? sale.pick([3, 5, 10, 15]) : null,
    attributes,
    active: rng.chance(0.98),
    createdAt: new Date(now.getTime() - rng.int(30, 2_000) * DAY_MS),
  };
  const variants =
    recipe.variants && rng.chance(recipe.variants.share) ? makeVariants(rng, row, recipe.variants.axes) : [];
  return { index, row, variants, leaf: leafNode, nameIndex, specPosition, specIndex, brandIndex, round };
}

function makeVariants(rng: Random, article: ArticleRow, axes: readonly Axis[]): VariantRow[] {
  // One to two axes; the first with 2 to 5 values, the second with 2 values, at most 10 variants.
  let combinations: { options: Record<string, string>; factor: number; scalesWeight: boolean }[] = [
    { options: {}, factor: 1, scalesWeight: false },
  ];
  axes.forEach((axis, axisIndex) => {
    const count = axisIndex === 0 ? rng.int(2, Math.min(5, axis.values.length)) : 2;
    const values = rng.sample(axis.values, count);
    const scales = axis.attribute === 'LONGUEUR' || axis.attribute === 'EPAISSEUR';
    combinations = combinations.flatMap((combination) =>
      values.map(([label, factor]) => ({
        options: { ...combination.options, [axis.attribute]: label },
        factor: combination.factor * factor,
        scalesWeight: combination.scalesWeight || scales,
      })),
    );
  });
  return combinations.map((combination, index) => ({
    articleCode: article.code,
    code: String(index + 1).padStart(2, '0'),
    designation: `${article.designation1} - ${Object.values(combination.options).join(' - ')}`,
    options: combination.options,
    priceHt: combination.factor === 1 ? null : round2(article.priceHt * combination.factor),
    weight:
      combination.scalesWeight && article.weight !== null
        ? Math.round(article.weight * combination.factor * 1000) / 1000
        : null,
  }));
}
