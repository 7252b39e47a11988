import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ACCOUNT_MESSAGES,
  addressBody,
  addressList,
  addressParams,
  changePasswordBody,
  linesAdded,
  messageAnswer,
  quickOrderBody,
  recentArticles,
  reorderParams,
  resolvedQuickOrder,
} from '@comptoir/shared/account';
import { errorResponse } from '@comptoir/shared/errors';
import type { FieldError } from '@comptoir/shared/validation';
import { badRequest } from '../../errors';
import { currentUser } from '../../plugins/auth';
import { SESSION_COOKIE } from '../../sessions/cookies';
import { changeOwnPassword, forgiveLoginAttempt, limitAttempt } from '../auth/auth.service';
import { viewerOf } from '../catalogue/catalogue.service';
import {
  addAddress,
  addQuickOrder,
  deleteAddress,
  listOwnAddresses,
  recentlyOrdered,
  reorder,
  resolveQuickOrder,
  updateAddress,
} from './account.service';

const tags = ['compte'];
// The schemas carry French messages of their own ('Code postal invalide : 5 chiffres'...): answer them.
const ownMessage = { validationMessage: (details: FieldError[]) => details[0]?.message };
const refusals = { 400: errorResponse, 403: errorResponse, 404: errorResponse };

export const accountRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/rest/compte/adresses',
    {
      schema: {
        tags,
        summary: 'Les adresses de livraison du client connecté, celle par défaut d’abord, avec leur zone',
        response: { 200: addressList, 403: errorResponse },
      },
    },
    (request) => listOwnAddresses(app.db, currentUser(request)),
  );

  app.post(
    '/rest/compte/adresses',
    {
      schema: {
        tags,
        summary: 'Ajoute une adresse de livraison (la zone vient du code postal) ; répond la liste',
        body: addressBody,
        response: { 200: addressList, ...refusals },
      },
      config: ownMessage,
    },
    (request) => addAddress(app.db, currentUser(request), request.body),
  );

  app.put(
    '/rest/compte/adresses/:id',
    {
      schema: {
        tags,
        summary: 'Modifie une adresse de livraison du client ; répond la liste',
        params: addressParams,
        body: addressBody,
        response: { 200: addressList, ...refusals },
      },
      config: ownMessage,
    },
    (request) => updateAddress(app.db, currentUser(request), request.params.id, request.body),
  );

  app.delete(
    '/rest/compte/adresses/:id',
    {
      schema: {
        tags,
        summary:
          'Supprime une adresse de livraison du client (sa place par défaut passe à la première restante)',
        params: addressParams,
        response: { 200: addressList, ...refusals },
      },
    },
    (request) => deleteAddress(app.db, currentUser(request), request.params.id),
  );

  app.get(
    '/rest/compte/articles-recents',
    {
      schema: {
        tags,
        summary:
          'Les articles des dernières commandes du client connecté encore vendus, les plus récemment commandés d’abord, à ses prix',
        response: { 200: recentArticles, 403: errorResponse },
      },
    },
    (request) => recentlyOrdered(app.db, currentUser(request), viewerOf(request)),
  );

  app.post(
    '/rest/compte/mouvements/:id/recommander',
    {
      schema: {
        tags,
        summary:
          'Remet les lignes encore vendues d’une commande du client dans son panier, avec leur chantier ; dit lesquelles ne l’ont pas pu et pourquoi',
        params: reorderParams,
        response: { 200: linesAdded, ...refusals },
      },
    },
    (request) => reorder(app.db, currentUser(request), request.params.id),
  );

  app.post(
    '/rest/compte/commande-rapide/verification',
    {
      schema: {
        tags,
        summary:
          'Commande rapide : chaque ligne « code quantité » (déclinaison « code.déclinaison », découpe « code pièces dimensions ») avec sa désignation, son prix (selon l’affichage des prix), son stock et ce qui l’empêche d’aller au panier',
        body: quickOrderBody,
        response: { 200: resolvedQuickOrder, ...refusals },
      },
      config: ownMessage,
    },
    (request) => {
      currentUser(request);
      return resolveQuickOrder(app.db, viewerOf(request), request.body.lignes);
    },
  );

  app.post(
    '/rest/compte/commande-rapide',
    {
      schema: {
        tags,
        summary:
          'Commande rapide : ajoute au panier toutes les lignes que la vérification accepte ; dit lesquelles ne l’ont pas pu et pourquoi',
        body: quickOrderBody,
        response: { 200: linesAdded, ...refusals },
      },
      config: ownMessage,
    },
    (request) => addQuickOrder(app.db, currentUser(request), viewerOf(request), request.body.lignes),
  );

  app.post(
    '/rest/compte/mot-de-passe',
    {
      schema: {
        tags,
        summary:
          'Change le mot de passe du compte connecté (mot de passe actuel exigé) ; ferme ses autres sessions',
        body: changePasswordBody,
        response: { 200: messageAnswer, 400: errorResponse, 429: errorResponse },
      },
      config: ownMessage,
    },
    async (request, reply) => {
      const user = currentUser(request);
      // A wrong current password counts like a failed login: the form is no way around the limits.
      const attempt = await limitAttempt(
        app.db,
        reply,
        { ip: request.ip, login: user.login, scope: 'password', message: ACCOUNT_MESSAGES.tooManyAttempts },
        app.config.sessionSecret,
      );
      const changed = await changeOwnPassword(
        app.db,
        user,
        {
          current: request.body.motDePasseActuel,
          next: request.body.nouveauMotDePasse,
          sessionToken: request.cookies[SESSION_COOKIE],
        },
        app.config.sessionSecret,
      );
      if (!changed) throw badRequest(ACCOUNT_MESSAGES.currentPasswordWrong);
      await forgiveLoginAttempt(app.db, attempt);
      return { message: ACCOUNT_MESSAGES.passwordChanged };
    },
  );
};
