import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponse } from '@comptoir/shared/errors';
import { setSiteTagBody, siteTagList, siteTagOfLine, siteTagProducts } from '@comptoir/shared/cart';
import { idParam, PATH_PARAM_MAX_LENGTH, type FieldError } from '@comptoir/shared/validation';
import { currentUser } from '../../plugins/auth';
import { cartProductsTagged, customerTags, tagCartLine, tagOfCartLine } from './site-tags.service';

const tags = ['panier'];
const refusals = { 403: errorResponse, 404: errorResponse };

// The paths are the contract's (docs/contract/cart-and-site-tags.md); the static ones (list, details-panier) win over :cartRowId.
export const siteTagRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/tag/chantier/',
    {
      schema: {
        tags,
        summary:
          'Étiquette la ligne de panier id avec le chantier tagName (créé s’il est nouveau) ; vide : retire',
        body: setSiteTagBody,
        response: { 200: siteTagOfLine, ...refusals },
      },
      config: { validationMessage: (details: FieldError[]) => details[0]?.message },
    },
    (request) => tagCartLine(app.db, currentUser(request), request.body.id, request.body.tagName),
  );

  app.get(
    '/tag/chantier/list',
    {
      schema: {
        tags,
        summary: 'Les chantiers du client, par nom',
        response: { 200: siteTagList, 403: errorResponse },
      },
    },
    (request) => customerTags(app.db, currentUser(request)),
  );

  app.get(
    '/tag/chantier/details-panier/:tag',
    {
      schema: {
        tags,
        summary: 'Les produits du panier étiquetés avec ce chantier',
        params: z.object({ tag: z.string().min(1).max(PATH_PARAM_MAX_LENGTH) }),
        response: { 200: siteTagProducts, 403: errorResponse },
      },
    },
    (request) => cartProductsTagged(app.db, currentUser(request), request.params.tag),
  );

  app.get(
    '/tag/chantier/:cartRowId',
    {
      schema: {
        tags,
        summary: 'Le chantier de la ligne de panier : { tagName } (vide quand elle n’en a pas)',
        params: z.object({ cartRowId: idParam() }),
        response: { 200: siteTagOfLine, ...refusals },
      },
    },
    (request) => tagOfCartLine(app.db, currentUser(request), request.params.cartRowId),
  );
};
