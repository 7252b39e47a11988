import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponse } from '@comptoir/shared/errors';
import { salesPlanCodeParams, salesPlanFamilyList, salesPlanNodeList } from '@comptoir/shared/sales-plan';
import { rootCategories, subFamilies, wholePlan } from './sales-plan.service';

const tags = ['plan de vente'];

export const salesPlanRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/service/planVente',
    {
      schema: {
        tags,
        summary: 'Tout le plan de vente, en ordre d’arbre, avec niveau, parent et nombre d’articles',
        response: { 200: salesPlanFamilyList },
      },
    },
    () => wholePlan(app.db),
  );

  app.get(
    '/service/planVente/rootCategories',
    {
      schema: {
        tags,
        summary: 'Les familles racines et leur nombre d’articles (sous-familles comprises)',
        response: { 200: salesPlanNodeList },
      },
    },
    () => rootCategories(app.db),
  );

  app.get(
    '/service/planVente/:code',
    {
      schema: {
        tags,
        summary: 'Les sous-familles d’une famille et leur nombre d’articles',
        params: salesPlanCodeParams,
        response: { 200: salesPlanNodeList, 404: errorResponse },
      },
    },
    (request) => subFamilies(app.db, request.params.code),
  );
};
