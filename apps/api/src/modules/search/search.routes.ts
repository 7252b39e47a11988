import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { searchPage, searchPageQuery, searchResult, searchSettings } from '@comptoir/shared/search';
import { viewerOf } from '../catalogue/catalogue.service';
import { sendKept } from '../../plugins/answer-cache';
import { search, searchAll, searchPanelKey, searchSettingsOf } from './search.service';
import { KEPT_SEARCH_PANELS, searchIndex } from './search.kept';

// The text is checked in the service so a too short/long one answers the exact French message.
const textParams = z.object({ text: z.string() });

export const searchRoutes: FastifyPluginAsyncZod = async (app) => {
  // One index per server process, rebuilt after a commit changes the articles or families.
  const index = () => searchIndex(app.db);

  app.get(
    '/rest/recherche/:text',
    {
      schema: {
        tags: ['recherche'],
        summary:
          'Recherche (sans casse ni accents, tous les mots) : 8 articles actifs, 5 familles et le nombre total d’articles',
        params: textParams,
        response: { 200: searchResult },
      },
      config: { access: 'shop' },
    },
    async (request, reply) => {
      const { text } = request.params;
      const viewer = viewerOf(request);
      const load = () => search(app.db, index, text, viewer);
      // A visitor's is sent as kept (plugins/answer-cache.ts): search-as-you-type asks the same texts often.
      const kept = await searchPanelKey(app.db, text, viewer);
      return kept ? sendKept(reply, kept.key, kept.tables, load, { among: KEPT_SEARCH_PANELS }) : load();
    },
  );

  app.get(
    '/rest/recherche/:text/tout',
    {
      schema: {
        tags: ['recherche'],
        summary:
          'Tous les articles d’une recherche, par pages de 24 : par pertinence, ou triés (prix, désignation) et filtrés (en stock, prix, attributs), avec les attributs des articles trouvés',
        params: textParams,
        querystring: searchPageQuery,
        response: { 200: searchPage },
      },
      config: { access: 'shop' },
    },
    (request) => searchAll(app.db, index, request.params.text, request.query, viewerOf(request)),
  );

  app.get(
    '/catalogue/parametres',
    {
      schema: {
        tags: ['recherche'],
        summary: 'Réglages publics du catalogue : longueur de déclenchement de la recherche',
        response: { 200: searchSettings },
      },
      config: { access: 'public' },
    },
    (_request, reply) =>
      sendKept(reply, 'catalogue:parametres', ['settings'], () => searchSettingsOf(app.db)),
  );
};
