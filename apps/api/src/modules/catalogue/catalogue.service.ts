// The storefront catalogue (docs/contract.md, Catalogue and product pages): root categories, family
// pages, product pages and the article search. Stock is read where the
// customer buys: a logged-in customer sees its agency's stock; visitors and administrators (no agency)
// see the total over all agencies, the quantity the shop as a whole can supply.
import type { DbOrTx } from '@comptoir/db/client';
import {
  articleLink,
  attributeLabel,
  CATALOGUE_MESSAGES,
  familyLink,
  infoStockOf,
  MEASURE_KEYS,
  MEASURE_LABELS,
  priceWithVat,
  type AffichageStock,
  type Categorie,
  type FamilyPage,
  type FamilyPageQuery,
  type FicheArticle,
  type LienFamille,
  type MeasureKey,
  type Mesure,
  type Regroupement,
} from '@comptoir/shared/catalogue';
import { SETTING_KEYS } from '@comptoir/shared/domain';
import { notFound } from '../../errors';
import {
  familiesUnder,
  familyPath,
  subtreeCodes,
  type CodeLabelRow,
  type FamilyCountRow,
} from '../families/families.service';
import { customerAgency } from '../reference/reference.service';
import { readSetting } from '../settings/settings.service';
import * as repo from './catalogue.repository';
import type { GroupingMemberRow, GroupingRow, MeasureRow } from './catalogue.repository';

export type { ArticleCardRow } from './catalogue.repository';

const categoryOf = (row: FamilyCountRow): Categorie => ({
  code: row.code,
  libelle: row.label,
  lien: familyLink(row.code),
  nbArticles: Number(row.articles),
});

export async function rootCategories(db: DbOrTx): Promise<Categorie[]> {
  return (await familiesUnder(db, null)).map(categoryOf);
}

const familyLinkOf = (row: CodeLabelRow): LienFamille => ({
  code: row.code,
  libelle: row.label,
  lien: familyLink(row.code),
});

/** Who looks at the catalogue: a customer sees its agency's stock. */
export interface Viewer {
  codeClient: string | null;
}

/**
 * The agency whose stock the viewer sees: a logged-in customer's agency; null (all agencies
 * together, what the shop as a whole can supply) for visitors and administrators.
 */
export async function stockAgency(db: DbOrTx, viewer: Viewer | null): Promise<string | null> {
  if (!viewer?.codeClient) return null;
  return (await customerAgency(db, viewer.codeClient)) ?? null;
}

const stockDisplay = (db: DbOrTx): Promise<AffichageStock> => readSetting(db, SETTING_KEYS.stockDisplay);

export async function familyPage(
  db: DbOrTx,
  code: string,
  query: FamilyPageQuery,
  viewer: Viewer | null,
): Promise<FamilyPage> {
  const path = await familyPath(db, code);
  const current = path.at(-1);
  if (!current) throw notFound(CATALOGUE_MESSAGES.familyNotFound);
  const [agency, codes] = await Promise.all([stockAgency(db, viewer), subtreeCodes(db, code)]);
  const [children, total, rows, affichage] = await Promise.all([
    familiesUnder(db, code),
    repo.countArticlesIn(db, codes),
    repo.articleCardsIn(db, codes, agency, { offset: query.page * query.size, limit: query.size }),
    stockDisplay(db),
  ]);
  return {
    famille: familyLinkOf(current),
    fil: path.map(familyLinkOf),
    sousFamilles: children.map(categoryOf),
    affichageStock: affichage,
    articles: {
      total,
      page: query.page,
      size: query.size,
      elements: rows.map((row) => ({
        codeArticle: row.code,
        designation: row.designation,
        lien: articleLink(row.code),
        image: row.image,
        prixHT: row.price,
        uniteTarif: row.saleUnit,
        uniteStock: row.stockUnit,
        infoStock: infoStockOf(row.quantity),
        hasDeclinaisons: row.hasVariants,
      })),
    },
  };
}

/** The storefront search's articles: a page of those matching every word, and how many match. */
export function searchArticles(
  db: DbOrTx,
  words: string[],
  agencyCode: string | null,
  page: { offset: number; limit: number },
) {
  return repo.searchArticleCards(db, words, agencyCode, page);
}

export const countSearchedArticles = (db: DbOrTx, words: string[]): Promise<number> =>
  repo.countSearchedArticles(db, words);

/** The article and its declinaisons' codes, as the cart checks what it adds; undefined when unknown. */
export const articleForCart = (db: DbOrTx, code: string) => repo.findArticleWithVariants(db, code);

export const countActiveArticles = (db: DbOrTx): Promise<number> => repo.countActiveArticles(db);

// ---------------------------------------------------------------- product page

/** Where each measure lives in the articles table, and its unit. */
const MEASURE_SOURCES: Record<MeasureKey, (row: MeasureRow) => { value: number | null; unit: string }> = {
  longueur: (row) => ({ value: row.length, unit: row.dimensionUnit ?? '' }),
  largeur: (row) => ({ value: row.width, unit: row.dimensionUnit ?? '' }),
  hauteur: (row) => ({ value: row.height, unit: row.dimensionUnit ?? '' }),
  diametre: (row) => ({ value: row.diameter, unit: row.dimensionUnit ?? '' }),
  poids: (row) => ({ value: row.weight, unit: row.weightUnit ?? '' }),
  contenance: (row) => ({ value: row.capacity, unit: 'l' }),
  densite: (row) => ({ value: row.density, unit: 'kg/m³' }),
};

