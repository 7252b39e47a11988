// The customer account's own calls (docs/contract/customer-account.md): delivery addresses, reorder,
// quick order, password change and forgotten password. Schemas of every request and answer, French
// messages, and the quick-order parser both the page and the server use.
import { z } from 'zod';
import { CART_QUANTITY_MAX, cart, deliveryAddress } from './cart';
import { affichageStock, articleCard, infoStock } from './catalogue';
import {
  decoupeLigne,
  DIMENSION_LABELS,
  DIMENSION_UNITS,
  DIMENSIONS,
  piecesProblem,
  type Dimension,
} from './dimensions';
import { idParam } from './validation';
import { PASSWORD_MAX_LENGTH, SIGNUP_MESSAGES, email, passwordProblem, signupAddress } from './signup';

/** How many declinaison codes the quick order lists when a parent code is typed alone. */
const QUICK_ORDER_VARIANTS_LISTED = 6;

export const ACCOUNT_MESSAGES = {
  addressNotFound: 'Adresse de livraison introuvable',
  addressLabelRequired: 'Nom de l’adresse obligatoire',
  addressDeleted: 'Adresse supprimée',
  addressSaved: 'Adresse enregistrée',
  orderNotFound: 'Commande introuvable',
  reorderNothing: 'Aucun article de cette commande ne peut être ajouté au panier',
  currentPasswordWrong: 'Mot de passe actuel incorrect',
  currentPasswordRequired: 'Mot de passe actuel obligatoire',
  passwordChanged: 'Mot de passe modifié : vos autres sessions sont fermées',
  resetRequested:
    'Si un compte correspond à cette adresse, un courriel vient de lui être envoyé avec un lien valable 1 heure.',
  resetInvalid: 'Ce lien de réinitialisation est invalide, expiré ou déjà utilisé : demandez-en un nouveau',
  resetDone: 'Mot de passe modifié : connectez-vous avec le nouveau',
  tooManyAttempts: 'Trop de tentatives, réessayez dans une minute',
  quickOrderEmpty: 'Saisissez au moins une ligne « code quantité »',
  quickOrderTooLong: 'Commande rapide : 200 lignes au plus',
  unknownCode: 'Code article inconnu',
  inactiveArticle: 'Article plus vendu',
  /** A parent code typed without its declinaison: the codes to type instead ('100234.01'…). */
  variantRequired: (keys: readonly string[]) =>
    `Article à déclinaisons : indiquez le code de l’une d’elles (${
      keys.length > QUICK_ORDER_VARIANTS_LISTED
        ? `${keys.slice(0, QUICK_ORDER_VARIANTS_LISTED).join(', ')}…`
        : keys.join(', ')
    })`,
  /** An article cut to size typed without its dimensions (or not all of them). */
  cutRequired: (dimensions: readonly Dimension[]) =>
    `Article vendu à la découpe : indiquez après le code le nombre de pièces puis ${dimensions
      .map((dimension) => `${DIMENSION_LABELS[dimension]} (${DIMENSION_UNITS[dimension]})`)
      .join(' x ')}`,
} as const;

/** How long a forgotten-password link stays valid. */
export const PASSWORD_RESET_TTL_MINUTES = 60;

// ---------------------------------------------------------------- delivery addresses

/** POST /rest/compte/adresses and PUT /rest/compte/adresses/:id. The zone comes from the postal code. */
export const addressBody = signupAddress.extend({
  libelle: z
    .string(ACCOUNT_MESSAGES.addressLabelRequired)
    .trim()
    .min(1, ACCOUNT_MESSAGES.addressLabelRequired)
    .max(60, 'Nom de l’adresse trop long (60 caractères au plus)'),
  parDefaut: z.boolean().optional(),
});
export type AddressBody = z.input<typeof addressBody>;
export const addressParams = z.object({ id: idParam() });
export const addressList = z.array(deliveryAddress);

// ---------------------------------------------------------------- reorder and quick order

/** A line that could not go to the cart, and why. */
export const refusedLine = z.object({
  codeArticle: z.string(),
  designation: z.string(),
  raison: z.string(),
});
export type RefusedLine = z.infer<typeof refusedLine>;

/** What a reorder or a quick order put in the cart: the cart, a French summary, the refused lines. */
export const linesAdded = z.object({
  panier: cart,
  ajoutees: z.number().int(),
  refusees: z.array(refusedLine),
  message: z.string(),
});
export type LinesAdded = z.infer<typeof linesAdded>;

export const reorderParams = z.object({ id: idParam() });

