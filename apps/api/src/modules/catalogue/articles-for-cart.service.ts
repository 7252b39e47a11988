// What the cart asks the catalogue of the articles it adds (an addition, a quick order, a reorder):
// the article and its declinaisons, how it is sold, and the stock where the viewer buys.
import type { DbOrTx } from '@comptoir/db/client';
import { shopperOf, withStock, type Viewer } from './shopper.service';

/**
 * The stock of these articles (a declinaison's own when its code is not '') where the viewer buys, as
 * the cart checks an order against it: null when no stock row counts there (ordered from the supplier).
 */
export async function stockWhereViewerBuys(
  db: DbOrTx,
  viewer: Viewer,
  keys: readonly { articleCode: string; variantCode: string }[],
): Promise<(number | null)[]> {
  if (keys.length === 0) return [];
  const shopper = await shopperOf(db, viewer);
  const rows = await withStock(
    db,
    keys.map((key) => ({ code: key.articleCode, variantCode: key.variantCode || undefined })),
    shopper.agency,
  );
  return rows.map((row) => row.quantity);
}

/** The article and its declinaisons' codes, as the cart checks what it adds; undefined when unknown. */
export { articleForCart } from './catalogue.kept';
