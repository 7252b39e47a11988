import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponse } from '@comptoir/shared/errors';
import {
  SELECTION_MODEL_MESSAGES,
  selectionModel,
  selectionModelBody,
  selectionModelIdQuery,
  selectionModelList,
  selectionModelMessage,
  selectionModelPageQuery,
  selectionVitrine,
} from '@comptoir/shared/selection-models';
import { deleteModel, getModel, listModels, saveModel, showcase } from './selection-models.service';
import { viewerOf } from '../catalogue/catalogue.service';

const tags = ['modèles de sélection'];
// A missing or blank name is answered with the screen's own words, not the generic field message.
const nameMessage = {
  validationMessage: (details: { champ: string }[]) =>
    details.some((detail) => detail.champ === 'nom') ? SELECTION_MODEL_MESSAGES.nameRequired : undefined,
};

export const selectionModelRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/admin/selectionModele/getAll',
    {
      schema: {
        tags,
        summary: 'Une page de modèles de sélection, par nom ; pages = nombre de pages',
        querystring: selectionModelPageQuery,
        response: { 200: selectionModelList },
      },
    },
    (request) => listModels(app.db, request.query.page),
  );

  app.get(
    '/admin/selectionModele/get',
    {
      schema: {
        tags,
        summary: 'Un modèle de sélection',
        querystring: selectionModelIdQuery,
        response: { 200: selectionModel, 404: errorResponse },
      },
    },
    (request) => getModel(app.db, request.query.id),
  );

  app.post(
    '/admin/selectionModele/post',
    {
      schema: {
        tags,
        summary: 'Crée (sans id) ou modifie (id) un modèle de sélection ; répond le modèle enregistré',
        body: selectionModelBody,
        response: { 200: selectionModel, 400: errorResponse, 404: errorResponse },
      },
      config: nameMessage,
    },
    (request) => saveModel(app.db, request.body),
  );

  app.get(
    '/catalogue/selection',
    {
      schema: {
        tags,
        summary:
          'Le bloc promotion de l’accueil : le dernier modèle de sélection, ses familles et ses articles actifs (null sans modèle)',
        response: { 200: selectionVitrine },
      },
      // Like every catalogue answer: closed to visitors when the shop is (docs/contract/connection-settings.md).
      config: { access: 'shop' },
    },
    (request) => showcase(app.db, viewerOf(request)),
  );

  app.delete(
    '/admin/selectionModele/delete',
    {
      schema: {
        tags,
        summary: 'Supprime un modèle de sélection',
        querystring: selectionModelIdQuery,
        response: { 200: selectionModelMessage, 404: errorResponse },
      },
    },
    (request) => deleteModel(app.db, request.query.id),
  );
};
