import { z } from 'zod';

/** Every error answer: a French message, and for a 400 the details of each invalid field. */
export const errorResponse = z.object({
  message: z.string(),
  details: z.array(z.object({ champ: z.string(), message: z.string() })).optional(),
});
export type ErrorResponse = z.infer<typeof errorResponse>;

export const CRITICAL_ERROR = 'Erreur critique';
