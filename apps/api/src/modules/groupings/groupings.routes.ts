import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponse } from '@comptoir/shared/errors';
import {
  groupingMessageResponse,
  regroupementBody,
  regroupementDetail,
  regroupementIdParams,
  regroupementsQuery,
  regroupementsResponse,
} from '@comptoir/shared/groupings';
import { deleteGrouping, listGroupings, saveGrouping } from './groupings.service';

const tags = ['regroupements'];
const saveResponses = { 200: regroupementDetail, 400: errorResponse, 404: errorResponse, 409: errorResponse };

export const groupingRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/service/regroupements',
    {
      schema: {
        tags,
        summary:
          'Une page de regroupements, par titre, avec leurs articles et attributs ; pages = nombre de pages',
        querystring: regroupementsQuery,
        response: { 200: regroupementsResponse },
      },
    },
    (request) => listGroupings(app.db, request.query.page),
  );

  app.post(
    '/service/regroupement',
    {
      schema: {
        tags,
        summary: 'Crée un regroupement (id null) ; répond le regroupement enregistré',
        body: regroupementBody,
        response: saveResponses,
      },
    },
    (request) => saveGrouping(app.db, request.body, 'create'),
  );

  app.put(
    '/service/regroupement',
    {
      schema: {
        tags,
        summary: 'Modifie un regroupement (id) ; répond le regroupement enregistré',
        body: regroupementBody,
        response: saveResponses,
      },
    },
    (request) => saveGrouping(app.db, request.body, 'update'),
  );

  app.delete(
    '/service/regroupement/:id',
    {
      schema: {
        tags,
        summary: 'Supprime un regroupement',
        params: regroupementIdParams,
        response: { 200: groupingMessageResponse, 404: errorResponse },
      },
    },
    (request) => deleteGrouping(app.db, request.params.id),
  );
};
