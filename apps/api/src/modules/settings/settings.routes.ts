import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  accesBoutique,
  historiqueQuery,
  historiqueResponse,
  parametresConnexion,
  parametresConnexionBody,
} from '@comptoir/shared/connection-settings';
import { currentUser } from '../../plugins/auth';
import {
  connectionSettingsHistory,
  readConnectionSettings,
  saveConnectionSettings,
  storefrontAccess,
} from './settings.service';

const tags = ['paramètres de connexion'];

export const settingsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/admin/parametres/connexion',
    {
      schema: {
        tags,
        summary:
          'Les paramètres de connexion : accès anonyme, prix, création de compte, comptes temporaires, encours, agence de tarif',
        response: { 200: parametresConnexion },
      },
    },
    () => readConnectionSettings(app.db),
  );

  app.put(
    '/admin/parametres/connexion',
    {
      schema: {
        tags,
        summary:
          'Enregistre tous les paramètres de connexion (codes vérifiés, une transaction, chaque changement historisé) ; répond les paramètres enregistrés',
        body: parametresConnexionBody,
        response: { 200: parametresConnexion },
      },
    },
    (request) => saveConnectionSettings(app.db, request.body, currentUser(request)),
  );

  app.get(
    '/admin/parametres/connexion/historique',
    {
      schema: {
        tags,
        summary:
          'L’historique des changements des paramètres de connexion (qui, quand, avant, après), le plus récent d’abord',
        querystring: historiqueQuery,
        response: { 200: historiqueResponse },
      },
    },
    (request) => connectionSettingsHistory(app.db, request.query),
  );

  app.get(
    '/catalogue/acces',
    {
      schema: {
        tags,
        summary:
          'Ce que la boutique montre aux visiteurs sans compte : le catalogue (accesAnonyme), les prix, la commande',
        response: { 200: accesBoutique },
      },
      config: { access: 'public' },
    },
    () => storefrontAccess(app.db),
  );
};
