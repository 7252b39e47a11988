// Reference data shared by many screens: agencies, customers, customer types.
import { z } from 'zod';

export const agence = z.object({ code_agence: z.string(), libelle_agence: z.string() });
export type Agence = z.infer<typeof agence>;
export const agenceList = z.array(agence);

export const client = z.object({
  code: z.string(),
  libelle: z.string(),
  libelle_type: z.string(),
  code_type: z.string(),
});
export type Client = z.infer<typeof client>;
export const clientList = z.array(client);

/** GET /service/clients: search by code or name; at most `limit` rows. */
export const clientQuery = z.object({
  recherche: z.string().trim().max(100).optional(),
  limit: z.coerce.number().int().min(1).max(100).default(20),
});
export type ClientQuery = z.infer<typeof clientQuery>;

/** A {VAL, LIB} pair, the shape of customer types and admin_liste rows. */
export const valLib = z.object({ VAL: z.string(), LIB: z.string() });
export type ValLib = z.infer<typeof valLib>;
export const valLibList = z.array(valLib);
