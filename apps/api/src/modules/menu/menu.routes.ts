import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { menuActivities, simpleMenu, subMenu } from '@comptoir/shared/menu';
import { activities, simpleMenuOf, subMenuOf } from './menu.service';

const codeParams = z.object({ code: z.string().min(1).max(50) });

export const menuRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/menu/activites',
    {
      schema: {
        tags: ['menu'],
        summary: 'Les activités du menu, avec la version des données et la clé de cache des sous-menus',
        response: { 200: menuActivities },
      },
      config: { access: 'shop' },
    },
    () => activities(app.db),
  );

  app.get(
    '/submenu/:activity',
    {
      schema: {
        tags: ['menu'],
        summary: 'Le menu d’une activité : ses familles racines { CODE, NIVEAU, LIBELLE, LIEN }',
        params: z.object({ activity: z.string().min(1).max(50) }),
        response: { 200: subMenu },
      },
      config: { access: 'shop' },
    },
    (request) => subMenuOf(app.db, request.params.activity),
  );

  app.get(
    '/simplemenu/:code',
    {
      schema: {
        tags: ['menu'],
        summary: 'Les sous-familles directes d’une famille, pour le menu',
        params: codeParams,
        response: { 200: simpleMenu },
      },
      config: { access: 'shop' },
    },
    (request) => simpleMenuOf(app.db, request.params.code),
  );
};