/** 'N lignes ajoutées au panier' and, when some could not be, which and why. */
export function linesAddedMessage(added: number, refused: readonly RefusedLine[]): string {
  const head =
    added === 0
      ? 'Aucune ligne ajoutée au panier'
      : `${added} ligne${added > 1 ? 's' : ''} ajoutée${added > 1 ? 's' : ''} au panier`;
  if (refused.length === 0) return head;
  const list = refused.map((line) => `${line.designation || line.codeArticle} (${line.raison})`).join(', ');
  return `${head}. Non ajouté${refused.length > 1 ? 's' : ''} : ${list}`;
}

export const QUICK_ORDER_MAX_LINES = 200;

const quickOrderQuantity = z
  .number({ message: 'Quantité invalide' })
  .positive('La quantité doit être supérieure à 0')
  .max(CART_QUANTITY_MAX, 'Quantité trop grande');

/**
 * A quick-order line: the article's code, or 'code.declinaison' for one of its declinaisons; for an article
 * cut to size, `dimensions` are one piece's variable dimensions in the order of DIMENSIONS (in the units
 * the product page asks them) and `quantite` is then the number of pieces.
 */
export const quickOrderLine = z
  .object({
    code: z.string().trim().min(1, 'Code article obligatoire').max(101),
    quantite: quickOrderQuantity,
    dimensions: z.array(z.number()).min(1).max(DIMENSIONS.length).optional(),
  })
  .superRefine((line, ctx) => {
    const problem = line.dimensions === undefined ? null : piecesProblem(line.quantite);
    if (problem) ctx.addIssue({ code: 'custom', message: problem, path: ['quantite'] });
  });
export type QuickOrderLine = z.infer<typeof quickOrderLine>;

/** 'code.declinaison' → the article's code and the declinaison's (null for a plain code). */
export function splitQuickOrderCode(code: string): { codeArticle: string; codeDeclinaison: string | null } {
  const dot = code.indexOf('.');
  return dot <= 0 || dot === code.length - 1
    ? { codeArticle: code, codeDeclinaison: null }
    : { codeArticle: code.slice(0, dot), codeDeclinaison: code.slice(dot + 1) };
}

/** How a declinaison is named in a quick order (and on the order detail): 'code.declinaison'. */
export const quickOrderCode = (codeArticle: string, codeDeclinaison: string) =>
  `${codeArticle}.${codeDeclinaison}`;

/** POST /rest/compte/commande-rapide/verification and POST /rest/compte/commande-rapide. */
export const quickOrderBody = z.object({
  lignes: z
    .array(quickOrderLine)
    .min(1, ACCOUNT_MESSAGES.quickOrderEmpty)
    .max(QUICK_ORDER_MAX_LINES, ACCOUNT_MESSAGES.quickOrderTooLong),
});
export type QuickOrderBody = z.infer<typeof quickOrderBody>;

/**
 * A quick-order line as the server resolves it; `trouve` false: an unknown code (shown in red). For a
 * line cut to size, `quantite` is the quantity priced and `decoupe` the pieces and dimensions.
 */
export const resolvedQuickLine = z.object({
  code: z.string(),
  quantite: z.number(),
  decoupe: decoupeLigne.nullable(),
  trouve: z.boolean(),
  designation: z.string().nullable(),
  /** The customer's price; absent when prices are hidden. */
  prixHT: z.number().optional(),
  uniteTarif: z.string().nullable(),
  uniteStock: z.string().nullable(),
  /** The stock where the customer buys, as the storefront shows it (StockBadge); null for an unknown code. */
  infoStock: infoStock.nullable(),
  /** Why this line cannot go to the cart as typed; null when it can. */
  probleme: z.string().nullable(),
  /**
   * What the customer must know of a line that goes to the cart: its quantity raised to what the
   * article is sold by ('Vendu par 10 : quantité portée à 20'), 'Sur commande (délai 10 jours)', what
   * is in stock and what will be ordered; null when nothing.
   */
  avis: z.string().nullable(),
});
export type ResolvedQuickLine = z.infer<typeof resolvedQuickLine>;
/** The lines, and how the storefront shows stock (setting catalogue.affichageStock). */
export const resolvedQuickOrder = z.object({ lignes: z.array(resolvedQuickLine), affichageStock });
export type ResolvedQuickOrder = z.infer<typeof resolvedQuickOrder>;

// ---------------------------------------------------------------- recently ordered

/** How many articles the home's 'Commandé récemment' block shows. */
export const RECENT_ARTICLES_MAX = 8;
/** How many of the customer's latest orders it looks at. */
export const RECENT_ORDERS_SCANNED = 50;

/**
 * GET /rest/compte/articles-recents: the articles of the customer's latest orders, the most recently
 * ordered first, those still sold, as the storefront's tiles (the customer's prices, its agency's stock).
 */
