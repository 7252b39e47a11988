// The customer's cart (GET /rest/panier and its line routes), the chantier tags (/tag/chantier/*) and the
// checkout (GET /rest/panier/livraison, POST /rest/panier/commande): the contract shared by the API, the web app
// and the tests, plus the pure totals computation.
import { z } from 'zod';
import { CART_QUANTITY_MAX } from './cart-texts';
import { venteArticle } from './catalogue';
import { decoupe, decoupeLigne } from './dimensions';
import { cartType } from './domain';
import { encoursCommande } from './encours';
import { lineAmount, totalsOf } from './money';
import { PAYMENT_METHODS } from './payment';
import { idParam } from './validation';
import { SITE_PAGE_MESSAGES, cgvAccepted } from './site-pages';
import { visitorOrderDetails } from './visitor-checkout';

export * from './cart-texts';

export const CART_MESSAGES = {
  customerOnly: 'Le panier et les commandes sont réservés aux comptes clients',
  unknownArticle: 'Article inconnu',
  inactiveArticle: "Cet article n'est plus disponible",
  unknownVariant: 'Déclinaison inconnue pour cet article',
  variantRequired: 'Choisissez une déclinaison de cet article',
  unknownLine: 'Ligne de panier introuvable',
  emptyCart: 'Votre panier est vide',
  unknownAddress: 'Adresse de livraison introuvable',
  unknownCarrier: 'Transporteur introuvable ou inactif',
  onAccountRefused: 'Le paiement en compte est réservé aux clients professionnels',
  cardNumberRefused:
    'Le numéro de carte ne se saisit jamais ici : vous réglerez sur la page sécurisée du prestataire de paiement',
  tagTooLong: 'Le nom du chantier ne doit pas dépasser 60 caractères',
  quantityTooLarge: 'Quantité trop grande',
  orderTooLarge: 'Montant de la commande trop élevé : répartissez-la en plusieurs commandes',
  tagControlCharacters:
    'Le nom du chantier ne doit pas contenir de retour à la ligne ni de caractère de contrôle',
  referenceControlCharacters:
    'La référence ne doit pas contenir de retour à la ligne ni de caractère de contrôle',
} as const;

/** Texts that go to the ERP's files are one line of printable characters. */
const hasNoControlCharacter = (text: string) => !/\p{Cc}/u.test(text);

const quantite = z.coerce
  .number({ message: 'Quantité invalide' })
  .positive('La quantité doit être supérieure à 0')
  .max(CART_QUANTITY_MAX, CART_MESSAGES.quantityTooLarge);

/** POST /rest/panier/lignes: adds the article (or increases its untagged line). */
export const addCartLineBody = z.object({
  codeArticle: z.string().trim().min(1, 'Article obligatoire').max(50),
  codeDeclinaison: z.string().trim().max(50).optional(),
  /** Ignored for an article cut to size: its quantity is computed from `decoupe`. */
  quantite,
  /** Required for an article whose unit has variable dimensions, refused for any other. */
  decoupe: decoupe.optional(),
});
export type AddCartLineBody = z.input<typeof addCartLineBody>;

/** PATCH /rest/panier/lignes/:id: a new quantity, or for a line cut to size its new pieces and dimensions. */
export const updateCartLineBody = z
  .object({ quantite: quantite.optional(), decoupe: decoupe.optional() })
  .refine((body) => body.quantite !== undefined || body.decoupe !== undefined, {
    message: 'Quantité invalide',
    path: ['quantite'],
  });
export type UpdateCartLineBody = z.input<typeof updateCartLineBody>;

export const cartLineParams = z.object({ id: idParam() });

export const cartLine = z.object({
  id: z.number().int(),
  codeArticle: z.string(),
  codeDeclinaison: z.string(),
  designation: z.string(),
  /** The product page: '/article/<code>'. */
  lien: z.string(),
  quantite: z.number(),
  unite: z.string(),
  prixUnitaireHT: z.number(),
  montantHT: z.number(),
  tauxTVA: z.number(),
  chantier: z.string().nullable(),
  /** A line cut to size: quantite is what its pieces and dimensions make (cutQuantity); null otherwise. */
  decoupe: decoupeLigne.nullable(),
  /**
   * A line cut to size that cannot be ordered as it stands (its unit's or article's measures changed
   * since it was priced): why, in French; the checkout refuses the cart until it is changed. Null otherwise.
   */
  aRevoir: z.string().nullable(),
  /** How the article is sold: the quantity the cart page lets the shopper type. */
  vente: venteArticle,
  /**
   * What the stock says of the line, where the shopper buys: 'Sur commande (délai 10 jours)', or
   * what is in stock and what will be ordered; null when the stock covers it.
   */
  disponibilite: z.string().nullable(),
});
export type CartLine = z.infer<typeof cartLine>;

export const cart = z.object({
  lignes: z.array(cartLine),
  totalHT: z.number(),
  totalTVA: z.number(),
  totalTTC: z.number(),
  nbLignes: z.number().int(),
});
export type Cart = z.infer<typeof cart>;

// ---------------------------------------------------------------- chantier tags

export const TAG_MAX_LENGTH = 60;

/** POST /tag/chantier/: tags the cart row `id`; an empty tagName removes its tag. */
export const setSiteTagBody = z.object({
  id: idParam(),
  tagName: z
    .string()
    .trim()
    .max(TAG_MAX_LENGTH, CART_MESSAGES.tagTooLong)
    .refine(hasNoControlCharacter, CART_MESSAGES.tagControlCharacters),
});
export type SetSiteTagBody = z.input<typeof setSiteTagBody>;

