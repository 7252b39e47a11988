// The customer's account (docs/contract.md, Customer account): its delivery addresses, reordering a
// past order, the quick order. Owns no table: addresses belong to the reference module, cart lines
// to the cart, orders to the orders module; this module joins them for the account pages.
import type { Database, DbOrTx } from '@comptoir/db/client';
import {
  ACCOUNT_MESSAGES,
  linesAddedMessage,
  RECENT_ARTICLES_MAX,
  RECENT_ORDERS_SCANNED,
  type LinesAdded,
  type QuickOrderLine,
  type RecentArticles,
  type ResolvedQuickOrder,
  type addressBody,
} from '@comptoir/shared/account';
import type { DeliveryAddress } from '@comptoir/shared/cart';
import type { z } from 'zod';
import { notFound } from '../../errors';
import { customerCodeOf, type SessionUser } from '../auth/auth.service';
import { addLinesToCart, type LineToAdd } from '../cart/cart.service';
import { articleCards, articleForCart, type Viewer } from '../catalogue/catalogue.service';
import { orderDetailFor, recentlyOrderedArticleCodes } from '../orders/orders.service';
import {
  addOwnAddress,
  deleteOwnAddress,
  deliveryAddresses,
  toDeliveryAddress,
  updateOwnAddress,
  type OwnAddressInput,
} from '../reference/reference.service';
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

/** Adds the lines in one transaction (each line on its own) and says what went in and what did not. */
async function addAll(
  db: Database,
  user: SessionUser,
  lines: LineToAdd[],
  tags: string[],
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
  return { ...result, message: linesAddedMessage(result.ajoutees, result.refusees) };
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

/**
 * POST /rest/compte/commande-rapide/verification: each typed line resolved as the storefront shows
 * it (designation, the customer's price when prices show, stock); an unknown code is `trouve: false`.
 */
export async function resolveQuickOrder(
  db: DbOrTx,
  viewer: Viewer,
  lines: readonly QuickOrderLine[],
): Promise<ResolvedQuickOrder> {
  const codes = [...new Set(lines.map((line) => line.code))];
  const cards = new Map((await articleCards(db, codes, viewer)).map((card) => [card.codeArticle, card]));
  const resolved = [];
  for (const line of lines) {
    const card = cards.get(line.code);
    if (!card) {
      const withdrawn = await articleForCart(db, line.code);
      resolved.push({
        code: line.code,
        quantite: line.quantite,
        trouve: withdrawn !== undefined,
        designation: null,
        uniteTarif: null,
        uniteStock: null,
        infoStock: null,
        probleme: withdrawn ? ACCOUNT_MESSAGES.inactiveArticle : ACCOUNT_MESSAGES.unknownCode,
      });
      continue;
    }
    resolved.push({
      code: line.code,
      quantite: line.quantite,
      trouve: true,
      designation: card.designation,
      prixHT: card.prixHT,
      uniteTarif: card.uniteTarif,
      uniteStock: card.uniteStock,
      infoStock: card.infoStock,
      probleme: card.hasDeclinaisons ? ACCOUNT_MESSAGES.variantRequired : null,
    });
  }
  return { lignes: resolved, affichageStock: (await searchSettingsOf(db)).affichageStock };
}

/** POST /rest/compte/commande-rapide: every line into the cart; those the cart refuses are listed. */
export function addQuickOrder(db: Database, user: SessionUser, lines: readonly QuickOrderLine[]) {
  return addAll(
    db,
    user,
    lines.map((line) => ({
      codeArticle: line.code,
      codeDeclinaison: '',
      quantite: line.quantite,
      chantier: null,
      decoupe: null,
      designation: line.code,
    })),
    [],
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