function measuresOf(row: MeasureRow): Mesure[] {
  return MEASURE_KEYS.flatMap((key) => {
    const { value, unit } = MEASURE_SOURCES[key](row);
    return value === null
      ? []
      : [{ nom: key, libelle: MEASURE_LABELS[key], valeur: Number(value), unite: unit }];
  });
}

/** Technical attributes never shown to customers (the ones regroupements leave out too). */
const HIDDEN_ATTRIBUTES = new Set(['DESIGNATION_COMMERCIALE', 'DESCRIPTIF', 'ZOOM', 'MINIATURE', 'VIGNETTE']);

const numberFormat = new Intl.NumberFormat('fr-FR', { maximumFractionDigits: 4 });

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
async function regroupementOf(db: DbOrTx, articleCode: string): Promise<Regroupement | null> {
  const grouping = await repo.groupingOf(db, articleCode);
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

export async function productPage(db: DbOrTx, code: string, viewer: Viewer | null): Promise<FicheArticle> {
  const agency = await stockAgency(db, viewer);
  const product = await repo.findProduct(db, code, agency);
  if (!product) throw notFound(CATALOGUE_MESSAGES.articleNotFound);
  const [path, variants, grouping, affichage] = await Promise.all([
    familyPath(db, product.familyCode),
    repo.productVariants(db, code, agency),
    regroupementOf(db, code),
    stockDisplay(db),
  ]);
  const family = path.at(-1);
  if (!family) throw notFound(CATALOGUE_MESSAGES.articleNotFound);
  return {
    codeArticle: product.code,
    designation1: product.designation1,
    designation2: product.designation2,
    description: product.description,
    famille: familyLinkOf(family),
    fil: path.map(familyLinkOf),
    image: product.image,
    prixHT: product.price,
    prixTTC: priceWithVat(product.price, product.vatRate),
    tauxTVA: product.vatRate,
    libUnitTarif: product.saleUnit,
    libUnitStock: product.stockUnit,
    libUnitPrepa: product.prepUnit,
    mesures: measuresOf(product),
    attributs: Object.entries(product.attributes)
      .filter(([key]) => !HIDDEN_ATTRIBUTES.has(key))
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([key, value]) => ({ nom: attributeLabel(key), valeur: value })),
    affichageStock: affichage,
    STOCK: infoStockOf(product.quantity),
    declinaisons: variants.map((variant) => ({
      HIDDEN_CODE_DECLINAISON: variant.code,
      designation: variant.designation,
      OPTIONS_REGPT: variant.options,
      prixHT: variant.price ?? product.price,
      STOCK: infoStockOf(variant.quantity),
    })),
    regroupement: grouping,
  };
}

// ---------------------------------------------------------------- placeholder images

const escapeXml = (text: string) => text.replace(/[<>&"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** Up to two initials of a family label ('Ciments gris' → 'CG'), skipping short words like 'de'. */
export function familyInitials(label: string): string {
  const words = label
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .split(/[^A-Za-z0-9]+/)
    .filter((word) => word.length > 2 || /^[A-Z0-9]/.test(word));
  return (
    words
      .slice(0, 2)
      .map((word) => word.charAt(0).toUpperCase())
      .join('') || '?'
  ).slice(0, 2);
}

/**
 * The article image the demo data names (/images/articles/<code>.svg): a deterministic placeholder
 * drawn from the family (a hue from its code, its initials), so the storefront never shows a broken
 * image. Undefined for an unknown article.
 */
export async function placeholderImage(db: DbOrTx, code: string): Promise<string | undefined> {
  const subject = await repo.findImageSubject(db, code);
  if (!subject) return undefined;
  // Sibling families (codes differing in their last digit) get clearly different hues.
  let hash = 0;
  for (const char of subject.familyCode) hash = (hash * 31 + char.charCodeAt(0)) % 360;
  hash = (hash * 137) % 360;
  const initials = escapeXml(familyInitials(subject.familyLabel));
  const label = escapeXml(subject.familyLabel);
  return `<svg xmlns="http://www.w3.org/2000/svg" width="320" height="240" viewBox="0 0 320 240" role="img" aria-label="${label}">
<rect width="320" height="240" fill="hsl(${hash} 45% 92%)"/>
<circle cx="160" cy="120" r="64" fill="hsl(${hash} 45% 30%)"/>
<text x="160" y="120" dy="0.35em" text-anchor="middle" font-family="sans-serif" font-size="48" font-weight="700" fill="#fff">${initials}</text>
</svg>`;
}

// ERP imports (docs/import-erp.md): the imports module reads and writes articles, declinaisons,
// stock and units through these.
export type { ArticleWriteRow, StockWriteRow, VariantWriteRow } from './catalogue.repository';
export const articlesByCodes = (db: DbOrTx, codes: readonly string[]) => repo.articlesByCodes(db, codes);
export const upsertArticles = (db: DbOrTx, rows: readonly repo.ArticleWriteRow[]) =>
  repo.upsertArticles(db, rows);
export const existingArticleCodes = (db: DbOrTx, codes: readonly string[]) =>
  repo.existingArticleCodes(db, codes);
export const ensureUnits = (db: DbOrTx, codes: readonly string[]) => repo.ensureUnits(db, codes);
export const variantsOfArticles = (db: DbOrTx, codes: readonly string[]) =>
  repo.variantsOfArticles(db, codes);
export const upsertVariants = (db: DbOrTx, rows: readonly repo.VariantWriteRow[]) =>
  repo.upsertVariants(db, rows);
export const stockOfArticles = (db: DbOrTx, codes: readonly string[]) => repo.stockOfArticles(db, codes);
export const upsertStock = (db: DbOrTx, rows: readonly repo.StockWriteRow[]) => repo.upsertStock(db, rows);
