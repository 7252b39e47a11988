import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { categorieList } from '@comptoir/shared/catalogue';
import { rootCategories } from './catalogue.service';

export const catalogueRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/catalogue/categories',
    {
      schema: {
        tags: ['catalogue'],
        summary: 'Les familles racines du plan de vente et leur nombre d’articles (sous-familles comprises)',
        response: { 200: categorieList },
      },
      config: { access: 'public' },
    },
    () => rootCategories(app.db),
  );
};
