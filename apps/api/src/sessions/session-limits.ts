// How long a session lives without a request, and how often its last request is written.

/** A session ends after this long without a request. */
export const SESSION_IDLE_MS = 8 * 3600 * 1000;
/** The last request of a session is written at most this often (not once per request). */
export const SESSION_REFRESH_MS = 60 * 1000;

/** The same in seconds, as the session queries take them. */
export const sessionLimits = {
  idleSeconds: SESSION_IDLE_MS / 1000,
  refreshSeconds: SESSION_REFRESH_MS / 1000,
};
