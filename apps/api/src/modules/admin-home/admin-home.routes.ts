import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { adminHomeFigures, adminHomeWarnings } from '@comptoir/shared/admin-home';
import { homeFigures, homeWarnings } from './admin-home.service';

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
  app.get(
    '/admin/accueil/alertes',
    {
      schema: {
        tags: ['back office'],
        summary:
          "Alertes de l'accueil : barème des frais de port vide, transporteur actif qu'aucun forfait ne tarife (non proposé à la commande), " +
          'courriels en attente d’envoi ou abandonnés',
        response: { 200: adminHomeWarnings },
      },
    },
    () => homeWarnings(app.db, app.config),
  );
};
