import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { adminListQuery, adminListResponse } from '@comptoir/shared/orders/contract';
import { adminList } from './admin-lists.service';

export const adminListRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/openweb/admin/admin_liste',
    {
      schema: {
        tags: ['back office'],
        summary:
          'Choix { VAL, LIB } des listes du back office : table client (clients), parametrage (types de client), connexion (choix des paramètres de connexion, selon restriction)',
        querystring: adminListQuery,
        response: { 200: adminListResponse },
      },
      // A GET under /openweb/admin/ is not forced to admin (pages load there); this one lists customers.
      config: { access: 'admin' },
    },
    (request) => adminList(app.db, request.query),
  );
};
