import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponse } from '@comptoir/shared/errors';
import {
  articleCodeQuery,
  articleMeasures,
  articleSearchQuery,
  articleSearchResponse,
  articlesQuery,
  articlesResponse,
  deleteArticleQuery,
  deleteArticleResponse,
  optionsArticlesQuery,
  optionsArticlesResponse,
} from '@comptoir/shared/groupings';
import {
  deleteArticle,
  listArticles,
  measuresOf,
  optionsOfArticles,
  searchArticles,
} from './articles.service';

const tags = ['articles'];

export const articleRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/service/articles',
    {
      schema: {
        tags,
        summary:
          'Recherche d’articles actifs (code, désignation) dans une famille ou sa sous-arborescence, 20 par page ; une ligne par déclinaison sauf filterArticlesFields=true',
        querystring: articlesQuery,
        response: { 200: articlesResponse },
      },
    },
    (request) => listArticles(app.db, request.query),
  );

  app.get(
    '/service/articles/recherche',
    {
      schema: {
        tags,
        summary:
          'La seconde recherche d’articles (arbres de sélection) : selectedItems revient marqué selectionne ; excludeUnavailableArticles=true garde les articles en stock',
        querystring: articleSearchQuery,
        response: { 200: articleSearchResponse },
      },
    },
    (request) => searchArticles(app.db, request.query),
  );

  app.get(
    '/service/article/',
    {
      schema: {
        tags,
        summary: 'Les mesures d’un article (uniteDimensions, unitePoids)',
        querystring: articleCodeQuery,
        response: { 200: articleMeasures, 404: errorResponse },
      },
    },
    (request) => measuresOf(app.db, request.query.articleCode),
  );

  app.delete(
    '/service/article',
    {
      schema: {
        tags,
        summary:
          'Désactive un article (l’ERP en reste maître : rien n’est effacé) et le retire des regroupements',
        querystring: deleteArticleQuery,
        response: { 200: deleteArticleResponse, 404: errorResponse },
      },
    },
    (request) => deleteArticle(app.db, request.query.codeArticle),
  );

  app.get(
    '/service/optionsArticles',
    {
      schema: {
        tags,
        summary:
          'Les options (attributs OPT et mesures ERP) de chaque article ou déclinaison (code ou code.declinaison)',
        querystring: optionsArticlesQuery,
        response: { 200: optionsArticlesResponse },
      },
    },
    (request) => optionsOfArticles(app.db, request.query.articles),
  );
};
