// The cart's lines cut to size (docs/contract/variable-dimensions-and-articles-cut-to-size.md,
// "Articles cut to size"): a cut's quantity, pieces and dimensions, why a line must be reviewed, and
// the lines recomputed when the variable dimensions change (the dimensions module tells the cart
// through the hook registered below, and never imports the cart).
import type { DbOrTx } from '@comptoir/db/client';
import { CART_MESSAGES, CART_QUANTITY_MAX } from '@comptoir/shared/cart';
import {
  adaptCut,
  cutQuantity,
  hasStandardPiece,
  type CutArticle,
  type Decoupe,
} from '@comptoir/shared/cut-to-size';
import { DIMENSION_MESSAGES } from '@comptoir/shared/dimensions';
import { badRequest } from '../../errors';
import { cutArticleOf, onVariableDimensionsChanged } from '../dimensions/dimensions.service';
import * as repo from './cart.repository';
import type { CartLineRow } from './cart.repository';

/** The quantity, pieces and dimensions of a cut of this article, or a 400 with the rule's French refusal. */
export async function cutOf(
  db: DbOrTx,
  articleCode: string,
  cut: Decoupe | undefined,
): Promise<repo.CutLine | null> {
  const article = await cutArticleOf(db, articleCode);
  if (!article || article.variable.length === 0) {
    if (cut) throw badRequest(DIMENSION_MESSAGES.notCutToSize);
    return null;
  }
  // An article with a standard piece is sold by the piece as well: cut only when asked.
  if (!cut && hasStandardPiece(article)) return null;
  if (!cut) throw badRequest(DIMENSION_MESSAGES.dimensionsRequired);
  const result = cutQuantity(article, cut);
  if (!result.ok) throw badRequest(result.message);
  if (result.quantity > CART_QUANTITY_MAX) throw badRequest(CART_MESSAGES.quantityTooLarge);
  return { quantity: result.quantity, pieces: cut.nbPieces, dimensions: result.dimensions };
}

export async function isCutToSize(db: DbOrTx, articleCode: string): Promise<boolean> {
  return ((await cutArticleOf(db, articleCode))?.variable.length ?? 0) > 0;
}

/**
 * Recomputes, in the caller's transaction, the lines cut to size in every cart of articles sold in these
 * units, whose variable dimensions just changed (docs/contract/variable-dimensions-and-articles-cut-to-size.md, "Articles cut to size"): each keeps its
 * pieces and dimensions as adaptCut carries them over, and takes the quantity cutQuantity gives them
 * now. A line that cannot be carried over (no longer sold cut to size, a new dimension without the
 * article's measure, a refusal of the rule) is left as it was: the checkout refuses it until its
 * customer changes or removes it. Answers the lines recomputed and those left to review.
 */
export async function recomputeCutLines(
  tx: DbOrTx,
  unitCodes: readonly string[],
): Promise<{ recomputed: number; toReview: number }> {
  const articles = new Map<string, CutArticle | null>();
  let recomputed = 0;
  let toReview = 0;
  for (const line of await repo.lockCutLinesOfUnits(tx, unitCodes)) {
    if (!articles.has(line.articleCode))
      articles.set(line.articleCode, await cutArticleOf(tx, line.articleCode));
    const article = articles.get(line.articleCode);
    if (!article) continue; // withdrawn: the checkout refuses the line already
    const cut = adaptCut(article, { nbPieces: line.pieces, dimensions: line.dimensions ?? {} });
    const result = cut && cutQuantity(article, cut);
    if (!result?.ok || result.quantity > CART_QUANTITY_MAX) {
      toReview++;
      continue;
    }
    await repo.setLineQuantity(tx, line.cartId, line.id, {
      quantity: result.quantity,
      pieces: line.pieces,
      dimensions: result.dimensions,
    });
    recomputed++;
  }
  return { recomputed, toReview };
}

// A save of the variable dimensions recomputes the carts' lines cut to size in its transaction.
onVariableDimensionsChanged(recomputeCutLines);

/**
 * Why a cart's line cut to size cannot be ordered as it stands, or null: its article is no longer sold
 * cut to size, the rule refuses its cut as adaptCut carries it over, or gives another quantity than the
 * one priced (the unit's or the article's measures changed since).
 */
export async function cutLineReview(db: DbOrTx, row: CartLineRow): Promise<string | null> {
  if (row.pieces === null) return null;
  const article = await cutArticleOf(db, row.articleCode);
  if (!article) return null; // withdrawn: refused as such
  const cut = adaptCut(article, { nbPieces: row.pieces, dimensions: row.dimensions ?? {} });
  if (!cut) return DIMENSION_MESSAGES.noLongerCut;
  const result = cutQuantity(article, cut);
  if (!result.ok) return result.message;
  return Math.abs(result.quantity - row.quantity) > 1e-9 ? DIMENSION_MESSAGES.quantityChanged : null;
}
