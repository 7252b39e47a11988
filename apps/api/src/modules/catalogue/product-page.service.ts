// The product page (docs/contract/catalogue-and-product-pages.md): an active article's fiche with
// its measures, attributes, declinaisons and their stock, its regroupement's dropdown data, how the
// page is kept, and its pictures (the one its HTML names first, the drawn one of an article without a
// photograph). Prices are the viewer's (prices.service), stock where it buys (shopper.service.ts).
import type { DbOrTx } from '@comptoir/db/client';
import {
  attributeLabel,
  CATALOGUE_MESSAGES,
  infoStockOf,
  MEASURE_KEYS,
  MEASURE_LABELS,
  priceWithVat,
  stockQueryLink,
  type FicheArticle,
  type Mesure,
} from '@comptoir/shared/catalogue';
import { articleImage } from '@comptoir/shared/images';
import { HttpError, notFound } from '../../errors';
import { familyPath } from '../families/families.service';
import { unitPrices, type PriceRequest } from '../prices/prices.service';
import { agencyStockQueryUrl } from '../reference/reference.service';
import type { MeasureRow } from './article-columns.repository';
import { HIDDEN_ATTRIBUTES, MEASURE_SOURCES } from './article-attributes';
import { PRICED_PRODUCT_PAGES, PRODUCT_PAGE_TABLES, productRows, stockLevels } from './catalogue.kept';
import { drawIllustration } from './illustrations';
import * as repo from './product-page.repository';
import {
  pricedKey,
  PRICE_TABLES,
  priceFor,
  sharedVisitorKey,
  shopperOf,
  stockDisplay,
  venteOf,
  type KeptPage,
  type Viewer,
} from './shopper.service';
import { NO_STOCK, quantityAt } from './stock-levels';
import { familyLinkOf } from './storefront-list.service';

function measuresOf(row: MeasureRow): Mesure[] {
  return MEASURE_KEYS.flatMap((key) => {
    const { value, unit } = MEASURE_SOURCES[key](row);
    return value === null
      ? []
      : [{ nom: key, libelle: MEASURE_LABELS[key], valeur: Number(value), unite: unit }];
  });
}

/** An active article's page rows with the stock at this agency: the article's, and each declinaison's. */
async function productRowsAt(db: DbOrTx, code: string, agency: string | null) {
  const rows = await productRows(db, code);
  // After the rows: an unknown code's stock is never asked, nor kept.
  const stock = (await stockLevels(db, [code])).get(code) ?? NO_STOCK;
  return {
    product: { ...rows.product, quantity: quantityAt(stock, agency) },
    variants: rows.variants.map((variant) => ({
      ...variant,
      quantity: quantityAt(stock, agency, variant.code),
    })),
    grouping: rows.grouping,
  };
}

/**
 * The picture a product page shows first (the same for every viewer), from the rows kept for visitors;
 * undefined for an article that has no page. The web app's HTML names it for the browser to fetch early.
 */
export async function productPicture(db: DbOrTx, code: string): Promise<string | undefined> {
  try {
    const { product } = await productRows(db, code);
    return articleImage(product.code, product.image);
  } catch (error) {
    if (error instanceof HttpError && error.statusCode === 404) return undefined;
    throw error;
  }
}

/**
 * How a product page is kept: the same for every visitor (sharedVisitorKey), else per what this
 * viewer's answer depends on (pricedKey). An unknown article is refused here as by the page.
 */
export async function productPageKey(db: DbOrTx, code: string, viewer: Viewer): Promise<KeptPage> {
  const visitors = await sharedVisitorKey(db, viewer);
  if (visitors) return { key: `catalogue:product-page:${code}:${visitors}`, tables: PRODUCT_PAGE_TABLES };
  const shopper = await shopperOf(db, viewer);
  // The key's prices need the rows, not their stock (the agency is in the key).
  const { product, variants } = await productRows(db, code);
  return {
    key: `${code}:${await pricedKey(db, shopper, productPriceRequests(product, variants))}`,
    tables: [...PRODUCT_PAGE_TABLES, ...PRICE_TABLES],
    among: PRICED_PRODUCT_PAGES,
  };
}

/** What a product page prices: the article, then each declinaison (its own list price, else the article's). */
const productPriceRequests = (
  product: { code: string; familyCode: string; price: number },
  variants: readonly { price: number | null }[],
): PriceRequest[] =>
  [product.price, ...variants.map((variant) => variant.price ?? product.price)].map((listPrice) => ({
    articleCode: product.code,
    familyCode: product.familyCode,
    listPrice,
  }));

export async function productPage(db: DbOrTx, code: string, viewer: Viewer): Promise<FicheArticle> {
  const shopper = await shopperOf(db, viewer);
  const agency = shopper.agency;
  const { product, variants, grouping } = await productRowsAt(db, code, agency);
  const [path, affichage, stockQueryTemplate] = await Promise.all([
    familyPath(db, product.familyCode),
    stockDisplay(db),
    agency === null ? null : agencyStockQueryUrl(db, agency),
  ]);
  // Only a customer's own agency sends it to a stock-query URL (visitors see the shop's total).
  const stockQuery = (codeDeclinaison: string | null) =>
    agency === null
      ? null
      : stockQueryLink(stockQueryTemplate, {
          codeArticle: product.code,
          codeDeclinaison,
          codeAgence: agency,
        });
  const family = path.at(-1);
  if (!family) throw notFound(CATALOGUE_MESSAGES.articleNotFound);
  const [price, ...variantPrices] = await unitPrices(
    db,
    shopper.account,
    productPriceRequests(product, variants),
  );
  return {
    codeArticle: product.code,
    designation1: product.designation1,
    designation2: product.designation2,
    description: product.description,
    famille: familyLinkOf(family),
    fil: path.map(familyLinkOf),
    image: articleImage(product.code, product.image),
    prixHT: priceFor(shopper, price!),
    prixTTC: priceFor(shopper, priceWithVat(price!, product.vatRate)),
    tauxTVA: product.vatRate,
    libUnitTarif: product.saleUnit,
    libUnitStock: product.stockUnit,
    libUnitPrepa: product.prepUnit,
    vente: venteOf(product),
    mesures: measuresOf(product),
    attributs: Object.entries(product.attributes)
      .filter(([key]) => !HIDDEN_ATTRIBUTES.has(key))
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([key, value]) => ({ nom: attributeLabel(key), valeur: value })),
    affichageStock: affichage,
    STOCK: infoStockOf(product.quantity),
    INTERRO_STOCK: stockQuery(null),
    declinaisons: variants.map((variant, index) => ({
      HIDDEN_CODE_DECLINAISON: variant.code,
      designation: variant.designation,
      OPTIONS_REGPT: variant.options,
      prixHT: priceFor(shopper, variantPrices[index]!),
      prixTTC: priceFor(shopper, priceWithVat(variantPrices[index]!, product.vatRate)),
      STOCK: infoStockOf(variant.quantity),
      INTERRO_STOCK: stockQuery(variant.code),
    })),
    regroupement: grouping,
  };
}

// ---------------------------------------------------------------- drawn pictures

/**
 * The drawn picture of an article (GET /images/articles/<code>.svg, see illustrations.ts): what the
 * storefront shows for an article without a photograph. Undefined for an unknown article.
 */
export async function articleIllustration(db: DbOrTx, code: string): Promise<string | undefined> {
  const subject = await repo.findImageSubject(db, code);
  return subject && drawIllustration(subject);
}
