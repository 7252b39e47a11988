// The customer's account (docs/contract/customer-account.md): its delivery addresses, reordering a
// past order, the quick order. Owns no table: addresses belong to the reference module, cart lines
// to the cart, orders to the orders module; this module joins them for the account pages.
import type { Database, DbOrTx } from '@comptoir/db/client';
import {
  ACCOUNT_MESSAGES,
  linesAddedMessage,
  RECENT_ARTICLES_MAX,
  RECENT_ORDERS_SCANNED,
  quickOrderCode,
  splitQuickOrderCode,
  type LinesAdded,
  type QuickOrderLine,
  type RecentArticles,
  type RefusedLine,
  type ResolvedQuickLine,
  type ResolvedQuickOrder,
  type addressBody,
} from '@comptoir/shared/account';
import { CART_MESSAGES, CART_QUANTITY_MAX, type DeliveryAddress } from '@comptoir/shared/cart';
import type { ArticleCard } from '@comptoir/shared/catalogue';
import { QUANTITY_MESSAGES, checkQuantity, stockNote } from '@comptoir/shared/quantity-rules';
import {
  cutQuantity,
  hasStandardPiece,
  toDecoupeLigne,
  type CutArticle,
  type DecoupeLigne,
} from '@comptoir/shared/cut-to-size';
import { DIMENSION_MESSAGES } from '@comptoir/shared/dimensions';
import type { z } from 'zod';
import { notFound } from '../../errors';
import { customerCodeOf, type SessionUser } from '../auth/auth.service';
import { addLinesToCart, type LineToAdd } from '../cart/cart.service';
import { articleCards, variantCards, venteOf, type Viewer } from '../catalogue/catalogue.service';
import { articlesForCart } from '../catalogue/catalogue.reads';
import { cutArticleOf } from '../dimensions/dimensions.service';
import { orderDetailFor, recentlyOrderedArticleCodes } from '../orders/orders.service';
import {
  addOwnAddress,
  deleteOwnAddress,
  toDeliveryAddress,
  updateOwnAddress,
  type OwnAddressInput,
} from '../reference/reference.service';
import { deliveryAddresses } from '../reference/reference.reads';
import { searchSettingsOf } from '../search/search.service';
import { rememberSiteTags } from '../site-tags/site-tags.service';

// ---------------------------------------------------------------- delivery addresses

/** GET /rest/compte/adresses: the customer's addresses, the default first, each with its zone. */
export async function listOwnAddresses(db: DbOrTx, user: SessionUser): Promise<DeliveryAddress[]> {
  return (await deliveryAddresses(db, customerCodeOf(user))).map(toDeliveryAddress);
}

const toInput = (body: z.output<typeof addressBody>): OwnAddressInput => ({
  label: body.libelle,
  line1: body.ligne1,
  line2: body.ligne2 || null,
  postalCode: body.codePostal,
  city: body.ville,
  isDefault: body.parDefaut ?? false,
});

/** POST /rest/compte/adresses: adds an address; answers the list. */
export async function addAddress(
  db: Database,
  user: SessionUser,
  body: z.output<typeof addressBody>,
): Promise<DeliveryAddress[]> {
  const code = customerCodeOf(user);
  await db.transaction((tx) => addOwnAddress(tx, code, toInput(body)));
  return listOwnAddresses(db, user);
}

/** PUT /rest/compte/adresses/:id: rewrites one of the customer's addresses (404 for any other). */
export async function updateAddress(
  db: Database,
  user: SessionUser,
  id: number,
  body: z.output<typeof addressBody>,
): Promise<DeliveryAddress[]> {
  const code = customerCodeOf(user);
  await db.transaction(async (tx) => {
    if (!(await updateOwnAddress(tx, code, id, toInput(body))))
      throw notFound(ACCOUNT_MESSAGES.addressNotFound);
  });
  return listOwnAddresses(db, user);
}

