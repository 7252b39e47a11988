// Every URL of the web app, in one place: a link is never a hand-typed string (bulletproof-react style).
// `path` is the router pattern, `getHref()` builds a link to it. Kept outside app/ so that features and
// the UI kit can import it without depending on the app layer. The links the API also builds (a family,
// an article) come from @comptoir/shared/catalogue, so that both sides build them one way.
import { articleLink, familyLink } from '@comptoir/shared/catalogue-texts';
import { SITE_PAGE_PATHS } from '@comptoir/shared/site-pages-texts';

const ADMIN = '/openweb/admin';

/** The query parameter of the login page that holds the page to return to. */
export const REDIRECT_PARAM = 'redirectTo';

export const paths = {
  shop: {
    home: { path: '/', getHref: () => '/' },
    cart: { path: '/panier', getHref: () => '/panier' },
    checkout: { path: '/panier/commande', getHref: () => '/panier/commande' },
    /** The customer's account: its orders. */
    account: { path: '/compte', getHref: () => '/compte' },
    /** The customer's delivery addresses. */
    addresses: { path: '/compte/adresses', getHref: () => '/compte/adresses' },
    /** Typing or pasting 'code quantity' lines (or a CSV) into the cart. */
    quickOrder: { path: '/compte/commande-rapide', getHref: () => '/compte/commande-rapide' },
    /** Changing the account's password. */
    password: { path: '/compte/mot-de-passe', getHref: () => '/compte/mot-de-passe' },
    /** A family of the sales plan: its sub-families and the articles of its whole subtree. */
    category: { path: '/catalogue/:code', getHref: familyLink },
    /** The full results page of a storefront search. */
    search: {
      path: '/recherche',
      getHref: (text: string) => `/recherche?${new URLSearchParams({ q: text }).toString()}`,
    },
    product: { path: '/article/:code', getHref: articleLink },
    /** The legal pages, their texts edited in the back office ('Pages du site'). */
    cgv: { path: SITE_PAGE_PATHS.cgv, getHref: () => SITE_PAGE_PATHS.cgv },
    legalNotice: {
      path: SITE_PAGE_PATHS['mentions-legales'],
      getHref: () => SITE_PAGE_PATHS['mentions-legales'],
    },
    contact: { path: SITE_PAGE_PATHS.contact, getHref: () => SITE_PAGE_PATHS.contact },
    /** The storefront's order detail; an administrator names the order's customer in codeClient. */
    orderDetail: {
      path: '/compte/detail-mouvement/:id',
      getHref: (id: number | string, codeClient?: string | null) =>
        `/compte/detail-mouvement/${encodeURIComponent(String(id))}${
          codeClient ? `?${new URLSearchParams({ codeClient }).toString()}` : ''
        }`,
    },
  },
  login: {
    path: '/connexion',
    /** The login page; after logging in the user is sent back to `redirectTo` (a path of this site). */
    getHref: (redirectTo?: string | null) =>
      redirectTo
        ? `/connexion?${new URLSearchParams({ [REDIRECT_PARAM]: redirectTo }).toString()}`
        : '/connexion',
  },
  /** A forgotten password: the e-mail to send the link to. */
  forgotPassword: { path: '/mot-de-passe-oublie', getHref: () => '/mot-de-passe-oublie' },
  /** The mailed link's page: `jeton` and the new password (the API's mail builds this link too). */
  resetPassword: { path: '/mot-de-passe-oublie/nouveau', getHref: () => '/mot-de-passe-oublie/nouveau' },
  /** The mailed invitation link's page: `jeton` and the chosen password (the API's mail builds this link too). */
  invitation: { path: '/invitation', getHref: () => '/invitation' },
  /** Creating an account (and ordering without one, when the shop allows it). */
  signup: {
    path: '/inscription',
    getHref: (redirectTo?: string | null) =>
      redirectTo
        ? `/inscription?${new URLSearchParams({ [REDIRECT_PARAM]: redirectTo }).toString()}`
        : '/inscription',
  },
  admin: {
    /** Prefix of every back-office page. */
    root: ADMIN,
    home: { path: `${ADMIN}/admin_accueil`, getHref: () => `${ADMIN}/admin_accueil` },
    carriers: { path: `${ADMIN}/admin_transporteurs`, getHref: () => `${ADMIN}/admin_transporteurs` },
    variableDimensions: {
      path: `${ADMIN}/admin_dimensionsVariables`,
      getHref: () => `${ADMIN}/admin_dimensionsVariables`,
    },
    shippingFees: {
      path: `${ADMIN}/admin_forfaitsTransport`,
      getHref: () => `${ADMIN}/admin_forfaitsTransport`,
    },
    groupings: { path: `${ADMIN}/admin_regroupements`, getHref: () => `${ADMIN}/admin_regroupements` },
    selectionModels: {
      path: `${ADMIN}/admin_selectionModeles`,
      getHref: () => `${ADMIN}/admin_selectionModeles`,
    },
    orders: { path: `${ADMIN}/admin_commandes`, getHref: () => `${ADMIN}/admin_commandes` },
    /** The web accounts: invitations, states, password resets. */
    accounts: { path: `${ADMIN}/admin_comptes`, getHref: () => `${ADMIN}/admin_comptes` },
    connectionSettings: {
      path: `${ADMIN}/admin_parametresConnexion`,
      getHref: () => `${ADMIN}/admin_parametresConnexion`,
    },
    statistics: { path: `${ADMIN}/admin_statistiques`, getHref: () => `${ADMIN}/admin_statistiques` },
    /** The texts of the legal pages: CGV, mentions légales, contact. */
    sitePages: { path: `${ADMIN}/admin_pagesSite`, getHref: () => `${ADMIN}/admin_pagesSite` },
    /** The ERP imports: upload, progress, history and reports (the imported-files page returns to it). */
    imports: { path: `${ADMIN}/admin_importation`, getHref: () => `${ADMIN}/admin_importation` },
    /** The payment validation page of the order numbered `numero` (opened from the orders list). */
    paymentValidation: {
      path: `${ADMIN}/admin_commandeValideReglement`,
      getHref: (numero?: string) =>
        numero === undefined
          ? `${ADMIN}/admin_commandeValideReglement`
          : `${ADMIN}/admin_commandeValideReglement?${new URLSearchParams({ id: numero }).toString()}`,
    },
    /** The files of the ERP drop folder. */
    importedFiles: {
      path: `${ADMIN}/admin_fichierimportation`,
      getHref: () => `${ADMIN}/admin_fichierimportation`,
    },
    /** The form target of an order's re-export and download (POST only). */
    orderExport: { path: `${ADMIN}/admin_commandeEdite`, getHref: () => `${ADMIN}/admin_commandeEdite` },
  },
} as const;

/**
 * A return URL that stays on this site: a path starting with a single '/', else `fallback`
 * (refuses '//evil.example', '/\\evil.example' and absolute URLs, which would redirect elsewhere).
 */
export function safeRedirectPath(value: string | null | undefined, fallback: string): string {
  if (!value || !value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return fallback;
  return value;
}
