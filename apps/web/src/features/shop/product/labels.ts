// The product page's texts: prices, units, variants and the order box.
export const PRODUCT_LABELS = {
  reference: (code: string) => `Réf. ${code}`,
  /** After the second price line: '60,00 € TTC (TVA 20 %)'. */
  vatRate: (vatRate: string) => ` (TVA ${vatRate})`,
  units: (sold: string, stocked: string, prepared: string) =>
    `Vendu par ${sold} · stocké par ${stocked} · préparé par ${prepared}`,
  groupingVariants: (title: string) => `Variantes : ${title}`,
  variants: 'Déclinaisons',
  variant: 'Déclinaison',
  /** The option of a dropdown whose value the shown variant does not have. */
  noValue: '—',
  variantReference: (code: string, prepared: string) => `Réf. déclinaison ${code} · préparé par ${prepared}`,
  /** The link to the agency's live stock (INTERRO_STOCK), opened in a new tab. */
  stockQuery: 'Interroger le stock de mon agence',
  stockQueryNewTab: '(nouvel onglet)',
  description: 'Description',
  characteristics: 'Caractéristiques',
  quantity: 'Quantité',
  addToCart: 'Ajouter au panier',
  cutToSize: 'Découpe sur mesure',
  howToBuy: 'Comment l’acheter',
  byThePiece: (size: string) => `À la pièce standard (${size})`,
  cutHint: 'Indiquez le nombre de pièces et leurs dimensions.',
  loginToOrder: 'Connectez-vous pour commander',
} as const;
