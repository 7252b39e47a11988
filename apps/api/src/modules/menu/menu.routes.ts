import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponse } from '@comptoir/shared/errors';
import { menuActivities, simpleMenu, subMenu } from '@comptoir/shared/menu';
import { sendKept } from '../../plugins/answer-cache';
import { activities, simpleMenuOf, subMenuOf } from './menu.service';

const codeParams = z.object({ code: z.string().min(1).max(50) });

// The menu is the same for every visitor and is built from these tables only (labels follow the
// menu.casse setting): kept in memory until one of them changes (plugins/answer-cache.ts).
const MENU_TABLES = ['activities', 'families', 'settings'] as const;

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
    (_request, reply) => sendKept(reply, 'menu:activites', MENU_TABLES, () => activities(app.db)),
  );

  app.get(
    '/submenu/:activity',
    {
      schema: {
        tags: ['menu'],
        summary: 'Le menu d’une activité : ses familles racines { CODE, NIVEAU, LIBELLE, LIEN }',
        params: z.object({ activity: z.string().min(1).max(50) }),
        response: { 200: subMenu, 404: errorResponse },
      },
      config: { access: 'shop' },
    },
    ({ params }, reply) =>
      sendKept(reply, `menu:submenu:${params.activity}`, MENU_TABLES, () =>
        subMenuOf(app.db, params.activity),
      ),
  );

  app.get(
    '/simplemenu/:code',
    {
      schema: {
        tags: ['menu'],
        summary: 'Les sous-familles directes d’une famille, pour le menu',
        params: codeParams,
        response: { 200: simpleMenu, 404: errorResponse },
      },
      config: { access: 'shop' },
    },
    ({ params }, reply) =>
      sendKept(reply, `menu:simplemenu:${params.code}`, MENU_TABLES, () => simpleMenuOf(app.db, params.code)),
  );
};
