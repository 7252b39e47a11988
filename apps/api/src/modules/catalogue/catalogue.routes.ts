import fs from 'node:fs/promises';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { categorieList, familyPage, familyPageQuery, ficheArticle } from '@comptoir/shared/catalogue';
import { agenceCourante, choixAgenceBody } from '@comptoir/shared/connection-settings';
import { errorResponse } from '@comptoir/shared/errors';
import { photoParams, photoQuery } from '@comptoir/shared/image-params';
import { notFound } from '../../errors';
import { sendKept } from '../../plugins/answer-cache';
import { articleIllustration, productPage, productPageKey } from './product-page.service';
import { AGENCY_COOKIE, chooseAgency, currentAgency, viewerOf } from './shopper.service';
import { familyPageKey, familyPage as loadFamilyPage, rootCategories } from './storefront-list.service';
import { resizedPhoto } from './photos';

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
      config: { access: 'shop' },
    },
    // The same for every visitor: kept until the families or articles change (plugins/answer-cache.ts).
    (_request, reply) =>
      sendKept(reply, 'catalogue:categories', ['activities', 'families', 'articles'], () =>
        rootCategories(app.db),
      ),
  );

  app.get(
    '/catalogue/familles/:code',
    {
      schema: {
        tags: ['catalogue'],
        summary:
          'Une famille : fil d’Ariane, sous-familles, attributs de ses articles, articles actifs de toute la sous-arborescence, triés (désignation, prix) et filtrés (en stock à l’agence, prix, attributs)',
        params: codeParams,
        querystring: familyPageQuery,
        response: { 200: familyPage, 404: errorResponse },
      },
      config: { access: 'shop' },
    },
    async (request, reply) => {
      const { params, query } = request;
      const viewer = viewerOf(request);
      const load = () => loadFamilyPage(app.db, params.code, query, viewer);
      // A plain list is sent as kept: a visitor's shared, a customer's per its prices (plugins/answer-cache.ts).
      const kept = await familyPageKey(app.db, params.code, query, viewer);
      return kept ? sendKept(reply, kept.key, kept.tables, load, { among: kept.among }) : load();
    },
  );

  app.get(
    '/catalogue/articles/:code',
    {
      schema: {
        tags: ['catalogue'],
        summary:
          'La fiche d’un article actif : prix, unités, mesures, déclinaisons et leur stock, articles de son regroupement',
        params: codeParams,
        response: { 200: ficheArticle, 404: errorResponse },
      },
      config: { access: 'shop' },
    },
    async (request, reply) => {
      const { code } = request.params;
      const viewer = viewerOf(request);
      const load = () => productPage(app.db, code, viewer);
      // Sent as kept: a visitor's shared, a customer's per its prices (plugins/answer-cache.ts).
      const kept = await productPageKey(app.db, code, viewer);
      return sendKept(reply, kept.key, kept.tables, load, { among: kept.among });
    },
  );

  app.get(
    '/rest/agence',
    {
      schema: {
        tags: ['catalogue'],
        summary:
          'L’agence de tarif du visiteur (prix et stock affichés), selon le mode de sélection ; les agences au choix quand il peut la changer',
        response: { 200: agenceCourante },
      },
      config: { access: 'shop' },
    },
    (request) => currentAgency(app.db, viewerOf(request)),
  );

  app.post(
    '/rest/agence',
    {
      schema: {
        tags: ['catalogue'],
        summary:
          'Choisit l’agence de tarif (mode « Agence choisie par le client » seulement), retenue pour la session du navigateur',
        body: choixAgenceBody,
        response: { 200: agenceCourante, 409: errorResponse },
      },
      config: { access: 'shop' },
    },
    async (request, reply) => {
      const answer = await chooseAgency(app.db, viewerOf(request), request.body.codeAgence);
      // A session cookie: the choice lasts as long as the browser session.
      reply.setCookie(AGENCY_COOKIE, request.body.codeAgence, {
        httpOnly: true,
        sameSite: 'lax',
        path: '/',
        secure: app.config.cookieSecure === 'auto' ? request.protocol === 'https' : app.config.cookieSecure,
      });
      return answer;
    },
  );

  // The drawn picture of an article without a photograph: the same for a given article.
  app.get(
    '/images/articles/:file',
    {
      schema: {
        tags: ['catalogue'],
        summary: 'Image dessinée d’un article (sans photo)',
        params: z.object({ file: z.string() }),
        response: {
          200: { description: 'L’image SVG', content: { 'image/svg+xml': { schema: z.string() } } },
          404: errorResponse,
        },
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

  // An article's photograph resized (photos.ts). The URL names the source, not its version: browsers
  // keep it a day and revalidate with the ETag, which changes when the ERP replaces the file.
  app.get(
    '/images/photos/:file',
    {
      schema: {
        tags: ['catalogue'],
        summary: 'Photo d’un article nommée par l’ERP, redimensionnée (WebP 4:3) à la largeur demandée',
        params: photoParams,
        querystring: photoQuery,
        response: {
          200: { description: 'La photo en WebP', content: { 'image/webp': { schema: z.string() } } },
          304: { description: 'Non modifiée depuis la version du navigateur (If-None-Match)', content: {} },
          404: errorResponse,
        },
      },
      config: { access: 'public', validationMessage: (details) => details[0]?.message },
    },
    async (request, reply) => {
      const { file, key } = await resizedPhoto(
        { imagesDir: app.config.imagesDir, cacheDir: app.config.imageCacheDir },
        request.params.file,
        request.query.largeur,
      );
      const etag = `"${key}"`;
      reply.header('cache-control', 'public, max-age=86400').header('etag', etag);
      if (request.headers['if-none-match'] === etag) return reply.code(304).send();
      // bytes: the 200 schema only documents them
      return reply.type('image/webp').send((await fs.readFile(file)) as unknown as string);
    },
  );
};