/** DELETE /rest/compte/adresses/:id: deletes one of the customer's addresses (404 for any other). */
export async function deleteAddress(db: Database, user: SessionUser, id: number): Promise<DeliveryAddress[]> {
  const code = customerCodeOf(user);
  await db.transaction(async (tx) => {
    if (!(await deleteOwnAddress(tx, code, id))) throw notFound(ACCOUNT_MESSAGES.addressNotFound);
  });
  return listOwnAddresses(db, user);
}

// ---------------------------------------------------------------- reorder and quick order

/**
 * Adds the lines in one transaction (each line on its own) and says what went in and what did not
 * (`leftOut`: lines refused before, listed first).
 */
async function addAll(
  db: Database,
  user: SessionUser,
  lines: LineToAdd[],
  tags: string[],
  leftOut: RefusedLine[] = [],
): Promise<LinesAdded> {
  const code = customerCodeOf(user);
  const result = await db.transaction(async (tx) => {
    const added = await addLinesToCart(tx, user, lines);
    const kept = new Set(added.panier.lignes.map((line) => line.chantier));
    await rememberSiteTags(
      tx,
      code,
      tags.filter((tag) => kept.has(tag)),
    );
    return added;
  });
  const refusees = [...leftOut, ...result.refusees];
  return { ...result, refusees, message: linesAddedMessage(result.ajoutees, refusees) };
}

/**
 * POST /rest/compte/mouvements/:id/recommander: the order's lines back in the cart, each with its
 * chantier tag and its cut; lines the shop no longer sells are left out, with the reason.
 */
export async function reorder(db: Database, user: SessionUser, orderId: number): Promise<LinesAdded> {
  customerCodeOf(user);
  const order = await orderDetailFor(db, user, orderId, undefined);
  const lines: LineToAdd[] = order.lignes.map((line) => ({
    codeArticle: line.codeArticle,
    codeDeclinaison: line.codeDeclinaison,
    quantite: line.quantite,
    chantier: line.chantier,
    decoupe: line.decoupe && { nbPieces: line.decoupe.nbPieces, dimensions: line.decoupe.dimensions },
    designation: line.designation,
  }));
  const tags = [...new Set(order.lignes.flatMap((line) => (line.chantier ? [line.chantier] : [])))];
  return addAll(db, user, lines, tags);
}

/** An article as the quick order checks a line of it (articlesForCart). */
type ArticleForQuickOrder = Awaited<ReturnType<typeof articlesForCart>>[number];

/** A quick-order line resolved: what the verification shows, and what goes to the cart (null: left out). */
interface QuickResolution {
  shown: ResolvedQuickLine;
  toAdd: LineToAdd | null;
}

/**
 * Resolves the typed lines as the storefront would take them (docs/contract/customer-account.md): the
 * code names an article, or one of its declinaisons as 'code.declinaison'; an article with declinaisons
 * needs one; an article cut to size needs its pieces and each variable dimension, and is priced by the
 * cut-to-size rule. A line with a problem is shown with it and left out of the cart.
 */
