import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { agenceList, clientList, clientQuery, valLibList } from '@comptoir/shared/reference';
import { zoneList } from '@comptoir/shared/shipping/contract';
import { sendKept } from '../../plugins/answer-cache';
import { listAgencies, listCustomerTypes, listZones, searchCustomers } from './reference.service';

export const referenceRoutes: FastifyPluginAsyncZod = async (app) => {
  // The agencies, customer types and zones are written by the ERP imports: kept as sent until the
  // database says they changed.
  app.get(
    '/service/agences',
    { schema: { tags: ['référentiel'], summary: 'Les agences, par libellé', response: { 200: agenceList } } },
    (_request, reply) => sendKept(reply, 'reference:agencies', ['agencies'], () => listAgencies(app.db)),
  );

  app.get(
    '/service/clients',
    {
      schema: {
        tags: ['référentiel'],
        summary: 'Recherche de clients par début de code ou par nom (sans casse ni accents)',
        querystring: clientQuery,
        response: { 200: clientList },
      },
    },
    (request) => searchCustomers(app.db, request.query.recherche || undefined, request.query.limit),
  );

  // The customer-type list: the original contract gives no path; this one is ours.
  app.get(
    '/service/typesClient',
    {
      schema: {
        tags: ['référentiel'],
        summary: 'Les types de client { VAL: code, LIB: libellé }, par libellé',
        response: { 200: valLibList },
      },
    },
    (_request, reply) =>
      sendKept(reply, 'reference:customer-types', ['customer_types'], () => listCustomerTypes(app.db)),
  );

  app.get(
    '/service/zones',
    {
      schema: {
        tags: ['référentiel'],
        summary: 'Les zones de livraison, par libellé',
        response: { 200: zoneList },
      },
    },
    (_request, reply) => sendKept(reply, 'reference:zones', ['zones'], () => listZones(app.db)),
  );
};
