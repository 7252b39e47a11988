import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponse } from '@comptoir/shared/errors';
import { health } from '@comptoir/shared/health';
import { HttpError } from '../../errors';
import { ping } from './health.repository';

export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/healthz',
    {
      schema: {
        tags: ['exploitation'],
        summary: 'Le serveur et sa base répondent',
        response: { 200: health, 503: errorResponse },
      },
      config: { access: 'public' },
    },
    async (request) => {
      try {
        await ping(app.db);
      } catch (error) {
        request.log.error({ err: error }, 'base de données injoignable');
        throw new HttpError(503, 'Base de données injoignable');
      }
      return { status: 'ok' as const };
    },
  );
};