async function resolveQuickLines(
  db: DbOrTx,
  viewer: Viewer,
  lines: readonly QuickOrderLine[],
): Promise<QuickResolution[]> {
  const typed = [...new Set(lines.map((line) => line.code))];
  const split = new Map(typed.map((code) => [code, splitQuickOrderCode(code)]));
  const found = new Map(
    (
      await articlesForCart(db, [...new Set(typed.flatMap((code) => [code, split.get(code)!.codeArticle]))])
    ).map((article) => [article.code, article]),
  );
  // An article whose own code holds a dot is named by that code; otherwise 'code.declinaison'.
  const targetOf = (code: string) => {
    const whole = found.get(code);
    if (whole) return { article: whole, codeDeclinaison: null };
    const { codeArticle, codeDeclinaison } = split.get(code)!;
    return { article: codeDeclinaison === null ? undefined : found.get(codeArticle), codeDeclinaison };
  };
  const targets = new Map(typed.map((code) => [code, targetOf(code)]));
  const active = [...targets.values()].filter((target) => target.article?.active);
  const [articleTiles, variantTiles] = await Promise.all([
    articleCards(
      db,
      active.filter((target) => target.codeDeclinaison === null).map((target) => target.article!.code),
      viewer,
    ),
    variantCards(
      db,
      active.flatMap(({ article, codeDeclinaison }) =>
        codeDeclinaison === null ? [] : [{ codeArticle: article!.code, codeDeclinaison }],
      ),
      viewer,
    ),
  ]);
  const tiles = new Map<string, ArticleCard>([
    ...articleTiles.map((tile) => [tile.codeArticle, tile] as const),
    ...variantTiles.map((tile) => [quickOrderCode(tile.codeArticle, tile.codeDeclinaison), tile] as const),
  ]);
  const cuts = new Map<string, CutArticle | null>();
  const cutOf = async (code: string) => {
    if (!cuts.has(code)) cuts.set(code, await cutArticleOf(db, code));
    return cuts.get(code)!;
  };

  const resolved: QuickResolution[] = [];
  for (const line of lines) {
    const { article, codeDeclinaison } = targets.get(line.code)!;
    const tile =
      article?.active &&
      tiles.get(codeDeclinaison === null ? article.code : quickOrderCode(article.code, codeDeclinaison));
    const refused = (trouve: boolean, probleme: string): QuickResolution => ({
      shown: {
        code: line.code,
        quantite: line.quantite,
        decoupe: null,
        trouve,
        designation: null,
        uniteTarif: null,
        uniteStock: null,
        infoStock: null,
        probleme,
        avis: null,
      },
      toAdd: null,
    });
    if (!article) {
      resolved.push(refused(false, ACCOUNT_MESSAGES.unknownCode));
      continue;
    }
    if (!article.active) {
      resolved.push(refused(true, ACCOUNT_MESSAGES.inactiveArticle));
      continue;
    }
    if (!tile) {
      resolved.push(refused(false, CART_MESSAGES.unknownVariant));
      continue;
    }
    const order = quickLineOrder(line, article, codeDeclinaison, await cutOf(article.code), tile);
    resolved.push({
      shown: {
        code: line.code,
        quantite: order.quantite,
        decoupe: order.decoupe,
        trouve: true,
        designation: tile.designation,
        prixHT: tile.prixHT,
        uniteTarif: tile.uniteTarif,
        uniteStock: tile.uniteStock,
        infoStock: tile.infoStock,
        probleme: order.probleme,
        avis: order.avis,
      },
      toAdd:
        order.probleme === null
          ? {
              codeArticle: article.code,
              codeDeclinaison: codeDeclinaison ?? '',
              quantite: order.quantite,
              chantier: null,
              decoupe: order.decoupe && {
                nbPieces: order.decoupe.nbPieces,
                dimensions: order.decoupe.dimensions,
              },
              designation: tile.designation,
            }
          : null,
    });
  }
  return resolved;
}

/**
 * What a line of a known, active article orders: its quantity, or for an article cut to size the
 * quantity the rule prices and the cut; `probleme` says why it cannot go to the cart as typed.
 */
