import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponse } from '@comptoir/shared/errors';
import { notFound } from '../../errors';
import { robots, sitemap, sitemapFile } from './crawlers.service';

const tags = ['robots'];
const xml = (description: string) => ({
  description,
  content: { 'application/xml': { schema: z.string() } },
});

export const crawlerRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/robots.txt',
    {
      schema: {
        tags,
        summary: 'Ce que les robots d’indexation peuvent parcourir, et l’adresse du plan du site',
        response: { 200: { description: 'robots.txt', content: { 'text/plain': { schema: z.string() } } } },
      },
      config: { access: 'public' },
    },
    async (_request, reply) =>
      reply
        .type('text/plain; charset=utf-8')
        .header('cache-control', 'public, max-age=3600')
        .send(await robots(app.db, app.config.publicUrl)),
  );

  app.get(
    '/sitemap.xml',
    {
      schema: {
        tags,
        summary:
          'Le plan du site : l’accueil, les pages légales, chaque famille qui a des articles et chaque fiche article active (un index de fichiers au-delà de 50 000 adresses)',
        response: { 200: xml('Le plan du site (sitemaps.org)'), 401: errorResponse },
      },
      config: { access: 'shop' },
    },
    async (_request, reply) =>
      reply
        .type('application/xml; charset=utf-8')
        .header('cache-control', 'public, max-age=3600')
        .send(await sitemap(app.db, app.config.publicUrl)),
  );

  app.get(
    '/sitemap-:file.xml',
    {
      schema: {
        tags,
        summary: 'Un fichier du plan du site, quand il en a plusieurs (numérotés à partir de 1)',
        params: z.object({ file: z.coerce.number().int().min(1).max(10_000) }),
        response: { 200: xml('Un fichier du plan du site'), 401: errorResponse, 404: errorResponse },
      },
      config: { access: 'shop' },
    },
    async (request, reply) => {
      const text = await sitemapFile(app.db, app.config.publicUrl, request.params.file);
      if (text === undefined) throw notFound();
      return reply
        .type('application/xml; charset=utf-8')
        .header('cache-control', 'public, max-age=3600')
        .send(text);
    },
  );
};
