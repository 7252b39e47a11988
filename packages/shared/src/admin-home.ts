import { z } from 'zod';
import { shippingWarning } from './shipping/availability';

/** GET /admin/accueil: the live figures of the back-office home. */
export const adminHomeFigures = z.object({
  commandesDuJour: z.number().int(),
  paiementsAValider: z.number().int(),
  clients: z.number().int(),
  articles: z.number().int(),
  connexionsDuJour: z.number().int(),
});
export type AdminHomeFigures = z.infer<typeof adminHomeFigures>;

/** A warning of the back-office home, and the screen where it is fixed (null: none, e.g. the outbox). */
export const adminHomeWarning = z.object({
  message: z.string(),
  ecran: shippingWarning.shape.ecran.nullable(),
});
export type AdminHomeWarning = z.infer<typeof adminHomeWarning>;

/**
 * GET /admin/accueil/alertes: what the administrator should fix or watch: the shipping fee schedule
 * and the carriers (shipping/availability.ts), the outbox's mails (docs/contract/e-mails.md).
 */
export const adminHomeWarnings = z.object({ alertes: z.array(adminHomeWarning) });
export type AdminHomeWarnings = z.infer<typeof adminHomeWarnings>;

export const MAIL_HOME_WARNINGS = {
  /** Waiting to be sent or to be tried again. */
  pending: (count: number) => `Courriels en attente : ${count}`,
  /** Given up after `hours` of attempts. */
  failed: (count: number, hours: number) =>
    `Courriels non envoyés : ${count} (abandonnés après ${hours} h d’essais ; le journal du serveur dit pourquoi)`,
} as const;
