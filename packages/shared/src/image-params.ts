// The params and query of GET /images/photos/{name} (docs/contract/catalogue-and-product-pages.md, Article pictures).
import { z } from 'zod';
import { PHOTO_MESSAGES, PHOTO_WIDTHS } from './images';

export const photoParams = z.object({ file: z.string().max(300) });
export const photoQuery = z.object({
  largeur: z.coerce
    .number({ error: PHOTO_MESSAGES.badWidth })
    .refine((width) => (PHOTO_WIDTHS as readonly number[]).includes(width), PHOTO_MESSAGES.badWidth),
});
