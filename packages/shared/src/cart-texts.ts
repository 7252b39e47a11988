// The cart's constants the storefront's pages need, apart from the schemas (cart.ts, which re-exports
// them) so that the category and product pages, whose tiles and order box add to the cart, load no zod.

/** Largest quantity of a cart line, and of the sum the lines of one article reach. */
export const CART_QUANTITY_MAX = 99_999;
