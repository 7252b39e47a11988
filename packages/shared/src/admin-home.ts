import { z } from 'zod';

/** GET /admin/accueil: the live figures of the back-office home. */
export const adminHomeFigures = z.object({
  commandesDuJour: z.number().int(),
  paiementsAValider: z.number().int(),
  clients: z.number().int(),
  articles: z.number().int(),
  connexionsDuJour: z.number().int(),
});
export type AdminHomeFigures = z.infer<typeof adminHomeFigures>;
