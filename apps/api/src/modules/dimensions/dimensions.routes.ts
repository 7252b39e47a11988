import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  decoupeArticle,
  dimensionsUpdateBody,
  ligneDimensionList,
  uniteList,
} from '@comptoir/shared/dimensions';
import { z } from 'zod';
import { errorResponse } from '@comptoir/shared/errors';
import { noteKeptTables } from '../../plugins/kept-pages';
import {
  decoupeOfArticle,
  listUnits,
  listVariableDimensions,
  saveVariableDimensions,
} from './dimensions.service';

const tags = ['dimensions variables'];

export const dimensionRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/admin/dimensionsVariables/liste',
    {
      schema: {
        tags,
        summary: 'Les dimensions variables enregistrées, une ligne par unité',
        response: { 200: ligneDimensionList },
      },
    },
    () => listVariableDimensions(app.db),
  );

  app.post(
    '/admin/dimensionsVariables/update',
    {
      schema: {
        tags,
        summary:
          "Enregistre toutes les lignes de l'écran (les lignes marquées deleted sont supprimées) ; répond les lignes enregistrées",
        body: dimensionsUpdateBody,
        response: { 200: ligneDimensionList, 400: errorResponse },
      },
    },
    (request) => saveVariableDimensions(app.db, request.body),
  );

  app.get(
    '/admin/unite/liste',
    { schema: { tags, summary: 'Les unités du catalogue, par code', response: { 200: uniteList } } },
    () => listUnits(app.db),
  );

  app.get(
    '/catalogue/articles/:code/decoupe',
    {
      schema: {
        tags: ['catalogue'],
        summary:
          "Les dimensions qu'un client indique pour commander cet article sur mesure (aucune : l'article se vend tel quel)",
        params: z.object({ code: z.string().min(1).max(50) }),
        response: { 200: decoupeArticle, 404: errorResponse },
      },
      config: { access: 'public' },
    },
    (request, reply) => {
      // Read afresh, but a visitor's drawn page built from it is kept until these change (kept-pages.ts).
      noteKeptTables(reply.raw, ['articles', 'variable_dimensions', 'units']);
      return decoupeOfArticle(app.db, request.params.code);
    },
  );
};
