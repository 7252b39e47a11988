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

/** GET /admin/accueil/alertes: what the administrator should fix (shipping/availability.ts). */
export const adminHomeWarnings = z.object({ alertes: z.array(shippingWarning) });
export type AdminHomeWarnings = z.infer<typeof adminHomeWarnings>;
