import { z } from 'zod';

export { sessionUser } from './auth-texts';

export const roles = ['admin', 'client'] as const;
export const role = z.enum(roles);
export type Role = z.infer<typeof role>;

export const loginBody = z.object({
  login: z.string().trim().min(1, 'Identifiant obligatoire').max(100),
  password: z.string().min(1, 'Mot de passe obligatoire').max(200),
});
export type LoginBody = z.infer<typeof loginBody>;

export const me = z.object({
  login: z.string(),
  role,
  codeClient: z.string().nullable(),
  /** Set (true) for a private customer's account, which sees prices incl. tax first; absent otherwise. */
  particulier: z.literal(true).optional(),
});
export type Me = z.infer<typeof me>;

/** GET /auth/me for a visitor without a (valid) session: an answer, not an error. */
export const noSession = z.object({ connecte: z.literal(false) });
export type NoSession = z.infer<typeof noSession>;

/** GET /auth/me: the logged-in account, or the visitor's "no session". */
export const meAnswer = z.union([me, noSession]);
export type MeAnswer = z.infer<typeof meAnswer>;

export const NO_SESSION: NoSession = { connecte: false };

export const AUTH_MESSAGES = {
  badCredentials: 'Identifiant ou mot de passe incorrect',
  tooManyAttempts: 'Trop de tentatives de connexion, réessayez dans une minute',
  notLoggedIn: 'Veuillez vous connecter',
  forbidden: 'Accès réservé aux administrateurs',
  foreignOrigin: 'Requête refusée : origine non autorisée',
} as const;
