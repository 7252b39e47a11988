import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { dimensionsUpdateBody, ligneDimensionList, uniteList } from '@comptoir/shared/dimensions';
import { errorResponse } from '@comptoir/shared/errors';
import { listUnits, listVariableDimensions, saveVariableDimensions } from './dimensions.service';

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
};
