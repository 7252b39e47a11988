import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponse } from '@comptoir/shared/errors';
import { accountOrderList, accountOrderQuery } from '@comptoir/shared/orders/contract';
import { currentUser } from '../../plugins/auth';
import { customerOrders } from './account.service';

export const accountRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/rest/compte/mouvements',
    {
      schema: {
        tags: ['compte'],
        summary:
          'Les commandes du client connecté, les plus récentes d’abord, 20 par page (page à partir de 0)',
        querystring: accountOrderQuery,
        response: { 200: accountOrderList, 403: errorResponse },
      },
    },
    (request) => customerOrders(app.db, currentUser(request), request.query.page),
  );
};
