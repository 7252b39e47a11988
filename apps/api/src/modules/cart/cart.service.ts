// The cart module's face to the other modules (docs/contract/cart-and-site-tags.md): what they may
// call, each from the file that serves it (docs/architecture.md, Layers of the API). The module's own
// files import those files, never this one.

// Lines put back in the cart (the account's reorder and quick order), and the chantier tags of the
// lines (site-tags).
export {
  addLinesToCart,
  cartLineTag,
  cartProductsTaggedWith,
  setCartLineTag,
  type LineToAdd,
} from './cart-lines.service';
