import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponse } from '@comptoir/shared/errors';
import {
  accountOrderList,
  accountOrderQuery,
  orderDetail,
  orderDetailParams,
  orderDetailQuery,
  orderExportBody,
  orderExportMode,
  orderListResponse,
  orderQuery,
  orderReexportResponse,
  orderScreenSettings as orderScreenSettingsSchema,
  paymentValidation,
  paymentValidationBody,
  paymentValidationQuery,
  paymentValidationResult,
} from '@comptoir/shared/orders/contract';
import { EXPORT_CONTENT_TYPE } from '@comptoir/shared/orders/export-format';
import { reexportDoneMessage } from '@comptoir/shared/orders/labels';
import { sendKept } from '../../plugins/answer-cache';
import { currentUser } from '../../plugins/auth';
import {
  exportOrder,
  orderFileForDownload,
  RECONCILE_EVERY_MS,
  reconcileOrderFiles,
} from './order-export.service';
import { orderListScope } from './order-changes';
import { accountOrders } from './customer-orders.service';
import { orderDetailFor } from './order-detail.service';
import { paymentValidationFor, validatePayment } from './order-writes.service';
import { listOrders, ORDER_LIST_TABLES, orderListKey, orderScreenSettings } from './orders-list.service';

const tags = ['commandes'];

export const orderRoutes: FastifyPluginAsyncZod = async (app) => {
  // The export folder repaired before the first request, then every minute (docs/export-commande.md).
  const reconcile = async (startup: boolean) => {
    try {
      const report = await reconcileOrderFiles(app.db, app.config.exportsDir, { startup, log: app.log });
      if (report.placed + report.temporariesRemoved + report.quarantined.length > 0)
        app.log.warn({ report }, "Dossier d'export réparé");
    } catch (error) {
      // A folder or database out of reach now: the next pass tries again; the shop keeps serving.
      app.log.error({ err: error }, "Réconciliation du dossier d'export impossible");
    }
  };
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> = Promise.resolve();
  app.addHook('onReady', async () => {
    await reconcile(true);
    timer = setInterval(() => {
      running = running.then(() => reconcile(false));
    }, RECONCILE_EVERY_MS).unref();
  });
  app.addHook('onClose', async () => {
    clearInterval(timer);
    await running;
  });

  app.get(
    '/admin/commandes/fetch',
    {
      schema: {
        tags,
        summary:
          'Liste des commandes, les plus récentes d’abord : filtres par jours (Europe/Paris, bornes incluses), client, agence, référence exacte (refClient ou numero)',
        querystring: orderQuery,
        response: { 200: orderListResponse },
      },
    },
    // Kept as sent until an order it can show, a customer, a customer type or an agency changes.
    (request, reply) =>
      sendKept(
        reply,
        orderListKey(request.query),
        ORDER_LIST_TABLES,
        () => listOrders(app.db, request.query),
        {
          scope: orderListScope(request.query),
        },
      ),
  );

  app.post(
    '/openweb/admin/admin_commandeEdite',
    {
      schema: {
        tags,
        summary:
          'Avec export=1 : ré-expédie la commande (nouveau fichier, séquence suivante) et répond { message }. ' +
          'Sans export (formulaire id, action=EXPORT, valide=1) : télécharge le fichier de la commande (text/plain, pièce jointe).',
        body: orderExportBody,
        response: {
          200: {
            description: 'Ré-expédition : { message } ; téléchargement : le fichier de la commande',
            content: {
              'application/json': { schema: orderReexportResponse },
              [EXPORT_CONTENT_TYPE]: { schema: z.string() },
            },
          },
          404: errorResponse,
          409: errorResponse,
        },
      },
    },
    async (request, reply) => {
      const { id } = request.body;
      if (orderExportMode(request.body) === 'reexport') {
        await exportOrder(app.db, app.config.exportsDir, id, { reexport: true });
        return { message: reexportDoneMessage(id) };
      }
      const file = await orderFileForDownload(app.db, app.config.exportsDir, id);
      // The name keeps only [A-Za-z0-9_-] (exportFileName): safe between quotes as it is.
      return reply
        .header('content-disposition', `attachment; filename="${file.fileName}"`)
        .header('cache-control', 'no-store')
        .type(EXPORT_CONTENT_TYPE)
        .send(file.content);
    },
  );

  app.get(
    '/admin/commandes/reglement',
    {
      schema: {
        tags,
        summary:
          'La commande de numéro id pour la page de validation du règlement (admin_commandeValideReglement?id=…)',
        querystring: paymentValidationQuery,
        response: { 200: paymentValidation, 404: errorResponse },
      },
    },
    (request) => paymentValidationFor(app.db, request.query.id),
  );

  app.post(
    '/openweb/admin/admin_commandeValideReglement',
    {
      schema: {
        tags,
        summary:
          'Confirme la réception du paiement d’une commande ATT ou AT2 : typePanier VAL, auteur et date enregistrés, commande exportée',
        body: paymentValidationBody,
        response: { 200: paymentValidationResult, 404: errorResponse, 409: errorResponse },
      },
    },
    (request) =>
      validatePayment(
        app.db,
        app.config.exportsDir,
        request.body.numero,
        currentUser(request).login,
        request.log,
      ),
  );

  app.get(
    '/rest/compte/mouvements',
    {
      schema: {
        tags: ['compte'],
        summary:
          'Les commandes du client connecté, les plus récentes d’abord, 20 par page (page à partir de 0)',
        querystring: accountOrderQuery,
        response: { 200: accountOrderList, 403: errorResponse },
      },
    },
    (request) => accountOrders(app.db, currentUser(request), request.query.page),
  );

  app.get(
    '/rest/compte/mouvements/:id',
    {
      schema: {
        tags,
        summary:
          'Détail d’une commande (page /compte/detail-mouvement/{id}) : toute commande pour un administrateur, ses propres commandes pour un client',
        params: orderDetailParams,
        querystring: orderDetailQuery,
        response: { 200: orderDetail, 404: errorResponse },
      },
      config: { access: 'user' },
    },
    (request) => orderDetailFor(app.db, currentUser(request), request.params.id, request.query.codeClient),
  );

  app.get(
    '/admin/parametres/commandes',
    {
      schema: {
        tags,
        summary: 'Paramètres de la liste des commandes : actions (« 1 » : colonne Actions affichée)',
        response: { 200: orderScreenSettingsSchema },
      },
    },
    () => orderScreenSettings(app.db),
  );
};
