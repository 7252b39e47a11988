// From auth.ts, what the storefront's first load needs (reading the session answer): kept apart from
// the schemas so that the first load does not need zod. auth.ts re-exports it.
import type { Me, MeAnswer } from './auth';

/** The account in a GET /auth/me answer, null for a visitor. */
export const sessionUser = (answer: MeAnswer): Me | null => ('connecte' in answer ? null : answer);
