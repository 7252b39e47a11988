import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { adminHomeFigures } from '@comptoir/shared/admin-home';
import { homeFigures } from './admin-home.service';

export const adminHomeRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/admin/accueil',
    {
      schema: {
        tags: ['back office'],
        summary:
          "Chiffres de l'accueil : commandes du jour (Europe/Paris), paiements à valider (ATT, AT2), clients, articles actifs, connexions clients du jour",
        response: { 200: adminHomeFigures },
      },
    },
    () => homeFigures(app.db),
  );
};