function quickLineOrder(
  line: QuickOrderLine,
  article: ArticleForQuickOrder,
  codeDeclinaison: string | null,
  cut: CutArticle | null,
  tile: ArticleCard,
): { quantite: number; decoupe: DecoupeLigne | null; probleme: string | null; avis: string | null } {
  const plain = (probleme: string | null) => ({
    quantite: line.quantite,
    decoupe: null,
    probleme,
    avis: null,
  });
  if (codeDeclinaison === null && article.variantCodes.length > 0)
    return plain(
      ACCOUNT_MESSAGES.variantRequired(
        article.variantCodes.map((code) => quickOrderCode(article.code, code)),
      ),
    );
  // Unavailable where the customer buys: left out, unless the ERP gives the supplier's delay.
  if (tile.infoStock.INFO_STOCK === 'indisponible' && article.backorderDays === null)
    return plain(QUANTITY_MESSAGES.unavailable);
  const variable = cut?.variable ?? [];
  if (variable.length === 0 || (line.dimensions === undefined && hasStandardPiece(cut!))) {
    if (line.dimensions !== undefined) return plain(DIMENSION_MESSAGES.notCutToSize);
    // As the storefront does under the customer's eyes: raised to what the article is sold by, said so.
    const checked = checkQuantity(line.quantite, venteOf(article), article.unitLabel, true);
    if (!checked.ok) return plain(checked.message);
    const stock = stockNote(
      {
        state: tile.infoStock.INFO_STOCK,
        quantity: tile.infoStock.NB_STOCK,
        delay: article.backorderDays,
        sameUnit: tile.uniteStock === tile.uniteTarif,
      },
      checked.quantity,
      tile.uniteTarif,
    );
    const notes = [checked.message, stock.ok ? stock.note : null].filter((note) => note !== null);
    return { quantite: checked.quantity, decoupe: null, probleme: null, avis: notes.join(' · ') || null };
  }
  if (line.dimensions?.length !== variable.length) return plain(ACCOUNT_MESSAGES.cutRequired(variable));
  const decoupe = {
    nbPieces: line.quantite,
    dimensions: Object.fromEntries(variable.map((dimension, index) => [dimension, line.dimensions![index]!])),
  };
  const result = cutQuantity(cut!, decoupe);
  if (!result.ok) return plain(result.message);
  if (result.quantity > CART_QUANTITY_MAX) return plain(CART_MESSAGES.quantityTooLarge);
  return {
    quantite: result.quantity,
    decoupe: toDecoupeLigne(decoupe.nbPieces, decoupe.dimensions),
    probleme: null,
    avis: null,
  };
}

/**
 * POST /rest/compte/commande-rapide/verification: each typed line resolved as the storefront shows
 * it (designation, the customer's price when prices show, stock, the quantity a cut prices) and what
 * keeps it from the cart; an unknown code is `trouve: false`.
 */
export async function resolveQuickOrder(
  db: DbOrTx,
  viewer: Viewer,
  lines: readonly QuickOrderLine[],
): Promise<ResolvedQuickOrder> {
  const [resolved, settings] = await Promise.all([
    resolveQuickLines(db, viewer, lines),
    searchSettingsOf(db),
  ]);
  return { lignes: resolved.map((line) => line.shown), affichageStock: settings.affichageStock };
}

/**
 * POST /rest/compte/commande-rapide: every line the verification accepts into the cart (which checks
 * them again); the others, and those the cart refuses, are listed with the reason.
 */
export async function addQuickOrder(
  db: Database,
  user: SessionUser,
  viewer: Viewer,
  lines: readonly QuickOrderLine[],
): Promise<LinesAdded> {
  customerCodeOf(user);
  const resolved = await resolveQuickLines(db, viewer, lines);
  const leftOut = resolved.flatMap(({ shown, toAdd }) =>
    toAdd
      ? []
      : [{ codeArticle: shown.code, designation: shown.designation ?? shown.code, raison: shown.probleme! }],
  );
  return addAll(
    db,
    user,
    resolved.flatMap(({ toAdd }) => (toAdd ? [toAdd] : [])),
    [],
    leftOut,
  );
}

// ---------------------------------------------------------------- recently ordered

/**
 * GET /rest/compte/articles-recents: the articles of the customer's latest orders still sold, the most
 * recently ordered first, as tiles priced for the customer. Withdrawn articles are left out after the
 * codes are read, so a few more candidates than shown are read to fill the block.
 */
export async function recentlyOrdered(
  db: DbOrTx,
  user: SessionUser,
  viewer: Viewer,
): Promise<RecentArticles> {
  const code = customerCodeOf(user);
  const codes = await recentlyOrderedArticleCodes(db, code, RECENT_ORDERS_SCANNED, RECENT_ARTICLES_MAX * 4);
  const [cards, settings] = await Promise.all([articleCards(db, codes, viewer), searchSettingsOf(db)]);
  return { articles: cards.slice(0, RECENT_ARTICLES_MAX), affichageStock: settings.affichageStock };
}
