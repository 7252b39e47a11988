// Every URL of the web app, in one place: a link is never a hand-typed string (bulletproof-react style).
// `path` is the router pattern, `getHref()` builds a link to it. Kept outside app/ so that features and
// the UI kit can import it without depending on the app layer.

const ADMIN = '/openweb/admin';

/** The query parameter of the login page that holds the page to return to. */
export const REDIRECT_PARAM = 'redirectTo';

export const paths = {
  shop: {
    home: { path: '/', getHref: () => '/' },
    cart: { path: '/panier', getHref: () => '/panier' },
  },
  login: {
    path: '/connexion',
    /** The login page; after logging in the user is sent back to `redirectTo` (a path of this site). */
    getHref: (redirectTo?: string | null) =>
      redirectTo
        ? `/connexion?${new URLSearchParams({ [REDIRECT_PARAM]: redirectTo }).toString()}`
        : '/connexion',
  },
  admin: {
    /** Prefix of every back-office page. */
    root: ADMIN,
    home: { path: `${ADMIN}/admin_accueil`, getHref: () => `${ADMIN}/admin_accueil` },
    carriers: { path: `${ADMIN}/admin_transporteurs`, getHref: () => `${ADMIN}/admin_transporteurs` },
    shippingFees: {
      path: `${ADMIN}/admin_forfaitsTransport`,
      getHref: () => `${ADMIN}/admin_forfaitsTransport`,
    },
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
