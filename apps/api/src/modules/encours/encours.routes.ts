import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { encours } from '@comptoir/shared/encours';
import { errorResponse } from '@comptoir/shared/errors';
import { currentUser } from '../../plugins/auth';
import { customerEncours } from './encours.service';

export const encoursRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/rest/compte/encours',
    {
      schema: {
        tags: ['compte'],
        summary:
          'L’encours du client connecté (TTC) : plafond autorisé, utilisé (commandes en compte non facturées), disponible',
        response: { 200: encours, 403: errorResponse },
      },
    },
    (request) => customerEncours(app.db, currentUser(request)),
  );
};
