import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponse } from '@comptoir/shared/errors';
import {
  sitePage,
  sitePageBody,
  sitePageEdit,
  sitePageParams,
  sitePagePreview,
} from '@comptoir/shared/site-pages';
import { currentUser } from '../../plugins/auth';
import { pageForEdit, pageHtml, publicPage, savePage } from './site-pages.service';

const tags = ['pages du site'];
// The schemas carry French messages of their own: answer them.
const ownMessage = { validationMessage: (details: { message: string }[]) => details[0]?.message };

export const sitePageRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/rest/pages/:page',
    {
      schema: {
        tags,
        summary:
          'Une page légale de la boutique (cgv, mentions-legales, contact) : son dernier texte en HTML assaini, sa version ; la page contact donne aussi les agences',
        params: sitePageParams,
        response: { 200: sitePage, 400: errorResponse },
      },
      config: { access: 'public', ...ownMessage },
    },
    (request) => publicPage(app.db, request.params.page),
  );

  app.get(
    '/admin/pages/:page',
    {
      schema: {
        tags,
        summary: 'Le texte Markdown d’une page du site et ses versions, la plus récente d’abord',
        params: sitePageParams,
        response: { 200: sitePageEdit },
      },
      config: ownMessage,
    },
    (request) => pageForEdit(app.db, request.params.page),
  );

  app.put(
    '/admin/pages/:page',
    {
      schema: {
        tags,
        summary:
          'Enregistre le texte Markdown d’une page du site : chaque enregistrement en fait une nouvelle version',
        params: sitePageParams,
        body: sitePageBody,
        response: { 200: sitePageEdit, 409: errorResponse },
      },
      config: ownMessage,
    },
    (request) => savePage(app.db, request.params.page, request.body.markdown, currentUser(request).login),
  );

  app.post(
    '/admin/pages/apercu',
    {
      schema: {
        tags,
        summary: 'L’aperçu d’un texte Markdown tel que la boutique l’affichera (HTML assaini)',
        body: sitePageBody,
        response: { 200: sitePagePreview },
      },
      config: ownMessage,
    },
    (request) => ({ html: pageHtml(request.body.markdown) }),
  );
};