export const recentArticles = z.object({ articles: z.array(articleCard), affichageStock });
export type RecentArticles = z.infer<typeof recentArticles>;

export interface ParsedQuickOrder {
  lignes: QuickOrderLine[];
  /** Lines that could not be read: their number (from 1), text and the reason. */
  erreurs: { ligne: number; texte: string; raison: string }[];
}

// A code, then a quantity (decimal point or comma), separated by spaces, a tab, ';' or ','.
const LINE = /^([^\s;,]+)(?:[\s;,]+(\d+(?:[.,]\d+)?))?[\s;,]*$/;
// A code, a number of pieces, then one piece's dimensions joined by 'x' ('PLQ13 4 2,5x1,2'). Tried after
// LINE, so that 'CIM35,2,5' stays 2,5 of CIM35.
const NUMBER = String.raw`\d+(?:[.,]\d+)?`;
const CUT_LINE = new RegExp(
  String.raw`^([^\s;,]+)[\s;,]+(\d+)[\s;,]+(${NUMBER}(?:\s*[x×*]\s*${NUMBER})*)[\s;,]*$`,
  'i',
);
const readNumber = (text: string) => Number(text.replace(',', '.'));

/**
 * Reads what the customer typed, pasted or uploaded (a CSV 'code;quantité' or 'code,quantité'): one
 * line per article, 'code quantity', the quantity 1 when left out; for an article cut to size 'code
 * pieces dimensions' ('PLQ13 4 2,5x1,2'). A first line that is a header ('code;quantite') is skipped;
 * empty lines too. The same code twice stays two lines.
 */
export function parseQuickOrder(text: string): ParsedQuickOrder {
  const result: ParsedQuickOrder = { lignes: [], erreurs: [] };
  const rows = text.replace(/^\uFEFF/, '').split(/\r\n|\r|\n/);
  rows.forEach((raw, index) => {
    const line = raw.trim().replace(/^"|"$/g, '');
    if (!line) return;
    const unquoted = line.replace(/"/g, '');
    const isHeader = index === 0 && /^code/i.test(line) && !/\d/.test(line.split(/[\s;,]+/)[1] ?? '0');
    if (isHeader) return;
    const plain = LINE.exec(unquoted);
    const cut = plain ? null : CUT_LINE.exec(unquoted);
    if (!plain && !cut) {
      result.erreurs.push({ ligne: index + 1, texte: raw, raison: 'Ligne illisible : « code quantité »' });
      return;
    }
    const checked = quickOrderLine.safeParse(
      plain
        ? { code: plain[1]!.toUpperCase(), quantite: plain[2] === undefined ? 1 : readNumber(plain[2]) }
        : {
            code: cut![1]!.toUpperCase(),
            quantite: readNumber(cut![2]!),
            dimensions: cut![3]!.split(/\s*[x×*]\s*/i).map(readNumber),
          },
    );
    if (!checked.success) {
      result.erreurs.push({ ligne: index + 1, texte: raw, raison: checked.error.issues[0]!.message });
      return;
    }
    result.lignes.push(checked.data);
  });
  return result;
}

// ---------------------------------------------------------------- passwords

const newPassword = z
  .string('Nouveau mot de passe obligatoire')
  .max(PASSWORD_MAX_LENGTH, SIGNUP_MESSAGES.passwordTooLong);

/** POST /rest/compte/mot-de-passe. The rules are the sign-up's (checked against the login server-side). */
export const changePasswordBody = z.object({
  motDePasseActuel: z
    .string(ACCOUNT_MESSAGES.currentPasswordRequired)
    .min(1, ACCOUNT_MESSAGES.currentPasswordRequired)
    .max(PASSWORD_MAX_LENGTH),
  nouveauMotDePasse: newPassword,
});
export type ChangePasswordBody = z.infer<typeof changePasswordBody>;

/** POST /auth/mot-de-passe-oublie: the account's e-mail (or login). */
export const forgotPasswordBody = z.object({ email });
export type ForgotPasswordBody = z.input<typeof forgotPasswordBody>;

/** POST /auth/mot-de-passe-oublie/nouveau: the token from the mailed link, and the new password. */
export const resetPasswordBody = z.object({
  jeton: z.string().trim().min(20, ACCOUNT_MESSAGES.resetInvalid).max(200, ACCOUNT_MESSAGES.resetInvalid),
  motDePasse: newPassword,
});
export type ResetPasswordBody = z.infer<typeof resetPasswordBody>;

export const messageAnswer = z.object({ message: z.string() });
export type MessageAnswer = z.infer<typeof messageAnswer>;

export { passwordProblem };
