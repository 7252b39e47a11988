// The cookies that tell the server who a browser is, and how long they last. The auth plugin, the web
// plugin and the modules that set them all read the names here.

/** The login session's cookie. */
export const SESSION_COOKIE = 'comptoir_session';
/** The cookie of a visitor's cart session (ordering without an account): read by the cart routes only. */
export const VISITOR_COOKIE = 'comptoir_visiteur';
/** The agency a visitor chose ('choix' mode), kept for the browser session. */
export const AGENCY_COOKIE = 'comptoir_agence';
/** The cookie of a browser that logged in before: its attempts on that account skip the address limits. */
export const DEVICE_COOKIE = 'comptoir_appareil';

/** The absolute limit of a session, however active. */
export const SESSION_DURATION_MS = 30 * 24 * 3600 * 1000;
/** How long a browser stays known after its last successful login. */
export const DEVICE_DURATION_MS = 180 * 24 * 3600 * 1000;