/** GET /tag/chantier/:cartRowId and the answer of POST /tag/chantier/: the line's tag ('' when none). */
export const siteTagOfLine = z.object({ tagName: z.string() });
export type SiteTagOfLine = z.infer<typeof siteTagOfLine>;

/** GET /tag/chantier/list: the customer's tag names, alphabetical. */
export const siteTagList = z.array(z.string());

/** GET /tag/chantier/details-panier/:tag: the cart's products carrying that tag. */
export const siteTagProduct = z.object({ libelle: z.string(), lien: z.string() });
export const siteTagProducts = z.array(siteTagProduct);
export type SiteTagProduct = z.infer<typeof siteTagProduct>;

// ---------------------------------------------------------------- checkout

export const deliveryAddress = z.object({
  id: z.number().int(),
  libelle: z.string(),
  ligne1: z.string(),
  ligne2: z.string().nullable(),
  codePostal: z.string(),
  ville: z.string(),
  zoneId: z.number().int().nullable(),
  zone: z.string().nullable(),
  parDefaut: z.boolean(),
});
export type DeliveryAddress = z.infer<typeof deliveryAddress>;

export const checkoutCarrier = z.object({
  id: z.number().int(),
  nom: z.string(),
  description: z.string().nullable(),
  /** The shipping fee HT for the address (0: pickup, a franco reached or a band of 0 €). */
  fraisHT: z.number(),
  /** The fee's explanation (the band, tranche and rule that applied), or why there is none. */
  explication: z.string(),
});
export type CheckoutCarrier = z.infer<typeof checkoutCarrier>;

export const paymentMethod = z.enum(PAYMENT_METHODS);

export const checkoutOptions = z.object({
  adresses: z.array(deliveryAddress),
  /** The address the fees were computed for (the default one, or the one asked with ?adresseId=). */
  adresseId: z.number().int().nullable(),
  /** The carriers offered: active, and priced for this cart and address (or pickup). */
  transporteurs: z.array(checkoutCarrier),
  /**
   * Why delivery is not offered when carriers were withheld for want of a fee (only pickup, or
   * nothing, remains), or null (checkoutCarrierNotice, shipping/availability.ts).
   */
  avisTransport: z.string().nullable(),
  modesReglement: z.array(z.object({ code: paymentMethod, libelle: z.string() })),
  panier: cart,
  /** The customer's limit and the checking settings: the page offers only what the server accepts. */
  encours: encoursCommande,
  /** The CGV the shopper must accept to order (their latest version); null while none is published. */
  cgv: cgvAccepted.nullable(),
});
export type CheckoutOptions = z.infer<typeof checkoutOptions>;

export const checkoutQuery = z.object({ adresseId: idParam().optional() });

export const placeOrderBody = z
  .object({
    adresseId: idParam('Adresse de livraison obligatoire'),
    transporteurId: idParam('Transporteur obligatoire'),
    modeReglement: paymentMethod,
    refClient: z
      .string()
      .trim()
      .max(50, 'Référence trop longue (50 caractères au plus)')
      .refine(hasNoControlCharacter, CART_MESSAGES.referenceControlCharacters)
      .optional(),
    /** The version of the CGV the shopper accepted (checkoutOptions.cgv.version): required once CGV exist. */
    versionCGV: z
      .number({ error: SITE_PAGE_MESSAGES.cgvRequired })
      .int(SITE_PAGE_MESSAGES.cgvRequired)
      .positive(SITE_PAGE_MESSAGES.cgvRequired)
      .optional(),
    /** A visitor's name, e-mail or phone and billing address (ordering without an account only). */
    visiteur: visitorOrderDetails.optional(),
    /** Never accepted: the card is paid on the provider's hosted page, its number never reaches the shop. */
    carte: z.unknown().optional(),
  })
  .refine((body) => body.carte === undefined, {
    message: CART_MESSAGES.cardNumberRefused,
    path: ['carte'],
  });
export type PlaceOrderBody = z.input<typeof placeOrderBody>;

export const placedOrder = z.object({
  id: z.number().int(),
  numero: z.string(),
  typePanier: cartType,
  /** The payment status label of the order (PAYMENT_STATUS_LABELS). */
  statutPaiement: z.string(),
  message: z.string(),
  /** Set when the order on account was accepted over the customer's credit limit (encours). */
  avertissement: z.string().optional(),
  /** A card order: the provider's hosted payment page, where the shopper goes next. */
  paiement: z.object({ url: z.string() }).optional(),
});
export type PlacedOrder = z.infer<typeof placedOrder>;

// ---------------------------------------------------------------- totals

/** A line's amount HT: quantity × unit price, rounded half up to the cent (money.ts, the one rule). */
export const lineAmountHt = (quantity: number, unitPriceHt: number): number =>
  lineAmount(quantity, unitPriceHt);

export type TotalsLine = { montantHT: number; tauxTVA: number };

/**
 * The totals of lines whose amounts HT are already rounded to the cent (money.ts, totalsOf): HT is
 * their sum; the VAT is computed per rate on the sum of that rate's lines and rounded to the cent (as
 * on an invoice, and as the stored orders are); TTC = HT + VAT, in cents throughout.
 */
export function cartTotals(lines: readonly TotalsLine[]): {
  totalHT: number;
  totalTVA: number;
  totalTTC: number;
} {
  const totals = totalsOf(lines.map((line) => ({ amountHt: line.montantHT, vatRate: line.tauxTVA })));
  return { totalHT: totals.totalHt, totalTVA: totals.totalVat, totalTTC: totals.totalTtc };
}

/** The VAT rate applied to the shipping fee. */
export const SHIPPING_FEE_VAT_RATE = 20;
