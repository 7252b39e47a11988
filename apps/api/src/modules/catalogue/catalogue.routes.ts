import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { categorieList, familyPage, familyPageQuery, ficheArticle } from '@comptoir/shared/catalogue';
import { notFound } from '../../errors';
import {
  familyPage as loadFamilyPage,
  articleIllustration,
  productPage,
  rootCategories,
} from './catalogue.service';

const codeParams = z.object({ code: z.string().min(1).max(50) });

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
    // The same for every visitor: kept until the families or articles change (plugins/answer-cache.ts).
    () =>
      app.answerCache.remember('catalogue:categories', ['activities', 'families', 'articles'], () =>
        rootCategories(app.db),
      ),
  );

  app.get(
    '/catalogue/familles/:code',
    {
      schema: {
        tags: ['catalogue'],
        summary:
          'Une famille : fil d’Ariane, sous-familles, articles actifs de toute la sous-arborescence par désignation (stock de l’agence du client, sinon de toutes les agences)',
        params: codeParams,
        querystring: familyPageQuery,
        response: { 200: familyPage },
      },
      config: { access: 'optional' },
    },
    (request) => loadFamilyPage(app.db, request.params.code, request.query, request.user),
  );

  app.get(
    '/catalogue/articles/:code',
    {
      schema: {
        tags: ['catalogue'],
        summary:
          'La fiche d’un article actif : prix, unités, mesures, déclinaisons et leur stock, articles de son regroupement',
        params: codeParams,
        response: { 200: ficheArticle },
      },
      config: { access: 'optional' },
    },
    (request) => productPage(app.db, request.params.code, request.user),
  );

  // The drawn picture of an article without a photograph: the same for a given article.
  app.get(
    '/images/articles/:file',
    {
      schema: {
        tags: ['catalogue'],
        summary: 'Image dessinée d’un article (sans photo)',
        params: z.object({ file: z.string() }),
      },
      config: { access: 'public' },
    },
    async (request, reply) => {
      const code = /^(.+)\.svg$/.exec(request.params.file)?.[1];
      const svg = code ? await articleIllustration(app.db, code) : undefined;
      if (svg === undefined) throw notFound();
      return reply.type('image/svg+xml').header('cache-control', 'public, max-age=86400').send(svg);
    },
  );
};
