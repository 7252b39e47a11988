import { z } from 'zod';

/** GET /healthz: the server answers and its database too. */
export const health = z.object({ status: z.literal('ok') });
export type Health = z.infer<typeof health>;
