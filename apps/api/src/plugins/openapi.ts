// The OpenAPI document, generated from the routes' zod schemas: UI at /docs, JSON at /docs/json.
// Beyond what each route declares, every operation gets the answers any route of its kind can give
// (docs/contract/errors.md); apps/api/src/openapi-truth.test.ts holds the document against the server.
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { RouteOptions } from 'fastify';
import fp from 'fastify-plugin';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponse } from '@comptoir/shared/errors';
import { PATH_PARAM_MAX_LENGTH } from '@comptoir/shared/validation';

/** What each status means, for the answers whose route says nothing more precise. */
export const STATUS_DESCRIPTIONS: Record<number, string> = {
  200: 'Réussite',
  201: 'Créé',
  204: 'Réussite, sans contenu',
  303: 'Redirection : l’adresse est dans l’en-tête Location',
  304: 'Non modifié : la version du client (If-None-Match) est à jour, sans contenu',
  400: 'Requête invalide : paramètre, requête ou corps refusé (un caractère nul U+0000 l’est partout)',
  401: 'Session requise',
  403: 'Accès refusé (compte ou origine non autorisés)',
  404: 'Ressource introuvable',
  409: 'Conflit avec les données existantes',
  413: 'Requête trop volumineuse',
  414: `Paramètre de l’adresse trop long (${PATH_PARAM_MAX_LENGTH} caractères au plus)`,
  415: 'Type de contenu non pris en charge',
  429: 'Trop de requêtes',
  431: 'En-têtes de la requête trop volumineux',
  500: 'Erreur critique',
  503: 'Service momentanément indisponible',
};

/** The statuses that never carry a body. */
const WITHOUT_BODY = new Set([204, 304]);
const isRedirect = (status: number) => status >= 300 && status < 400;

type JsonSchema = Record<string, unknown>;

/**
 * The answers any route can give, by its method and path: 400 (a NUL character in any query string
 * is refused), 431 (the HTTP layer's, before any route), 500; with a path parameter, 414; with a
 * body (any method but GET and HEAD), 413 and 415.
 */
export function commonStatuses(method: string, url: string): number[] {
  const statuses = [400, 431, 500];
  if (url.includes(':') || url.includes('*')) statuses.push(414);
  if (method !== 'GET' && method !== 'HEAD') statuses.push(413, 415);
  return statuses;
}

/**
 * One route's schema for the document: the answers of commonStatuses added as error answers, each
 * answer described, and the bodiless ones (204, 304, redirects) declared without content.
 */
export function withCommonAnswers(
  schema: { response?: Record<string, JsonSchema> } & JsonSchema,
  route: Pick<RouteOptions, 'method' | 'url'>,
  errorJson: JsonSchema,
) {
  const response: Record<string, JsonSchema> = { ...schema.response };
  for (const method of [route.method].flat())
    for (const status of commonStatuses(method, route.url)) response[status] ??= errorJson;
  for (const [code, answer] of Object.entries(response)) {
    const status = Number(code);
    const description = (answer.description as string | undefined) ?? STATUS_DESCRIPTIONS[status];
    if (WITHOUT_BODY.has(status) || isRedirect(status)) {
      response[code] = {
        type: 'null',
        ...(description && { description }),
        ...(answer.headers !== undefined && { headers: answer.headers }),
        ...(isRedirect(status) &&
          answer.headers === undefined && {
            headers: { location: { type: 'string', description: 'L’adresse où aller' } },
          }),
      };
    } else if (description && answer.description === undefined) {
      response[code] = { ...answer, description };
    }
  }
  return { ...schema, response };
}

/** The error answers' schema, once in components: the same `{ message, details? }` everywhere. */
const ERROR_SCHEMA = 'Erreur';

/** The document with every error answer's schema replaced by a reference to ERROR_SCHEMA. */
export function sharingErrorSchema<T extends { components?: { schemas?: object }; paths?: object }>(
  document: T,
  errorJson: JsonSchema,
): T {
  const same = JSON.stringify(errorJson);
  for (const operations of Object.values(document.paths ?? {}) as Record<string, OperationLike>[])
    for (const operation of Object.values(operations))
      for (const answer of Object.values(operation.responses ?? {}))
        for (const media of Object.values(answer.content ?? {})) {
          const { description: _described, ...schema } = media.schema ?? {};
          if (JSON.stringify(schema) === same)
            media.schema = { $ref: `#/components/schemas/${ERROR_SCHEMA}` };
        }
  return {
    ...document,
    components: {
      ...document.components,
      schemas: { ...document.components?.schemas, [ERROR_SCHEMA]: errorJson },
    },
  };
}

interface OperationLike {
  responses?: Record<string, { content?: Record<string, { schema?: JsonSchema }> }>;
}

export default fp(
  async (app) => {
    const errorJson = z.toJSONSchema(errorResponse, { target: 'openapi-3.0' }) as JsonSchema;
    delete errorJson.$schema;
    await app.register(swagger, {
      openapi: {
        info: {
          title: 'Comptoir API',
          description: [
            'API de la boutique et du back office. Session par cookie httpOnly `comptoir_session` (POST /auth/login). Tout ce qui est sous /admin/ et /service/, et toute écriture sous /openweb/admin/, est réservé aux administrateurs.',
            'Les erreurs répondent `{ message, details? }` en français. Une méthode qu’un chemin documenté n’a pas répond 405 « Méthode non autorisée », avec l’en-tête `Allow` qui liste les siennes (HEAD avec GET) ; un chemin sans route répond 404. Les requêtes sans route (404, 405) sont limitées à 60 par minute et par adresse, puis 429.',
          ].join('\n\n'),
          version: '1.0.0',
        },
        components: {
          securitySchemes: { session: { type: 'apiKey', in: 'cookie', name: 'comptoir_session' } },
        },
      },
      transform: (input) => {
        const { schema, url } = jsonSchemaTransform(input);
        if (!schema || schema.hide) return { schema, url };
        return { schema: withCommonAnswers(schema as JsonSchema, input.route, errorJson), url };
      },
      transformObject: (input) =>
        'openapiObject' in input ? sharingErrorSchema(input.openapiObject, errorJson) : input.swaggerObject,
    });
    await app.register(swaggerUi, { routePrefix: '/docs' });
  },
  { name: 'openapi' },
);
