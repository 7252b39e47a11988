import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { documentParams, orderDocumentList } from '@comptoir/shared/documents';
import { errorResponse } from '@comptoir/shared/errors';
import { orderDetailParams, orderDetailQuery } from '@comptoir/shared/orders/contract';
import { currentUser } from '../../plugins/auth';
import { documentPdf, orderDocumentsFor } from './documents.service';

const tags = ['documents'];

export const documentRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/rest/compte/mouvements/:id/documents',
    {
      schema: {
        tags,
        summary:
          'Les factures et bons de livraison d’une commande : ceux de ses propres commandes pour un client, de toute commande pour un administrateur',
        params: orderDetailParams,
        querystring: orderDetailQuery,
        response: { 200: orderDocumentList, 404: errorResponse },
      },
      config: { access: 'user' },
    },
    (request) => orderDocumentsFor(app.db, currentUser(request), request.params.id, request.query.codeClient),
  );

  app.get(
    '/rest/compte/documents/:id',
    {
      schema: {
        tags,
        summary: 'Le PDF d’une facture ou d’un bon de livraison (404 pour le document d’une autre commande)',
        params: documentParams,
        response: {
          200: { description: 'Le PDF', content: { 'application/pdf': { schema: z.string() } } },
          404: errorResponse,
        },
      },
      config: { access: 'user' },
    },
    async (request, reply) => {
      const pdf = await documentPdf(app.db, app.config.documentsDir, currentUser(request), request.params.id);
      // The name keeps only [A-Za-z0-9_.-] (documentFileName): safe between quotes as it is.
      return reply
        .type('application/pdf')
        .header('content-disposition', `attachment; filename="${pdf.fileName}"`)
        .header('cache-control', 'private, no-store')
        .send(pdf.bytes as unknown as string); // bytes: the 200 schema only documents them
    },
  );
};
