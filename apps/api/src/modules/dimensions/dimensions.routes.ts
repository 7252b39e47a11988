import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  decoupeArticle,
  dimensionsUpdateBody,
  ligneDimensionList,
  uniteList,
} from '@comptoir/shared/dimensions';
import { z } from 'zod';
import { errorResponse } from '@comptoir/shared/errors';
import { sendKept } from '../../plugins/answer-cache';
import { CUT_ARTICLE_TABLES } from './dimensions.kept';
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
    // The same for everyone: kept until the article, its unit or the dimensions change.
    (request, reply) =>
      sendKept(reply, `dimensions:decoupe:${request.params.code}`, CUT_ARTICLE_TABLES, () =>
        decoupeOfArticle(app.db, request.params.code),
      ),
  );
};
