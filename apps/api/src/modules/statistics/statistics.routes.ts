import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponse } from '@comptoir/shared/errors';
import { statisticsQuery, statisticsResponse } from '@comptoir/shared/statistics';
import { statisticsCsvFile, statisticsFor } from './statistics.service';

const tags = ['back office'];
const CSV_CONTENT_TYPE = 'text/csv; charset=utf-8';

export const statisticsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/admin/statistiques/fetch',
    {
      schema: {
        tags,
        summary:
          'Statistiques par heure, jour, semaine ISO ou mois (Europe/Paris) : connexions, commandes, CA HT, panier moyen, premières connexions',
        querystring: statisticsQuery,
        response: { 200: statisticsResponse, 400: errorResponse },
      },
    },
    (request) => statisticsFor(app.db, request.query),
  );

  app.get(
    '/admin/statistiques/csv',
    {
      schema: {
        tags,
        summary:
          'Les mêmes statistiques en fichier CSV (UTF-8 avec BOM, « ; », virgule décimale) à télécharger',
        querystring: statisticsQuery,
        response: {
          200: { description: 'Le fichier CSV', content: { [CSV_CONTENT_TYPE]: { schema: z.string() } } },
          400: errorResponse,
        },
      },
    },
    async (request, reply) => {
      const file = await statisticsCsvFile(app.db, request.query);
      // The name keeps only [A-Za-z0-9_-.] (statisticsCsvFileName): safe between quotes as it is.
      return reply
        .header('content-disposition', `attachment; filename="${file.fileName}"`)
        .header('cache-control', 'no-store')
        .type(CSV_CONTENT_TYPE)
        .send(file.content);
    },
  );
};
