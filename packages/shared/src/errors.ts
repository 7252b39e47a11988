import { z } from 'zod';
import { CRITICAL_ERROR } from './messages';

/**
 * Every error answer of the API: a French message, and for a 400 the details of each invalid field
 * (champ is the dotted path of the field, '' for the whole body or query).
 */
export const errorResponse = z.object({
  message: z.string(),
  details: z.array(z.object({ champ: z.string(), message: z.string() })).optional(),
});
export type ErrorResponse = z.infer<typeof errorResponse>;

// Its home is messages.ts (no zod there: the storefront's first load imports it).
export { CRITICAL_ERROR };

/** The message of an error status when nothing more precise is known. */
export const HTTP_MESSAGES = {
  400: 'Requête invalide',
  401: 'Veuillez vous connecter',
  403: 'Accès refusé',
  404: 'Ressource introuvable',
  405: 'Méthode non autorisée',
  406: 'Format de réponse non disponible',
  408: 'Requête trop lente : délai dépassé',
  409: 'Conflit avec les données existantes',
  413: 'Requête trop volumineuse',
  415: 'Type de contenu non pris en charge',
  429: 'Trop de requêtes, réessayez dans un instant',
  431: 'En-têtes de la requête trop volumineux',
  500: CRITICAL_ERROR,
  503: 'Service momentanément indisponible',
} as const satisfies Record<number, string>;
