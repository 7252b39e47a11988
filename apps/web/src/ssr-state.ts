// The answers a server-drawn page was drawn from, in `<script type="application/json" id=...>` after
// the root (entry-server.tsx writes them, main.tsx reads them): a data block, which the CSP's
// script-src 'self' allows, unlike an inline script.
export const SSR_STATE_ID = 'ssr-state';

/** Each answer under the query key the client's hooks use. */
export type SsrState = [queryKey: readonly unknown[], data: unknown][];
